"""/odds: the exact odds of a battle, answered to the asker alone."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.bridge import Bridge
from bot.discord.cogs import suggest


class OddsCog(commands.Cog):
    """Same words as the console: /odds territory:X [attack:"3 infantry, 1 tank"]."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge

    @app_commands.command(name="odds", description="Exact odds of the battle in a space, or of an attack you plan")
    @app_commands.describe(territory="Territory or sea zone of the battle",
                           attack='Units you would attack with, e.g. "3 infantry, 1 tank" (default: the pending battle)')
    @app_commands.autocomplete(territory=suggest)
    async def odds(self, interaction: discord.Interaction, territory: str, attack: str | None = None) -> None:
        await self.bridge.run(interaction)
