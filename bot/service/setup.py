"""Building a ready GameService from the settings: database, migrations, dice."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.dice.keys import load_master_key
from bot.service.dice import AuditableDiceSource, DiceSource, parse_fixed
from bot.service.game_service import GameService
from bot.settings import Settings
from bot.store.db import Database, database_url


def dice_source(spec: str | None, settings: Settings, key_dir: Path | None = None) -> DiceSource:
    """``fixed:3,1,6,...`` for a fixed list, otherwise auditable dice keyed from
    ``AAREF_DICE_KEY`` or the key file in ``key_dir`` (the data directory unless given)."""
    if spec:
        return parse_fixed(spec)
    configured = settings.dice_key.get_secret_value() if settings.dice_key else None
    return AuditableDiceSource(load_master_key(key_dir or settings.data_dir, configured))


@asynccontextmanager
async def open_service(
    db_path: str | Path | None = None,
    dice: str | DiceSource | None = None,
    settings: Settings | None = None,
) -> AsyncIterator[GameService]:
    """A migrated database and a service over it, closed on exit.

    ``db_path`` selects a SQLite file; otherwise ``DATABASE_URL`` or the data directory. The
    dice master key file lives beside an explicit SQLite file, so a database moved or reopened
    with ``--db`` keeps the key its games' dice were committed with. ``settings`` default to
    the process environment, read once here.
    """
    settings = settings or Settings.load()
    database = Database(database_url(db_path, settings), settings.sqlite_synchronous)
    key_dir = Path(db_path).resolve().parent if db_path is not None else None
    try:
        await database.migrate()
        if dice is None or isinstance(dice, str):
            source = dice_source(dice, settings, key_dir)
        else:
            source = dice
        yield GameService(database, source, cached_games=settings.cached_games)
    finally:
        await database.close()
