"""Where each neutral stands on its track of cooperation (001 › Phase 8: Diplomacy, Level of
cooperation), the one fact about neutrals that changes during a game, and a neutral joining
a power.

The track runs from -5 (the neutral has joined the Axis) to +5 (it has joined the Allies);
a board gives each neutral on it a starting position (``Space.diplomacy``). A neutral held
by another (``Space.held_by``: Rio de Oro by Spain) has no position of its own and moves
with its holder's. Neutrals with neither are off the track: no diplomacy reaches them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace

from .board import TRACK_END, Board
from .errors import IllegalCommandError
from .events import Event, event
from .ids import PowerId, SpaceId, UnitKind
from .notation import format_units
from .prose import possessive
from .state import GameState, Unit, frozen

TOWARD = {"Allies": 1, "Axis": -1}
"""Which way the track runs for each side: the Allies' end is +5, the Axis' -5 (001 › Phase 8,
Level of cooperation: "+5 Allies", "-5 Axis")."""


def signed(position: int) -> str:
    """A place on the track as 001's table of the Level of cooperation writes it: "-2", "0",
    "+1" (no "+0")."""
    return f"{position:+d}" if position else "0"


def starting_cooperation(board: Board) -> dict[SpaceId, int]:
    """Each neutral's position at the start of a game, from the board."""
    return {sid: s.diplomacy for sid, s in board.spaces.items() if s.diplomacy is not None}


def track_of(board: Board, space: SpaceId) -> SpaceId:
    """The neutral whose position ``space`` follows: its holder's, or its own."""
    return board.spaces[space].held_by or space


def territories(board: Board, neutral: SpaceId) -> tuple[SpaceId, ...]:
    """The neutral's territory first, then those it holds (Spain, Rio de Oro)."""
    return (neutral, *sorted(s for s, sp in board.spaces.items() if sp.held_by == neutral))


def cooperation(state: GameState, space: SpaceId) -> int | None:
    """The position of ``space`` on the track, or None where it has no place on it."""
    return state.cooperation.get(track_of(state.rules.board, space))


def with_cooperation(state: GameState, changes: Mapping[SpaceId, int]) -> GameState:
    """The state with some neutrals moved on the track; a position beyond an end stops there."""
    clamped = {track_of(state.rules.board, s): max(-TRACK_END, min(TRACK_END, v)) for s, v in changes.items()}
    return state.evolve(cooperation=frozen({**state.cooperation, **clamped}))


def pays(state: GameState, power: PowerId) -> dict[SpaceId, int]:
    """The neutrals whose income goes to ``power`` (it moved them to +3/-3: 001 › Phase 8,
    Diplomacy Rolls), each with its income, its held territories' included."""
    board = state.board
    return {n: sum(board.spaces[t].ipc for t in territories(board, n))
            for n, p in sorted(state.diplomacy.income.items(), key=lambda item: board.name(item[0])) if p == power}


def naval_troops(state: GameState, neutral: SpaceId) -> dict[UnitKind, int]:
    """The neutral's sea units (of all its territories), which join in a sea zone."""
    return dict(_troops(state, neutral, sea=True))


def landing_zones(state: GameState, neutral: SpaceId) -> tuple[SpaceId, ...]:
    """The sea zones where the neutral's ships may join: those next to a territory of it that
    lists ships among its troops (Spain's 12 and 13, not Rio de Oro's 17)."""
    board, rules = state.board, state.rules
    havens = [t for t in territories(board, neutral) if any(rules.spec(k).is_sea for k, _n in board.spaces[t].troops)]
    zones = {n for t in havens for n in board.neighbours(t) if board.spaces[n].is_sea}
    return tuple(sorted(zones, key=lambda z: (board.spaces[z].number or 0, z)))


