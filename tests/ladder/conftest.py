"""Ladder tests run on a SQLite file and on a PostgreSQL server alike, through the service
over the rules engine, with a clock moved by hand."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bot.scheduler.clock import ManualClock
from bot.service import FixedDiceSource, GameService
from bot.store import Database
from tests.store.conftest import pg_base, url

__all__ = ["pg_base", "url"]

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
async def service(url: str) -> AsyncIterator[GameService]:
    db = Database(url)
    await db.migrate()
    yield GameService(db, FixedDiceSource([3, 4] * 500), clock=ManualClock(START))
    await db.close()
