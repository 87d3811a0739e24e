"""What the Discord front end needs from the game service, stated as a protocol.

The bot holds no rules and no storage: every command line goes to ``execute`` with the
interaction id as request id; autocomplete and the map read the game through ``state`` (and
autocomplete the asker's seats through ``powers_of``), the map after a turn through ``turn_map``.
``bot.service.GameService`` satisfies it; tests may pass a double.
"""
from __future__ import annotations

from typing import Protocol

from bot.ladder.desk import LadderDesk
from bot.ladder.tournament import TournamentDesk
from bot.service.reply import Actor, Reply
from bot.service.rules import Engine
from bot.service.turns import TurnMap
from engine import GameState


class Service(Protocol):
    """The single path every front end uses."""

    @property
    def ladder(self) -> LadderDesk:
        """The ladder's standings, for its picture."""

    @property
    def tournaments(self) -> TournamentDesk:
        """Tournaments: a round's games open in threads the front end makes (``open_round``)."""

    @property
    def rules(self) -> Engine:
        """The rules engine, for what autocomplete offers the power in focus."""

    async def execute(self, actor: Actor, channel_id: str, line: str,
                      request_id: str | None = None) -> Reply:
        """Run one command line in the channel's game; idempotent on ``request_id``."""

    async def state(self, game: int | str) -> GameState | None:
        """The engine state of the channel's game (None while seats are open).

        Raises ``bot.service.reply.Refusal`` when the channel has no game.
        """

    async def powers_of(self, game: int | str, user_id: str) -> frozenset[str]:
        """The powers the user holds in the channel's game (for autocomplete)."""

    async def turn_map(self, game: int | str, seq: int | None = None) -> TurnMap | None:
        """The board after the turn that log entry ``seq`` (default: the newest) ended, and
        that turn's changes; None before any turn has ended."""
