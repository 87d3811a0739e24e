"""AARHE's retreat decision at the end of a land combat cycle (001 › Land Combat: Retreat
Decision): "Defender declares retreat decisions before attacker"; each side "may choose to
retreat some or all of the units".

- Defender: "Retreating land units can retreat to adjacent friendly territories. Retreating
  air units must retreat to friendly territories or sea zones within 2 spaces. You may
  retreat to territories with unresolved combat if the attacker in that combat only has air
  units."
- Attacker: "if defender has no land units left, attacker must leave behind at least one land
  unit. Retreating land units must retreat to adjacent space which they came from.
  Amphibious assault land units offloaded from Transport may also retreat" (back aboard a
  transport with room in the zone they came from); aircraft break off and land in Noncombat
  Move, as every retreating attacking aircraft.

The steps ``retreat_defender`` and ``retreat_attacker`` ask with a ``retreat`` Pending whose
source is ``cycle``. An answer is a tuple of (unit id, destination) moves, empty to stay:
``/retreat to:X units:"..."`` sends the named units (all that may go to X without ``units``)
and asks again while others could still go; ``/press`` keeps the rest fighting. Standing
orders: ``retreat_below`` (fewer units than that left: every unit that may go goes, each to
its first destination; the attacker also by ``retreat_odds`` where the odds cover the battle).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..cargo import seats, transport_fits
from ..dice import Dice
from ..errors import IllegalCommandError
from ..events import Event, event
from ..ids import SpaceId, UnitKind
from ..restrictions import sharing
from ..state import DROPPED, RETREATED, SEABORNE, GameState, Unit
from . import national
from .conclude import conclude
from .flow import Result, Step, current, with_battle
from .land_cycle import air_refuges, carrier_seats, land_units
from .orders import IN_PERSON, orders_of
from .phase import Battle, CombatPhase, Pending
from .report import counts, unit_text
from .sides import attackers, defenders, friendly_to_attacker, lead_defender

CYCLE = "cycle"
"""``Pending.source`` of the retreat decision of an AARHE land cycle."""
Moves = tuple[tuple[int, SpaceId], ...]


def _units(state: GameState, phase: CombatPhase, side: str) -> list[Unit]:
    b = current(phase)
    return attackers(state, b) if side == "attacker" else defenders(state, b, phase)


def _open_to_defender(state: GameState, phase: CombatPhase, space: SpaceId) -> bool:
    """Not a battle still to fight, unless "the attacker in that combat only has air units"."""
    if space not in {e.space for e in phase.entries}:
        return True
    return all(state.rules.spec(u.kind).is_air for u in state.units_at(space) if u.owner == phase.attacker)


def destinations(state: GameState, phase: CombatPhase, unit: Unit, side: str) -> list[SpaceId]:
    """Where ``unit`` of ``side`` may retreat now, the first being where standing orders send it
    (nowhere for a unit a National Advantage keeps in the battle: ``national.held``)."""
    b = current(phase)
    spec = state.rules.spec(unit.kind)
    if national.held(state, phase, unit, side):
        return []
    if side == "defender":
        if spec.is_air:
            return air_refuges(state, phase, unit)
        near = [s for s in state.board.neighbours(b.space) if not state.board.spaces[s].is_sea
                and state.board.allies(state.owners.get(s), unit.owner) and _open_to_defender(state, phase, s)]
        return sorted(near, key=state.board.name)
    if spec.is_air:
        return [b.space]
    if unit.has(DROPPED):
        return []  # 001 › Airborne Drop: "may not retreat from this combat"
    origin = unit.came_from
    pending = {e.space for e in phase.entries}
    if origin is None or origin not in state.board.neighbours(b.space) or origin in pending:
        return []
    if not friendly_to_attacker(state, phase, origin, b) or sharing(state, b.attacker, origin) is not None:
        return []
    if unit.has(SEABORNE) and not _reboard(state, origin, b, [unit]):
        return []
    return [origin]


def _reboard(state: GameState, zone: SpaceId, b: Battle, units: Sequence[Unit]) -> dict[int, int] | None:
    """Transports of the attacker in ``zone`` the seaborne ``units`` go back aboard (unit id to
    transport id), filling each with what it already carries; None when they do not all fit."""
    ships = sorted((u for u in state.units_at(zone) if u.owner == b.attacker and state.rules.spec(u.kind).is_transport),
                   key=lambda u: u.id)
    holders = [(s.id, s.kind, [c.kind for c in state.cargo_of(s.id)]) for s in ships]
    riders = sorted(units, key=lambda u: state.rules.spec(u.kind).transport_size != "large")
    return seats(state.rules.spec, [(u.id, u.kind) for u in riders], holders, transport_fits)


def _fights(state: GameState, unit: Unit) -> bool:
    """An aircraft or a land unit of these rules (an Infrastructure Defense stays)."""
    return state.rules.spec(unit.kind).is_air or bool(land_units(state, [unit]))


def candidates(state: GameState, phase: CombatPhase, side: str) -> list[Unit]:
    """``side``'s units that have somewhere to retreat to."""
    return [u for u in _units(state, phase, side) if _fights(state, u) and destinations(state, phase, u, side)]


