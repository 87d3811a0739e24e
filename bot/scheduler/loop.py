"""The periodic tick: ask the service what deadlines call for, then send the notices.

No timer holds a deadline: each tick recomputes everything from the database, so ticks may
be missed, repeated or run by two processes without changing what happens. The front end
supplies a :class:`Sender` (a Discord channel and direct messages, or the console).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from bot.service.game_service import GameService

log = logging.getLogger(__name__)

INTERVAL = 30.0
"""Seconds between ticks: reminders and expiries happen at most this late."""


class Sender(Protocol):
    """Where notices go."""

    async def post(self, channel_id: str, text: str, pings: tuple[str, ...]) -> None:
        """Post in a game's channel, pinging exactly ``pings``."""

    async def direct(self, user_id: str, text: str) -> None:
        """Send a direct message to a player who asked for them."""


@dataclass(frozen=True)
class TickResult:
    """What one tick did: actions applied, messages sent, and its wall time."""

    actions: int
    sent: int
    seconds: float


class Scheduler:
    """Runs :meth:`tick` every ``interval`` seconds until cancelled."""

    def __init__(self, service: GameService, sender: Sender, interval: float = INTERVAL) -> None:
        self.service = service
        self.sender = sender
        self.interval = interval

    async def tick(self) -> TickResult:
        """Apply what is due now, then send every notice not sent yet (each once)."""
        started = time.perf_counter()
        actions = await self.service.deadlines.tick()
        sent = 0
        for notice in await self.service.deadlines.claim_unsent():
            try:
                if notice.text:
                    await self.sender.post(notice.channel_id, notice.text, tuple(notice.pings))
                for user_id in notice.dms:
                    await self.sender.direct(user_id, notice.dm_text)
                sent += 1
            except Exception:  # one unreachable channel must not stop the rest
                log.warning("Could not send notice %s of game %s", notice.key, notice.game_id,
                            exc_info=True)
        return TickResult(actions, sent, time.perf_counter() - started)

    async def run(self) -> None:
        """Tick forever; an error is logged and the next tick tries again."""
        while True:
            try:
                await self.tick()
            except Exception:  # the bot keeps serving commands
                log.exception("Deadline tick failed")
            await asyncio.sleep(self.interval)
