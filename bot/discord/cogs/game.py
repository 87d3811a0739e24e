"""/game new|join|start|status|history|export|concede|settings."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.bridge import Bridge
from bot.discord.choices import ruleset_choices
from bot.discord.cogs import suggest


class GameCog(commands.GroupCog, group_name="game", group_description="Create and run games"):
    """Game lifecycle; one game per channel."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        super().__init__()

    @app_commands.command(description="Start a new game in this channel")
    @app_commands.describe(ruleset="Rule system", name="A name for the game")
    @app_commands.choices(ruleset=ruleset_choices())
    async def new(self, interaction: discord.Interaction, ruleset: str, name: str) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Take a seat in this channel's game")
    @app_commands.describe(power="The power you will play")
    @app_commands.autocomplete(power=suggest)
    async def join(self, interaction: discord.Interaction, power: str) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Start play once the seats are taken")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Round, phase, whose turn it is, treasuries")
    async def status(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="The latest commands and events of this game")
    async def history(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="The game record (commands and dice), for replay or audit")
    async def export(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Concede the game for your side")
    async def concede(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Show or change a game setting")
    @app_commands.describe(option="Setting name (empty: list all)", value="New value")
    @app_commands.autocomplete(option=suggest)
    async def settings(self, interaction: discord.Interaction, option: str | None = None,
                       value: str | None = None) -> None:
        await self.bridge.run(interaction)
