"""What the Discord front end needs from the game service, stated as protocols.

The bot holds no rules and no storage: every command line goes to ``submit``; autocomplete
asks ``complete``; the map asks ``snapshot``. Anything with these methods can drive the bot
(the real service, or a double in tests).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class Actor:
    """The person behind an interaction, as the service identifies players."""

    user_id: int
    name: str
    is_referee: bool = False


class Reply(Protocol):
    """The service's answer to one command line."""

    ok: bool
    message: str                   # for the actor; shown ephemerally on refusal
    public: Sequence[str]          # posts for the game's channel
    pings: Sequence[int]           # user ids to mention in the public posts


class Service(Protocol):
    """The single path every front end uses."""

    async def submit(self, channel_id: int, actor: Actor, line: str, request_id: str) -> Reply:
        """Parse, apply and store one command line; idempotent on ``request_id``."""

    async def complete(self, channel_id: int, actor: Actor, line: str, option: str,
                       current: str) -> Sequence[str]:
        """Values for ``option`` that fit ``current`` given the partial ``line``; at most 25."""

    async def snapshot(self, channel_id: int) -> Any | None:
        """The current state of the channel's game for rendering, or None without a game."""
