"""Deadlines: when the due input began (games.due_*), vacations, and the notices outbox.

Games started before this revision get a clock with their next command.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 05:48:40.088286
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notices",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("key", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("channel_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("text", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("pings", sa.JSON(), nullable=False),
        sa.Column("dm_text", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("dms", sa.JSON(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("sent_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("game_id", "key"),
    )
    with op.batch_alter_table("notices", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_notices_sent_at"), ["sent_at"], unique=False)

    op.create_table(
        "vacations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("starts_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("ends_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("vacations", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_vacations_game_id"), ["game_id"], unique=False)

    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("due_power", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=True)
        )
        batch_op.add_column(sa.Column("due_seq", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("due_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("due_at")
        batch_op.drop_column("due_seq")
        batch_op.drop_column("due_power")

    with op.batch_alter_table("vacations", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_vacations_game_id"))

    op.drop_table("vacations")
    with op.batch_alter_table("notices", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_notices_sent_at"))

    op.drop_table("notices")
