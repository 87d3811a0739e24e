"""The bot object: a discord.py ``commands.Bot`` with the cogs, error handler and mentions policy.

Constructible without running, so tests start it against a local fake Discord and the CLI
runs it against the real one. Only the ``guilds`` intent is used (no privileged intents):
interactions carry everything the commands need.
"""
from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.discord.bridge import DEFER_AFTER, Bridge, Renderer
from bot.discord.cogs.commands import RegistryCog
from bot.discord.config import DiscordConfig
from bot.discord.errors import on_app_command_error
from bot.discord.ports import Service

log = logging.getLogger(__name__)

PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True,
                                  send_messages_in_threads=True, attach_files=True)
"""What the bot needs in a server: see the game channels, post events there and in game
threads, and attach maps and records. Nothing else (no privileged intents either)."""


def invite_url(application_id: int) -> str:
    """The link a server admin opens to add the bot with exactly :data:`PERMISSIONS`."""
    return discord.utils.oauth_url(application_id, permissions=PERMISSIONS,
                                   scopes=("bot", "applications.commands"))


def _shards(config: DiscordConfig, client_kwargs: dict[str, Any]) -> dict[str, Any]:
    """``client_kwargs`` with ``shard_ids`` when this process runs some shards only; without
    it discord.py runs every shard the gateway recommends."""
    if config.shard_ids is None:
        return client_kwargs
    return {**client_kwargs, "shard_ids": list(config.shard_ids)}


class AarefBot(commands.AutoShardedBot):
    """Registers the slash commands and syncs them once per start.

    Commands exist in servers only (games live in channels; roles decide who referees), and
    the bot is installed to servers, not to user accounts. Sharded so that several processes
    can each run some of the gateway shards (``AAREF_SHARD_COUNT``, ``AAREF_SHARD_IDS``);
    without them discord.py runs every shard the gateway recommends in this one process.
    """

    def __init__(self, bridge: Bridge, config: DiscordConfig, **client_kwargs: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, allowed_mentions=discord.AllowedMentions.none(),
                         allowed_contexts=discord.app_commands.AppCommandContext(guild=True),
                         allowed_installs=discord.app_commands.AppInstallationType(guild=True),
                         shard_count=config.shard_count, **_shards(config, client_kwargs))
        self.bridge = bridge
        self.config = config
        self.tree.error(on_app_command_error)

    async def setup_hook(self) -> None:
        """Add the registry's commands and sync the command list (to one guild when
        configured: instant)."""
        await self.add_cog(RegistryCog(self.tree, self.bridge))
        if self.config.guild_id is not None:
            guild = discord.Object(self.config.guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("Synced %d slash commands", len(synced))
        if self.application_id is not None:
            log.info("Invite link: %s", invite_url(self.application_id))


def create_bot(service: Service, config: DiscordConfig, *, render: Renderer | None = None,
               defer_after: float = DEFER_AFTER, **client_kwargs: Any) -> AarefBot:
    """A ready-to-start bot; applies the configured Discord endpoints first.

    ``defer_after``: seconds a command may take before its interaction is deferred.
    """
    config.apply_endpoints()
    return AarefBot(Bridge(service, config.referee_role, render, defer_after), config,
                    **client_kwargs)
