"""The GameService and what it hands to front ends (replies, dice sources, records)."""

from bot.service.dice import AuditableDiceSource, FixedDiceSource, parse_fixed
from bot.service.game_service import GameService
from bot.service.reply import Actor, Reply

__all__ = ["Actor", "AuditableDiceSource", "FixedDiceSource", "GameService", "Reply", "parse_fixed"]
