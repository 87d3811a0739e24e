"""Positions and helpers for the Conduct Combat scenario tests (display names throughout)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from engine import GameState, RuleSet
from engine.combat import start_combat
from engine.combat.handlers import battle
from engine.commands import Battle
from engine.dice import FixedDice
from engine.events import Event
from engine.state import COMBAT_MOVED, Unit

from .positions import position


def board(rules: RuleSet, turn: str, spaces: dict[str, Any], *, owners: dict[str, str | None] | None = None,
          treasury: dict[str, int] | None = None, options: dict[str, Any] | None = None,
          orders: dict[str, dict[str, Any]] | None = None) -> GameState:
    """A Conduct Combat position: ``spaces`` maps display names to {power: {kind: n}}."""
    extra: dict[str, Any] = {"options": {**rules.option_defaults(), **(options or {})}}
    if orders:
        extra["orders"] = orders
    return position(rules, turn=turn, phase="conduct_combat", spaces=spaces, owners=owners,
                    treasury=treasury, **extra)


def sid(state: GameState, name: str) -> Any:
    return state.board.find_space(name)


def pid(state: GameState, name: str) -> Any:
    return state.board.find_power(name)


def units(state: GameState, space: str, power: str | None = None, kind: str | None = None) -> list[Unit]:
    where = sid(state, space)
    return [u for u in state.units_at(where)
            if (power is None or u.owner == pid(state, power)) and (kind is None or u.kind == kind)]


def tally(state: GameState, space: str, power: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in units(state, space, power):
        out[u.kind] = out.get(u.kind, 0) + 1
    return out


def moved(state: GameState, space: str, power: str, kind: str, count: int | None = None, *,
          came_from: str | None = None, flags: Iterable[str] = (), target: str | None = None,
          aboard: bool = False) -> GameState:
    """Mark ``count`` of ``power``'s ``kind`` in ``space`` as having come from ``came_from``
    in Combat Move (path, ``combat_moved``), with extra flags or a target."""
    picked = [u for u in units(state, space, power, kind) if (u.aboard is not None) == aboard
              and not u.path and not (u.flags - {COMBAT_MOVED})]
    picked = picked[:count] if count is not None else picked
    assert picked, f"no {kind} of {power} in {space} to mark"
    changed = []
    for u in picked:
        path = (sid(state, came_from), u.space) if came_from else u.path
        extra = set(flags) | ({COMBAT_MOVED} if came_from else set())
        changed.append(replace(u, path=path, flags=u.flags | frozenset(extra),
                               target=sid(state, target) if target else u.target))
    return state.with_units(changed)


def fight(state: GameState, where: str, faces: Iterable[int]) -> tuple[GameState, list[Event], FixedDice]:
    """``/battle`` at ``where`` with fixed dice; asserts every die was used."""
    dice = FixedDice(faces)
    state, events = battle(state, Battle(sid(state, where)), dice)
    assert dice.position == len(dice.faces), f"{len(dice.faces) - dice.position} dice unused: {dice.log}"
    return state, events, dice


def begin(state: GameState) -> tuple[GameState, list[Event]]:
    return start_combat(state)


def of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]


def arrive(state: GameState, origin: str, power: str, kind: str, to: str, count: int = 1) -> GameState:
    """Move ``count`` of ``power``'s ``kind`` from ``origin`` to ``to`` as Combat Move would
    (for aircraft flying into a sea zone, which a count-built position cannot hold)."""
    picked = [u for u in units(state, origin, power, kind) if u.aboard is None][:count]
    assert len(picked) == count, f"only {len(picked)} {kind} of {power} in {origin}"
    dest = sid(state, to)
    return state.with_units(replace(u, space=dest, path=(u.space, dest), flags=u.flags | {COMBAT_MOVED})
                            for u in picked)
