"""Every command of the registry as a slash command (:mod:`bot.discord.slash`).

Most commands hand the interaction to the bridge, which sends the service the line a console
user would type. The few that answer with more than a line are named here with their
handler: ``/map`` draws the board, ``/tournament start|next`` open a thread per table, the
standings pictures draw. A new registry entry needs nothing here.
"""
from __future__ import annotations

from typing import Any

from discord import app_commands
from discord.ext import commands

from bot.discord.bridge import Bridge
from bot.discord.cogs import suggest
from bot.discord.choices import rule_option_specs
from bot.discord.competition import open_round, standings_picture
from bot.discord.pictures import region_choices
from bot.discord.slash import Handler, SlashCommand, slash_commands
from bot.service.commands import ALL_COMMANDS
from engine.registry import CommandSpec

NEEDS_RENDERER = frozenset({"map"})
"""Commands offered only when the bot can draw pictures."""


def special_handlers(bridge: Bridge) -> dict[str, Handler]:
    """The commands that do more than send their line to the service."""
    return {
        "map": lambda i, v: bridge.map(i, v["region"], v["territory"], v["changes"]),
        "tournament start": lambda i, v: open_round(bridge, i),
        "tournament next": lambda i, v: open_round(bridge, i),
        "ladder picture": lambda i, v: standings_picture(bridge, i, v["ruleset"] or "overall"),
        "tournament picture": lambda i, v: standings_picture(bridge, i, None),
    }


class RegistryCog(commands.Cog):
    """Adds the generated commands to the bot's command tree, and takes them away again."""

    def __init__(self, tree: app_commands.CommandTree[Any], bridge: Bridge) -> None:
        self.tree = tree
        special = special_handlers(bridge)

        def handler_of(spec: CommandSpec) -> Handler:
            return special.get(spec.name, lambda i, v: bridge.run(i))

        offered = [c for c in ALL_COMMANDS
                   if bridge.render is not None or c.name not in NEEDS_RENDERER]
        self.slash: list[SlashCommand] = slash_commands(
            offered, handler_of, suggest, rule_option_specs(), region_choices)

    async def cog_load(self) -> None:
        for command in self.slash:
            self.tree.add_command(command)

    async def cog_unload(self) -> None:
        for command in self.slash:
            self.tree.remove_command(command.name)
