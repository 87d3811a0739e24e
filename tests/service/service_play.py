"""Random legal play through the real service: the property tests' :class:`Playout` choosing
moves, every line submitted to a :class:`GameService` and the position read back from it.

The playout is synchronous; it runs in a worker thread (:meth:`ServicePlayout.play`) and
reaches the service on the event loop that owns its database connections. Another writer may
move the same game meanwhile: a refusal after which the position is not the one the
playout planned on ends that step, and the next step plans on the new position.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from bot.service import Actor, GameService, Reply
from engine import GameState
from tests.engine.playout import Playout


class Overtaken(Exception):
    """Another writer changed the game while this step was planned: plan again."""


@dataclass
class ServicePlayout(Playout):
    """A :class:`Playout` whose commands are requests to ``service`` by the player of the
    power due (``players``: power id to player); each carries the request id
    ``<prefix>-<n>``, and ``heard`` is told each id with whether it was accepted."""

    service: GameService | None = None
    game: str = "c1"
    players: Mapping[str, Actor] = field(default_factory=dict)
    prefix: str = "r"
    heard: Callable[[str, bool], None] = lambda request_id, ok: None
    loop: asyncio.AbstractEventLoop | None = None
    sent: int = 0

    @classmethod
    async def on(cls, service: GameService, game: str, players: Mapping[str, Actor],
                 seed: int, **extra: object) -> ServicePlayout:
        """A playout of the service's game ``game`` from its current position."""
        state = await service.state(game)
        return cls(state, random.Random(seed), service=service, game=game, players=players,
                   loop=asyncio.get_running_loop(), **extra)  # type: ignore[arg-type]

    async def play(self, commands: int) -> None:
        """Play until ``commands`` more were accepted (or the game ended)."""
        await asyncio.to_thread(self._play, self.commands + commands)

    def _play(self, until: int) -> None:
        while not self.state.is_over and self.commands < until:
            try:
                self.step()
            except Overtaken:
                continue

    def send(self, line: str) -> bool:
        assert self.service is not None and self.loop is not None
        planned = self.state
        self.sent += 1
        request_id = f"{self.prefix}-{self.sent}"
        reply, self.state = asyncio.run_coroutine_threadsafe(
            self._submit(line, request_id), self.loop).result()
        self.heard(request_id, reply.ok)
        if not reply.ok:
            self.refused += 1
            if self.state != planned:
                raise Overtaken(line)
            return False
        self.commands += 1
        self.history.append(line)
        return True

    async def _submit(self, line: str, request_id: str) -> tuple[Reply, GameState]:
        assert self.service is not None
        actor = self.players[self.state.actor]
        reply = await self.service.submit(actor, self.game, line, request_id)
        return reply, await self.service.state(self.game)
