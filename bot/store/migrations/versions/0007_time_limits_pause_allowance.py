"""When a game started; players' pauses from the game's allowance; a table's channel kept.

``games.started_at`` is when ``/game start`` was applied (the service's clock): a game's time
limit runs from it. Games started before this revision take their creation time.

``pauses.allowance`` marks a pause a player took from the game's allowance (a referee's
pause does not count). ``tournament_games.channel_id`` is the channel (a Discord thread)
made for a table's game, stored before the game is created, so a retried ``/tournament
next`` reuses it instead of opening a second thread.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24 14:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("started_at", sqlmodel.sql.sqltypes.UTCDateTime(),
                                      nullable=True))
    op.execute(sa.text("UPDATE games SET started_at = created_at "
                       "WHERE status IN ('active', 'finished')"))
    with op.batch_alter_table("pauses", schema=None) as batch_op:
        batch_op.add_column(sa.Column("allowance", sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
    with op.batch_alter_table("tournament_games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("channel_id", sqlmodel.sql.sqltypes.AutoString(length=64),
                                      nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournament_games", schema=None) as batch_op:
        batch_op.drop_column("channel_id")
    with op.batch_alter_table("pauses", schema=None) as batch_op:
        batch_op.drop_column("allowance")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("started_at")
