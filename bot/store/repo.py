"""Data functions over a caller-owned session: they read and add rows, and never commit."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from typing import Any, TypeVar

import sqlalchemy
from sqlalchemy import bindparam, delete, func, insert, inspect, text, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import SQLModel, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.store.models import DiceLog, Game, LogEntry, Request, Seat, Snapshot, utcnow
from bot.store.prepared import Statement
from bot.store.unit import Writer, unit_of

ENGINE_KINDS = ("play", "correction", "concede")
"""Log entry kinds that change the engine state; replay applies exactly these."""


class ConcurrentWriteError(RuntimeError):
    """Another writer bumped the game's version first; the transaction must be retried."""


T = TypeVar("T", bound=SQLModel)


async def _run(writer: Writer, statement: Statement,
               params: dict[str, Any]) -> Sequence[tuple[Any, ...]]:
    return await unit_of(writer).run(statement, params)


async def get_game(session: AsyncSession, game_id: int, *, lock: bool = False) -> Game | None:
    """The game by id; ``lock`` takes the row lock (``FOR UPDATE``) where the database has one.

    A command's transaction does not lock it: its version compare-and-swap
    (:func:`bump_version`) is where a game's writers meet."""
    query = select(Game).where(Game.id == game_id)
    if lock:
        query = query.with_for_update()
    return (await session.exec(query)).first()


async def game_row(writer: Writer, game_id: int, *, lock: bool = False) -> Game | None:
    """:func:`get_game` for a write: the row as a plain ``Game``, in no session."""
    rows = await _run(writer, _GAME_LOCKED if lock else _GAME, {"game_id": game_id})
    return _loaded(Game, rows[0]) if rows else None


def _loaded(table: type[T], row: tuple[Any, ...]) -> T:
    """A row of ``table`` (selected by :func:`_every_column`) as a plain object in no session,
    built as the ORM builds a loaded row: the model's __init__ would cost a third of a
    command's database time."""
    mapper = inspect(table)
    item: T = mapper.class_manager.new_instance()
    item.__dict__.update(zip((c.key for c in mapper.columns), row, strict=True))
    return item


def _every_column(table: type[SQLModel]) -> sqlalchemy.Select[Any]:
    """Every column of ``table``, in the order :func:`_loaded` reads them."""
    return sqlalchemy.select(*inspect(table).columns)


async def lock_channel(session: AsyncSession, channel_id: str) -> None:
    """Hold the channel for this transaction, so that two games cannot open in it at once.

    PostgreSQL takes an advisory lock on the channel id; SQLite's write lock already holds
    the whole file."""
    connection = await session.connection()
    if connection.dialect.name == "postgresql":
        await connection.execute(text("SELECT pg_advisory_xact_lock(hashtext(:c))"),
                                 {"c": channel_id})


async def current_game_id(session: AsyncSession, channel_id: str) -> int | None:
    """The channel's game: the newest one still open, else the newest one at all."""
    newest_first = (
        select(Game.id).where(Game.channel_id == channel_id).order_by(col(Game.id).desc())
    )
    open_id = (
        await session.exec(newest_first.where(col(Game.status).in_(("setup", "active"))).limit(1))
    ).first()
    if open_id is not None:
        return open_id
    return (await session.exec(newest_first.limit(1))).first()


async def find_games(session: AsyncSession, name: str) -> Sequence[Game]:
    """Games whose name is ``name`` (case-insensitive), newest first."""
    query = select(Game).where(func.lower(Game.name) == name.lower())
    return (await session.exec(query.order_by(col(Game.id).desc()))).all()


async def seats(session: AsyncSession, game_id: int) -> Sequence[Seat]:
    """The game's seats in the order they were taken."""
    query = select(Seat).where(Seat.game_id == game_id).order_by(col(Seat.id))
    return (await session.exec(query)).all()


async def latest_snapshot(session: AsyncSession, game_id: int, upto: int) -> Snapshot | None:
    """The newest snapshot at or before log entry ``upto``."""
    query = (
        select(Snapshot)
        .where(Snapshot.game_id == game_id, Snapshot.seq <= upto)
        .order_by(col(Snapshot.seq).desc())
        .limit(1)
    )
    return (await session.exec(query)).first()


async def first_snapshot(session: AsyncSession, game_id: int) -> Snapshot | None:
    """The snapshot taken when the game started: the position its record replays from."""
    query = select(Snapshot).where(Snapshot.game_id == game_id).order_by(col(Snapshot.seq))
    return (await session.exec(query.limit(1))).first()


async def prune_snapshots(writer: Writer, game_id: int, *, before: int) -> None:
    """Drop the game's snapshots older than ``before`` except the first one.

    Loading needs only the newest snapshot, and export the start; the log keeps the rest.
    """
    await _run(writer, _PRUNE, {"game_id": game_id, "before": before})


