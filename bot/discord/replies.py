"""Plan the Discord messages for a service reply (pure: no Discord calls).

Rules: a refusal goes only to the person who tried (ephemeral). An accepted command posts its
public events where everyone in the game's channel sees them; with nothing public to say, the
actor's message is shown to the actor alone (status, history, export). Users named in
``pings`` are mentioned on the last public message, and only they may be pinged (see
``allowed_mentions``). A private text too long for one message is attached as a file.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.render.discordtext import split_for_discord

MESSAGE_LIMIT = 2000                  # Discord's maximum message length
ATTACHMENT_NAME = "aaref.txt"


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One message to send."""

    content: str
    ephemeral: bool
    pings: tuple[int, ...] = ()
    attachment: bytes | None = None

    @property
    def allowed_mentions(self) -> discord.AllowedMentions:
        """Mentions this message may trigger: the pinged users and nobody else."""
        if not self.pings:
            return discord.AllowedMentions.none()
        return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                       users=[discord.Object(uid) for uid in self.pings])


def chunk(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Split text into messages within Discord's limit, between lines (at a battle round when
    one is near), closing and reopening a code block cut in two so every piece renders."""
    return split_for_discord(text, limit)


def private(text: str) -> Outgoing:
    """The actor's own message; long texts (a game record) travel as a file."""
    if len(text) <= MESSAGE_LIMIT:
        return Outgoing(text, ephemeral=True)
    first = text.splitlines()[0][:200]
    return Outgoing(f"{first}\n(full text attached)", ephemeral=True,
                    attachment=text.encode("utf-8"))


def plan(ok: bool, message: str, posts: Sequence[str], pings: Sequence[str]) -> list[Outgoing]:
    """The messages for one reply, the first of which answers the interaction."""
    if not ok:
        return [private(message or "Refused.")]
    users = tuple(int(uid) for uid in pings if uid.isdigit())
    body = "\n".join(p for p in posts if p)
    if not body:
        return [private(message or "Done.")]
    if users:
        body += "\n" + " ".join(f"<@{uid}>" for uid in users)
    pieces = chunk(body)
    return [Outgoing(p, ephemeral=False, pings=users if i == len(pieces) - 1 else ())
            for i, p in enumerate(pieces)]
