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
from .sides import at_war, attackers, defenders

KIND = "naval_retreat"


def decision(side: str) -> Step:
    """``side``'s retreat decision."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """Ask ``side`` to press on, break off or retreat (001 › Defender Retreat, Attacker
        Retreat: "may choose to retreat some or all the units ... may choose press on or
        break-off with remaining units")."""
        b = current(phase)
        units = side_units(state, phase, side)
        if not units:
            return state, phase, []
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


def by_orders(state: GameState, phase: CombatPhase) -> tuple[SpaceId | None, str]:
    """Standing orders: the defender presses on; the attacker retreats when fewer than its
    ``retreat_below`` units are left, to the zone most of its ships came from, else presses
    on (the odds do not model this battle, so ``retreat_odds`` is not read: README, ruling 70)."""
    b = current(phase)
    p = b.pending
    assert p is not None
    if p.side == "defender":
        return None, "the defender presses on"
    below = int(orders_of(state, b.attacker)["retreat_below"])
    atk = attackers(state, b)
    zones = options(state, phase, "attacker")[1:]
    if not below or len(atk) >= below or not zones:
        return None, "no retreat condition met"
    came = [u.came_from for u in atk]
    return (min(zones, key=lambda s: (-came.count(s), state.board.name(s))),
            f"retreat below {below} units: {len(atk)} left")


def apply(state: GameState, phase: CombatPhase, to: SpaceId | None, by: str) -> Result:
    """Carry out a side's retreat decision: press on (``None``), break off (the battle's own
    zone) or retreat to ``to``."""
    from .choices import retreat

    b = current(phase)
    p = b.pending
    assert p is not None
    name = state.board.name(b.space)
    who = state.rules.power_name(p.chooser)
    if to is None:
        verb = "chases" if p.side == "attacker" and b.broke_off else "presses on"
        ev = event("press", f"{name}: {who} {verb} ({by}).", space=name, round=b.round, side=p.side,
                   chosen_by=who, by=by)
        return state, with_battle(phase, b.but(pending=None)), [ev]
    if to == b.space:
        if p.side == "defender":
            ev = event("break_off", f"{name}: {who} breaks off ({by}).", space=name, round=b.round,
                       side=p.side, chosen_by=who, by=by)
            return state, with_battle(phase, b.but(pending=None, broke_off=True)), [ev]
        if b.broke_off:
            ev = event("break_off", f"{name}: {who} breaks off too ({by}).", space=name, round=b.round,
                       side=p.side, chosen_by=who, by=by)
            return conclude(state, with_battle(phase, b.but(pending=None)), "break_off", [ev])
        ev = event("break_off", f"{name}: {who} breaks off; the defender remains, so combat goes on for another "
                   f"cycle and any amphibious assault from here is aborted ({by}).", space=name, round=b.round,
                   side=p.side, chosen_by=who, by=by)
        return state, with_battle(phase, b.but(pending=None, aborted=True)), [ev]
    if p.side == "attacker":
        return retreat(state, phase, to, by)
    return _defender_retreats(state, phase, to, by)


def _defender_retreats(state: GameState, phase: CombatPhase, to: SpaceId, by: str) -> Result:
    """The defender's naval units (with their cargo) sail to ``to``; its aircraft leave the
    battle and land in Noncombat Move. A defender with nothing left loses the zone."""
    b = current(phase)
    p = b.pending
    assert p is not None
    dfn = defenders(state, b, phase)
    ships = [u for u in dfn if state.rules.spec(u.kind).is_sea]
    carried = {u.id for s in ships for u in state.cargo_of(s.id)}
    planes = [u for u in dfn if state.rules.spec(u.kind).is_air and u.id not in carried]
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
                    side="defender", to=state.board.name(to), units=counts(state, ships + planes), chosen_by=who,
                    by=by)]
    phase = with_battle(phase, b)
    if defenders(state, b, phase):
        return state, phase, events
    return conclude(state, phase, "attacker", events)
