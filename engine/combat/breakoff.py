"""AARHE's Retreat Decision at the end of each cycle of a sea battle (001 › Phase 4, Naval
Combat: Retreat Decision; Defender Retreat; Attacker Retreat; Break off).

"Defender declares retreat decisions before attacker." Each side answers one ``retreat``
choice (a ``Pending`` of kind ``naval_retreat``): ``/press`` presses on, ``/retreat`` to the
battle's own sea zone breaks off (the side stays in the zone), ``/retreat`` to another zone
retreats its naval units there (aircraft stay to land in Noncombat Move). Submarines
submerge in the same decision, asked just before it (step ``naval_submerge_*``).

Break off: "If both attacker and then defender chose to break-off, combat is over and both
sides remain in the sea zone. If attacker chose to break-off and defender chose to remain,
combat occurs for another cycle. If attacker chose to press on and defender chose to
break-off, attacker can now decide to also break-off or chase." The defender declares
first, so the attacker's answer always knows the defender's: both breaking off ends the
battle (outcome ``break_off``), any other pair fights another cycle.
"""

from __future__ import annotations

from dataclasses import replace

from ..battles import makes_sea_zone_hostile
from ..dice import Dice
from ..events import event
from ..ids import SpaceId
from ..state import RETREATED, GameState, Unit
from .conclude import conclude
from .flow import Result, Step, current, with_battle
from .naval import chooser, side_units
from .orders import orders_of
from .phase import CombatPhase, Pending
from .report import counts, unit_text
from .sides import at_war, defenders

KIND = "naval_retreat"