def options(state: GameState, phase: CombatPhase) -> list[SpaceId]:
    """Every destination of the side the pending decision is about (for /retreat's choices)."""
    p = current(phase).pending
    assert p is not None
    found = {s for u in candidates(state, phase, p.side) for s in destinations(state, phase, u, p.side)}
    return sorted(found, key=state.board.name)


def _must_stay(state: GameState, phase: CombatPhase) -> bool:
    """The attacker must leave a land unit behind when the defender has none left."""
    b = current(phase)
    return not land_units(state, defenders(state, b, phase))


def retreat_step(side: str) -> Step:
    """The retreat decision of ``side`` at the end of a cycle."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """Ask ``side`` (its chooser) whether units retreat; the defender first (001 › Land
        Combat: Retreat Decision). A side already gone ends the battle."""
        b = current(phase)
        atk, dfn = attackers(state, b), defenders(state, b, phase)
        fighting = [u for u in dfn if state.rules.spec(u.kind).is_combat_unit]
        if not atk or not fighting:
            return conclude(state, phase, "attacker" if atk else ("defender" if fighting else "none"), [])
        if not candidates(state, phase, side):
            return state, phase, []
        chooser = b.attacker if side == "attacker" else lead_defender(state, b, dfn)
        pending = Pending("retreat", chooser, side, source=CYCLE,
                          among=tuple(u.id for u in candidates(state, phase, side)))
        return state, with_battle(phase, b.but(pending=pending)), []
    return step


def chosen_moves(state: GameState, phase: CombatPhase, to: SpaceId, named: Mapping[UnitKind, int] | None) -> Moves:
    """The moves ``/retreat to:X [units:...]`` asks for, or a refusal naming what may go where."""
    p = current(phase).pending
    assert p is not None
    able = [u for u in candidates(state, phase, p.side) if to in destinations(state, phase, u, p.side)]
    if not able:
        names = ", ".join(state.board.name(s) for s in options(state, phase)) or "nowhere"
        raise IllegalCommandError(f"No unit of this battle may retreat to {state.board.name(to)}; they may retreat "
                                  f"to: {names}.", reason="combat.retreat")
    if named:
        picked: list[Unit] = []
        for kind, n in named.items():
            of_kind = sorted((u for u in able if u.kind == kind), key=lambda u: u.id)
            if n > len(of_kind):
                raise IllegalCommandError(
                    f"{len(of_kind)} {state.rules.spec(kind).word(len(of_kind))} may retreat to "
                    f"{state.board.name(to)} here, not {n}.", reason="combat.retreat_units")
            picked += of_kind[:n]
        able = picked
    if p.side == "attacker" and _must_stay(state, phase):
        staying = [u for u in land_units(state, attackers(state, current(phase))) if u not in able]
        if not staying:
            raise IllegalCommandError("The defender has no land unit left: at least one attacking land unit must stay "
                                      "behind (001 › Land Combat: Retreat Decision).", reason="combat.retreat_last")
    if p.side == "attacker" and state.board.spaces[to].is_sea and _reboard(
            state, to, current(phase), [u for u in able if not state.rules.spec(u.kind).is_air]) is None:
        raise IllegalCommandError(f"The transports in {state.board.name(to)} have no room for all of them.",
                                  reason="combat.retreat_room")
    if p.side == "defender" and state.board.spaces[to].is_sea and carrier_seats(state, to, able) is None:
        raise IllegalCommandError(f"The carriers in {state.board.name(to)} have no room for all of them.",
                                  reason="combat.retreat_room")
    return tuple((u.id, to) for u in able)


def by_orders(state: GameState, phase: CombatPhase) -> tuple[Moves, str]:
    """The moves standing orders make: every unit that may go, each to its first destination,
    when fewer units than ``retreat_below`` are left (the attacker keeping a land unit when it
    must); otherwise none."""
    b = current(phase)
    p = b.pending
    assert p is not None
    orders = orders_of(state, p.chooser)
    below, odds = int(orders["retreat_below"]), float(orders["retreat_odds"])
    mine = _units(state, phase, p.side)
    note = f"retreat below {below} units: {len(mine)} left" if below and len(mine) < below else ""
    if not note and odds and p.side == "attacker":
        note = _odds_note(state, phase, odds)
        if note.endswith("not applied: the odds do not cover this battle"):
            return (), note
    if not note:
        return (), "no retreat condition met"
    going = candidates(state, phase, p.side)
    if p.side == "attacker" and _must_stay(state, phase):
        land = land_units(state, going)
        if land and len(land) == len(land_units(state, mine)):
            keep = max(land, key=lambda u: (state.rules.spec(u.kind).cost, u.id))
            going = [u for u in going if u.id != keep.id]
    first: dict[int, SpaceId] = {u.id: destinations(state, phase, u, p.side)[0] for u in going}
    by_zone: dict[SpaceId, list[Unit]] = {}
    for u in going:
        if state.board.spaces[first[u.id]].is_sea:
            by_zone.setdefault(first[u.id], []).append(u)
    for zone, group in by_zone.items():
        land = [u for u in group if not state.rules.spec(u.kind).is_air]
        if _reboard(state, zone, b, land) is None:
            going = [u for u in going if u not in land]
        planes = [u for u in group if state.rules.spec(u.kind).is_air]
        while planes and carrier_seats(state, zone, planes) is None:
            going.remove(planes.pop())
    return tuple((u.id, first[u.id]) for u in going), note


def _odds_note(state: GameState, phase: CombatPhase, odds: float) -> str:
    """The attacker's ``retreat_odds`` order: a reason to retreat, "" when the chance is
    high enough, or a note that it is not applied where the odds do not cover the battle
    (README of AARHE, ruling 64). The odds are built on this package, hence imported here."""
    from .choices import covered, estimate

    if not covered(state, phase):
        return f"retreat below {odds:g}% odds not applied: the odds do not cover this battle"
    chance = 100 * estimate(state, phase)
    return f"retreat below {odds:g}% odds: {chance:.0f}% to win" if chance < odds else ""


def apply(state: GameState, phase: CombatPhase, moves: Moves, by: str) -> Result:
    """Carry out a cycle's retreat: land units move (seaborne ones back aboard), aircraft of
    the attacker break off, the defender's fly to their refuge; while units that could go are
    left after an answer in person, the side is asked again."""
    b = current(phase)
    p = b.pending
    assert p is not None
    name = state.board.name(b.space)
    who = state.rules.power_name(p.chooser)
    b = b.but(pending=None)
    if not moves:
        ev = event("press", f"{name}: {who} {'holds' if p.side == 'defender' else 'presses the attack'} ({by}).",
                   space=name, round=b.round, chosen_by=who, by=by, side=p.side)
        return state, with_battle(phase, b), [ev]
    dest = dict(moves)
    units = [state.units[i] for i in dest]
    stay = [u for u in units if u.space == dest[u.id]]
    zones: dict[SpaceId, list[Unit]] = {}
    for u in units:
        if state.board.spaces[dest[u.id]].is_sea and state.rules.spec(u.kind).is_land:
            zones.setdefault(dest[u.id], []).append(u)
    aboard: dict[int, int] = {}
    for zone, group in zones.items():
        aboard.update(_reboard(state, zone, b, group) or {})
    flying: dict[SpaceId, list[Unit]] = {}
    for u in units:
        if state.board.spaces[dest[u.id]].is_sea and state.rules.spec(u.kind).is_air:
            flying.setdefault(dest[u.id], []).append(u)
    for zone, group in flying.items():
        aboard.update(carrier_seats(state, zone, group) or {})
    moved = [u.with_flags(RETREATED) if u in stay else
             replace(u, space=dest[u.id], path=(*u.path, dest[u.id]), flags=u.flags | {RETREATED},
                     aboard=aboard.get(u.id, u.aboard))
             for u in units]
    state = state.with_units(moved)
    b = b.but(out=b.out | frozenset(u.id for u in stay))
    phase = with_battle(phase, b)
    events = [_event(state, b, p.side, who, by, moved, stay)]
    # Asked again after an answer in person: standing orders send all they send at once.
    if by == IN_PERSON and candidates(state, phase, p.side):
        again = Pending("retreat", p.chooser, p.side, source=CYCLE,
                        among=tuple(u.id for u in candidates(state, phase, p.side)))
        return state, with_battle(phase, b.but(pending=again)), events
    if not attackers(state, b):
        return conclude(state, phase, "retreat", events)
    return state, phase, events


def _event(state: GameState, b: Battle, side: str, who: str, by: str, moved: list[Unit], stay: list[Unit]) -> Event:
    name = state.board.name(b.space)
    parts = []
    places: dict[SpaceId, list[Unit]] = {}
    for u in moved:
        if u not in stay:
            places.setdefault(u.space, []).append(u)
    for space, group in places.items():
        parts.append(f"{unit_text(state, counts(state, group))} to {state.board.name(space)}")
    if stay:
        parts.append(f"{unit_text(state, counts(state, stay))} break off and stay to land in Noncombat Move")
    return event("retreat", f"{name}: {who} retreats {'; '.join(parts)} ({by}).", space=name, round=b.round,
                 side=side, to=", ".join(state.board.name(s) for s in places) or name,
                 units=counts(state, moved), chosen_by=who, by=by)
