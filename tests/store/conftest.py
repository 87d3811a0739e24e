"""Fixtures: the same tests on a SQLite file and on a PostgreSQL server the tests start."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.store import Database, database_url
from tests.store.postgres import postgres_server

_names = itertools.count(1)


@pytest.fixture(scope="session")
def pg_base() -> Iterator[str]:
    yield from postgres_server()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """An empty database: a new SQLite file, or a new database on the test cluster."""
    if request.param == "sqlite":
        yield database_url(tmp_path / "aaref.sqlite3")
        return
    base = request.getfixturevalue("pg_base")
    name = f"aaref_test_{next(_names)}"
    admin = await asyncpg.connect(base.replace("+asyncpg", "") + "/postgres")
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    yield f"{base}/{name}"


@pytest.fixture
async def db(url: str) -> AsyncIterator[Database]:
    database = Database(url)
    await database.migrate()
    yield database
    await database.close()
