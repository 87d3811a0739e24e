"""Game pauses: a referee stops a game's deadlines and its players until it is resumed.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 06:10:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pauses",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("paused_by", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("reason", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("starts_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("ends_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("pauses", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_pauses_game_id"), ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("pauses", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_pauses_game_id"))
    op.drop_table("pauses")
