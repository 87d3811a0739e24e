"""What an accepted command says in the game's channel: sentences, and battles as logs.

Battle events (``battle_start`` ... ``battle_end`` and everything between) become one log per
battle (``bot.render.battletext``); every other event is its plain sentence. Each battle log
ends with the newest roll record of that battle, so that a channel holds the chain's head:
a later export missing that record shows the newest rolls were cut off (docs/dice.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.render.battlelog import BattleLog, partition
from bot.render.unitkey import UnitKey
from bot.store.models import LogEntry

Event = Mapping[str, Any]
OPENING_WINDOW = 200
"""How many log entries back the start of a battle in progress is looked for."""


def channel_posts(
    events: Sequence[Event], units: UnitKey, rolls: Sequence[Mapping[str, Any]] = (),
    opening: Event | None = None, notes: Mapping[str, str] | None = None,
) -> list[str]:
    """The posts for a command's events, in order; ``units`` names the game's units,
    ``rolls`` are its dice log roll entries,
    ``opening`` the ``battle_start`` of a battle the events continue (for its powers' names),
    ``notes`` a line to end each finished battle's log with, by space (its luck)."""
    outside = {id(e) for e in partition(events, units)[1]}
    posts: list[str] = []
    run: list[Event] = []
    for event in [*events, None]:
        if event is not None and id(event) not in outside:
            run.append(event)
            continue
        if run:
            logs = (_named(run, opening, units) if not posts and opening is not None
                    else partition(run, units)[0])
            from bot.render.battletext import battle_text  # its fonts load with the first battle

            posts += [_with_dice(_noted(battle_text(log), log, notes or {}), log.space, rolls) for log in logs]
            run = []
        if event is not None and event.get("text"):
            posts.append(str(event["text"]))
    return posts


def continued_space(events: Sequence[Event], units: UnitKey) -> str | None:
    """The space of the battle the events continue (they begin in its middle), if any."""
    logs = partition(events, units)[0]
    return logs[0].space if logs and not logs[0].started else None


async def battle_opening(session: AsyncSession, game_id: int, space: str) -> Event | None:
    """The ``battle_start`` event of the battle in progress in ``space``, from the log."""
    query = (
        select(LogEntry)
        .where(LogEntry.game_id == game_id)
        .order_by(col(LogEntry.seq).desc())
        .limit(OPENING_WINDOW)
    )
    for entry in (await session.exec(query)).all():
        for event in reversed(entry.events):
            if event.get("type") == "battle_start" and event.get("space") == space:
                return dict(event)
    return None


def dice_line(roll: Mapping[str, Any]) -> str:
    """``dice: roll #41, record 3f2a9c1e7b0d``: the roll's number and its record hash."""
    return f"dice: roll #{roll['seq']}, record {str(roll['hash'])[:12]}"


def _named(run: Sequence[Event], opening: Event, units: UnitKey) -> list[BattleLog]:
    """The run's logs, the first told with the powers' names its ``battle_start`` gave."""
    logs = partition(run, units)[0]
    if logs and not logs[0].started and logs[0].space == opening.get("space"):
        first = partition([opening, *_first_battle(run)], units)[0][0]
        first.started = False            # still a continuation: no force lines, "(continued)"
        logs[0] = first
    return logs


def _first_battle(run: Sequence[Event]) -> list[Event]:
    """The events of the run's first battle: up to and including its ``battle_end``."""
    out: list[Event] = []
    for event in run:
        out.append(event)
        if event.get("type") == "battle_end":
            break
    return out


def _noted(text: str, log: BattleLog, notes: Mapping[str, str]) -> str:
    return f"{text}\n{notes[log.space]}" if log.finished and log.space in notes else text


def _with_dice(text: str, space: str, rolls: Sequence[Mapping[str, Any]]) -> str:
    """The battle's log followed by its newest roll record, when the dice are auditable."""
    mine = [r for r in rolls if "hash" in r and str(r.get("purpose", "")).startswith(space + " ")]
    return f"{text}\n{dice_line(mine[-1])}" if mine else text
