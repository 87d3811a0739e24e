"""Helpers for the movement tests: moves written with the names players type."""

from __future__ import annotations

from typing import Any

from engine import GameState, Move, NoDice, RuleSet
from engine.commands import UnitCounts
from engine.events import Event
from engine.ids import SpaceId
from engine.movement import apply_move, reachable
from tests.engine.positions import position


def units(state: GameState, text: str) -> UnitCounts:
    """``"2 tank, 1 inf"`` -> unit counts."""
    out = []
    for part in text.split(","):
        n, word = part.strip().split(" ", 1)
        out.append((state.rules.find_unit(word), int(n)))
    return tuple(out)


def sid(state: GameState, name: str) -> SpaceId:
    return state.board.find_space(name)


def move(state: GameState, what: str, origin: str, dest: str, *, path: list[str] | None = None,
         mission: str | None = None) -> tuple[GameState, list[Event]]:
    cmd = Move(units(state, what), sid(state, origin), sid(state, dest),
               path=tuple(sid(state, p) for p in path) if path else None, mission=mission)
    return apply_move(state, cmd, NoDice())


def reach(state: GameState, what: str, origin: str) -> list[str]:
    return [state.board.name(s) for s in reachable(state, sid(state, origin), units(state, what))]


def at(state: GameState, name: str, power: str | None = None) -> dict[str, int]:
    """Unit counts in a space (of one power, by name), kinds as ids."""
    p = state.rules.find_power(power) if power else None
    return {str(k): n for k, n in state.count(sid(state, name), p).items()}


def pos(rules: RuleSet, turn: str, phase: str, spaces: dict[str, Any], **extra: Any) -> GameState:
    return position(rules, turn=turn, phase=phase, spaces=spaces, **extra)


def add_unit(state: GameState, kind: str, power: str, space: str, **fields: Any) -> tuple[GameState, int]:
    """A state with one more piece (for positions counts cannot express, such as a fighter in
    the air over a sea zone); returns the new piece's id."""
    from engine import Unit
    from engine.ids import PowerId, UnitKind

    unit = Unit(state.next_id, UnitKind(kind), PowerId(state.rules.find_power(power)), sid(state, space), **fields)
    return state.with_units([unit]), unit.id
