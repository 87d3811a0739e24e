"""The SQLite writer's driver: Python's own ``sqlite3``, run on the event loop's thread.

aiosqlite runs every call in a thread of its own, and SQLAlchemy makes about four calls per
statement (cursor, execute, fetch, close), so a command of five statements paid some twenty
thread hand-offs, each costing more than the statement itself. The one writer's statements
touch pages SQLite already holds in memory and take microseconds, so this dialect runs them
where they are issued. Only the statements that may wait run in a worker thread, leaving the
event loop free: ``BEGIN IMMEDIATE`` (another process may hold the write lock) and the commit
(the fsync of ``synchronous=FULL``).

Readers keep aiosqlite: a large read must not stop the event loop.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, overload

from sqlalchemy.dialects import registry
from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite
from sqlalchemy.util import await_

DRIVER = "aaref_inline"
"""The driver name of this dialect in a URL: ``sqlite+aaref_inline:///file``."""

_WAITS = ("BEGIN", "COMMIT")
_C = TypeVar("_C", bound=sqlite3.Cursor)


async def _now() -> None:
    """An awaitable that completes at once: the asyncio engine requires each statement to
    await, and awaiting this costs a greenlet switch, not an event loop turn."""


class _Cursor(sqlite3.Cursor):
    """A cursor as SQLAlchemy's asyncio results expect of a driver's: their rows are read
    ahead, so no statement is left running (SQLite cannot end a savepoint while one is)."""

    _ahead: list[Any] | None = None

    async def _async_soft_close(self) -> None:
        """Called once a statement's result is set up: read its rows and end the statement."""
        if self._ahead is None:
            self._ahead = super().fetchall()
            super().close()

    def fetchone(self) -> Any:
        if self._ahead is None:
            return super().fetchone()
        return self._ahead.pop(0) if self._ahead else None

    def fetchmany(self, size: int | None = None) -> list[Any]:
        if self._ahead is None:
            return super().fetchmany(self.arraysize if size is None else size)
        count = self.arraysize if size is None else size
        rows, self._ahead = self._ahead[:count], self._ahead[count:]
        return rows

    def fetchall(self) -> list[Any]:
        if self._ahead is None:
            return super().fetchall()
        rows, self._ahead = self._ahead, []
        return rows

    def close(self) -> None:
        if self._ahead is None:
            super().close()


class _Connection(sqlite3.Connection):
    @overload
    def cursor(self, factory: None = None) -> sqlite3.Cursor: ...

    @overload
    def cursor(self, factory: Callable[[sqlite3.Connection], _C]) -> _C: ...

    def cursor(self, factory: Callable[[sqlite3.Connection], sqlite3.Cursor] | None = None
               ) -> sqlite3.Cursor:
        """Cursors read ahead (:class:`_Cursor`) unless another factory is asked for."""
        return super().cursor(factory or _Cursor)


class InlineSQLiteDialect(SQLiteDialect_pysqlite):
    """pysqlite as an asyncio driver whose statements do not leave the event loop's thread."""

    is_async = True
    supports_statement_cache = True

    def create_connect_args(self, url: Any) -> Any:
        args, kwargs = super().create_connect_args(url)
        return args, {**kwargs, "factory": _Connection}

    def do_execute(self, cursor: Any, statement: str,
                   parameters: Sequence[Any] | Mapping[str, Any] | None,
                   context: Any = None) -> None:
        if statement.lstrip().upper().startswith(_WAITS):
            await_(asyncio.to_thread(cursor.execute, statement, parameters or ()))
        else:
            await_(_now())
            cursor.execute(statement, parameters)

    def do_execute_no_params(self, cursor: Any, statement: str, context: Any = None) -> None:
        self.do_execute(cursor, statement, None, context)

    def do_executemany(self, cursor: Any, statement: str, parameters: Sequence[Any],
                       context: Any = None) -> None:
        await_(_now())
        cursor.executemany(statement, parameters)

    def do_commit(self, dbapi_connection: Any) -> None:
        await_(asyncio.to_thread(dbapi_connection.commit))


registry.register(f"sqlite.{DRIVER}", __name__, "InlineSQLiteDialect")
