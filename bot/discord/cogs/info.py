"""/map: a picture of the board."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.bridge import Bridge


class MapCog(commands.Cog):
    """The map picture; rendering is slow, so the answer is deferred."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge

    @app_commands.command(name="map", description="Picture of the board in this channel's game")
    async def map_(self, interaction: discord.Interaction) -> None:
        await self.bridge.map(interaction)

