"""Fixtures: a fake Discord on loopback and the real bot connected to it."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import discord
import pytest
import pytest_asyncio
from fake_discord import FakeDiscord

from bot.discord import AarefBot, DiscordConfig, create_bot
from bot.discord.ports import Service
from bot.service import FixedDiceSource, GameService
from bot.store import Database, database_url
from engine import GameState, new_game
from maps import load_ruleset

WATCHED_LOGGERS = ("discord", "bot.discord")


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def discord_log_errors() -> Any:
    """discord.py logs (does not raise) handler exceptions: fail any test that logged one."""
    handler = _Collect()
    for name in WATCHED_LOGGERS:
        logging.getLogger(name).addHandler(handler)
    yield handler
    for name in WATCHED_LOGGERS:
        logging.getLogger(name).removeHandler(handler)
    assert not handler.records, "\n".join(
        f"{r.name}: {r.getMessage()}\n{r.exc_text or ''}" for r in handler.records)


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(channels=3)
    await server.start()
    yield server
    await server.stop()
    assert not server.of("unhandled"), server.of("unhandled")


StartBot = Callable[..., Awaitable[AarefBot]]


@pytest_asyncio.fixture
async def start_bot(fake: FakeDiscord) -> AsyncIterator[StartBot]:
    """Start the real bot against the fake; stopped and endpoints restored afterwards."""
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    running: list[tuple[AarefBot, asyncio.Task[None]]] = []

    async def start(service: Service, **kw: Any) -> AarefBot:
        config = DiscordConfig(token="fake-token", api_base=fake.api_base,
                               gateway_url=fake.ws_url, guild_id=kw.pop("guild_id", None))
        bot = create_bot(service, config, guild_ready_timeout=0.01, **kw)
        assert discord.http.Route.BASE.startswith("http://127.0.0.1:")
        ready = asyncio.Event()

        async def on_ready() -> None:
            ready.set()

        bot.add_listener(on_ready)
        task = asyncio.create_task(bot.start(config.token))
        await asyncio.wait_for(ready.wait(), 10)
        running.append((bot, task))
        return bot

    yield start
    for bot, task in running:
        await bot.close()
        await asyncio.wait_for(task, 5)
    discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved


@pytest.fixture(scope="session")
def opening() -> GameState:
    """The 1942 Second Edition starting position."""
    return new_game(load_ruleset("aa1942-2e"))


@pytest.fixture
def dice() -> list[int]:
    """The values the service's dice produce, in order (override in a test module)."""
    return [1] * 500


@pytest_asyncio.fixture
async def service(tmp_path: Path, dice: list[int]) -> AsyncIterator[GameService]:
    """The real GameService and engine on a fresh SQLite file, with fixed dice."""
    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    yield GameService(db, FixedDiceSource(dice))
    await db.close()
