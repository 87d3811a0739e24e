"""Configuration of the Discord front end: the Discord part of :class:`bot.settings.Settings`.

The variables (``DISCORD_TOKEN``, ``DISCORD_API_BASE``, ``DISCORD_GATEWAY_URL``,
``AAREF_ALLOW_REMOTE_DISCORD``, ``AAREF_REFEREE_ROLE``, ``AAREF_GUILD_ID``) are documented in
``bot.settings``. Base URLs are applied by setting the two class attributes discord.py reads,
``discord.http.Route.BASE`` and ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``; no
discord.py function is patched. Anything but loopback is refused unless explicitly allowed,
so a misconfigured test can never send a token to an unexpected host.
"""
from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

import discord
import yarl

from bot.settings import Settings, SettingsError

DEFAULT_REFEREE_ROLE = "Referee"


class ConfigError(ValueError):
    """The environment does not describe a usable bot; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class DiscordConfig:
    """Settings for one bot process."""

    token: str
    api_base: str | None = None
    gateway_url: str | None = None
    referee_role: str = DEFAULT_REFEREE_ROLE
    guild_id: int | None = None
    allow_remote: bool = False
    shard_count: int | None = None
    """Gateway shards of the whole bot; None: one process, discord.py's own choice."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (all of them when None)."""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> DiscordConfig:
        """Read the process environment (or ``env``) and validate it."""
        try:
            return cls.from_settings(Settings.load(env))
        except SettingsError as err:
            raise ConfigError(str(err)) from None

    @classmethod
    def from_settings(cls, settings: Settings) -> DiscordConfig:
        """The Discord part of ``settings``; a bot needs a token and safe endpoints."""
        if settings.token is None:
            raise ConfigError("DISCORD_TOKEN is not set.")
        config = cls(
            token=settings.token,
            api_base=settings.discord_api_base,
            gateway_url=settings.discord_gateway_url,
            referee_role=settings.referee_role,
            guild_id=settings.guild_id,
            allow_remote=settings.allow_remote_discord,
            shard_count=settings.shard_count,
            shard_ids=settings.shard_ids,
        )
        config.check_endpoints()
        return config

    def check_endpoints(self) -> None:
        """Refuse a non-loopback API or gateway URL unless remote use was allowed."""
        for name, url, schemes in (("DISCORD_API_BASE", self.api_base, ("http", "https")),
                                   ("DISCORD_GATEWAY_URL", self.gateway_url, ("ws", "wss"))):
            if url is None:
                continue
            parts = urlsplit(url)
            if parts.scheme not in schemes or not parts.hostname:
                raise ConfigError(f"{name} must be a {' or '.join(schemes)} URL, not {url!r}.")
            if not self.allow_remote and not is_loopback(parts.hostname):
                raise ConfigError(f"{name} points at {parts.hostname}, which is not loopback; "
                                  "set AAREF_ALLOW_REMOTE_DISCORD=1 to allow it.")

    def apply_endpoints(self) -> None:
        """Point discord.py at the configured REST base and gateway (before the bot starts)."""
        self.check_endpoints()
        if self.api_base is not None:
            discord.http.Route.BASE = self.api_base.rstrip("/")
        if self.gateway_url is not None:
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)


def is_loopback(host: str) -> bool:
    """True for localhost and loopback addresses (127.0.0.0/8, ::1)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
