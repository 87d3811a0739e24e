"""One writer's share of a write transaction: its ORM session and the statements it runs.

A command runs the same few statements (read the game, the version compare-and-swap, the log
entry, the request's reply), and they run straight on the driver's connection, prepared once
(``bot.store.prepared``). The ORM session, for whatever else a writer reads or adds, is
opened only when first used, so a command that needs none costs none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from sqlmodel.ext.asyncio.session import AsyncSession

from bot.store.prepared import Rows, Statement


class Runner(Protocol):
    """Runs a writer's prepared statements on the driver's connection, in its transaction."""

    async def run(self, statement: Statement, params: Mapping[str, Any]) -> Rows:
        """Execute ``statement`` with ``params``; every row it gives, converted."""


class WriteUnit:
    """What a writer holds inside ``Database.unit()``; ``session`` and :meth:`run` write in the
    same transaction (on SQLite, inside the writer's own savepoint)."""

    def __init__(self, open_session: Callable[[], AsyncSession],
                 runner: Runner | None = None) -> None:
        """``runner``: runs statements without the ORM (else they go through the session)."""
        self._open_session = open_session
        self._session: AsyncSession | None = None
        self._runner = runner

    @property
    def session(self) -> AsyncSession:
        """The writer's ORM session, opened on first use."""
        if self._session is None:
            self._session = self._open_session()
        return self._session

    @property
    def session_opened(self) -> bool:
        """Whether the session was used, so that it may hold objects to flush."""
        return self._session is not None

    async def run(self, statement: Statement,
                  params: Mapping[str, Any]) -> Sequence[tuple[Any, ...]]:
        """Execute a Core statement in this transaction; the rows it returns, if any."""
        if self._runner is not None:
            return await self._runner.run(statement, params)
        connection_ = await self.session.connection()
        result = await connection_.execute(statement, params)
        return [tuple(row) for row in result] if result.returns_rows else []

    async def end(self, *, commit: bool) -> None:
        """Commit (or roll back) and close the session, if it was opened."""
        session, self._session = self._session, None
        if session is None:
            return
        try:
            if commit:
                await session.commit()
            else:
                await session.rollback()
        finally:
            await session.close()


Writer = AsyncSession | WriteUnit
"""Where a statement runs: a session, or a writer's unit (whose session opens only if used)."""


def session_of(writer: Writer) -> AsyncSession:
    """The session to read through; a unit opens its own only now."""
    return writer.session if isinstance(writer, WriteUnit) else writer


def unit_of(writer: Writer) -> WriteUnit:
    """The writer as a unit (a session is wrapped as one)."""
    return writer if isinstance(writer, WriteUnit) else WriteUnit(lambda: writer)
