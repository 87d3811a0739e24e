"""Alembic environment: runs on the connection handed over by ``bot.store.migrate``."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import bot.store.ladder_models  # noqa: F401  (registers the tables on SQLModel.metadata)
import bot.store.models  # noqa: F401  (registers the tables on SQLModel.metadata)

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through bot.store.migrate, which supplies a connection")

context.configure(
    connection=connection,
    target_metadata=SQLModel.metadata,
    render_as_batch=True,
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
