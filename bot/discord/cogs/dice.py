"""/dice verify|log|entropy: check the auditable dice, see the latest rolls, add entropy."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.bridge import Bridge


class DiceCog(commands.GroupCog, group_name="dice",
              group_description="Check the dice of this channel's game and add your own entropy"):
    """Same words as the console: /dice verify, /dice log last:N, /dice entropy text:..."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        super().__init__()

    @app_commands.command(description="Recompute every revealed roll and post the result")
    async def verify(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="The latest rolls, what each was for, and its record")
    @app_commands.describe(last="How many rolls (default 10)")
    async def log(self, interaction: discord.Interaction,
                  last: app_commands.Range[int, 1, 100] | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Add your own text to the dice (counts from the next turn)")
    @app_commands.describe(text="Anything; it is published in the game record")
    async def entropy(self, interaction: discord.Interaction,
                      text: app_commands.Range[str, 1, 200]) -> None:
        await self.bridge.run(interaction)
