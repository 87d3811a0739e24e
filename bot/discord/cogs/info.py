"""/map and /dice verify|log|entropy."""
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


class DiceCog(commands.GroupCog, group_name="dice", group_description="Auditable dice"):
    """Commitments, roll log and player entropy for the game's dice."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        super().__init__()

    @app_commands.command(description="Check every roll so far against the dice commitments")
    async def verify(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="The latest dice rolls with their proofs")
    async def log(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Add your own randomness to the next dice period")
    @app_commands.describe(value="Any text; it is mixed into future rolls")
    async def entropy(self, interaction: discord.Interaction, value: str) -> None:
        await self.bridge.run(interaction)
