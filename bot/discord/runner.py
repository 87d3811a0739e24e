"""Run the bot for real: configuration from the environment, the service as every front end
gets it (configured database, migrations, auditable dice), then discord.py until stopped."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping

import discord

from bot.discord.app import create_bot
from bot.discord.bridge import Renderer
from bot.discord.config import DiscordConfig
from bot.discord.pictures import render_state
from bot.service.setup import open_service

log = logging.getLogger(__name__)


async def serve(config: DiscordConfig, render: Renderer | None = render_state) -> None:
    """Open the service and keep the bot connected until cancelled."""
    async with open_service() as service:
        bot = create_bot(service, config, render=render)
        async with bot:
            await bot.start(config.token)


def run(env: Mapping[str, str] | None = None) -> None:
    """Entry point for ``aaref run``: read ``DISCORD_TOKEN`` etc. and run until stopped."""
    config = DiscordConfig.from_env(env)
    discord.utils.setup_logging()
    try:
        asyncio.run(serve(config))
    except KeyboardInterrupt:
        log.info("Stopped.")
