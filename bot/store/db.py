"""The async database: URL from the environment, engine, sessions and write transactions.

SQLite (the embedded default) allows one writer per file. A write transaction starts with
``BEGIN IMMEDIATE`` so the write lock is taken before the game is read, which serialises
writers across processes; inside one process an ``asyncio.Lock`` queues writers so they do
not spin on SQLite's busy handler. PostgreSQL runs writers concurrently and the service
locks the game row (``SELECT ... FOR UPDATE``), so different games never wait for each other.

SQLite's fsync policy (``AAREF_SQLITE_SYNCHRONOUS``): ``FULL``, the default, syncs each commit
to disk, so an acknowledged command survives power loss; ``NORMAL`` syncs only at WAL
checkpoints, faster on slow disks, but may lose the last commits on power loss. Both keep
every commit whole when the process is killed.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, nullcontext
from pathlib import Path
from typing import Any, Literal

from sqlalchemy import event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.settings import Settings

_WRITE = "aaref_write"
_VERSIONS = Path(__file__).with_name("migrations") / "versions"


def schema_head() -> str:
    """The newest migration's revision id: migrations are numbered ``NNNN_slug.py`` with
    revision ``NNNN``, each revising the one before (a test checks this against Alembic)."""
    return max(p.name[:4] for p in _VERSIONS.glob("[0-9][0-9][0-9][0-9]_*.py"))


def database_url(
    db_path: str | os.PathLike[str] | None = None, settings: Settings | None = None
) -> str:
    """The URL to use: an explicit SQLite file, else ``DATABASE_URL``, else the data dir.

    ``postgres://`` and ``postgresql://`` URLs are given the asyncpg driver.
    """
    if db_path is not None:
        return f"sqlite+aiosqlite:///{Path(db_path)}"
    settings = settings or Settings.load()
    url = settings.database_url
    if url:
        for prefix in ("postgres://", "postgresql://"):
            if url.startswith(prefix):
                return "postgresql+asyncpg://" + url[len(prefix) :]
        return url
    return f"sqlite+aiosqlite:///{settings.data_dir / 'aaref.sqlite3'}"


class Database:
    """An async engine plus the session discipline the service relies on."""

    def __init__(self, url: str, synchronous: Literal["FULL", "NORMAL"] | None = None) -> None:
        """``synchronous``: SQLite's fsync policy (see :class:`bot.settings.Settings`);
        ``AAREF_SQLITE_SYNCHRONOUS`` when not given."""
        self.url = make_url(url)
        self.is_sqlite = self.url.get_backend_name() == "sqlite"
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            path = self.url.database
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"timeout": 60}
        else:
            kwargs["pool_size"] = 20
        self.engine: AsyncEngine = create_async_engine(self.url, **kwargs)
        self._writer = self.engine.execution_options(**{_WRITE: True})
        self._sqlite_write_lock = asyncio.Lock() if self.is_sqlite else None
        if self.is_sqlite:
            _configure_sqlite(self.engine, synchronous or Settings.load().sqlite_synchronous)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncSession]:
        """A session for reads; SQLite gives it a consistent snapshot of the file."""
        async with AsyncSession(self.engine, expire_on_commit=False) as session:
            yield session

    @asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncSession]:
        """One write transaction: committed if the block ends normally, else rolled back."""
        lock = self._sqlite_write_lock or nullcontext()
        async with (
            lock,
            AsyncSession(self._writer, expire_on_commit=False) as session,
            session.begin(),
        ):
            yield session

    async def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (safe to run from many processes).

        A database already at the newest revision is left alone without loading Alembic,
        which keeps the console's first prompt quick.
        """
        if await self.schema_revision() == schema_head():
            return
        from bot.store.migrate import upgrade

        lock = self._sqlite_write_lock or nullcontext()
        async with lock, self._writer.begin() as conn:
            await conn.run_sync(upgrade)

    async def schema_revision(self) -> str | None:
        """The Alembic revision the database is at, or None for a database never migrated."""
        async with self.engine.connect() as conn:
            if not await conn.run_sync(lambda sync: inspect(sync).has_table("alembic_version")):
                return None
            row = (await conn.execute(text("SELECT version_num FROM alembic_version"))).first()
        return str(row[0]) if row else None

    async def close(self) -> None:
        """Release every pooled connection."""
        await self.engine.dispose()


def _configure_sqlite(engine: AsyncEngine, synchronous: str) -> None:
    """WAL for concurrent readers, the chosen fsync policy, explicit transaction starts."""

    @event.listens_for(engine.sync_engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        # Take BEGIN away from the driver so the "begin" hook below decides its kind.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        for pragma in (
            "journal_mode=WAL",
            f"synchronous={synchronous}",
            "foreign_keys=ON",
            "busy_timeout=60000",
        ):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _begin(conn: Any) -> None:
        immediate = conn.get_execution_options().get(_WRITE, False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")
