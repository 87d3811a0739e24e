"""The map after a power's turn: what changed (moves, battles, captures) and the board then.

:func:`turn_changes` is pure: the stored events of the turn's log entries in, the change list
of ``docs/map.md`` out. Commands taken back with ``/undo`` are left out, because the engine
replays the phase without them. :func:`load_turn` reads a turn from the store.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.service.replay import replay
from bot.service.rules import Engine
from bot.store import repo
from bot.store.models import Game, LogEntry
from engine.prose import listing, possessive

Event = Mapping[str, Any]
TURN_WINDOW = 2000
"""How many log entries before a turn's end are searched for its start."""
_STARTS = ("turn", "game_started")


@dataclass(frozen=True)
class TurnMap:
    """A finished turn: the board at its end, its changes, and a title for the picture."""

    state: dict[str, Any]
    changes: list[dict[str, Any]]
    title: str
    board: str
    power: str
    round: int


def turn_events(entries: Sequence[Sequence[Event]]) -> list[Event]:
    """The events of one turn from its log entries' event lists, oldest first.

    The first entry may end the previous turn and the last one starts the next: only the
    events between the ``turn`` (or ``game_started``) events count. An entry holding an
    ``undo`` event takes back the entry before it that still stands.
    """
    kept: list[list[Event]] = []
    for number, events in enumerate(entries):
        events = list(events)
        if number == 0:
            starts = [i for i, e in enumerate(events) if e.get("type") in _STARTS]
            events = events[starts[-1] + 1 :] if starts else events
        if number == len(entries) - 1 and number > 0:
            ends = [i for i, e in enumerate(events) if e.get("type") == "turn"]
            events = events[: ends[0]] if ends else events
        if any(e.get("type") == "undo" for e in events):
            if kept:
                kept.pop()
            continue
        kept.append(events)
    return [e for events in kept for e in events]


def turn_changes(events: Sequence[Event]) -> list[dict[str, Any]]:
    """Moves (merged per power, origin and destination), battles with their result, captures."""
    changes: list[dict[str, Any]] = []
    moves: dict[tuple[str, str, str], dict[str, Any]] = {}
    sides: dict[str, tuple[str, str]] = {}
    bombed: dict[str, str] = {}
    for e in events:
        kind = e.get("type")
        if kind == "move":
            path = list(e.get("path") or [])
            origin = str(e.get("origin") or path[0])
            destination = str(e.get("destination") or path[-1])
            key = (str(e["power"]), origin, destination)
            if key not in moves:
                moves[key] = {"kind": "move", "power": key[0], "from": origin,
                              "to": destination, "units": {}}
                changes.append(moves[key])
            units = moves[key]["units"]
            for unit, n in (e.get("units") or {}).items():
                units[unit] = units.get(unit, 0) + int(n)
        elif kind == "battle_start":
            defenders = " & ".join(e.get("defenders") or {}) or "the defender"
            sides[str(e["space"])] = (str(e.get("attacker") or "the attacker"), defenders)
        elif kind == "bombing":
            taken = int(e.get("applied") or e.get("damage") or 0)
            bombed[str(e.get("space"))] = f"{taken} IPCs" if "treasury" in e else f"{taken} damage"
        elif kind == "battle_end":
            space = str(e["space"])
            result = battle_result(e, *sides.get(space, ("the attacker", "the defender")),
                                   bombed.get(space, "0 damage"))
            changes.append({"kind": "battle", "space": space, "result": result})
        elif kind in ("capture", "liberate"):
            changes.append({"kind": "capture", "space": e["space"], "power": e["power"]})
    return changes


def battle_result(end: Event, attacker: str, defender: str, raid: str = "0 damage") -> str:
    """A battle's outcome in a few words, for the map; ``raid`` is what a raid did: damage
    to the factory, or IPCs the owner surrendered where bombing takes IPCs."""
    outcome = end.get("outcome")
    if outcome == "attacker":
        return f"{attacker} won" + (", captured" if end.get("captured") else "")
    return {
        "defender": f"{defender} held",
        "retreat": f"{attacker} retreated",
        "none": "no survivors",
        "stalemate": "stalemate",
        "raid": f"raid: {raid}",
    }.get(str(outcome), str(outcome))


async def load_turn(rules: Engine, session: AsyncSession, game: Game, seq: int) -> TurnMap:
    """The turn that log entry ``seq`` ended: the state after ``seq`` and the turn's changes."""
    assert game.id is not None
    query = (
        select(LogEntry)
        .where(LogEntry.game_id == game.id, LogEntry.seq <= seq,
               LogEntry.seq > seq - TURN_WINDOW)
        .order_by(col(LogEntry.seq).desc())
    )
    entries: list[LogEntry] = []
    for entry in (await session.exec(query)).all():
        entries.append(entry)
        if entry.seq < seq and any(e.get("type") in _STARTS for e in entry.events):
            break
    entries.reverse()
    changes = turn_changes(turn_events([e.events for e in entries]))
    state = await state_at(rules, session, game, seq)
    ended = entries[-1]
    power = state.rules.power_name(ended.power or state.turn)
    number = state.round
    if any(e.get("type") == "turn" for e in ended.events):
        teams = state.rules.turns.teams(state.round)
        if state.turn in teams[0]:             # a round began: the turn ended was the last of the one before
            number = state.round - 1
            team = state.rules.turns.teams(number)[-1]
        else:
            team = teams[next(i for i, t in enumerate(teams) if state.turn in t) - 1]
        power = listing(state.rules.power_name(p) for p in team)
    return TurnMap(state.to_json(), changes, f"{game.name}: after {possessive(power)} turn, round {number}",
                   state.board.id, power, number)


async def last_turn_end(session: AsyncSession, game_id: int) -> int | None:
    """The newest log entry that ended a power's turn, if any has."""
    query = (
        select(LogEntry)
        .where(LogEntry.game_id == game_id)
        .order_by(col(LogEntry.seq).desc())
        .limit(TURN_WINDOW)
    )
    for entry in (await session.exec(query)).all():
        if any(e.get("type") == "turn" for e in entry.events):
            return entry.seq
    return None


async def state_at(rules: Engine, session: AsyncSession, game: Game, seq: int) -> Any:
    """The engine state after log entry ``seq``: the newest snapshot before it plus replay."""
    assert game.id is not None
    snap = await repo.latest_snapshot(session, game.id, seq)
    if snap is None:
        raise RuntimeError(f"game {game.id} has no snapshot before entry {seq}")
    state = rules.state_from_json(snap.state, rules.load_ruleset(game.ruleset))
    entries = await repo.engine_entries(session, game.id, after=snap.seq, upto=seq)
    if entries:
        rolls = await repo.rolls_by_entry(session, game.id, after=snap.seq)
        steps = [(e.text, [r.dice or [] for r in rolls.get(e.seq, [])]) for e in entries]
        state = replay(rules, state, steps)
    return state
