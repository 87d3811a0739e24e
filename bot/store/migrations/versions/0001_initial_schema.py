"""Initial schema: games, seats, the command log, the dice log, snapshots, requests, settings.

Revision ID: 0001
Revises:
Create Date: 2026-11-22 04:55:49.496857
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("channel_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("ruleset", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("result", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True),
        sa.Column("created_by", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_games_channel_id"), ["channel_id"], unique=False)

    op.create_table(
        "requests",
        sa.Column("request_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("reply", sa.JSON(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("request_id"),
    )
    with op.batch_alter_table("requests", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_requests_game_id"), ["game_id"], unique=False)

    op.create_table(
        "settings",
        sa.Column("scope", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("key", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("value", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.PrimaryKeyConstraint("scope", "key"),
    )
    op.create_table(
        "dice_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("pos", sa.Integer(), nullable=False),
        sa.Column("entry_seq", sa.Integer(), nullable=False),
        sa.Column("type", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("period", sqlmodel.sql.sqltypes.AutoString(length=80), nullable=True),
        sa.Column("purpose", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("dice", sa.JSON(), nullable=True),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "pos"),
    )
    with op.batch_alter_table("dice_log", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_dice_log_game_id"), ["game_id"], unique=False)

    op.create_table(
        "log_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("user_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("power", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=True),
        sa.Column("text", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("events", sa.JSON(), nullable=False),
        sa.Column("request_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seq"),
    )
    with op.batch_alter_table("log_entries", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_log_entries_game_id"), ["game_id"], unique=False)

    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("power", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("user_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "power"),
    )
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seats_game_id"), ["game_id"], unique=False)

    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("game_id", "seq"),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seats_game_id"))

    op.drop_table("seats")
    with op.batch_alter_table("log_entries", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_log_entries_game_id"))

    op.drop_table("log_entries")
    with op.batch_alter_table("dice_log", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_dice_log_game_id"))

    op.drop_table("dice_log")
    op.drop_table("settings")
    with op.batch_alter_table("requests", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_requests_game_id"))

    op.drop_table("requests")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_games_channel_id"))

    op.drop_table("games")
