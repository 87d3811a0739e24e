"""Sending the scheduler's notices through Discord: channel posts and direct messages.

Only the users a notice names are pinged (allowed mentions); user text never pings anyone.
"""
from __future__ import annotations

import discord

from bot.discord.replies import chunk


class DiscordSender:
    """The scheduler's :class:`bot.scheduler.loop.Sender` for a connected client."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def post(self, channel_id: str, text: str, pings: tuple[str, ...]) -> None:
        channel = self.client.get_channel(int(channel_id)) or \
            await self.client.fetch_channel(int(channel_id))
        assert isinstance(channel, discord.abc.Messageable)
        users = [int(u) for u in pings if u.isdigit()]
        if users:
            text += "\n" + " ".join(f"<@{u}>" for u in users)
        mentions = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                           users=[discord.Object(u) for u in users])
        pieces = chunk(text)
        for i, piece in enumerate(pieces):
            last = i == len(pieces) - 1
            await channel.send(piece, allowed_mentions=mentions if last else
                               discord.AllowedMentions.none())

    async def direct(self, user_id: str, text: str) -> None:
        if not user_id.isdigit():
            return
        user = self.client.get_user(int(user_id)) or await self.client.fetch_user(int(user_id))
        for piece in chunk(text):
            await user.send(piece, allowed_mentions=discord.AllowedMentions.none())
