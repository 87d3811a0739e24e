"""A PostgreSQL writer's transaction, its common statements run straight on asyncpg.

Through the ORM a command paid SQLAlchemy's Python around each of its statements (execution
context, result set-up, the adapter's locks and greenlet switches), most of the bot's CPU per
command. Here the transaction is asyncpg's own, on a connection checked out of the engine's
pool (so it carries the type codecs SQLAlchemy set up), and the statements every command
runs are compiled once (``bot.store.prepared``) and prepared in asyncpg's statement cache.

The ORM session, opened only when a writer asks for it, is bound to the same connection:
SQLAlchemy starts its transaction through asyncpg, which nests it as a savepoint of the open
transaction (asyncpg's ``Connection.transaction()`` nests), so the session's writes and the
statements share one commit, and a session that fails takes only its own writes back.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
from asyncpg.transaction import Transaction
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.store.prepared import DriverRunner, PreparedStatements, Rows, Statement
from bot.store.unit import WriteUnit


class PostgresRunner(DriverRunner[asyncpg.Connection]):
    """Runs prepared statements on an asyncpg connection."""

    async def run(self, statement: Statement, params: Mapping[str, Any]) -> Rows:
        """Execute ``statement`` with ``params`` and return every row it gives, converted."""
        prepared = self.prepared.get(statement, params)
        values = prepared.values(params)
        try:
            if not prepared.returns_rows:
                await self.connection.execute(prepared.sql, *values)
                return []
            rows = await self.connection.fetch(prepared.sql, *values)
        except asyncpg.IntegrityConstraintViolationError as err:
            raise prepared.clash(values, err) from err
        return prepared.rows(rows) if rows else []


@asynccontextmanager
async def postgres_unit(engine: AsyncEngine, prepared: PreparedStatements
                        ) -> AsyncIterator[WriteUnit]:
    """One write transaction: committed if the block ends normally, else rolled back."""
    async with engine.connect() as connection:
        driver = (await connection.get_raw_connection()).driver_connection
        assert isinstance(driver, asyncpg.Connection)
        transaction = driver.transaction()
        await transaction.start()
        unit = WriteUnit(lambda: _session(connection), PostgresRunner(driver, prepared))
        try:
            yield unit
            await unit.end(commit=True)
            await transaction.commit()
        except BaseException:
            await _roll_back(connection, driver, transaction, unit)
            raise


async def _roll_back(connection: AsyncConnection, driver: asyncpg.Connection,
                     transaction: Transaction, unit: WriteUnit) -> None:
    """Take the unit's writes back. A connection still in a transaction after that (a commit
    or rollback cut short, as by a cancelled task) is closed, not handed to the next writer:
    the pool does not know of asyncpg's own transaction, so would not end it."""
    try:
        await unit.end(commit=False)
        if not driver.is_closed() and driver.is_in_transaction():
            await transaction.rollback()
    finally:
        if driver.is_closed() or driver.is_in_transaction():
            await connection.invalidate()


def _session(connection: AsyncConnection) -> AsyncSession:
    return AsyncSession(bind=connection, expire_on_commit=False)
