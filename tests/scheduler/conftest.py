"""The deadline service tests run on a SQLite file and on a PostgreSQL server alike."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.scheduler.clock import ManualClock
from bot.service import FixedDiceSource, GameService
from bot.store import Database
from tests.scheduler.play import DICE, START, Services
from tests.store.conftest import pg_base, url

__all__ = ["pg_base", "url"]


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(START)


@pytest.fixture
async def services(url: str, clock: ManualClock) -> AsyncIterator[Services]:
    """New service instances on one database: each one stands for a (re)started bot."""
    opened: list[Database] = []

    def make() -> GameService:
        db = Database(url)
        opened.append(db)
        return GameService(db, FixedDiceSource(DICE), clock=clock)

    await make().db.migrate()
    yield make
    for db in opened:
        await db.close()