def join(state: GameState, neutral: SpaceId, power: PowerId,
         sea: SpaceId | None = None) -> tuple[GameState, list[Event]]:
    """The neutral joins ``power`` (001 › Phase 8: "Territory and units goes to that player
    when the neutral moves to +5/-5"; an attacked neutral joins the other team the same way):
    it goes to the end of the track on ``power``'s side, its territories (those it holds
    too: Rio de Oro with Spain) to ``power``, with their troops as ``power``'s units, land
    and air units in their territory and ships in ``sea``, the adjacent sea zone the new
    owner chose ("Naval units are placed in any adjacent sea zone by the new owner"); where
    only one sea zone is adjacent, ``sea`` may be left out. Nobody collects its income as a
    pro-side neutral any more: its holder does, and ships docked at it are docked no more
    (001: "An attack on a docked naval unit is an attack on the neutral").

    Raises:
        IllegalCommandError: it is not a neutral on the track, or has joined already; it has
            ships and ``sea`` is missing (with several zones adjacent) or not adjacent.
    """
    board = state.board
    neutral = track_of(board, neutral)
    position = state.cooperation.get(neutral)
    name = board.name(neutral)
    if position is None:
        raise IllegalCommandError(f"{name} is not a neutral on the track of cooperation.", reason="neutral.off_track")
    if abs(position) == TRACK_END:
        side = "Allies" if position > 0 else "Axis"
        raise IllegalCommandError(f"{name} has joined the {side} already.", reason="neutral.joined")
    ships = naval_troops(state, neutral)
    zone = _zone(state, neutral, sea) if ships else None
    owners = dict(state.owners)
    placed: list[Unit] = []
    next_id = state.next_id
    for territory in territories(board, neutral):
        owners[territory] = power
        for kind, n in _troops(state, territory, sea=False):
            placed += [Unit(next_id + i, kind, power, territory) for i in range(n)]
            next_id += n
    if zone is not None:
        for kind, n in ships.items():
            placed += [Unit(next_id + i, kind, power, zone) for i in range(n)]
            next_id += n
    income = {s: p for s, p in state.diplomacy.income.items() if s != neutral}
    relations = replace(state.diplomacy, income=frozen(income)).without_docks_at(neutral)
    state = state.with_units(placed, owners=owners, diplomacy=relations)
    state = with_cooperation(state, {neutral: TOWARD[board.side_of(power)] * TRACK_END})
    return state, [_joined(state, neutral, power, placed, zone)]


def _troops(state: GameState, space: SpaceId, sea: bool) -> list[tuple[UnitKind, int]]:
    """The troops of ``space`` (or, for ``sea``, the ships of all the neutral's territories)
    of one domain: land and air units, or ships."""
    board, rules = state.board, state.rules
    where = territories(board, space) if sea else (space,)
    found: Counter[UnitKind] = Counter()
    for t in where:
        for kind, n in board.spaces[t].troops:
            if rules.spec(kind).is_sea == sea:
                found[UnitKind(kind)] += n
    return list(found.items())


def _zone(state: GameState, neutral: SpaceId, sea: SpaceId | None) -> SpaceId:
    """The sea zone the neutral's ships join in: ``sea``, or the only adjacent one."""
    board = state.board
    zones = landing_zones(state, neutral)
    name = board.name(neutral)
    listed = ", ".join(board.name(z) for z in zones)
    if sea is None:
        if len(zones) == 1:
            return zones[0]
        raise IllegalCommandError(
            f"{possessive(name)} ships join in a sea zone next to it, chosen by its new owner: name one with sea: "
            f"({listed}).", reason="neutral.sea_needed")
    if sea not in zones:
        raise IllegalCommandError(f"{board.name(sea)} is not a sea zone next to {name}; its ships may join in "
                                  f"{listed}.", reason="neutral.sea_not_adjacent")
    return sea


def _joined(state: GameState, neutral: SpaceId, power: PowerId, placed: list[Unit], zone: SpaceId | None) -> Event:
    """``Spain joins Germany with 4 infantry, ... in Spain, 1 destroyer, 1 transport in Sea
    Zone 13 and 1 infantry in Rio de Oro.``"""
    board, rules = state.board, state.rules
    parts = []
    by_space: dict[SpaceId, Counter[UnitKind]] = {}
    for u in placed:
        by_space.setdefault(u.space, Counter())[u.kind] += 1
    order = list(rules.units)
    for space in (*territories(board, neutral), *((zone,) if zone else ())):
        kinds = by_space.get(space)
        if kinds:
            units = tuple(sorted(kinds.items(), key=lambda kv: order.index(kv[0])))
            parts.append(f"{format_units(rules, units)} in {board.name(space)}")
    held = [board.name(t) for t in territories(board, neutral)[1:]]
    name, who = board.name(neutral), rules.power_name(power)
    text = f"{name} joins {who}" + (f", with {', '.join(held)}" if held else "")
    text += (f": {'; '.join(parts)} are now {possessive(who)}." if parts else ".")
    return event("join", text, space=name, power=who, territories=[board.name(t) for t in territories(board, neutral)],
                 zone=board.name(zone) if zone else None, units=len(placed))