async def engine_entries(
    session: AsyncSession, game_id: int, after: int = 0, upto: int | None = None
) -> Sequence[LogEntry]:
    """Entries carrying an engine command, after ``after``, in order."""
    query = select(LogEntry).where(
        LogEntry.game_id == game_id, LogEntry.seq > after, col(LogEntry.kind).in_(ENGINE_KINDS)
    )
    if upto is not None:
        query = query.where(LogEntry.seq <= upto)
    return (await session.exec(query.order_by(col(LogEntry.seq)))).all()


async def log_entries(
    session: AsyncSession, game_id: int, *, last: int | None = None
) -> Sequence[LogEntry]:
    """The whole log in order, or only its ``last`` entries."""
    query = select(LogEntry).where(LogEntry.game_id == game_id)
    if last is not None:
        query = query.order_by(col(LogEntry.seq).desc()).limit(last)
        return list(reversed((await session.exec(query)).all()))
    return (await session.exec(query.order_by(col(LogEntry.seq)))).all()


async def rolls_by_entry(
    session: AsyncSession, game_id: int, after: int = 0
) -> dict[int, list[DiceLog]]:
    """The roll entries (and sealed draws, with their stored faces) of each log entry after
    ``after``, in roll order: what replaying the entry's command takes."""
    query = (
        select(DiceLog)
        .where(DiceLog.game_id == game_id, DiceLog.entry_seq > after,
               col(DiceLog.type).in_(CHAINED))
        .order_by(col(DiceLog.pos))
    )
    grouped: dict[int, list[DiceLog]] = defaultdict(list)
    for row in (await session.exec(query)).all():
        grouped[row.entry_seq].append(row)
    return grouped


async def dice_log(session: AsyncSession, game_id: int) -> Sequence[DiceLog]:
    """The game's whole dice log in order."""
    query = select(DiceLog).where(DiceLog.game_id == game_id).order_by(col(DiceLog.pos))
    return (await session.exec(query)).all()


async def last_dice(
    writer: Writer, game_id: int, type_: str | None = None
) -> DiceLog | None:
    """The newest dice log entry, optionally of one type (the chain every auditable roll
    continues, read by each command)."""
    if type_ is None:
        rows = await _run(writer, _LAST_DICE, {"game_id": game_id})
    else:
        rows = await _run(writer, _LAST_DICE_OF, {"game_id": game_id, "type": type_})
    return _loaded(DiceLog, rows[0]) if rows else None


CHAINED = ("roll", "sealed")
"""Dice log types of the hash chain: a command's rolls and sealed draws."""


async def last_chained(writer: Writer, game_id: int) -> DiceLog | None:
    """The newest roll or sealed draw: where the chain of records continues."""
    rows = await _run(writer, _LAST_CHAINED, {"game_id": game_id})
    return _loaded(DiceLog, rows[0]) if rows else None


async def sealed_entries(writer: Writer, game_id: int) -> list[DiceLog]:
    """The game's sealed draws and unseal entries, in log order (a handful per game)."""
    return [_loaded(DiceLog, row) for row in await _run(writer, _SEALED, {"game_id": game_id})]


async def entries_at(session: AsyncSession, game_id: int, seqs: set[int]) -> Sequence[LogEntry]:
    """The log entries numbered ``seqs`` (those that made some dice entries)."""
    if not seqs:
        return []
    query = select(LogEntry).where(LogEntry.game_id == game_id, col(LogEntry.seq).in_(seqs))
    return (await session.exec(query)).all()


async def add_dice(writer: Writer, game_id: int, pos: int, entry_seq: int,
                   body: dict[str, Any], *, faces: list[int] | None = None,
                   purpose: str | None = None) -> None:
    """Add a dice log entry at ``pos`` of the game's dice log, for log entry ``entry_seq``.

    ``body`` is the public entry; a sealed draw's ``faces`` are kept beside it (replay needs
    them) and never in it, and an unseal entry names its draw's ``purpose``."""
    await _run(writer, _ADD_DICE, {
        "game_id": game_id, "pos": pos, "entry_seq": entry_seq, "type": str(body["type"]),
        "period": body.get("period"), "purpose": purpose or body.get("purpose"),
        "dice": faces if faces is not None else body.get("dice"), "body": body,
    })


async def bump_version(
    writer: Writer, game: Game, new_version: int, *, status: str, result: str | None
) -> None:
    """Compare-and-swap the game's version (and set its status); raises if it moved meanwhile.

    One ``UPDATE ... WHERE version = ? RETURNING``: it takes the row lock where the database
    has one, so a second writer of the same game waits here and then finds the version moved.
    The loaded ``game`` is updated in place without being marked dirty, so the ORM never
    writes the row behind the guard's back.
    """
    outcome = await _run(writer, _BUMP, {
        "game_id": game.id, "old": game.version, "new": new_version, "new_status": status,
        "new_result": result, "now": utcnow(),
    })
    if not outcome:
        raise ConcurrentWriteError(f"game {game.id} changed under this transaction")
    for name, value in (("version", new_version), ("status", status), ("result", result)):
        set_committed_value(game, name, value)


