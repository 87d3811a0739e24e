"""The GameService and what it hands to front ends (replies, dice sources, records).

``GameService`` is loaded when first asked for, not with the package: the service's peers
(deadlines, referee, ladder) import leaf modules of this package (``reply``, ``lines``), and
loading the whole service with them would import those peers back while they are half-made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service.dice import AuditableDiceSource, FixedDiceSource, parse_fixed
from bot.service.reply import Actor, Reply

if TYPE_CHECKING:
    from bot.service.game_service import GameService

__all__ = ["Actor", "AuditableDiceSource", "FixedDiceSource", "GameService", "Reply", "parse_fixed"]


def __getattr__(name: str) -> object:
    if name == "GameService":
        from bot.service.game_service import GameService

        return GameService
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
