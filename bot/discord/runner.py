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
from bot.discord.notices import DiscordSender
from bot.discord.pictures import render_state
from bot.scheduler.loop import Scheduler
from bot.service.setup import open_service
from bot.settings import Settings, SettingsError

log = logging.getLogger(__name__)


async def serve(
    config: DiscordConfig, render: Renderer | None = render_state, settings: Settings | None = None
) -> None:
    """Open the service and keep the bot connected until cancelled."""
    settings = settings or Settings.load()
    async with open_service(settings=settings) as service:
        bot = create_bot(service, config, render=render)
        scheduler = Scheduler(service, DiscordSender(bot), interval=settings.tick_seconds)
        async with bot:
            deadlines = asyncio.create_task(_tick_when_ready(bot, scheduler))
            try:
                await bot.start(config.token)
            finally:
                deadlines.cancel()


async def _tick_when_ready(bot: discord.Client, scheduler: Scheduler) -> None:
    """Deadlines, reminders and turn notices, once the bot can post."""
    await bot.wait_until_ready()
    await scheduler.run()


def run(env: Mapping[str, str] | None = None, *, settings: Settings | None = None) -> int:
    """Entry point for ``aaref run``: read ``DISCORD_TOKEN`` etc. and run until stopped.

    Returns the exit status: 0 after a normal stop, 2 when the configuration is unusable.
    """
    try:
        settings = settings or Settings.load(env)
        config = DiscordConfig.from_settings(settings)
    except (SettingsError, ConfigError) as err:
        print(f"aaref run: {err}", file=sys.stderr)
        return 2
    discord.utils.setup_logging()
    try:
        asyncio.run(serve(config, settings=settings))
    except KeyboardInterrupt:
        log.info("Stopped.")
    return 0
