"""Run the bot for real: configuration from the environment, the service on the configured
database with auditable dice, then discord.py until stopped (Ctrl-C or SIGTERM)."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping

import discord

from bot.dice.keys import load_master_key
from bot.discord.app import create_bot
from bot.discord.bridge import Renderer
from bot.discord.config import DiscordConfig
from bot.discord.pictures import render_state
from bot.service import AuditableDiceSource, GameService
from bot.store import Database, database_url, default_data_dir

log = logging.getLogger(__name__)


async def serve(config: DiscordConfig, render: Renderer | None = render_state) -> None:
    """Migrate the database, build the service and keep the bot connected."""
    db = Database(database_url())
    try:
        await db.migrate()
        service = GameService(db, AuditableDiceSource(load_master_key(default_data_dir())))
        bot = create_bot(service, config, render=render)
        async with bot:
            await bot.start(config.token)
    finally:
        await db.close()


def run(env: Mapping[str, str] | None = None) -> None:
    """Entry point for ``aaref run``: read ``DISCORD_TOKEN`` etc. and run until stopped."""
    config = DiscordConfig.from_env(env)
    discord.utils.setup_logging()
    try:
        asyncio.run(serve(config))
    except KeyboardInterrupt:
        log.info("Stopped.")
