"""Persistence for games: SQLModel tables, the async database, migrations and data functions.

The service owns the transaction; the functions here take a session (or a writer's unit,
``bot.store.unit``) and never commit.
"""

from bot.store.db import Database, database_url
from bot.store.models import DiceLog, Game, LogEntry, Request, Seat, Setting, Snapshot

__all__ = [
    "Database",
    "DiceLog",
    "Game",
    "LogEntry",
    "Request",
    "Seat",
    "Setting",
    "Snapshot",
    "database_url",
]
