"""Plan the Discord messages for a service reply (pure: no Discord objects).

Rules: a refusal goes only to the person who tried (ephemeral). An accepted command posts its
public events where everyone in the game's channel sees them; the actor's own message is added
privately when it says something the posts do not. Users named in ``pings`` are mentioned on
the last public message, and only they may be pinged (see ``allowed_mentions``).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

MESSAGE_LIMIT = 2000                  # Discord's maximum message length


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One message to send."""

    content: str
    ephemeral: bool
    pings: tuple[int, ...] = ()

    @property
    def allowed_mentions(self) -> discord.AllowedMentions:
        """Mentions this message may trigger: the pinged users and nobody else."""
        if not self.pings:
            return discord.AllowedMentions.none()
        return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                       users=[discord.Object(uid) for uid in self.pings])


def chunk(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Split text into messages within Discord's limit, at line breaks where possible."""
    pieces: list[str] = []
    current = ""
    for line in text.splitlines():
        while len(line) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            pieces.append(current)
            candidate = line
        current = candidate
    if current:
        pieces.append(current)
    return pieces


def plan(ok: bool, message: str, public: Sequence[str], pings: Sequence[int]) -> list[Outgoing]:
    """The messages for one reply, the first of which answers the interaction."""
    if not ok:
        return [Outgoing(piece, ephemeral=True) for piece in chunk(message or "Refused.")]
    mentions = " ".join(f"<@{uid}>" for uid in pings)
    body = "\n".join(p for p in public if p)
    if mentions:
        body = f"{body}\n{mentions}" if body else mentions
    pieces = chunk(body)
    out = [Outgoing(p, ephemeral=False, pings=tuple(pings) if i == len(pieces) - 1 else ())
           for i, p in enumerate(pieces)]
    if message and message not in body:
        out.extend(Outgoing(p, ephemeral=True) for p in chunk(message))
    return out or [Outgoing("Done.", ephemeral=True)]
