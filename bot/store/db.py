"""The async database: URL from the environment, engine, sessions and write transactions.

SQLite (the embedded default) allows one writer per file. A write transaction starts with
``BEGIN IMMEDIATE`` so the write lock is taken before the game is read, which serialises
writers across processes; inside one process an ``asyncio.Lock`` queues writers so they do
not spin on SQLite's busy handler. The writer's statements run on the event loop's thread
(``bot.store.inline``), and those every command runs skip the ORM (:meth:`Database.unit`). Writers that queue share one commit (group commit): each runs in a
savepoint of the open transaction, and the last of the queue commits for all of them, so one
fsync serves many commands; no writer returns before the commit that holds its writes is on
disk. PostgreSQL runs writers concurrently, each in its own transaction, their common
statements straight on asyncpg (``bot.store.pg_unit``); a game's writers meet at its row (the
version compare-and-swap), so different games never wait for each other.

SQLite's fsync policy (``AAREF_SQLITE_SYNCHRONOUS``): ``FULL``, the default, syncs each commit
to disk, so an acknowledged command survives power loss; ``NORMAL`` syncs only at WAL
checkpoints, faster on slow disks, but may lose the last commits on power loss. Both keep
every commit whole when the process is killed.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from sqlalchemy import event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import AsyncAdaptedQueuePool
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.settings import Settings
from bot.store.inline import DRIVER
from bot.store.prepared import PreparedStatements, SQLiteRunner
from bot.store.unit import WriteUnit

_WRITE = "aaref_write"
GROUP_LIMIT = 200
"""Writers one commit serves at most, so that a steady queue still commits regularly."""
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
        self._migrator = self.engine.execution_options(**{_WRITE: True})
        self._sqlite_write_lock = asyncio.Lock() if self.is_sqlite else None
        self._queued = 0
        """Writers waiting for the SQLite write lock: while any wait, the group stays open."""
        self._group: _Group | None = None
        self._closing: asyncio.Future[None] | None = None
        """The commit of a group whose last queued writer gave up (kept from the collector)."""
        self._inline: AsyncEngine | None = None
        if self.is_sqlite:
            sync = synchronous or Settings.load().sqlite_synchronous
            _configure_sqlite(self.engine, sync)
            inline = create_async_engine(
                self.url.set(drivername=f"sqlite+{DRIVER}"),
                poolclass=AsyncAdaptedQueuePool,
                connect_args={"timeout": 60, "check_same_thread": False},
            )
            _configure_sqlite(inline, sync)
            self._inline = inline
            self._writer = inline.execution_options(**{_WRITE: True})
            self._prepared = PreparedStatements(inline.dialect)
        else:
            self._writer = self.engine
            self._prepared = PreparedStatements(self.engine.dialect)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncSession]:
        """A session for reads; SQLite gives it a consistent snapshot of the file."""
        async with AsyncSession(self.engine, expire_on_commit=False) as session:
            yield session

    @asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncSession]:
        """One write transaction: committed if the block ends normally, else rolled back.

        It returns only once its writes are on disk; on SQLite they may share the commit of
        other writers that queued meanwhile (each in its own savepoint, so one that fails
        takes nothing of the others with it)."""
        if self._sqlite_write_lock is None:
            async with AsyncSession(self._writer, expire_on_commit=False) as session:
                async with session.begin():
                    yield session
            return
        async with self.unit() as unit:
            yield unit.session

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[WriteUnit]:
        """:meth:`write` for the writers that run their common statements through
        :meth:`WriteUnit.run`: straight on the driver's connection, and the ORM session only
        if the writer asks for it."""
        if self._sqlite_write_lock is None:
            from bot.store.pg_unit import postgres_unit  # asyncpg loads only for PostgreSQL

            async with postgres_unit(self._writer, self._prepared) as unit:
                yield unit
            return
        group = await self._join()
        wrote = False
        try:
            unit = WriteUnit(group.session, SQLiteRunner(group.raw, self._prepared))
            _savepoint(group.raw, "SAVEPOINT")
            try:
                yield unit
                await unit.end(commit=True)
            except BaseException:
                await unit.end(commit=False)
                _savepoint(group.raw, "ROLLBACK TO")
                raise
            finally:
                _savepoint(group.raw, "RELEASE")
            wrote = True
            group.members += 1
        finally:
            await self._leave(group)
        if wrote:
            await asyncio.shield(group.done)

    async def _join(self) -> _Group:
        """Take the SQLite write lock and the open group, opening one if there is none."""
        assert self._sqlite_write_lock is not None
        self._queued += 1
        try:
            await self._sqlite_write_lock.acquire()
        except BaseException:
            # Given up while queued: the writer before may have left the group open for it.
            self._queued -= 1
            if self._group is not None and not self._queued and not self._sqlite_write_lock.locked():
                self._closing = asyncio.ensure_future(self._close_open())
            raise
        self._queued -= 1
        try:
            if self._group is None:
                connection = await self._writer.connect()
                try:
                    await connection.begin()
                except BaseException:
                    await connection.close()
                    raise
                raw = (await connection.get_raw_connection()).driver_connection
                assert isinstance(raw, sqlite3.Connection)
                self._group = _Group(connection, raw,
                                     asyncio.get_running_loop().create_future())
            return self._group
        except BaseException:
            self._sqlite_write_lock.release()
            raise

    async def _close_open(self) -> None:
        """Commit the open group if nobody holds or waits for the lock to do it."""
        assert self._sqlite_write_lock is not None
        async with self._sqlite_write_lock:
            group, self._group = self._group, None
            if group is not None:
                await _finish(group)

    async def _leave(self, group: _Group) -> None:
        """Hand the lock on; the last writer of a queue (or of a full group) commits it."""
        assert self._sqlite_write_lock is not None
        try:
            if self._queued == 0 or group.members >= GROUP_LIMIT:
                self._group = None
                await asyncio.shield(asyncio.ensure_future(_finish(group)))
        finally:
            self._sqlite_write_lock.release()

    async def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (safe to run from many processes).

        A database already at the newest revision is left alone without loading Alembic,
        which keeps the console's first prompt quick.
        """
        if await self.schema_revision() == schema_head():
            return
        from bot.store.migrate import upgrade

        lock = self._sqlite_write_lock or nullcontext()
        async with lock, self._migrator.begin() as conn:
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
        if self._inline is not None:
            await self._inline.dispose()


@dataclass
class _Group:
    """Writers sharing one SQLite transaction; ``done`` resolves when its commit is on disk."""

    connection: AsyncConnection
    raw: sqlite3.Connection
    """The same connection as the driver's: writers' common statements run on it."""
    done: asyncio.Future[None]
    members: int = field(default=0)

    def session(self) -> AsyncSession:
        """A writer's ORM session: a savepoint of its own inside the writer's."""
        return AsyncSession(bind=self.connection, expire_on_commit=False,
                            join_transaction_mode="create_savepoint")


_SAVEPOINT = "aaref_writer"


def _savepoint(raw: sqlite3.Connection, verb: str) -> None:
    """Open, roll back to or release the savepoint that holds one writer's changes."""
    raw.execute(f"{verb} {_SAVEPOINT}").close()


async def _finish(group: _Group) -> None:
    """Commit a group (roll it back if no writer in it kept anything) and tell its members."""
    try:
        transaction = group.connection.get_transaction()
        if transaction is not None:
            await (transaction.commit() if group.members else transaction.rollback())
    except BaseException as err:
        group.done.set_exception(err)
        if not group.members:
            group.done.exception()  # nobody waits for a group that wrote nothing
    else:
        group.done.set_result(None)
    finally:
        await group.connection.close()


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