def decision(side: str) -> Step:
    """``side``'s retreat decision."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """Ask ``side`` to press on, break off or retreat (001 › Defender Retreat, Attacker
        Retreat: "may choose to retreat some or all the units ... may choose press on or
        break-off with remaining units"). The attacker is asked even when the defender has
        no unit left ("This is allowed even if defender has no units left"), unless it has
        nowhere to go: it then wins the zone."""
        b = current(phase)
        units = side_units(state, phase, side)
        if not units:
            return state, phase, []
        if side == "attacker" and not defenders(state, b, phase) and len(options(state, phase, side)) == 1:
            return conclude(state, phase, "attacker", [])
        pending = Pending(KIND, chooser(state, phase, side), side, among=tuple(u.id for u in units))
        return state, with_battle(phase, b.but(pending=pending)), []
    return step


def options(state: GameState, phase: CombatPhase, side: str) -> list[SpaceId]:
    """Where ``side``'s naval units may retreat, the battle's own zone (breaking off) first.
    The defender: "any adjacent friendly sea zones, or any adjacent hostile sea zones
    consisting of only enemy Transports"; the attacker: "any adjacent friendly sea zones
    where at least one naval unit has come from" (friendly at the start of the turn, as
    LHTR's). Never a zone whose battle is still to be fought (README, ruling 70)."""
    from .choices import retreat_options

    b = current(phase)
    if side == "attacker":
        zones = [s for s in retreat_options(state, phase) if s != b.space]
    else:
        mine = {u.owner for u in defenders(state, b, phase)}
        waiting = {e.space for e in phase.entries}
        zones = []
        for s in state.board.neighbours(b.space):
            if not state.board.spaces[s].is_sea or s in waiting:
                continue
            hostile = [u for u in state.units_at(s) if any(at_war(state, u.owner, p) for p in mine)
                       and makes_sea_zone_hostile(state, u)]
            if all(state.rules.spec(u.kind).chosen_last for u in hostile):
                zones.append(s)
        zones.sort(key=state.board.name)
    return [b.space, *zones]


Answer = tuple[SpaceId | None, tuple[int, ...]]
"""A retreat decision: press on (``None``), break off (the battle's own zone) or the zone to
retreat to, and the ids of the units that retreat (empty: all of the side's units)."""


def by_orders(state: GameState, phase: CombatPhase) -> tuple[Answer, str]:
    """Standing orders: a side retreats when fewer than its chooser's ``retreat_below`` units
    are left (the defender's too, here), to the zone most of its ships came from (the first
    by name), else presses on; the odds do not model this battle, so ``retreat_odds`` is not
    read (README, ruling 70)."""
    b = current(phase)
    p = b.pending
    assert p is not None
    below = int(orders_of(state, p.chooser)["retreat_below"])
    mine = side_units(state, phase, p.side)
    zones = options(state, phase, p.side)[1:]
    if not below or len(mine) >= below or not zones:
        return (None, ()), "no retreat condition met"
    came = [u.came_from for u in mine]
    return ((min(zones, key=lambda s: (-came.count(s), state.board.name(s))), ()),
            f"retreat below {below} units: {len(mine)} left")


def apply(state: GameState, phase: CombatPhase, answer: Answer, by: str) -> Result:
    """Carry out a side's retreat decision: press on, break off or retreat (some units or
    all). A side that retreated some units is asked again about the rest ("may choose press
    on or break-off with remaining units"). An attacker deciding after the defender has no
    unit left wins the zone by staying."""
    to, ids = answer
    b = current(phase)
    p = b.pending
    assert p is not None
    name = state.board.name(b.space)
    who = state.rules.power_name(p.chooser)
    alone = p.side == "attacker" and not defenders(state, b, phase)
    if to is None:
        verb = "chases" if p.side == "attacker" and b.broke_off else "presses on"
        ev = event("press", f"{name}: {who} {verb} ({by}).", space=name, round=b.round, side=p.side,
                   chosen_by=who, by=by)
        phase = with_battle(phase, b.but(pending=None))
        return conclude(state, phase, "attacker", [ev]) if alone else (state, phase, [ev])
    if to == b.space:
        return _break_off(state, phase, who, by, alone)
    return _retreat(state, phase, to, ids, by)


def _break_off(state: GameState, phase: CombatPhase, who: str, by: str, alone: bool) -> Result:
    b = current(phase)
    p = b.pending
    assert p is not None
    name = state.board.name(b.space)
    if p.side == "defender":
        ev = event("break_off", f"{name}: {who} breaks off ({by}).", space=name, round=b.round,
                   side=p.side, chosen_by=who, by=by)
        return state, with_battle(phase, b.but(pending=None, broke_off=True)), [ev]
    if b.broke_off or alone:
        ev = event("break_off", f"{name}: {who} breaks off{' too' if b.broke_off else ''} ({by}).", space=name,
                   round=b.round, side=p.side, chosen_by=who, by=by)
        return conclude(state, with_battle(phase, b.but(pending=None)), "break_off" if b.broke_off else "attacker",
                        [ev])
    ev = event("break_off", f"{name}: {who} breaks off; the defender remains, so combat goes on for another "
               f"cycle and any amphibious assault from here is aborted ({by}).", space=name, round=b.round,
               side=p.side, chosen_by=who, by=by)
    return state, with_battle(phase, b.but(pending=None, aborted=True)), [ev]


def _retreat(state: GameState, phase: CombatPhase, to: SpaceId, ids: tuple[int, ...], by: str) -> Result:
    """The side's named naval units (all, where none are named), with their cargo, sail to
    ``to``; named aircraft (all, where none are named) leave the battle and land in
    Noncombat Move ("Retreating air units must retreat to friendly territories or sea zone
    within 2 spaces"). An attacker with nothing left ends the battle; a side with units
    left is asked again about them."""
    b = current(phase)
    p = b.pending
    assert p is not None
    side_now = side_units(state, phase, p.side)
    going = [u for u in side_now if not ids or u.id in ids]
    ships = [u for u in going if state.rules.spec(u.kind).is_sea]
    carried = {u.id for s in ships for u in state.cargo_of(s.id)}
    planes = [u for u in going if state.rules.spec(u.kind).is_air and u.id not in carried]
    moved: list[Unit] = []
    for u in ships:
        moved.append(replace(u, space=to, path=(*(u.path or (b.space,)), to), flags=u.flags | {RETREATED}))
        moved += [replace(r, space=to, flags=r.flags | {RETREATED}) for r in state.cargo_of(u.id)]
    moved += [u.with_flags(RETREATED) for u in planes]
    state = state.with_units(moved)
    b = b.but(pending=None, out=b.out | frozenset(u.id for u in planes))
    name = state.board.name(b.space)
    who = state.rules.power_name(p.chooser)
    parts = [f"{unit_text(state, counts(state, ships))} to {state.board.name(to)}"] if ships else []
    if planes:
        parts.append(f"{unit_text(state, counts(state, planes))} leave the battle to land in Noncombat Move")
    events = [event("retreat", f"{name}: {who} retreats {'; '.join(parts)} ({by}).", space=name, round=b.round,
                    side=p.side, to=state.board.name(to), units=counts(state, ships + planes), chosen_by=who,
                    by=by)]
    phase = with_battle(phase, b)
    left = side_units(state, phase, p.side)
    if not left:
        return conclude(state, phase, "retreat", events) if p.side == "attacker" else (state, phase, events)
    again = Pending(KIND, p.chooser, p.side, among=tuple(u.id for u in left))
    return state, with_battle(phase, b.but(pending=again)), events
