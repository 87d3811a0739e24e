"""Ships docking at a neutral (001 › Phase 8: Diplomacy, Level of cooperation: "Naval units
may “dock” at neutrals with at least 1 level of co-operation towards your team. Docked units
remain in the sea zone do not interrupt hostile naval movement. An attack on a docked naval
unit is an attack on the neutral. Naval units may not “dock” at the same neutral next turn.").

``/dock neutral:Spain [sea:"Sea Zone 13"]`` in Noncombat Move docks the mover's ships in a sea
zone next to the neutral until the mover's next turn begins (README of aarhe, ruling 37).
Where they are docked is ``Relations.docked``; the checks that ignore them are
``battles.makes_sea_zone_hostile``, ``battles.sea_battle_due``, the movement context's
enemy presence and the defenders of a battle. A neutral that joins a side (attacked, or
moved to +5/-5) ends the docking there (``neutrals.join``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace

from .commands import Dock
from .dice import Dice
from .errors import IllegalCommandError
from .events import Event, event
from .ids import PowerId, SpaceId, UnitKind
from .neutrals import TOWARD, cooperation, signed, territories, track_of
from .notation import format_units
from .prose import possessive
from .state import GameState, Unit, frozen

DOCK = 1
"""001: "with at least 1 level of co-operation towards your team"."""
SOURCE = "001 › Phase 8, Level of cooperation"


def dock(state: GameState, cmd: Dock, dice: Dice) -> tuple[GameState, list[Event]]:
    """Dock the mover's ships in a sea zone next to ``cmd.neutral`` there."""
    board, rules, power = state.board, state.rules, state.turn
    neutral = _neutral(state, cmd.neutral)
    side = board.side_of(power)
    position = cooperation(state, neutral) or 0
    name, who = board.name(neutral), rules.power_name(power)
    if position * TOWARD[side] < DOCK:
        raise IllegalCommandError(
            f"{name} is {signed(position)} on the track of cooperation: {side} ships may dock there only from "
            f"{DOCK * TOWARD[side]:+d} ({SOURCE}).", reason="dock.level")
    if neutral in state.diplomacy.left.get(power, ()):
        raise IllegalCommandError(
            f"{possessive(who)} ships were docked at {name} when this turn began, and ships may not dock at the same neutral "
            f"the next turn ({SOURCE}).", reason="dock.again")
    zone = _zone(state, power, neutral, cmd.sea)
    there = state.diplomacy.docked_at(power, zone)
    if there is not None:
        raise IllegalCommandError(f"{possessive(who)} ships in {board.name(zone)} are docked at {board.name(there)} already.",
                                  reason="dock.docked")
    zones = {**state.diplomacy.docked.get(power, {}), zone: neutral}
    state = state.evolve(diplomacy=replace(state.diplomacy, docked=frozen({**state.diplomacy.docked,
                                                                          power: frozen(zones)})))
    ships = format_units(rules, _kinds(_ships(state, power, zone)))
    return state, [event("dock", f"{possessive(who)} {ships} in {board.name(zone)} dock at {name}: until {possessive(who)} next turn "
                                 f"they do not make the zone hostile, and an attack on them is an attack on {name}.",
                         power=who, neutral=name, space=board.name(zone))]


def undock(state: GameState, team: Iterable[PowerId]) -> tuple[GameState, list[Event]]:
    """The turn of ``team`` begins: its ships leave port, and remember where they were docked
    (they may not dock there again this turn)."""
    relations = state.diplomacy
    team = tuple(team)
    if not any(p in relations.docked or p in relations.left for p in team):
        return state, []
    board = state.board
    events: list[Event] = []
    left = {p: ns for p, ns in relations.left.items() if p not in team}
    for power in team:
        zones = relations.docked.get(power, {})
        if zones:
            left[power] = tuple(sorted(set(zones.values()), key=board.name))
        for zone, neutral in sorted(zones.items(), key=lambda zn: board.name(zn[0])):
            if _ships(state, power, zone):
                who = state.rules.power_name(power)
                events.append(event("undock", f"{possessive(who)} ships in {board.name(zone)} are no longer docked at "
                                              f"{board.name(neutral)}.",
                                    power=who, neutral=board.name(neutral), space=board.name(zone)))
    docked = {p: zones for p, zones in relations.docked.items() if p not in team}
    return state.evolve(diplomacy=replace(relations, docked=frozen(docked), left=frozen(left))), events


def dock_lines(state: GameState) -> list[str]:
    """``/game status``'s line on docked ships, where any are."""
    board = state.board
    parts = [f"{possessive(state.rules.power_name(p))} {format_units(state.rules, _kinds(ships))} in {board.name(z)} at "
             f"{board.name(n)}"
             for p, zones in sorted(state.diplomacy.docked.items()) for z, n in sorted(zones.items())
             for ships in [_ships(state, p, z)] if ships]
    return [f"Docked at neutrals: {'; '.join(parts)}."] if parts else []


def _neutral(state: GameState, space: SpaceId) -> SpaceId:
    """The neutral on the track that ``space`` names (Rio de Oro: Spain), or a refusal."""
    board = state.board
    if state.rules.switches.neutrals != "cooperation":
        raise IllegalCommandError("Ships dock only at neutrals on a track of cooperation, which this rule system "
                                  "does not have.", reason="dock.not_in_game")
    neutral = track_of(board, space)
    if state.cooperation.get(neutral) is None:
        raise IllegalCommandError(f"{board.name(space)} is not a neutral on the track of cooperation; ships dock "
                                  "only at one.", reason="dock.not_neutral")
    holder = state.owners.get(neutral)
    if holder is not None:
        raise IllegalCommandError(f"{board.name(neutral)} is held by {state.rules.power_name(holder)}: it is no "
                                  "neutral to dock at any more.", reason="dock.not_neutral")
    return neutral


def _zone(state: GameState, power: PowerId, neutral: SpaceId, sea: SpaceId | None) -> SpaceId:
    """The sea zone whose ships dock: ``sea``, or the only zone next to the neutral holding
    the mover's ships."""
    board = state.board
    near = sorted({n for t in territories(board, neutral) for n in board.neighbours(t) if board.spaces[n].is_sea},
                  key=lambda z: (board.spaces[z].number or 0, z))
    name, who = board.name(neutral), state.rules.power_name(power)
    listed = ", ".join(board.name(z) for z in near)
    if sea is not None:
        if sea not in near:
            raise IllegalCommandError(f"{board.name(sea)} is not next to {name}; ships dock at it from {listed}.",
                                      reason="dock.not_adjacent")
        if not _ships(state, power, sea):
            raise IllegalCommandError(f"{who} has no ships in {board.name(sea)} to dock.", reason="dock.no_ships")
        return sea
    manned = [z for z in near if _ships(state, power, z)]
    if not manned:
        raise IllegalCommandError(f"{who} has no ships next to {name} to dock (in {listed}).",
                                  reason="dock.no_ships")
    if len(manned) > 1:
        options = " or ".join(f'sea:"{board.name(z)}"' for z in manned)
        raise IllegalCommandError(f"{who} has ships in more than one sea zone next to {name}: say which dock, "
                                  f"{options}.", reason="dock.which_zone")
    return manned[0]


def _ships(state: GameState, power: PowerId, zone: SpaceId) -> list[Unit]:
    """The ships of ``power`` in ``zone`` (cargo and aircraft aboard go with them)."""
    return [u for u in state.units_at(zone) if u.owner == power and u.aboard is None
            and state.rules.spec(u.kind).is_sea]


def _kinds(units: list[Unit]) -> Counter[UnitKind]:
    return Counter(u.kind for u in units)
