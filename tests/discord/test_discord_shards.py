"""Two bot processes, each running one of two gateway shards, on one PostgreSQL database.

The real ``aaref run`` is started twice against the fake Discord (``AAREF_SHARD_COUNT=2``,
``AAREF_SHARD_IDS`` 0 and 1), with one server per shard and 25 game channels in each. While
commands flow through both, the process of shard 0 is killed with SIGKILL and started again;
the commands it never answered are delivered again (same interaction id, as a retry). Then
every game's deadline is made to pass. Nothing acknowledged is lost, nothing is applied
twice, and every game's deadline is applied exactly once, by one of the two processes.
"""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest
import pytest_asyncio
from fake_discord import FakeDiscord

from tests.store.postgres import postgres_server

pytestmark = pytest.mark.postgres

GAMES_PER_SHARD = 25
BUYS = 3
"""Each game's Soviet player buys one infantry this many times (3 IPCs each, from 24)."""


@pytest.fixture(scope="module")
def pg() -> Iterator[str]:
    yield from postgres_server()


@pytest_asyncio.fixture
async def database(pg: str) -> str:
    admin = await asyncpg.connect(pg.replace("+asyncpg", "") + "/postgres")
    try:
        await admin.execute("CREATE DATABASE aaref_shards")
    finally:
        await admin.close()
    return f"{pg}/aaref_shards"


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(channels=GAMES_PER_SHARD, shards=2)
    await server.start()
    yield server
    await server.stop()


class Bots:
    """The two ``aaref run`` processes, one per shard."""

    def __init__(self, fake: FakeDiscord, database: str, tmp: Path) -> None:
        self.fake = fake
        self.tmp = tmp
        self.env = {**os.environ, "DISCORD_TOKEN": "fake-token", "DISCORD_API_BASE": fake.api_base,
                    "DISCORD_GATEWAY_URL": fake.ws_url, "DATABASE_URL": database,
                    "AAREF_SHARD_COUNT": "2", "AAREF_DICE_KEY": "5e" * 32,
                    "AAREF_DATA_DIR": str(tmp), "AAREF_TICK_SECONDS": "0.3"}
        self.procs: dict[int, subprocess.Popen[bytes]] = {}

    def start(self, shard: int) -> None:
        log = (self.tmp / f"shard{shard}.log").open("ab")
        self.procs[shard] = subprocess.Popen(
            [sys.executable, "-m", "bot.cli", "run"], env={**self.env, "AAREF_SHARD_IDS": str(shard)},
            stdout=log, stderr=subprocess.STDOUT)

    def kill(self, shard: int) -> None:
        os.kill(self.procs[shard].pid, signal.SIGKILL)
        self.procs[shard].wait()

    async def connected(self, shard: int, after: int = 0) -> None:
        """Wait until the shard's process has identified (for the ``after``-th time or later)."""
        for _ in range(600):
            ws = self.fake.sockets.get(shard)
            if ws is not None and not ws.closed and self.fake.identifies > after and self.fake.commands:
                return
            if self.procs[shard].poll() is not None:
                raise AssertionError((self.tmp / f"shard{shard}.log").read_text())
            await asyncio.sleep(0.1)
        raise AssertionError(f"shard {shard} never connected")

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.terminate()
                proc.wait(10)


async def deliver(fake: FakeDiscord, payload: dict[str, Any], timeout: float = 30.0) -> bool:
    """Send an interaction; True when the bot answered it (the command was acknowledged). A
    deferred answer ("thinking") counts once the bot has edited in its real answer."""
    token = payload["token"]
    try:
        await fake.dispatch("INTERACTION_CREATE", payload)
        first = await fake.wait_for_token(token, timeout)
        for _ in range(int(timeout * 10)):
            if first.payload.get("type") != 5 or any(
                    token in r.path for r in fake.of("edit_original") + fake.of("followup")):
                return True
            await asyncio.sleep(0.1)
    except (ConnectionError, RuntimeError, TimeoutError, AssertionError):
        return False
    return False


