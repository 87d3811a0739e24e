"""Configuration from the environment; remote endpoints only when allowed."""
from __future__ import annotations

import discord
import pytest
import yarl

from bot.discord.config import ConfigError, DiscordConfig, is_loopback


def test_minimal_environment() -> None:
    config = DiscordConfig.from_env({"DISCORD_TOKEN": " abc "})
    assert config == DiscordConfig(token="abc")


def test_everything_set() -> None:
    config = DiscordConfig.from_env({
        "DISCORD_TOKEN": "t", "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",
        "DISCORD_GATEWAY_URL": "ws://localhost:9/gateway", "AAREF_REFEREE_ROLE": "Umpire",
        "AAREF_GUILD_ID": "123"})
    assert (config.referee_role, config.guild_id) == ("Umpire", 123)


@pytest.mark.parametrize("env, fragment", [
    ({}, "DISCORD_TOKEN"),
    ({"DISCORD_TOKEN": "t", "AAREF_GUILD_ID": "abc"}, "AAREF_GUILD_ID: Input should be a valid integer"),
    ({"DISCORD_TOKEN": "t", "DISCORD_API_BASE": "https://proxy.example.org/api"}, "loopback"),
    ({"DISCORD_TOKEN": "t", "DISCORD_GATEWAY_URL": "ws://10.0.0.1/gw"}, "loopback"),
    ({"DISCORD_TOKEN": "t", "DISCORD_GATEWAY_URL": "http://127.0.0.1/gw"}, "ws or wss"),
])
def test_refusals(env: dict[str, str], fragment: str) -> None:
    with pytest.raises(ConfigError, match=fragment):
        DiscordConfig.from_env(env)


def test_remote_endpoints_when_allowed() -> None:
    config = DiscordConfig.from_env({"DISCORD_TOKEN": "t", "AAREF_ALLOW_REMOTE_DISCORD": "1",
                                     "DISCORD_API_BASE": "https://proxy.example.org/api/v10"})
    assert config.api_base == "https://proxy.example.org/api/v10"


def test_apply_endpoints_sets_the_two_class_attributes() -> None:
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    try:
        DiscordConfig("t", "http://127.0.0.1:1/api/v10/", "ws://127.0.0.1:1/gateway") \
            .apply_endpoints()
        assert discord.http.Route.BASE == "http://127.0.0.1:1/api/v10"
        assert discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY == \
            yarl.URL("ws://127.0.0.1:1/gateway")
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved


def test_loopback() -> None:
    assert is_loopback("127.0.0.2") and is_loopback("::1") and is_loopback("LOCALHOST")
    assert not is_loopback("discord.com") and not is_loopback("192.168.1.1")
