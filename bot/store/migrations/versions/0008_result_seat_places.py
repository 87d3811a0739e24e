"""A seat's place where a game ranked its nations.

``result_seats.place`` is the power's place in a game that ranked its nations (AARHE's
Historical Victory: 1 is first, ties sharing a place); empty when a side won, as in every
game recorded before this revision.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25 01:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("result_seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("place", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("result_seats", schema=None) as batch_op:
        batch_op.drop_column("place")
