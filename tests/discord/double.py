"""A stand-in game service for front-end tests that need behaviour the real one makes hard to
force (a slow service, an exploding one). It keeps the service's contract: idempotent on the
request id, refusals as replies."""
from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.discord.ports import Actor


@dataclass
class DoubleReply:
    ok: bool
    message: str
    public: Sequence[str] = ()
    pings: Sequence[int] = ()


@dataclass
class DoubleService:
    """Echoes lines back publicly, refuses outsiders; records what it applied."""

    delay: float = 0.0
    fail: bool = False
    outsiders: frozenset[int] = frozenset()
    applied: list[tuple[int, str]] = field(default_factory=list)
    seen: dict[str, DoubleReply] = field(default_factory=dict)

    async def submit(self, channel_id: int, actor: Actor, line: str,
                     request_id: str) -> DoubleReply:
        await asyncio.sleep(self.delay)
        if self.fail:
            raise RuntimeError("database on fire")
        if actor.user_id in self.outsiders:
            return DoubleReply(False, "You are not playing in this game.")
        if request_id not in self.seen:
            self.applied.append((actor.user_id, line))
            self.seen[request_id] = DoubleReply(True, "", [f"{actor.name}: {line}"])
        return self.seen[request_id]

    async def complete(self, channel_id: int, actor: Actor, line: str, option: str,
                       current: str) -> Sequence[str]:
        return [f"{option}={current}"]

    async def snapshot(self, channel_id: int) -> object | None:
        return {"channel": channel_id}
