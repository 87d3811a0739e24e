"""Slash commands: generated from the command registry (``commands.RegistryCog``); each
callback hands the interaction to the bridge or to one of the few special handlers.

Option names are the command words of the console notation, so ``interaction_line`` rebuilds
exactly the line a console user would type; the typed parameters exist for Discord's forms.
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.bridge import Bridge


async def suggest(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for any option: the service proposes the values."""
    bridge: Bridge = interaction.client.bridge  # type: ignore[attr-defined]
    return await bridge.complete(interaction, current)
