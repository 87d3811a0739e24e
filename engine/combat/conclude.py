"""Step 7, Conclude Combat: capture or liberate, repair battleships, land cargo after a
won sea battle, and note fighters left without a place to land.

000, General Combat, Step 7; "Liberating a Territory"; "Capturing and Liberating
Capitals"; Battleships ("If a battleship survives a combat having taken one hit, return
it upright"); Fighters ("If that carrier is destroyed in combat, it must try to land
elsewhere"); Amphibious Assaults, Step 3.
"""

from __future__ import annotations

from dataclasses import replace

from ..control import capture
from ..events import Event, event
from ..ids import PowerId, SpaceId
from ..dice import Dice
from ..economy.attacks import interrupted
from ..prose import possessive
from ..state import FOUGHT, OFFLOADED, SEABORNE, GameState, Unit
from . import national
from .flow import Result, current
from .phase import CombatPhase
from .report import counts, unit_text
from .sides import at_war, attackers, defenders

OUTCOMES = {
    "attacker": "the attacker wins",
    "defender": "the defender wins",
    "none": "both sides are destroyed",
    "stalemate": "neither side can hit the other; the battle ends",
    "retreat": "the attacker retreats",
    "no_attack": "no attacking unit is left to fight",
    "break_off": "both sides break off and remain in the sea zone",
}


def conclude(state: GameState, phase: CombatPhase, outcome: str, events: list[Event]) -> Result:
    b = current(phase)
    name = state.board.name(b.space)
    atk = attackers(state, b)
    dfn = defenders(state, b, phase)
    fought = [u for u in (*atk, *dfn) if not u.has(FOUGHT)]
    fought += [state.units[i] for i in b.out if i in state.units and not state.units[i].has(FOUGHT)]
    state = state.with_units(u.with_flags(FOUGHT) for u in fought)
    repaired = [replace(u, hits=0) for u in (*attackers(state, b), *defenders(state, b, phase))
                if 0 < u.hits < state.rules.spec(u.kind).hits and state.rules.switches.ship_repair == "after_battle"]
    if repaired:
        state = state.with_units(repaired)
        verb = "returns" if len(repaired) == 1 else "return"
        events.append(event("repair", f"{name}: {unit_text(state, counts(state, repaired))} survived with one hit "
                            f"and {verb} upright.", space=name, units=counts(state, repaired)))
    captured = False
    if b.kind == "land" and outcome == "attacker":
        if any(state.rules.spec(u.kind).can_capture for u in attackers(state, b)):
            state, taken = capture(state, b.space, b.attacker)
            events.extend(taken)
            captured = True
            stranded = [u.id for u in state.units_at(b.space) if u.id in phase.interceptors]
            phase = phase.but(homeless=phase.homeless | frozenset(stranded))
        else:
            state, gone = _remove_lonely_aaa(state, b.space, b.attacker)
            events.extend(gone)
    if b.kind == "sea":
        if outcome in ("attacker", "break_off") and not b.aborted:
            state, landed = land_cargo(state, phase)
            events.extend(landed)
        state, phase, parked = _park_fighters(state, phase)
        events.extend(parked)
    events.append(event(
        "battle_end", f"Battle in {name} over after round {b.round}: {OUTCOMES[outcome]}"
        f"{' and takes the territory' if captured else ''}. Attacker left: "
        f"{unit_text(state, counts(state, attackers(state, b)))}; defender left: "
        f"{unit_text(state, counts(state, defenders(state, b, phase)))}.",
        space=name, outcome=outcome, rounds=b.round, captured=captured,
        attackers=counts(state, attackers(state, b)), defenders=counts(state, defenders(state, b, phase))))
    state, salvaged = national.after_battle(state, phase, outcome)
    events.extend(salvaged)
    if b.kind == "land":
        state, lost = interrupted(state, b.space, b.round)
        events.extend(lost)
    return state, phase.but(current=None), events


def lone_gun_fires(state: GameState, attacking: list[Unit], defending: list[Unit]) -> bool:
    """A gun that survives being alone (Revised's AA gun, not 1942's AAA) still fires at
    the aircraft attacking it, so a territory it alone holds is fought for: 002, Appendix
    I, Antiaircraft Guns ("Whenever an air unit enters a territory containing an enemy
    anti-aircraft gun, the anti-aircraft gun fires"; guns "are never destroyed, except
    when a transport carrying one is sunk")."""
    hooks = state.rules.hooks
    return (any(state.rules.spec(u.kind).antiaircraft_shots and not state.rules.spec(u.kind).destroyed_when_alone
                for u in defending)
            and any(state.rules.spec(u.kind).is_air and not hooks.aa_immune(state, u) for u in attacking))


