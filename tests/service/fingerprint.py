"""Everything a command may change in one channel, to show that a refusal changed nothing."""

from __future__ import annotations

from typing import Any

from sqlmodel import col, select

from bot.service import GameService
from bot.store.models import DiceLog, Game, LogEntry, Pause, Seat, Setting, Vacation


async def fingerprint(service: GameService, channel: str) -> tuple[Any, ...]:
    """The channel's games, seats, log, dice log, pauses, settings, vacations and state."""
    async with service.db.read() as session:
        games = (await session.exec(select(Game).where(Game.channel_id == channel)
                                    .order_by(col(Game.id)))).all()
        ids = [g.id for g in games]

        async def rows(model: Any, *fields: str) -> list[tuple[Any, ...]]:
            found = (await session.exec(select(model).where(col(model.game_id).in_(ids)))).all()
            return sorted(tuple(str(getattr(r, f)) for f in fields) for r in found)

        seats = await rows(Seat, "game_id", "power", "user_id")
        log = await rows(LogEntry, "game_id", "seq", "text")
        dice = await rows(DiceLog, "game_id", "pos", "body")
        pauses = await rows(Pause, "game_id", "starts_at", "ends_at")
        vacations = await rows(Vacation, "game_id", "user_id", "starts_at", "ends_at")
        settings = sorted((s.scope, s.key, s.value)
                          for s in (await session.exec(select(Setting))).all())
    state = await service.state(channel) if games else None
    return (
        [(g.id, g.status, g.result, g.version, g.due_power) for g in games],
        seats, log, dice, pauses, vacations, settings,
        state.to_json() if state is not None else None,
    )
