"""SQLModel tables: games, seats, the command log with its events, the dice log, snapshots,
requests, settings, vacations, notices and pauses (the ladder's are in ``ladder_models``).

The log is the truth; a game's state is derived by replaying it (snapshots only make that
faster). ``Game.version`` is the sequence number of the last log entry and doubles as the
compare-and-swap guard that keeps two writers from interleaving one game.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    """Timezone-aware UTC, as SQLModel's datetime columns expect."""
    return datetime.now(UTC)


class Game(SQLModel, table=True):
    """One game, addressed by id or by the channel it is played in."""

    __tablename__ = "games"

    id: int | None = Field(default=None, primary_key=True)
    channel_id: str = Field(index=True, max_length=64)
    name: str = Field(max_length=100)
    ruleset: str = Field(max_length=40)
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    status: str = Field(default="setup", max_length=16)
    """``setup`` (seats open), ``active``, ``finished`` (result set) or ``abandoned``."""
    result: str | None = Field(default=None, max_length=200)
    created_by: str = Field(max_length=64)
    version: int = 0
    """Sequence number of the last log entry; bumped by compare-and-swap on every write."""
    due_power: str | None = Field(default=None, max_length=40)
    """The power whose input is due (``state.actor``) since log entry ``due_seq``."""
    due_seq: int | None = None
    """The log entry that passed the input to ``due_power``: deadlines count from it."""
    due_at: datetime | None = None
    """When that entry was written; a turn's deadline is derived from it, never a timer."""
    wake_at: datetime | None = Field(default=None, index=True)
    """When the deadline scheduler must next look at this game (a reminder or an expiry may
    be due, or something its deadlines depend on changed); None: nothing to look at. Ticks
    read only games whose moment has come, through this index."""
    started_at: datetime | None = None
    """When ``/game start`` was applied, by the service's clock: the game's time limit
    (``time_limit_hours``) runs from it."""
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class Seat(SQLModel, table=True):
    """A power and the user who plays it; one user may hold several powers."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "power"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    power: str = Field(max_length=40)
    user_id: str = Field(max_length=64)


class LogEntry(SQLModel, table=True):
    """One accepted command with the events it produced, in game order.

    ``kind`` is ``play`` (a player's move), ``correction`` (a referee acting for a seat) or
    ``admin`` (seats, start, concession: no engine command). Replay applies ``play`` and
    ``correction`` entries only.
    """

    __tablename__ = "log_entries"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    seq: int
    kind: str = Field(max_length=16)
    user_id: str = Field(max_length=64)
    power: str | None = Field(default=None, max_length=40)
    text: str
    events: list[dict[str, Any]] = Field(
        default_factory=list, sa_column=Column(JSON, nullable=False)
    )
    request_id: str | None = Field(default=None, max_length=64)
    created_at: datetime = Field(default_factory=utcnow)


class DiceLog(SQLModel, table=True):
    """One dice log entry (period commit, player entropy, roll, period reveal), in game order.

    Rolls are stored with the command that made them, in the same transaction; replay feeds
    a command exactly its recorded rolls. ``body`` is the entry as the dice verifier reads it.
    """

    __tablename__ = "dice_log"
    __table_args__ = (UniqueConstraint("game_id", "pos"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    pos: int
    """Position in the game's dice log, from 1."""
    entry_seq: int
    """The log entry (``LogEntry.seq``) whose transaction wrote it."""
    type: str = Field(max_length=16)
    """``commit``, ``entropy``, ``roll`` or ``reveal``."""
    period: str | None = Field(default=None, max_length=80)
    purpose: str | None = None
    dice: list[int] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    body: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))


class Snapshot(SQLModel, table=True):
    """The engine state after log entry ``seq``, so loading need not replay from the start."""

    __tablename__ = "snapshots"

    game_id: int = Field(foreign_key="games.id", primary_key=True)
    seq: int = Field(primary_key=True)
    state: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))


class Request(SQLModel, table=True):
    """The stored reply to a request id, so a retried request is answered without replaying."""

    __tablename__ = "requests"

    request_id: str = Field(primary_key=True, max_length=64)
    game_id: int | None = Field(default=None, index=True)
    reply: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)


class Setting(SQLModel, table=True):
    """A key/value setting per scope (``global``, a guild id, a game id)."""

    __tablename__ = "settings"

    scope: str = Field(primary_key=True, max_length=64)
    key: str = Field(primary_key=True, max_length=64)
    value: str


class Vacation(SQLModel, table=True):
    """A player's declared absence: their deadlines stop running from ``starts_at`` to ``ends_at``."""

    __tablename__ = "vacations"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    user_id: str = Field(max_length=64)
    starts_at: datetime
    ends_at: datetime


class Notice(SQLModel, table=True):
    """A reminder, deadline expiry or turn notice that was done, and its message (an outbox).

    The key (``remind:<due seq>:<hours>``, ``expire:<due seq>``...) is unique per game and
    written in the same transaction as the effect, so a restart or a second process never
    does it twice; ``sent_at`` is claimed before the message is sent, so it is sent once.
    """

    __tablename__ = "notices"

    game_id: int = Field(foreign_key="games.id", primary_key=True)
    key: str = Field(primary_key=True, max_length=64)
    channel_id: str = Field(max_length=64)
    text: str = ""
    pings: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    dm_text: str = ""
    dms: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)
    sent_at: datetime | None = Field(default=None, index=True)


class Pause(SQLModel, table=True):
    """A pause of a whole game: no deadline runs and players wait until it ends.

    ``ends_at`` is empty while the pause lasts; a finished pause is an interval the deadline
    arithmetic skips, like a vacation of every player. A referee pauses at will; a player
    pauses from the game's allowance (``allowance``), and such a pause ends by itself when
    the allowance is spent.
    """

    __tablename__ = "pauses"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    paused_by: str = Field(max_length=64)
    reason: str = ""
    starts_at: datetime
    ends_at: datetime | None = None
    allowance: bool = False
    """Taken by a player from the game's pause allowance (``pause_hours``)."""
