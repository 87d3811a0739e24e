"""Core statements compiled once and run straight on SQLite's DB-API connection.

SQLAlchemy spends some 50 to 100 µs of Python on each statement it runs (cache lookup,
execution context, result set-up), several times what SQLite takes to run it, and a command
runs a handful. The statements every command runs are therefore compiled here once, and
their parameters and rows converted by the same column types SQLAlchemy would apply, so what
is stored and read back does not depend on the path taken. ``sqlite3`` keeps each SQL text
prepared in its own statement cache.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy.engine import Dialect
from sqlalchemy.sql.expression import ColumnElement, Delete, Insert, ReturnsRows, Select, Update
from sqlalchemy.types import TypeEngine

Convert = Callable[[Any], Any] | None
Statement = Select[Any] | Insert | Update | Delete
"""The statements a :class:`Prepared` runs."""


class Prepared:
    """One statement, compiled for ``dialect``; :meth:`run` executes it on a connection."""

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

    def run(self, connection: sqlite3.Connection, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        """Execute with ``params`` (by bind name) and return every row it gives, converted."""
        given = {**self._fixed, **params} if self._fixed else params
        values = [given[name] if convert is None else convert(given[name])
                  for name, convert in self._binds]
        cursor = connection.execute(self.sql, values)
        try:
            rows = cursor.fetchall()
        finally:
            cursor.close()
        if not rows:
            return []
        converts = self._results
        return [tuple(value if convert is None else convert(value)
                      for value, convert in zip(row, converts, strict=True)) for row in rows]


def _bind(type_: TypeEngine[Any], dialect: Dialect) -> Convert:
    return type_.dialect_impl(dialect).bind_processor(dialect)


def _result(type_: TypeEngine[Any], dialect: Dialect) -> Convert:
    return type_.dialect_impl(dialect).result_processor(dialect, None)


class PreparedStatements:
    """Each statement compiled once per dialect, on first use."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self._compiled: dict[tuple[Statement, tuple[str, ...]], Prepared] = {}

    def run(self, connection: sqlite3.Connection, statement: Statement,
            params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        """Run ``statement`` (an ``INSERT`` without values takes the columns ``params`` name)."""
        keys = tuple(params) if isinstance(statement, Insert) else ()
        prepared = self._compiled.get((statement, keys))
        if prepared is None:
            prepared = self._compiled[statement, keys] = Prepared(statement, self.dialect, keys)
        return prepared.run(connection, params)
