"""Where deadline data lives: the game's due clock, its settings rows and vacations.

Shared by the commands (``desk``) and the scheduler's actions (``actions``); plain reads and
writes on a caller's session, never a commit.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import update
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.scheduler.deadlines import GameSettings, Interval, SettingError, deadline
from bot.store import repo
from bot.store.models import Game, Pause, Seat, Setting, Vacation
from bot.store.unit import Writer


def mention(user_id: str) -> str:
    """Discord mentions for snowflakes, ``@name`` for console users."""
    return f"<@{user_id}>" if user_id.isdigit() else f"@{user_id}"


def scope(game_id: int, user_id: str | None = None) -> str:
    """The ``settings`` scope of a game, or of one player in it."""
    return f"game:{game_id}" if user_id is None else f"game:{game_id}:user:{user_id}"


async def note_due(writer: Writer, game: Game, seq: int, power: str, at: datetime,
                   *, restart: bool = False) -> None:
    """Start the clock of ``power`` at entry ``seq`` when the input passes to it (or restarts),
    and wake the scheduler for the game (a turn notice may be due at once)."""
    if game.due_power == power and not restart:
        return
    await repo.set_due(writer, game, power, seq, at)


async def note_start(session: AsyncSession, game: Game, at: datetime) -> None:
    """Keep when the game started: its time limit runs from this moment."""
    connection = await session.connection()
    await connection.execute(update(Game).where(col(Game.id) == game.id).values(started_at=at)
                             .execution_options(synchronize_session=False))
    set_committed_value(game, "started_at", at)


async def wake(session: AsyncSession, game_id: int, at: datetime) -> None:
    """Have the scheduler look at the game at its next tick: something its deadlines depend on
    (settings, a vacation, a pause, who holds a seat) changed. Part of the caller's write."""
    connection = await session.connection()
    await connection.execute(update(Game).where(col(Game.id) == game_id).values(wake_at=at)
                             .execution_options(synchronize_session=False))


async def game_settings(session: AsyncSession, game_id: int) -> tuple[GameSettings, set[str]]:
    """The game's settings and the users who asked for direct messages."""
    rows = (await session.exec(select(Setting).where(
        col(Setting.scope).like(f"{scope(game_id)}%")))).all()
    return parse_settings(game_id, rows)


async def pauses(session: AsyncSession, game_id: int, users: Sequence[str]) -> list[Interval]:
    """The vacations of these users in the game, as intervals."""
    rows = (await session.exec(select(Vacation).where(
        Vacation.game_id == game_id, col(Vacation.user_id).in_(users)))).all()
    return [(v.starts_at, v.ends_at) for v in rows]


async def due_deadline(session: AsyncSession, game: Game) -> datetime | None:
    """When the input now due must be in; None without a deadline or a clock, or while the
    game is paused."""
    if game.status != "active" or game.due_at is None:
        return None
    settings, _ = await game_settings(session, gid(game))
    holders = [s.user_id for s in (await session.exec(select(Seat).where(
        Seat.game_id == game.id, Seat.power == game.due_power))).all()]
    stops = await game_pauses(session, gid(game))
    if running_pause(stops) is not None:
        return None
    away = await pauses(session, gid(game), holders) + pause_intervals(stops)
    return deadline(game.due_at, settings.deadline_hours, away)


async def game_pauses(session: AsyncSession, game_id: int) -> list[Pause]:
    """The game's pauses by a referee, oldest first (the last may still be running)."""
    return list((await session.exec(select(Pause).where(Pause.game_id == game_id)
                                    .order_by(col(Pause.starts_at)))).all())


def running_pause(rows: Sequence[Pause]) -> Pause | None:
    """The pause in force, if any: the game's deadlines do not run while it lasts."""
    return next((p for p in rows if p.ends_at is None), None)


def pause_intervals(rows: Sequence[Pause]) -> list[Interval]:
    """Finished pauses as intervals the deadline skips for every seat of the game."""
    return [(p.starts_at, p.ends_at) for p in rows if p.ends_at is not None]


def allowance_left(rows: Sequence[Pause], settings: GameSettings) -> timedelta:
    """What is left of the players' pause allowance, the running pause not counted."""
    used = sum((p.ends_at - p.starts_at for p in rows if p.allowance and p.ends_at is not None),
               timedelta())
    return max(timedelta(hours=settings.pause_hours) - used, timedelta())


def allowance_end(rows: Sequence[Pause], settings: GameSettings) -> datetime | None:
    """When the running pause ends by itself: a player's pause, once the allowance is spent;
    None for a referee's pause (it lasts until a referee resumes) or no pause."""
    running = running_pause(rows)
    if running is None or not running.allowance:
        return None
    return running.starts_at + allowance_left(rows, settings)


def time_limit(game: Game, settings: GameSettings, rows: Sequence[Pause]) -> datetime | None:
    """When the game reaches its time limit; pauses do not run. None without a limit, or
    while the game is paused (the moment is not known until it resumes)."""
    if game.started_at is None or not settings.time_limit_hours or running_pause(rows):
        return None
    return deadline(game.started_at, settings.time_limit_hours, pause_intervals(rows))


def parse_settings(game_id: int, rows: Sequence[Setting]) -> tuple[GameSettings, set[str]]:
    """A game's settings and DM opt-ins from settings rows (others' rows are ignored)."""
    own = scope(game_id)
    values = {r.key: r.value for r in rows if r.scope == own}
    dms = {r.scope.rsplit(":", 1)[1] for r in rows
           if r.scope.startswith(own + ":user:") and r.key == "dm" and r.value == "on"}
    try:
        return GameSettings.from_stored(values), dms
    except SettingError:
        return GameSettings(), dms


def gid(game: Game) -> int:
    """The id of a stored game."""
    assert game.id is not None
    return game.id


def label(game: Game) -> str:
    """How messages name a game."""
    return f"game #{game.id} ({game.name})"