async def run_lines(fake: FakeDiscord, channel: dict[str, Any], lines: list[tuple[str, dict]],
                    unanswered: list[dict[str, Any]]) -> None:
    for command, values in lines:
        payload = fake.interaction_payload(command, values, channel=channel)
        if not await deliver(fake, payload, timeout=8.0):
            unanswered.append(payload)


async def test_two_shard_processes_lose_nothing_double_nothing_and_expire_once(
        fake: FakeDiscord, database: str, tmp_path: Path) -> None:
    bots = Bots(fake, database, tmp_path)
    try:
        bots.start(0)
        await bots.connected(0)
        bots.start(1)
        await bots.connected(1, after=1)
        channels = [c for g in fake.guilds for c in g["channels"]]
        setup = [("game new", {"ruleset": "aa1942-2e", "name": "shards"})]
        setup += [("game join", {"power": p}) for p in
                  ("Soviet Union", "Germany", "United Kingdom", "Japan", "United States")]
        setup += [("game settings", {"deadline_hours": 1, "policy": "end_turn"}), ("game start", {})]
        missed: list[dict[str, Any]] = []
        await asyncio.gather(*(run_lines(fake, c, setup, missed) for c in channels))
        assert missed == []

        buys = [("buy", {"units": "1 infantry"})] * BUYS
        flowing = asyncio.gather(*(run_lines(fake, c, buys, missed) for c in channels))
        await asyncio.sleep(0.3)
        bots.kill(0)                                     # mid-run, while commands flow
        identified = fake.identifies
        await flowing
        bots.start(0)
        await bots.connected(0, after=identified)
        for payload in missed:                           # the user's retry: same interaction
            assert await deliver(fake, payload), payload["data"]
        answered = {p["id"] for p in missed}

        conn = await asyncpg.connect(database.replace("+asyncpg", ""))
        try:
            await conn.execute("UPDATE games SET due_at = now() - interval '2 hours', "
                               "wake_at = now() WHERE status = 'active'")
            for _ in range(1800):
                expired = await conn.fetchval(
                    "SELECT count(DISTINCT game_id) FROM notices WHERE key LIKE 'expire:%'")
                unsent = await conn.fetchval("SELECT count(*) FROM notices WHERE sent_at IS NULL")
                if expired == len(channels) and unsent == 0:
                    break
                await asyncio.sleep(0.1)
            expiries = await conn.fetch(
                "SELECT game_id, count(*) AS n FROM notices WHERE key LIKE 'expire:%' GROUP BY game_id")
            doubled = await conn.fetch(
                "SELECT request_id FROM log_entries WHERE request_id IS NOT NULL "
                "GROUP BY request_id HAVING count(*) > 1")
            stored = {r["request_id"] for r in await conn.fetch("SELECT request_id FROM requests")}
            bought = await conn.fetch(
                "SELECT g.id, count(e.seq) AS n FROM games g LEFT JOIN log_entries e "
                "ON e.game_id = g.id AND e.text LIKE '/buy%' GROUP BY g.id")
        finally:
            await conn.close()
        logs = "".join((tmp_path / f"shard{n}.log").read_text()[-3000:] for n in (0, 1))
        assert len(expiries) == len(channels), logs
        assert {r["n"] for r in expiries} == {1}
        assert doubled == []
        assert answered <= stored
        assert {r["n"] for r in bought} == {BUYS}        # every buy once, none lost or doubled
        def announcements() -> list[Any]:
            return [r for r in fake.of("channel_message") if "The deadline for" in r.content]

        for _ in range(300):  # a notice is claimed in the database just before it is posted
            if len(announcements()) >= len(channels):
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)                         # and no second copy follows
        posts = announcements()
        assert len(posts) == len(channels)               # each announcement sent once
        assert {p.path for p in posts} == {f"/api/v10/channels/{c['id']}/messages" for c in channels}
    finally:
        bots.stop()
