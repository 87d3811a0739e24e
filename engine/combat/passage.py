"""Ships forced into combat on their way (switch ``forced_passage``; AARHE's README, ruling 84).

001 › Phase 3, Naval Movement: "Naval units may go through sea zones consisting of only enemy
Submarines and/or Transports. Each defending Submarine rolls a die at combat value. Each
successful roll forces one non-Submarine naval unit to enter combat, allocated by the victim.
Unforced units may choose to enter combat as well in that sea zone or continue their
original movement." Submarine Movement: "Submarines may go through hostile sea zones. Each
defending unit capable of Anti-Submarine Warfare (ASW) rolls a die at ASW search value. Each
successful roll forces one Submarine to enter combat."

The rolls come as Conduct Combat begins, before the battles are listed (a move stays whole,
judged before any die, and an undo replays no dice): for each sea zone the mover's ships
passed through in Combat Move (in the order of the zones' names), the defending submarines
(at their defense value) roll at the non-submarine ships that passed through a zone holding
only enemy submarines and transports, the defending ASW units at their ASW search value
(``naval.asw_values``: Advanced ASW's table with the development, one less at submarines
with Advanced Submarine) at the submarines that passed; each hit stops one of them there, as the mover's standing order of
loss would give them up (the first units it would lose are the first forced), with their
cargo, which makes no assault. A ship is forced at most once; the others go on as moved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..dice import Dice
from ..events import Event, event
from ..ids import SpaceId
from ..state import GameState, Unit
from .naval import asw_values, evasion
from .orders import orders_of
from .report import counts, unit_text
from .sides import at_war


def passage_fire(state: GameState, dice: Dice) -> tuple[GameState, list[Event]]:
    """Every zone's rolls at the ships that passed it, and the ships forced back to fight."""
    if not state.rules.switches.forced_passage:
        return state, []
    power = state.turn
    ships = [u for u in state.units_of(power) if state.rules.spec(u.kind).is_sea and len(u.path) > 2]
    zones = sorted({z for u in ships for z in u.path[1:-1] if state.board.spaces[z].is_sea}, key=state.board.name)
    forced: set[int] = set()
    events: list[Event] = []
    for zone in zones:
        passing = [u for u in ships if zone in u.path[1:-1] and u.id not in forced and u.id in state.units]
        enemy = [u for u in state.units_at(zone) if at_war(state, u.owner, power) and u.aboard is None
                 and state.diplomacy.docked_at(u.owner, zone) is None]
        if not passing or not enemy:
            continue
        spec = state.rules.spec
        subs = [u for u in enemy if spec(u.kind).submarine]
        if all(spec(u.kind).submarine or spec(u.kind).is_transport for u in enemy):
            values = state.rules.hooks.unit_values(state, subs, "defender")
            state, stopped, more = _roll(state, dice, zone, [(u, values[u.id]) for u in subs],
                                         [u for u in passing if not spec(u.kind).submarine], "submarine")
            forced |= stopped
            events += more
        hunted = [u for u in passing if spec(u.kind).submarine and u.id not in forced]
        minus = evasion(state, hunted)
        hunters = [(u, asw_values(state, u)[0] - minus) for u in enemy if asw_values(state, u)[0] - minus > 0]
        state, stopped, more = _roll(state, dice, zone, hunters, hunted, "ASW search")
        forced |= stopped
        events += more
    return state, events


def _roll(state: GameState, dice: Dice, zone: SpaceId, shooters: Sequence[tuple[Unit, int]],
          passing: list[Unit], what: str) -> tuple[GameState, set[int], list[Event]]:
    """The ``shooters`` roll, one die each at its value, grouped by value; each hit forces
    one of ``passing`` into combat in ``zone``."""
    if not shooters or not passing:
        return state, set(), []
    name = state.board.name(zone)
    at = unit_text(state, counts(state, passing))
    hits = 0
    events: list[Event] = []
    for value in sorted({v for _, v in shooters}):
        group = [u for u, v in shooters if v == value]
        why = f"{name} defender {unit_text(state, counts(state, group))} {what} @{value} at {at} passing"
        faces = dice.roll(len(group), why)
        scored = sum(1 for f in faces if f <= value)
        hits += scored
        events.append(event("roll", f"{why}: {' '.join(map(str, faces))} = {scored} hit{'s' if scored != 1 else ''}.",
                            space=name, round=0, side="defender", source="passage", units=counts(state, group),
                            value=value, dice=list(faces), hits=scored, rule="any", purpose=why))
    stopped = _by_orders(state, passing)[:hits]
    if not stopped:
        return state, set(), events
    state = state.with_units([_stop(v, zone) for ship in stopped for v in (ship, *state.cargo_of(ship.id))])
    events.append(event("forced", f"{name}: {state.rules.power_name(state.turn)}'s "
                        f"{unit_text(state, counts(state, stopped))} must stop and fight there.",
                        space=name, units=counts(state, stopped)))
    return state, {u.id for u in stopped}, events


def _by_orders(state: GameState, units: list[Unit]) -> list[Unit]:
    """The units in the order the mover gives units up (its standing order of loss, then the
    cheapest, transports last)."""
    rank = {k: i for i, k in enumerate(orders_of(state, state.turn)["loss"])}

    def key(u: Unit) -> tuple[object, ...]:
        spec = state.rules.spec(u.kind)
        return (spec.chosen_last, rank.get(u.kind, len(rank)), spec.cost, spec.attack, u.id)

    return sorted(units, key=key)


def _stop(unit: Unit, zone: SpaceId) -> Unit:
    """``unit`` (or its cargo) back in ``zone``, its path cut there, no assault or mission
    target left."""
    path = unit.path[:unit.path.index(zone) + 1] if zone in unit.path else unit.path
    return replace(unit, space=zone, path=path, target=None)
