"""Fixtures: a migrated SQLite file in tmp_path and a GameService over the fake engine."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import Actor, FixedDiceSource, GameService
from bot.store import Database, database_url
from tests.service import fake_engine

ALICE, BOB, REF = Actor("alice"), Actor("bob"), Actor("ref", referee=True)


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = Database(database_url(tmp_path / "aaref.sqlite3"))
    await database.migrate()
    yield database
    await database.close()


@pytest.fixture
async def service(db: Database) -> GameService:
    return GameService(db, FixedDiceSource([3, 4] * 500), rules=fake_engine, snapshot_every=4)


async def started(service: GameService, channel: str = "c1") -> int:
    """A fake game where alice plays the Allies and bob the Axis, started."""
    reply = await service.create_game(REF, channel, ruleset="fake", name="test")
    assert reply.ok, reply.message
    for power in fake_engine.POWERS:
        who = BOB if fake_engine.SIDES[power] == "Axis" else ALICE
        assert (await service.join(who, channel, power)).ok
    assert (await service.start(ALICE, channel)).ok
    assert reply.game_id is not None
    return reply.game_id
