"""A stand-in game service for front-end tests that need behaviour the real one makes hard to
force (a slow service, a crashing one). It keeps the service's contract: idempotent on the
request id, refusals as replies."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from bot.service.reply import Actor, Refusal, Reply


@dataclass
class DoubleService:
    """Echoes lines back publicly, refuses outsiders; records what it applied."""

    delay: float = 0.0
    fail: bool = False
    outsiders: frozenset[str] = frozenset()
    only_message: str | None = None
    game_state: Any = None
    applied: list[tuple[str, str]] = field(default_factory=list)
    seen: dict[str, Reply] = field(default_factory=dict)

    async def execute(self, actor: Actor, channel_id: str, line: str,
                      request_id: str | None = None) -> Reply:
        await asyncio.sleep(self.delay)
        if self.fail:
            raise RuntimeError("database on fire")
        if actor.user_id in self.outsiders:
            return Reply(False, "You are not playing in this game.")
        if self.only_message is not None:
            return Reply(True, self.only_message)
        assert request_id is not None
        if request_id not in self.seen:
            self.applied.append((actor.user_id, line))
            self.seen[request_id] = Reply(True, line, posts=(f"<@{actor.user_id}>: {line}",))
        return self.seen[request_id]

    async def state(self, game: int | str) -> Any:
        if self.game_state is None:
            raise Refusal("There is no game in this channel.", "game.not_found")
        return self.game_state

    async def powers_of(self, game: int | str, user_id: str) -> frozenset[str]:
        return frozenset() if user_id in self.outsiders else frozenset({"soviet_union"})
