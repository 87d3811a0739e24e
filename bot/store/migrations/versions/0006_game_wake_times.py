"""Game wake times: when the deadline scheduler must next look at a game, indexed.

Every active game is woken once by the upgrade, so the first tick computes its real time.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24 10:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("wake_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
        batch_op.create_index(batch_op.f("ix_games_wake_at"), ["wake_at"], unique=False)
    op.execute(sa.text("UPDATE games SET wake_at = CURRENT_TIMESTAMP WHERE status = 'active'"))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_games_wake_at"))
        batch_op.drop_column("wake_at")
