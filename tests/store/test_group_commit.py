"""SQLite group commit: writers that queue share one commit, each in its own savepoint."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import select

from bot.store import Database, Setting, database_url


class Refused(Exception):
    """A writer that gives up inside its transaction."""


async def test_queued_writers_share_a_commit_and_a_failing_one_takes_nothing_with_it(
        tmp_path: Path) -> None:
    """Twenty writers at once: far fewer commits than writers; the one that fails leaves no
    row and every other row is there; each writer, once it returns, is readable by a new
    connection (its commit is done, not only its savepoint)."""
    db = Database(database_url(tmp_path / "group.sqlite3"))
    await db.migrate()
    commits: list[str] = []

    def counted(conn: Any) -> None:
        if str(conn.engine.url).endswith("group.sqlite3"):
            commits.append("commit")

    event.listen(Engine, "commit", counted)
    try:
        async def writer(n: int) -> bool:
            try:
                async with db.write() as session:
                    session.add(Setting(scope="test", key=f"k{n}", value=str(n)))
                    await session.flush()
                    await asyncio.sleep(0)  # let the others queue behind the lock
                    if n == 7:
                        raise Refused
            except Refused:
                return False
            async with db.read() as session:
                return (await session.get(Setting, ("test", f"k{n}"))) is not None

        seen = await asyncio.gather(*(writer(n) for n in range(20)))
        async with db.read() as session:
            keys = {s.key for s in (await session.exec(select(Setting))).all()}
    finally:
        event.remove(Engine, "commit", counted)
        await db.close()
    assert seen == [n != 7 for n in range(20)]
    assert keys == {f"k{n}" for n in range(20) if n != 7}
    assert 1 <= len(commits) <= 3, commits
