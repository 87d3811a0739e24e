"""/map: a picture of the board; /help: the commands usable now, or one explained."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.bridge import LAST_TURN, Bridge
from bot.discord.cogs import suggest
from bot.discord.pictures import region_choices


class MapCog(commands.Cog):
    """The map picture; rendering is slow, so the answer is deferred."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge

    @app_commands.command(name="map", description="Picture of the board in this channel's game")
    @app_commands.describe(region="Show one region only", territory="Show one space and its neighbours",
                           changes="Mark what changed: the board after the last finished turn")
    @app_commands.choices(region=region_choices(),
                          changes=[app_commands.Choice(name="last turn", value=LAST_TURN)])
    @app_commands.autocomplete(territory=suggest)
    async def map_(self, interaction: discord.Interaction, region: str | None = None,
                   territory: str | None = None, changes: str | None = None) -> None:
        await self.bridge.map(interaction, region, territory, changes)



class HelpCog(commands.Cog):
    """Help from the command registry, through the service like any other line."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge

    @app_commands.command(name="help", description="The commands you can use now, or one "
                          "command explained")
    @app_commands.describe(command="A command to explain, e.g. move or game join")
    async def help_(self, interaction: discord.Interaction, command: str | None = None) -> None:
        await self.bridge.run(interaction)
