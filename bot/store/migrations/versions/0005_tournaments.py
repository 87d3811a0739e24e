"""Tournaments: the organiser's settings, the players signed up, each round's tables.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24 10:47:28
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("channel_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("organiser", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("ruleset", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("tournaments", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tournaments_channel_id"), ["channel_id"], unique=False)
    op.create_table(
        "tournament_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("tournament_id", "player_id"),
    )
    with op.batch_alter_table("tournament_entries", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tournament_entries_tournament_id"), ["tournament_id"], unique=False
        )
    op.create_table(
        "tournament_games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("first", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("second", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("axis", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("tournament_id", "round", "table_no"),
    )
    with op.batch_alter_table("tournament_games", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tournament_games_game_id"), ["game_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_tournament_games_tournament_id"), ["tournament_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("tournament_games", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_games_tournament_id"))
        batch_op.drop_index(batch_op.f("ix_tournament_games_game_id"))
    op.drop_table("tournament_games")
    with op.batch_alter_table("tournament_entries", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_entries_tournament_id"))
    op.drop_table("tournament_entries")
    with op.batch_alter_table("tournaments", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournaments_channel_id"))
    op.drop_table("tournaments")
