"""Run the Alembic migrations shipped inside the package, on an open connection."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, text

MIGRATIONS = Path(__file__).with_name("migrations")
_PG_MIGRATION_LOCK = 4_242_001


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic config pointing at ``bot/store/migrations`` (no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Upgrade inside the caller's transaction; PostgreSQL takes an advisory lock first."""
    if connection.dialect.name == "postgresql":
        connection.execute(text(f"SELECT pg_advisory_xact_lock({_PG_MIGRATION_LOCK})"))
    command.upgrade(alembic_config(connection), revision)


def downgrade(connection: Connection, revision: str = "base") -> None:
    """Downgrade inside the caller's transaction (used by the migration tests)."""
    command.downgrade(alembic_config(connection), revision)
