"""Players, game results, result corrections and rating changes (the ladder records).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24 10:09:38
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id"),
    )
    op.create_table(
        "game_results",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("ruleset", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("winner", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=True),
        sa.Column("ending", sqlmodel.sql.sqltypes.AutoString(length=24), nullable=False),
        sa.Column("by_power", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=True),
        sa.Column("round", sa.Integer(), nullable=True),
        sa.Column("cities", sa.JSON(), nullable=False),
        sa.Column("production", sa.JSON(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("recorded_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("game_id"),
    )
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("scope", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu_after", sa.Float(), nullable=False),
        sa.Column("sigma_after", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game_results.game_id"]),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "player_id", "scope"),
    )
    with op.batch_alter_table("rating_changes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rating_changes_game_id"), ["game_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_rating_changes_player_id"), ["player_id"], unique=False
        )
    op.create_table(
        "result_corrections",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("by", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("reason", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("before", sa.JSON(), nullable=False),
        sa.Column("after", sa.JSON(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game_results.game_id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("result_corrections", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_result_corrections_game_id"), ["game_id"], unique=False
        )
    op.create_table(
        "result_seats",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("power", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("side", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game_results.game_id"]),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("game_id", "power"),
    )
    with op.batch_alter_table("result_seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_result_seats_player_id"), ["player_id"], unique=False)



def downgrade() -> None:
    with op.batch_alter_table("result_seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_result_seats_player_id"))
    op.drop_table("result_seats")
    with op.batch_alter_table("result_corrections", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_result_corrections_game_id"))
    op.drop_table("result_corrections")
    with op.batch_alter_table("rating_changes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rating_changes_player_id"))
        batch_op.drop_index(batch_op.f("ix_rating_changes_game_id"))
    op.drop_table("rating_changes")
    op.drop_table("game_results")
    op.drop_table("players")
