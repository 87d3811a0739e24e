"""Alembic migrations shipped with the package, so an installed bot can upgrade its database."""
