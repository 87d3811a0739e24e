"""Building a ready GameService from the environment: database, migrations, dice."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.dice.keys import load_master_key
from bot.service.dice import AuditableDiceSource, DiceSource, parse_fixed
from bot.service.game_service import GameService
from bot.store.db import Database, database_url, default_data_dir


def dice_source(spec: str | None, key_dir: Path | None = None) -> DiceSource:
    """``fixed:3,1,6,...`` for a fixed list, otherwise auditable dice keyed from ``key_dir``
    (the data directory unless given)."""
    if spec:
        return parse_fixed(spec)
    return AuditableDiceSource(load_master_key(key_dir or default_data_dir()))


@asynccontextmanager
async def open_service(
    db_path: str | Path | None = None, dice: str | DiceSource | None = None
) -> AsyncIterator[GameService]:
    """A migrated database and a service over it, closed on exit.

    ``db_path`` selects a SQLite file; otherwise ``DATABASE_URL`` or the data directory. The
    dice master key file lives beside an explicit SQLite file, so a database moved or reopened
    with ``--db`` keeps the key its games' dice were committed with.
    """
    database = Database(database_url(db_path))
    key_dir = Path(db_path).resolve().parent if db_path is not None else None
    try:
        await database.migrate()
        source = dice if dice is not None and not isinstance(dice, str) else dice_source(dice, key_dir)
        yield GameService(database, source)
    finally:
        await database.close()
