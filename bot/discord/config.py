"""Configuration of the Discord front end, read from the environment in one place.

========================== ======== ===========================================================
Variable                   Default  Meaning
========================== ======== ===========================================================
DISCORD_TOKEN              (none)   Bot token from the Discord developer portal. Required.
DISCORD_API_BASE           Discord  REST base URL, e.g. ``http://127.0.0.1:8080/api/v10``, for a
                                    Discord-compatible proxy or a test server.
DISCORD_GATEWAY_URL        Discord  Gateway websocket URL, e.g. ``ws://127.0.0.1:8080/gateway``.
AAREF_ALLOW_REMOTE_DISCORD 0        Set to 1 to allow the two URLs above to name a host other
                                    than loopback (a token is sent there).
AAREF_REFEREE_ROLE         Referee  Name of the guild role whose members may use /referee.
AAREF_GUILD_ID             (none)   Sync commands to this guild only: instant, for testing.
                                    Without it commands are synced globally (can take a while
                                    to appear the first time).
========================== ======== ===========================================================

Base URLs are applied by setting the two class attributes discord.py reads,
``discord.http.Route.BASE`` and ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``; no
discord.py function is patched. Anything but loopback is refused unless explicitly allowed,
so a misconfigured test can never send a token to an unexpected host.
"""
from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

import discord
import yarl

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

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> DiscordConfig:
        """Read and validate the variables documented in this module."""
        env = os.environ if env is None else env
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError("DISCORD_TOKEN is not set.")
        guild = env.get("AAREF_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError(f"AAREF_GUILD_ID must be a numeric guild id, not {guild!r}.")
        config = cls(
            token=token,
            api_base=env.get("DISCORD_API_BASE") or None,
            gateway_url=env.get("DISCORD_GATEWAY_URL") or None,
            referee_role=env.get("AAREF_REFEREE_ROLE", "").strip() or DEFAULT_REFEREE_ROLE,
            guild_id=int(guild) if guild else None,
            allow_remote=env.get("AAREF_ALLOW_REMOTE_DISCORD", "") == "1",
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
