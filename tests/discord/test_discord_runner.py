"""``run``/``serve``: from environment variables to a bot answering commands, on a real
database with auditable dice."""
from __future__ import annotations

import asyncio
from pathlib import Path

import discord
import pytest
from fake_discord import EPHEMERAL, FakeDiscord

from bot.discord import DiscordConfig
from bot.discord.runner import run, serve


async def test_serve_answers_commands_with_the_configured_environment(
        fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'aaref.sqlite3'}")
    monkeypatch.setenv("AAREF_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("AAREF_DICE_KEY", "00112233445566778899aabbccddeeff")
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    config = DiscordConfig.from_env({"DISCORD_TOKEN": "fake-token",
                                     "DISCORD_API_BASE": fake.api_base,
                                     "DISCORD_GATEWAY_URL": fake.ws_url})
    task = asyncio.create_task(serve(config))
    try:
        await asyncio.wait_for(fake.connected.wait(), 10)
        await fake.wait_for("sync")
        reply = await fake.respond("game status")
        assert reply.flags & EPHEMERAL and reply.content       # no game here yet: refused
        opened = await fake.respond("game new", {"ruleset": "aa1942-2e", "name": "live"},
                                    who="carol")
        assert not opened.flags & EPHEMERAL and "opened" in opened.content
        assert fake.auth_header == "Bot fake-token"
        assert (tmp_path / "aaref.sqlite3").exists()
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved


def test_run_refuses_an_unusable_environment(capsys: pytest.CaptureFixture[str]) -> None:
    assert run({"DISCORD_TOKEN": "t", "DISCORD_API_BASE": "https://example.org/api"}) == 2
    assert "not loopback" in capsys.readouterr().err
    assert run({}) == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err
