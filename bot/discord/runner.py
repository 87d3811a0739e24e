"""Run the bot for real: configuration from the environment, the service as every front end
gets it (configured database, migrations, auditable dice), then discord.py until stopped."""
from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Mapping

import discord

from bot.discord.app import create_bot
from bot.discord.bridge import Renderer
from bot.discord.config import ConfigError, DiscordConfig
from bot.discord.pictures import render_state
from bot.service.setup import open_service

log = logging.getLogger(__name__)


async def serve(config: DiscordConfig, render: Renderer | None = render_state) -> None:
    """Open the service and keep the bot connected until cancelled."""
    async with open_service() as service:
        bot = create_bot(service, config, render=render)
        async with bot:
            await bot.start(config.token)


def run(env: Mapping[str, str] | None = None) -> int:
    """Entry point for ``aaref run``: read ``DISCORD_TOKEN`` etc. and run until stopped.

    Returns the exit status: 0 after a normal stop, 2 when the configuration is unusable.
    """
    try:
        config = DiscordConfig.from_env(env)
    except ConfigError as err:
        print(f"aaref run: {err}", file=sys.stderr)
        return 2
    discord.utils.setup_logging()
    try:
        asyncio.run(serve(config))
    except KeyboardInterrupt:
        log.info("Stopped.")
    return 0
