"""Ladder tests run on a SQLite file and on a PostgreSQL server alike."""

from tests.store.conftest import pg_base, url

__all__ = ["pg_base", "url"]