async def add_entry(
    writer: Writer,
    game_id: int,
    seq: int,
    *,
    kind: str,
    user_id: str,
    power: str | None,
    text: str,
    events: list[dict[str, Any]],
) -> None:
    """Add a log entry by one cached insert: no ORM object to build and flush per command."""
    await _run(writer, _ADD_ENTRY, {
        "game_id": game_id, "seq": seq, "kind": kind, "user_id": user_id, "power": power,
        "text": text, "events": events, "request_id": None, "created_at": utcnow(),
    })


async def set_due(writer: Writer, game: Game, power: str, seq: int, at: datetime) -> None:
    """The input of the game passes to ``power`` at entry ``seq`` (written at ``at``), and
    the scheduler wakes for it then; the loaded ``game`` is updated in place."""
    await _run(writer, _SET_DUE, {"game_id": game.id, "power": power, "seq": seq, "at": at})
    for name, value in (("due_power", power), ("due_seq", seq), ("due_at", at), ("wake_at", at)):
        set_committed_value(game, name, value)


async def add_snapshot(writer: Writer, game_id: int, seq: int, state: dict[str, Any]) -> None:
    """Store the state after log entry ``seq``."""
    await _run(writer, _ADD_SNAPSHOT, {"game_id": game_id, "seq": seq, "state": state})


async def get_request(session: AsyncSession, request_id: str) -> Request | None:
    """The stored reply of a request id, if that request was already applied."""
    return await session.get(Request, request_id)


async def stored_reply(writer: Writer, request_id: str) -> dict[str, Any] | None:
    """Only the stored reply of a request id: the check every retried command makes."""
    rows = await _run(writer, _REPLY, {"request_id": request_id})
    return dict(rows[0][0]) if rows else None


async def add_request(
    writer: Writer, request_id: str, game_id: int | None, reply: dict[str, Any]
) -> None:
    """Remember the reply to a request id in the current transaction."""
    await _run(writer, _ADD_REQUEST, {"request_id": request_id, "game_id": game_id,
                                      "reply": reply, "created_at": utcnow()})


# Built once, so each use finds its compiled form in SQLAlchemy's cache.
_BUMP = (
    update(Game)
    .where(col(Game.id) == bindparam("game_id"), col(Game.version) == bindparam("old"))
    .values(version=bindparam("new"), status=bindparam("new_status"),
            result=bindparam("new_result"), updated_at=bindparam("now"))
    .returning(col(Game.version))
    .execution_options(synchronize_session=False)
)
_ADD_ENTRY = insert(LogEntry)
_SET_DUE = (
    update(Game).where(col(Game.id) == bindparam("game_id"))
    .values(due_power=bindparam("power"), due_seq=bindparam("seq"), due_at=bindparam("at"),
            wake_at=bindparam("at"))
    .execution_options(synchronize_session=False)
)
_ADD_SNAPSHOT = insert(Snapshot)
_GAME = _every_column(Game).where(col(Game.id) == bindparam("game_id"))
_GAME_LOCKED = _GAME.with_for_update()
_LAST_DICE = (_every_column(DiceLog).where(col(DiceLog.game_id) == bindparam("game_id"))
              .order_by(col(DiceLog.pos).desc()).limit(1))
_LAST_DICE_OF = _LAST_DICE.where(col(DiceLog.type) == bindparam("type"))


def _dice_type_in(*types: str) -> sqlalchemy.ColumnElement[bool]:
    """``type IN (...)`` written into the SQL: prepared statements take no expanding list."""
    return col(DiceLog.type).in_([sqlalchemy.literal_column(f"'{t}'") for t in types])


_LAST_CHAINED = _LAST_DICE.where(_dice_type_in(*CHAINED))
_SEALED = (_every_column(DiceLog).where(col(DiceLog.game_id) == bindparam("game_id"),
                                        _dice_type_in("sealed", "unseal"))
           .order_by(col(DiceLog.pos)))
_ADD_DICE = insert(DiceLog)
_PRUNE = delete(Snapshot).where(
    col(Snapshot.game_id) == bindparam("game_id"),
    col(Snapshot.seq) < bindparam("before"),
    col(Snapshot.seq) > select(func.min(Snapshot.seq))
    .where(col(Snapshot.game_id) == bindparam("game_id")).scalar_subquery(),
)
_ADD_REQUEST = insert(Request)
_REPLY = select(col(Request.reply)).where(col(Request.request_id) == bindparam("request_id"))
