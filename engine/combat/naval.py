"""AARHE's sea battle, cycle by cycle (001 › Phase 4, Naval Combat: Sequence), as battle steps.

"Attacker fires before defender in each item. Hits are allocated on “remove casualties”":
each side's hits of an item go behind the casualty strip (both sides' units there still fire
in that block) and leave at the block's removal step.

- Pre-Combat: ASW search, first cycle only (:func:`asw_search`).
- Opening-fire: undetected submarines fire selectively, first cycle only (:func:`sub_strike`);
  naval units perform Anti-Air (:func:`anti_air`); remove casualties.
- Mid-Combat: battleships fire (:func:`early_fire`); remove casualties; units are allocated
  to normal combat or ASW (:func:`asw_allocate`).
- Main Round: detected submarines fire, ASW attack, naval units fire, air units fire
  (:func:`main_fire`); remove casualties.
- Retreat Decision, defender first (:func:`retreat_decision`, with the submarines'
  submerging asked before it): press on, break off, or retreat (``engine.combat.breakoff``).

Who may hit whom (001 › Naval Combat: Hit Allocation): naval units' and submarines' hits
fall on non-submarine naval units, transports last (hit rule ``surface``); submarines only
by ASW attack rolls (``sub``, among the detected ones); aircraft only by anti-air rolls or,
in a dogfight, by aircraft (``air``); air units hit naval units only while the enemy has no
air units this cycle (``Battle.air``), and bombers and transport planes never do
(``attacks_naval``). The unit table says who does what: ``anti_air``, ``asw``,
``fires_early``, ``attacks_naval``, ``asw_evasion``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..dice import Dice
from ..events import Event, event
from ..ids import PowerId
from ..prose import possessive
from ..state import RETREATED, GameState, Unit
from . import air, national, selective
from .conclude import conclude
from .fire import roll_groups, values
from .flow import Result, Step, ask_casualties, current, with_battle
from .losses import destroy
from .phase import Battle, CombatPhase, Pending
from .report import counts, unit_text
from .sides import attackers, defenders, lead_defender


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def side_units(state: GameState, phase: CombatPhase, side: str) -> list[Unit]:
    b = current(phase)
    return attackers(state, b) if side == "attacker" else defenders(state, b, phase)


def chooser(state: GameState, phase: CombatPhase, side: str) -> PowerId:
    b = current(phase)
    return b.attacker if side == "attacker" else lead_defender(state, b, defenders(state, b, phase))


def surface(state: GameState, units: Sequence[Unit]) -> list[Unit]:
    """Naval units other than submarines: what naval units', submarines' and (without enemy
    aircraft) air units' hits may fall on."""
    return [u for u in units if state.rules.spec(u.kind).is_sea and not state.rules.spec(u.kind).submarine]


def subs(state: GameState, units: Sequence[Unit]) -> list[Unit]:
    return [u for u in units if state.rules.spec(u.kind).submarine]


def asw_values(state: GameState, unit: Unit) -> tuple[int, int]:
    """The unit's ASW (search, attack) values: the unit table's, or those of a development
    its owner has (001 › Phase 7, Advanced ASW: "You ASW now have the following base values")
    or a National Advantage in force gives the type (Flying Boats)."""
    asw = state.rules.spec(unit.kind).asw
    if asw is None:
        return 0, 0
    have = {*state.tech.get(unit.owner, ()), *national.asw_developments(state, unit)}
    for development, improved in asw.improved.items():
        if development in have:
            return improved
    return asw.search, asw.attack


def evasion(state: GameState, targets: Sequence[Unit]) -> int:
    """How much ASW rolls at these submarines are lowered (001 › Phase 7, Advanced Submarine:
    "ASW search and attack rolls targeting them has hit value decreased by 1"): by the least
    any of them gets, so a roll that may find an ordinary submarine keeps its value (README,
    ruling 66)."""
    out: list[int] = []
    for u in targets:
        have = state.tech.get(u.owner, ())
        out.append(sum(n for dev, n in state.rules.spec(u.kind).asw_evasion.items() if dev in have))
    return min(out) if out else 0