def undefended(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """After the opening fire, a land battle no defending unit can fight in the rounds is
    over (a gun alone has fired at the aircraft): land units that are left capture the
    territory and the gun, aircraft alone cannot take it and the gun stays (README of
    revised-lhtr, ruling on a territory held only by an AA gun)."""
    b = current(phase)
    if any(state.rules.spec(u.kind).is_combat_unit for u in defenders(state, b, phase)):
        return state, phase, []
    return conclude(state, phase, "attacker" if attackers(state, b) else "no_attack", [])


def _remove_lonely_aaa(state: GameState, space: SpaceId, attacker: PowerId) -> tuple[GameState, list[Event]]:
    """AAA with no combat units beside it, attacked, is destroyed (000, AAA: "No Combat Value")."""
    lonely = [u for u in state.units_at(space)
              if at_war(state, u.owner, attacker) and state.rules.spec(u.kind).destroyed_when_alone]
    others = [u for u in state.units_at(space) if at_war(state, u.owner, attacker)
              and state.rules.spec(u.kind).is_combat_unit]
    if not lonely or others:
        return state, []
    name = state.board.name(space)
    return state.with_units(removed=[u.id for u in lonely]), [
        event("destroyed", f"{len(lonely)} enemy antiaircraft artillery in {name} destroyed: no combat unit "
              "defends it.", space=name, count=len(lonely))]


def land_cargo(state: GameState, phase: CombatPhase) -> tuple[GameState, list[Event]]:
    """After a won sea battle, land units aboard for an amphibious assault go ashore
    (000, Amphibious Assaults, Step 3)."""
    b = current(phase)
    moved: list[Unit] = []
    ships: dict[int, Unit] = {}
    for u in state.units_at(b.space):
        if u.owner == b.attacker and u.aboard is not None and u.target is not None \
                and state.rules.spec(u.kind).is_land and u.aboard in state.units:
            path = (*u.path, u.target) if u.path else (b.space, u.target)
            moved.append(replace(u, space=u.target, aboard=None, path=path, flags=u.flags | {SEABORNE},
                                 moved=state.rules.hooks.move_points(state, u), target=None))
            ship = state.units[u.aboard]
            ships[ship.id] = ship.with_flags(OFFLOADED)
    if not moved:
        return state, []
    events = []
    for target in sorted({u.space for u in moved}, key=state.board.name):
        group = [u for u in moved if u.space == target]
        events.append(event("landing", f"{unit_text(state, counts(state, group))} land from "
                            f"{state.board.name(b.space)} in {state.board.name(target)}.",
                            space=state.board.name(target), sea_zone=state.board.name(b.space),
                            units=counts(state, group)))
    return state.with_units([*moved, *ships.values()]), events


def _park_fighters(state: GameState, phase: CombatPhase) -> tuple[GameState, CombatPhase, list[Event]]:
    """Defending fighters whose carrier sank land on another friendly carrier in the zone
    if there is room; the others must move before the next Noncombat Move."""
    b = current(phase)
    stray = [u for u in state.units_at(b.space)
             if state.rules.spec(u.kind).is_air and u.aboard is None and u.owner != b.attacker]
    if not stray:
        return state, phase, []
    events: list[Event] = []
    placed: list[Unit] = []
    homeless = set(phase.homeless)
    for f in stray:
        carrier = _carrier_with_room(state, b.space, f, placed)
        if carrier is None:
            homeless.add(f.id)
            continue
        placed.append(replace(f, aboard=carrier.id))
        events.append(event("reland", f"{possessive(state.rules.power_name(f.owner))} fighter lands on another carrier in "
                            f"{state.board.name(b.space)}.", space=state.board.name(b.space),
                            power=state.rules.power_name(f.owner)))
    return state.with_units(placed), phase.but(homeless=frozenset(homeless)), events


def _carrier_with_room(state: GameState, space: SpaceId, fighter: Unit, placed: list[Unit]) -> Unit | None:
    for c in state.units_at(space):
        spec = state.rules.spec(c.kind)
        if not spec.carrier_capacity or not state.board.allies(c.owner, fighter.owner):
            continue
        aboard = len(state.cargo_of(c.id)) + sum(1 for p in placed if p.aboard == c.id)
        if aboard < spec.carrier_capacity:
            return c
    return None
