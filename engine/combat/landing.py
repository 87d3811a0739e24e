"""Defending fighters left without a base after Conduct Combat.

000, Fighters: a fighter whose defending carrier was destroyed "must land on a different
friendly carrier in the same sea zone, move 1 space to a friendly territory, island, or
aircraft carrier, or be destroyed. This movement occurs during the Noncombat Move phase,
before the acting player makes any noncombat movements." Interceptors whose territory
was captured do the same (Strategic Bombing Raids, optional rule). The referee moves
them at the end of Conduct Combat: to the owner's own territory first, then an ally's,
then a carrier with room, alphabetically among equals.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ..events import Event, event
from ..ids import SpaceId
from ..prose import possessive
from ..state import GameState, Unit


def rehome(state: GameState, ids: Iterable[int]) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for uid in sorted(ids):
        f = state.units.get(uid)
        if f is None:
            continue
        here = state.board.name(f.space)
        who = state.rules.power_name(f.owner)
        spot = _landing(state, f)
        if spot is None:
            state = state.with_units(removed=[uid])
            events.append(event("lost", f"{possessive(who)} fighter in {here} finds no place to land and is lost.",
                                space=here, power=who, unit=f.kind))
            continue
        space, carrier = spot
        state = state.with_units([replace(f, space=space, aboard=carrier)])
        events.append(event("reland", f"{possessive(who)} fighter in {here} lands in {state.board.name(space)}.",
                            space=here, to=state.board.name(space), power=who, unit=f.kind))
    return state, events


def _landing(state: GameState, f: Unit) -> tuple[SpaceId, int | None] | None:
    board = state.board
    carrier = _carrier(state, f.space, f)
    if carrier is not None:
        return f.space, carrier
    near = sorted(board.neighbours(f.space), key=board.name)
    land = [s for s in near if board.spaces[s].is_land and board.allies(state.owners.get(s), f.owner)
            and not state.captured_this_turn(s)]
    land.sort(key=lambda s: state.owners.get(s) != f.owner)
    if land:
        return land[0], None
    for s in near:
        c = _carrier(state, s, f)
        if c is not None:
            return s, c
    return None


def _carrier(state: GameState, space: SpaceId, f: Unit) -> int | None:
    if not state.board.spaces[space].is_sea:
        return None
    for c in state.units_at(space):
        spec = state.rules.spec(c.kind)
        if spec.carrier_capacity and state.board.allies(c.owner, f.owner) \
                and len(state.cargo_of(c.id)) < spec.carrier_capacity:
            return c.id
    return None