def _strip_free(b: Battle, units: Sequence[Unit]) -> list[Unit]:
    return [u for u in units if u.id not in b.strip]


# -- cycle start ---------------------------------------------------------------------------

def threatens(state: GameState, mine: Sequence[Unit], theirs: Sequence[Unit], side: str) -> bool:
    """Whether ``side``'s units could score a hit on the enemy's in this cycle (001 › Naval
    Combat: Hit Allocation), ASW counted against any submarine (a search may find it)."""
    vals = values(state, mine, side)
    enemy_air = bool(air.aircraft(state, theirs))
    for u in mine:
        spec = state.rules.spec(u.kind)
        if surface(state, theirs) and vals[u.id] > 0 and (
                spec.is_sea or (spec.is_air and spec.attacks_naval and not enemy_air)):
            return True
        if subs(state, theirs) and asw_values(state, u)[1] - evasion(state, subs(state, theirs)) > 0 and (
                spec.is_sea or not enemy_air):
            return True
        if enemy_air and (spec.anti_air or (spec.is_air and air.dogfight_values(state, [u], side)[u.id] > 0)):
            return True
    return False


def cycle_start(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """A cycle begins: this cycle's ASW allocation and break-off are cleared, and from the
    second cycle every submarine is detected ("Submarines are automatically detected from
    second cycle of combat", 001 › Submarine Warfare). A side with nothing left ends the
    battle; so does a battle where neither side can hit the other (001 › Naval Combat:
    Retreat Decision: "both sides must retreat or break-off"; they had the retreat decision
    at the end of the cycle before, so here both break off: README, ruling 67)."""
    b = current(phase)
    atk, dfn = attackers(state, b), defenders(state, b, phase)
    detected = b.detected | (frozenset(u.id for u in subs(state, [*atk, *dfn])) if b.round > 1 else frozenset())
    b = b.but(asw=frozenset(), broke_off=False, detected=detected)
    phase = with_battle(phase, b)
    if not atk or not dfn:
        return conclude(state, phase, "attacker" if atk else "retreat" if dfn else "none", [])
    if not threatens(state, atk, dfn, "attacker") and not threatens(state, dfn, atk, "defender"):
        return conclude(state, phase, "stalemate", [])
    return state, phase, []


# -- pre-combat ----------------------------------------------------------------------------

def asw_search(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """001 › ASW: "At the beginning of first combat cycle each units rolls an ASW “search”
    roll. Each roll detects one Submarine on its hit value" (destroyer and cruiser 2, bomber
    and transport plane 2; Advanced ASW's table; Advanced Submarine's -1). The attacker
    searches first; each side's successes detect that many enemy submarines, in the order
    they stand (README, ruling 66)."""
    b = current(phase)
    if b.round > 1:
        return state, phase, []
    events: list[Event] = []
    found: set[int] = set()
    for side in ("attacker", "defender"):
        hidden = subs(state, side_units(state, phase, other(side)))
        if not hidden:
            continue
        minus = evasion(state, hidden)
        groups: dict[tuple[int, str], list[Unit]] = {}
        for u in side_units(state, phase, side):
            value = asw_values(state, u)[0] - minus
            if value > 0:
                groups.setdefault((value, "sub"), []).append(u)
        if not groups:
            continue
        at = f"{unit_text(state, counts(state, hidden))} (ASW search)"
        hits, rolled = roll_groups(state, dice, b.space, b.round, side, groups, "asw_search", at=at)
        events += rolled
        spotted = sorted(hidden, key=lambda u: u.id)[:sum(n for n, _ in hits)]
        if spotted:
            found |= {u.id for u in spotted}
            name = state.board.name(b.space)
            whose = "; ".join(f"{unit_text(state, counts(state, [u for u in spotted if u.owner == p]))} of "
                              f"{state.rules.power_name(p)}" for p in dict.fromkeys(u.owner for u in spotted))
            events.append(event("detected", f"{name}: {whose} detected.", space=name,
                                round=b.round, side=other(side), units=counts(state, spotted)))
    return state, with_battle(phase, b.but(detected=b.detected | found)), events


# -- opening fire --------------------------------------------------------------------------

def _undetected(state: GameState, phase: CombatPhase, side: str) -> list[Unit]:
    b = current(phase)
    return sorted((u for u in subs(state, side_units(state, phase, side)) if u.id not in b.detected),
                  key=lambda u: u.id)


def sub_strike(side: str) -> Step:
    """The selective opening fire of ``side``'s undetected submarines."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """001 › Submarine Warfare: "Undetected Submarines fire in opening-fire and
        selectively. It may only target non-Submarine naval units. All targets are selected
        before any rolls" (first cycle only). First the side chooses a target for each
        submarine (a ``targets`` choice, the step running again once answered); then each
        submarine rolls at its value against its own target, a hit damaging or sinking it."""
        b = current(phase)
        shooters = _undetected(state, phase, side)
        targets = _strip_free(b, surface(state, side_units(state, phase, other(side))))
        if b.round > 1 or not shooters or not targets:
            return state, phase, []
        if not b.aim:
            return state, selective.ask(phase, chooser(state, phase, side), side, shooters, targets, "surface",
                                        selective.SUBMARINES), []
        vals = national.adjusted(state, phase, shooters, side, values(state, shooters, side), "opening")
        return selective.fire(state, phase, dice, side, shooters, vals, "surface")
    return step


def suicide_boats(side: str) -> Step:
    """``side``'s suicide boats (``national.suicide``), in the first cycle's opening fire."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """001 › Appendix: National Advantages, Japan 9, Shinyo Suicide Boats: "At the start of
        a naval combat, you may designate as many of your naval transports as suicide boats.
        Each designated transport targets one enemy naval unit. They may declare a secondary
        target ... One suicide boat at a time, roll a die hitting on 3 or less and itself is
        destroyed after rolling in the first cycle of combat." First the owner names the
        targets, one for each boat sent (a ``targets`` choice, source ``boats``: none by
        standing orders); then each boat sent, by id, strikes its own target or, that one
        gone, the next named still afloat, and is destroyed (README of maps/aarhe, ruling 148)."""
        b = current(phase)
        found = national.suicide(state, phase, side) if b.round == 1 else None
        targets = _strip_free(b, surface(state, side_units(state, phase, other(side))))
        boats = _strip_free(b, found[0]) if found is not None else []
        if found is None or not boats or not targets:
            return state, phase, []
        if b.boats is None:
            pending = Pending("targets", boats[0].owner, side, ((len(boats), "surface"),), selective.BOATS,
                              among=tuple(u.id for u in targets), again=True)
            return state, with_battle(phase, b.but(pending=pending)), []
        return _boats_strike(state, phase, dice, side, boats, found[1].at_least, found[1].label)
    return step


def _boats_strike(state: GameState, phase: CombatPhase, dice: Dice, side: str, boats: Sequence[Unit], value: int,
                  label: str) -> Result:
    """Each boat sent rolls at its target, one at a time, and is destroyed with its cargo; a
    hit damages a ship that can take one more, else puts it behind the casualty strip."""
    b = current(phase)
    named = list(b.boats or ())
    name = state.board.name(b.space)
    events: list[Event] = []
    for i, boat in enumerate(boats[:len(named)]):
        target = next((t for t in named[i:] + named[:i] if t in state.units and t not in b.strip), None)
        if target is None:
            break
        aimed = state.units[target]
        why = f"{name} r{b.round} {side} 1 {label} @{value} at {state.rules.spec(aimed.kind).word()}"
        face = dice.roll(1, why)[0]
        hit = face <= value
        events.append(event("roll", f"{why}: {face} = {int(hit)} hit{'' if hit else 's'}.", space=name,
                            round=b.round, side=side, source=selective.BOATS, label=label,
                            units=counts(state, [boat]), value=value, dice=[face], hits=int(hit), purpose=why))
        if hit and aimed.hits + 1 < state.rules.spec(aimed.kind).hits:
            state = state.with_units([replace(aimed, hits=aimed.hits + 1)])
        elif hit:
            b = b.but(strip=(*b.strip, target))
        if hit:
            owner = state.rules.power_name(aimed.owner)
            fate = "hit, behind the casualty strip" if target in b.strip else "damaged"
            events.append(event("casualties", f"{name}: {owner} {unit_text(state, counts(state, [aimed]))} {fate} "
                                f"({label}).", space=name, round=b.round, side=other(side),
                                units=counts(state, [aimed]) if target in b.strip else {},
                                damaged={} if target in b.strip else counts(state, [aimed]), cargo={},
                                source=selective.BOATS, chosen_by=None, by="targets", immediate=False))
        state, cargo = destroy(state, [boat.id], b.attacker)
        events.append(event("casualties", f"{name}: {possessive(state.rules.power_name(boat.owner))} {label} is "
                            f"destroyed after its strike{', and its cargo ' + unit_text(state, counts(state, cargo)) if cargo else ''}.",
                            space=name, round=b.round, side=side, units=counts(state, [boat]),
                            cargo=counts(state, cargo), source=selective.BOATS, chosen_by=None, by="rule",
                            immediate=True))
    return state, with_battle(phase, b.but(boats=None)), events


def anti_air(side: str) -> Step:
    """``side``'s naval units perform Anti-Air."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """001 › Anti-Air: "Certain naval unit has an Anti-Air value. This is the number of
        Anti-Air rolls each hitting on a 1. Hits must be allocated on enemy air units"
        (destroyer 1, carrier 1, battleship 2, cruiser 3: ``anti_air``), every cycle; a
        National Advantage may raise the hit value (``national.anti_air_value``)."""
        b = current(phase)
        guns = [u for u in side_units(state, phase, side) if state.rules.spec(u.kind).anti_air]
        planes = _strip_free(b, air.aircraft(state, side_units(state, phase, other(side))))
        if not guns or not planes:
            return state, phase, []
        groups: dict[tuple[int, str], list[Unit]] = {}
        for u in guns:
            groups.setdefault((national.anti_air_value(state, phase, u, side), "air"), []).append(u)
        shots = {key: sum(state.rules.spec(u.kind).anti_air for u in us) for key, us in groups.items()}
        hits, events = roll_groups(state, dice, b.space, b.round, side, groups, "anti_air",
                                   count=shots, at=f"{unit_text(state, counts(state, planes))} (anti-air)")
        return state, ask_casualties(state, phase, hits, other(side), "anti_air", False, planes), events
    return step


def remove(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """Remove casualties (001 › Naval Combat: Sequence): both sides' units behind the strip
    leave, with their cargo."""
    b = current(phase)
    if not b.strip:
        return state, phase, []
    gone = [state.units[i] for i in b.strip if i in state.units]
    state, lost = destroy(state, b.strip, b.attacker)
    name = state.board.name(b.space)
    by_power = "; ".join(f"{state.rules.power_name(p)} {unit_text(state, counts(state, [u for u in gone if u.owner == p]))}"
                         for p in dict.fromkeys(u.owner for u in gone))
    ev = event("removed", f"{name}: casualties removed: {by_power}"
               f"{', and the cargo ' + unit_text(state, counts(state, lost)) if lost else ''}.",
               space=name, round=b.round, units=counts(state, gone), cargo=counts(state, lost))
    return state, with_battle(phase, b.but(strip=())), [ev]


# -- mid-combat ----------------------------------------------------------------------------

def early_fire(side: str) -> Step:
    """``side``'s battleships fire before the main round."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """001 › Naval Combat: Battleships: "Battleships fires before main-round fire of
        other naval units" (Mid-Combat 1: ``fires_early``), at non-submarine naval units."""
        b = current(phase)
        shooters = [u for u in side_units(state, phase, side) if state.rules.spec(u.kind).fires_early]
        return _salvo(state, phase, dice, side, [("surface", shooters)], "early")
    return step


def _targets(state: GameState, phase: CombatPhase, side: str) -> dict[str, list[Unit]]:
    """The enemy units each hit rule may fall on now: non-submarine naval units, the
    detected submarines, the aircraft (at anti-air, or in a dogfight, the transport plane
    last: its ``taken_last``); none already behind the strip."""
    b = current(phase)
    enemy = _strip_free(b, side_units(state, phase, other(side)))
    return {"surface": surface(state, enemy), "sub": [u for u in subs(state, enemy) if u.id in b.detected],
            "air": air.aircraft(state, enemy), "dogfight": air.aircraft(state, enemy)}


def _salvo(state: GameState, phase: CombatPhase, dice: Dice, side: str,
           items: Sequence[tuple[str, Sequence[Unit]]], fire: str) -> Result:
    """Fire the items in order (each a hit rule and its shooters, at their values with what
    National Advantages change in this item of ``fire``, or at their ASW attack values for
    rule ``sub``), the hits going behind the strip; one casualty choice for the other side."""
    b = current(phase)
    pools = _targets(state, phase, side)
    events: list[Event] = []
    hits: dict[str, int] = {}
    for rule, shooters in items:
        if not shooters or not pools[rule]:
            continue
        if rule == "sub":
            minus = evasion(state, pools["sub"])
            vals = {u.id: asw_values(state, u)[1] - minus for u in shooters}
        elif rule == "dogfight":
            vals = air.dogfight_values(state, shooters, side)
        else:
            vals = national.adjusted(state, phase, shooters, side, values(state, shooters, side), fire)
        groups: dict[tuple[int, str], list[Unit]] = {}
        for u in shooters:
            groups.setdefault((vals[u.id], rule), []).append(u)
        at = " (ASW attack)" if rule == "sub" else " (dogfight)" if rule == "dogfight" else ""
        scored, rolled = roll_groups(state, dice, b.space, b.round, side, groups,
                                     "dogfight" if rule == "dogfight" else "fire",
                                     at=f"{unit_text(state, counts(state, pools[rule]))}{at}" if at else "")
        events += rolled
        for n, r in scored:
            hits[r] = hits.get(r, 0) + n
    pool = [u for r, units in pools.items() if hits.get(r) for u in units]
    asked = [(n, r) for r, n in hits.items()]
    return state, ask_casualties(state, phase, asked, other(side), "fire", False, pool), events


def _asw_capable(state: GameState, phase: CombatPhase, side: str) -> list[Unit]:
    """Units that may make ASW attack rolls this cycle: naval units with an ASW attack, and
    aircraft with one while their side alone has aircraft (in a dogfight "air units do not
    attack naval units", 001 › Naval Combat: Air units)."""
    b = current(phase)
    out = []
    for u in side_units(state, phase, side):
        spec = state.rules.spec(u.kind)
        if asw_values(state, u)[1] > 0 and (spec.is_sea or b.air == side):
            out.append(u)
    return out


def asw_allocate(side: str) -> Step:
    """``side``'s units are allocated to normal combat or ASW."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """001 › Naval Combat: Sequence, Mid-Combat 2: "Units are allocated to normal combat
        or ASW"; ASW: "In the main-round these units may perform an ASW “attack” roll instead
        of normal combat roll". Asked only where the side has an ASW-capable unit and the
        enemy a detected submarine (an ``asw`` choice)."""
        b = current(phase)
        capable = _asw_capable(state, phase, side)
        if not capable or not _targets(state, phase, side)["sub"]:
            return state, phase, []
        pending = Pending("asw", chooser(state, phase, side), side, ((len(_targets(state, phase, side)["sub"]), "sub"),),
                          "asw", among=tuple(u.id for u in capable))
        return state, with_battle(phase, b.but(pending=pending)), []
    return step


def default_asw(state: GameState, capable: Sequence[Unit], detected: int) -> tuple[int, ...]:
    """Standing orders' ASW allocation: one unit for each detected enemy submarine, those
    with the best ASW attack first and, among them, the weakest in normal combat (README,
    ruling 68)."""
    ranked = sorted(capable, key=lambda u: (-asw_values(state, u)[1], state.rules.spec(u.kind).attack, u.id))
    return tuple(u.id for u in ranked[:detected])


# -- main round ----------------------------------------------------------------------------

def main_fire(side: str) -> Step:
    """``side``'s main-round fire."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """001 › Naval Combat: Sequence, Main Round: "1. Detected Submarines fire. 2. ASW
        attack. 3. Naval units fire. 4. Air units fire." Battleships fired in Mid-Combat and
        units allocated to ASW make their ASW roll instead. Air units hit naval units only
        where the enemy had no air units as the cycle began (else they dogfight, hitting
        aircraft only), and bombers and transport planes never attack naval units (001 ›
        Air Supremacy). Jet fighters firing selectively choose their targets and roll first
        (``selective.jets_fire``; README, ruling 115)."""
        b = current(phase)
        mine = side_units(state, phase, side)
        spec = state.rules.spec
        detected = [u for u in subs(state, mine) if u.id in b.detected and u.id not in b.asw]
        asw = [u for u in mine if u.id in b.asw]
        naval = [u for u in surface(state, mine) if not spec(u.kind).fires_early and u.id not in b.asw]
        planes = [u for u in air.aircraft(state, mine) if u.id not in b.asw]
        if b.air != air.DOGFIGHT:
            planes = [u for u in planes if spec(u.kind).attacks_naval]
        rule = "dogfight" if b.air == air.DOGFIGHT else "surface"
        jets = selective.selective_jets(state, phase, side, planes)
        vals = air.dogfight_values(state, jets, side) if rule == "dogfight" else national.adjusted(
            state, phase, jets, side, values(state, jets, side), "main")
        pool = _targets(state, phase, side)[rule]
        state, phase, first = selective.jets_fire(state, phase, dice, side, chooser(state, phase, side), jets,
                                                  vals, rule, pool)
        if current(phase).pending is not None:
            return state, phase, first
        items = [("surface", detected), ("sub", asw), ("surface", naval), (rule, [u for u in planes if u not in jets])]
        state, phase, events = _salvo(state, phase, dice, side, items, "main")
        return state, phase, [*first, *events]
    return step


def cycle_end(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """The cycle's casualties are gone. "At the end combat cycle air units that cannot land on Aircraft Carrier or excess to Aircraft
    Carrier capacity must retreat" (001 › Naval Combat: Retreat Decision): they leave the
    battle and land in Noncombat Move, as every retreating aircraft here. An attacker with
    nothing left loses the battle; one whose enemy has nothing left still has its retreat
    decision (001 › Attacker Retreat: "This is allowed even if defender has no units left")."""
    b = current(phase)
    events: list[Event] = []
    left = False
    for side in ("defender", "attacker"):
        forced = must_retreat(state, side_units(state, phase, side))
        if forced:
            state = state.with_units(u.with_flags(RETREATED) for u in forced)
            b = b.but(out=b.out | frozenset(u.id for u in forced))
            left = left or side == "attacker"
            name = state.board.name(b.space)
            events.append(event("retreat", f"{name}: {state.rules.power_name(forced[0].owner)} "
                                f"{unit_text(state, counts(state, forced))} cannot land on a carrier here and "
                                "must retreat, to land in Noncombat Move.", space=name, round=b.round, side=side,
                                to=name, units=counts(state, forced), chosen_by=None, by="rules"))
    phase = with_battle(phase, b)
    atk, dfn = attackers(state, b), defenders(state, b, phase)
    if not dfn and not atk:
        return conclude(state, phase, "attacker" if left else "none", events)
    if not atk:
        return conclude(state, phase, "retreat" if left else "defender", events)
    return state, phase, events


def must_retreat(state: GameState, units: Sequence[Unit]) -> list[Unit]:
    """A side's aircraft with no room on its carriers in the battle: those that are not
    carrier-based, and those beyond the carriers' capacity (aircraft already aboard first)."""
    room = sum(state.rules.spec(u.kind).carrier_capacity for u in units)
    planes = sorted(air.aircraft(state, units), key=lambda u: (u.aboard is None, u.id))
    out: list[Unit] = []
    for u in planes:
        if state.rules.spec(u.kind).carrier_based and room > 0:
            room -= 1
        else:
            out.append(u)
    return out
