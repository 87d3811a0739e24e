"""The Discord front end: slash commands that speak the console's command lines."""
from __future__ import annotations

from bot.discord.app import AarefBot, create_bot
from bot.discord.config import ConfigError, DiscordConfig
from bot.discord.runner import run

__all__ = ["AarefBot", "ConfigError", "DiscordConfig", "create_bot", "run"]
