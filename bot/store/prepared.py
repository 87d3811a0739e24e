"""Core statements compiled once and run straight on the driver's connection.

SQLAlchemy spends some 50 to 100 µs of Python on each statement it runs (cache lookup,
execution context, result set-up), several times what the database takes to run it, and a
command runs a handful. The statements every command runs are therefore compiled here once,
and their parameters and rows converted by the same column types SQLAlchemy would apply, so
what is stored and read back does not depend on the path taken. The drivers keep each SQL
text prepared in their own statement caches (``sqlite3``'s, asyncpg's per connection).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from sqlalchemy.engine import Dialect
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.expression import ColumnElement, Delete, Insert, ReturnsRows, Select, Update
from sqlalchemy.types import TypeEngine

Convert = Callable[[Any], Any] | None
Statement = Select[Any] | Insert | Update | Delete
"""The statements a :class:`Prepared` runs."""
Rows = list[tuple[Any, ...]]
C = TypeVar("C")


class Prepared:
    """One statement, compiled for ``dialect``: its SQL text, and how its parameters go in
    and its rows come out."""

    def __init__(self, statement: Statement, dialect: Dialect,
                 keys: Sequence[str] | None = None) -> None:
        """``keys``: the columns an ``INSERT`` without values is given."""
        compiled = statement.compile(dialect=dialect, column_keys=list(keys) if keys else None)
        self.sql = str(compiled)
        self._binds = [(name, _bind(compiled.binds[name].type, dialect))
                       for name in compiled.positiontup or ()]
        self._fixed = {name: bind.value for name, bind in compiled.binds.items()
                       if not bind.required}
        """Values the statement carries itself, such as a ``LIMIT``'s."""
        columns: Sequence[ColumnElement[Any]] = (
            list(statement.exported_columns) if isinstance(statement, ReturnsRows) else [])
        self._results = [_result(column.type, dialect) for column in columns]
        self.returns_rows = bool(self._results)
        """Whether the caller asked for rows (PostgreSQL's implicit ``RETURNING`` of a new
        row's key is not asked for, and not read)."""

    def values(self, params: Mapping[str, Any]) -> list[Any]:
        """The positional values for ``params`` (by bind name), converted for the driver."""
        given = {**self._fixed, **params} if self._fixed else params
        return [given[name] if convert is None else convert(given[name])
                for name, convert in self._binds]

    def rows(self, rows: Iterable[Iterable[Any]]) -> Rows:
        """The driver's rows, converted as SQLAlchemy would."""
        converts = self._results
        return [tuple(value if convert is None else convert(value)
                      for value, convert in zip(row, converts, strict=True)) for row in rows]

    def clash(self, values: Sequence[Any], error: Exception) -> IntegrityError:
        """The driver's constraint error as SQLAlchemy raises it, whichever path ran."""
        return IntegrityError(self.sql, list(values), error)


def _bind(type_: TypeEngine[Any], dialect: Dialect) -> Convert:
    return type_.dialect_impl(dialect).bind_processor(dialect)


def _result(type_: TypeEngine[Any], dialect: Dialect) -> Convert:
    return type_.dialect_impl(dialect).result_processor(dialect, None)


class PreparedStatements:
    """Each statement compiled once per dialect, on first use."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self._compiled: dict[tuple[Statement, tuple[str, ...]], Prepared] = {}

    def get(self, statement: Statement, params: Mapping[str, Any]) -> Prepared:
        """``statement`` compiled (an ``INSERT`` without values takes the columns ``params``
        name)."""
        keys = tuple(params) if isinstance(statement, Insert) else ()
        prepared = self._compiled.get((statement, keys))
        if prepared is None:
            prepared = self._compiled[statement, keys] = Prepared(statement, self.dialect, keys)
        return prepared


class DriverRunner(Generic[C]):
    """Runs prepared statements on one connection of a driver (a subclass per driver)."""

    def __init__(self, connection: C, prepared: PreparedStatements) -> None:
        self.connection = connection
        self.prepared = prepared


class SQLiteRunner(DriverRunner[sqlite3.Connection]):
    """Runs prepared statements on SQLite's DB-API connection."""

    async def run(self, statement: Statement, params: Mapping[str, Any]) -> Rows:
        """Execute ``statement`` with ``params`` and return every row it gives, converted."""
        prepared = self.prepared.get(statement, params)
        values = prepared.values(params)
        try:
            cursor = self.connection.execute(prepared.sql, values)
        except sqlite3.IntegrityError as err:
            raise prepared.clash(values, err) from err
        try:
            rows = cursor.fetchall()
        finally:
            cursor.close()
        return prepared.rows(rows) if rows else []
