"""AARHE's land combat cycle (001 › Phase 4, Land Combat: Sequence): opening fire, then the
main round, then the retreat decision, each item "Attacker fires before defender" and "Hits
are allocated on 'remove casualties'" (the defender's casualties fire back in the item
they fall in; ``steps.remove_strip`` removes them after it).

- Opening fire, 1: "Infrastructure Defense fire" (001 › Anti-Air, ``air.fire``): the
  defender's IDs, implicit ones included, at the attacking aircraft (step ``anti_air``).
- Opening fire, 2: "Air units fire" (``air_fire_attacker``, ``air_fire_defender``): in a
  dogfight at dogfight values, on aircraft only, the transport plane last (001 › Land Combat:
  Air Units: "air units do not attack land units"); under air supremacy matched with the
  side's land units, the excess at 1, on land units, infantry last (001 › Air Supremacy).
  Units that "fire in opening-fire" (the heavy tank, ``opening_fire``) fire after them
  (``opening_fire_attacker``, ``opening_fire_defender``).
- Main round: "Land unit's fire" (``land_fire_attacker``, ``land_fire_defender``): on land
  units only, tanks' hits on other land units before infantry (001 › Land Combat: Hit
  Allocation; ``hits.RULES``); "Fighter increases Tank's attack by 1 on a 1-to-1 basis"
  while the attacker alone has aircraft (``air.supported``).
- Retreat decision (``cycle_end``): "if only one side has land units the other side must
  retreat" (001 › Land Combat: Retreat Decision).

An Infrastructure Defense "may not be taken as casualty" and has no combat value: it is no
land unit of these rules (``land_units``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from ..cargo import carrier_fits, seats
from ..dice import Dice
from ..events import Event, event
from ..ids import SpaceId
from ..state import RETREATED, GameState, Unit
from . import air, national, selective
from .conclude import conclude
from .fire import roll_groups
from .flow import Result, Step, ask_casualties, current, with_battle
from .hits import eligible
from .orders import NO_CHOICE
from .phase import Battle, CombatPhase
from .report import counts, unit_text
from .sides import at_war, attackers, defenders, lead_defender

TERRAIN_DEFENSE = {"snowy": 1, "mountainous": 1}
"""001 › Phase 3, Terrain: "Defending land units in snowy or mountainous terrain have defense
increased by 1 in first cycle of combat"."""
ASSAULT_VALUE, ASSAULT_MOUNTAIN_VALUE = 1, 0
"""001 › Amphibious Assault Sequence: "Attacking land units fight at combat value of 1, or 0
for mountainous terrain" in the 1st cycle."""


def land_units(state: GameState, units: Sequence[Unit]) -> list[Unit]:
    """The land units of a side that fight and may be hit (not Infrastructure Defense)."""
    return [u for u in units if state.rules.spec(u.kind).is_land and state.rules.spec(u.kind).is_combat_unit]


def _sides(state: GameState, phase: CombatPhase, side: str) -> tuple[list[Unit], list[Unit]]:
    """``side``'s units and the enemy's it may still hit (not those already behind the strip)."""
    b = current(phase)
    atk, dfn = attackers(state, b), defenders(state, b, phase)
    mine, theirs = (atk, dfn) if side == "attacker" else (dfn, atk)
    return mine, [u for u in theirs if u.id not in b.strip]


def _fire(state: GameState, phase: CombatPhase, dice: Dice, side: str, shooters: Sequence[Unit],
          vals: dict[int, int], rule_of: Callable[[Unit], str], targets: Sequence[Unit], source: str = "fire") -> Result:
    """``shooters`` roll by (value, hit rule), those with nothing their hits may fall on
    sitting out; the defender's casualties go behind the strip, the attacker's at once.
    ``source`` tells the battle log which fire it was (``air``, ``dogfight`` or ``fire``)."""
    b = current(phase)
    groups: dict[tuple[int, str], list[Unit]] = {}
    for u in shooters:
        rule = rule_of(u)
        if any(eligible(state.rules.spec(t.kind), rule) for t in targets):
            groups.setdefault((vals[u.id], rule), []).append(u)
    hits, events = roll_groups(state, dice, b.space, b.round, side, groups, source)
    victims = "defender" if side == "attacker" else "attacker"
    return state, ask_casualties(state, phase, hits, victims, "fire", side == "defender"), events


# -- opening fire --------------------------------------------------------------------------

def anti_air(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """Opening fire, 1: the defender's Infrastructure Defenses fire at the attacking
    aircraft (001 › Anti-Air); jets are immune (``air.targets``); a National Advantage may
    raise the value they destroy on (``national.destroy_value``)."""
    b = current(phase)
    guns = air.guns(state, b.space, defenders(state, b, phase))
    result = air.fire(state, dice, b.space, b.round, "defender", guns, air.targets(state, attackers(state, b)),
                      lambda gun, base: national.destroy_value(state, phase, gun.owner, gun.kind, base))
    return air.apply(state, phase, result, "attacker")


def air_fire(side: str) -> Step:
    """Opening fire, 2: ``side``'s air units fire."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """In a dogfight at dogfight values on aircraft (001 › Land Combat: Air Units); under
        air supremacy, matched 1-to-1 with the side's land units, the excess at 1, on land
        units, infantry last (001 › Air Supremacy). Jet fighters firing selectively (001 ›
        Phase 7, Jet Plane) choose their targets among those and roll first
        (``selective.jets_fire``; README, ruling 115)."""
        b = current(phase)
        mine, targets = _sides(state, phase, side)
        planes = air.aircraft(state, mine)
        if b.air == air.DOGFIGHT:
            vals, rule = air.dogfight_values(state, planes, side), "dogfight"
        elif b.air == side:
            vals = national.adjusted(state, phase, planes, side,
                                     air.supremacy_values(state, planes, len(land_units(state, mine)), side), "air")
            rule = "armour"
        else:
            return state, phase, []
        jets = selective.selective_jets(state, phase, side, planes)
        pool = [t for t in targets if eligible(state.rules.spec(t.kind), rule)]
        chooser = b.attacker if side == "attacker" else lead_defender(state, b, mine)
        state, phase, first = selective.jets_fire(state, phase, dice, side, chooser, jets, vals, rule, pool,
                                                  immediate=side == "defender")
        if current(phase).pending is not None:
            return state, phase, first
        mine, targets = _sides(state, phase, side)
        rest = [u for u in air.aircraft(state, mine) if u not in jets]
        state, phase, events = _fire(state, phase, dice, side, rest, vals, lambda u: rule, targets,
                                     "dogfight" if b.air == air.DOGFIGHT else "air")
        return state, phase, [*first, *events]
    return step


def opening_land(side: str) -> Step:
    """Opening fire, after the air units: ``side``'s land units that fire in opening fire."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """001 › Appendix: Units, Heavy Tank: "They fire in opening-fire" (and the units a
        National Advantage moves there)."""
        mine, targets = _sides(state, phase, side)
        land = land_units(state, mine)
        early = [u for u in land if fires_early(state, phase, u, side)]
        return fire_units(state, phase, dice, side, early, land, targets)
    return step


def fires_early(state: GameState, phase: CombatPhase, unit: Unit, side: str) -> bool:
    """Whether ``unit`` fires in this cycle's opening fire rather than the main round: by
    its type (``opening_fire``), or by a National Advantage in force (Guerrilla Tactics:
    ``national.opening_fire``)."""
    return state.rules.spec(unit.kind).opening_fire or national.opening_fire(state, phase, unit, side)


def fire_units(state: GameState, phase: CombatPhase, dice: Dice, side: str, shooters: Sequence[Unit],
               land: Sequence[Unit], targets: Sequence[Unit]) -> Result:
    """Some of ``side``'s ``land`` units fire at their values this cycle (``land_values`` of
    all of them, support counted among them), their hits by their ``land_hits`` rule."""
    return _fire(state, phase, dice, side, shooters, land_values(state, phase, land, side),
                 lambda u: state.rules.spec(u.kind).land_hits, targets)


# -- main round ----------------------------------------------------------------------------

def assault_cycle(b: Battle) -> bool:
    """The 1st cycle of an amphibious assault, which has a sequence of its own."""
    return b.amphibious and b.round == 1


def land_values(state: GameState, phase: CombatPhase, land: Sequence[Unit], side: str) -> dict[int, int]:
    """The values ``side``'s land units fight at this cycle: the rule system's (support,
    technology), or in an amphibious assault's 1st cycle the attacker's at 1, 0 in
    mountainous terrain (001 › Amphibious Assault Sequence: "Attacking land units fight at
    combat value of 1, or 0 for mountainous terrain"), then a bombarding ship's +1 to an
    attacking infantry and an Infrastructure Defense's +1 to a defending one, one to one (001
    › Offshore bombardment); a fighter's +1 to a tank while the attacker alone has aircraft
    (001 › Air Supremacy: "Fighter increases Tank's attack by 1"); the defense of snowy or
    mountainous terrain in the first cycle (001 › Phase 3, Terrain); last, what National
    Advantages in force change (``national.adjusted``)."""
    b = current(phase)
    out = dict(state.rules.hooks.unit_values(state, land, side))
    terrain = state.board.spaces[b.space].terrain
    if assault_cycle(b):
        if side == "attacker":
            out = {uid: ASSAULT_MOUNTAIN_VALUE if terrain == "mountainous" else ASSAULT_VALUE for uid in out}
        givers = len(b.bombarding) if side == "attacker" else len(air.guns(state, b.space, defenders(state, b, phase)))
        foot = sorted(u.id for u in land if state.rules.spec(u.kind).infantry)
        for uid in foot[:givers]:
            out[uid] += 1
    out = cycle_bonuses(state, out, land, side, b.air, air.aircraft(state, attackers(state, b)), terrain, b.round == 1)
    return national.adjusted(state, phase, land, side, out)


def cycle_bonuses(state: GameState, values: Mapping[int, int], land: Sequence[Unit], side: str, held: str,
                  planes: Sequence[Unit], terrain: str | None, first: bool) -> dict[int, int]:
    """``values`` of ``side``'s ``land`` units with what the cycle adds: a fighter's +1 to a
    tank while the attacker alone holds the air (``held``; ``planes``: the attacker's
    aircraft now), the defense of snowy or mountainous ``terrain`` in the ``first`` cycle.
    The exact odds (``engine.odds.cycle``) value a cycle by it too."""
    out = dict(values)
    if side == "attacker" and held == "attacker":
        for uid in air.supported(state, land, planes):
            out[uid] += 1
    if side == "defender" and first and terrain in TERRAIN_DEFENSE:
        out = {uid: v + TERRAIN_DEFENSE[terrain] for uid, v in out.items()}
    return out


def land_fire(side: str) -> Step:
    """Main round: ``side``'s land units fire."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """001 › Land Combat: Sequence, Main-round: "Land unit's fire", those that fired in
        the opening fire excepted; hits on land units only (001 › Land Combat: Hit Allocation)."""
        b = current(phase)
        mine, targets = _sides(state, phase, side)
        land = land_units(state, mine)
        main = [u for u in land if not fires_early(state, phase, u, side)]
        if side == "defender" and assault_cycle(b):
            # "Defending land units (not Artillery) fire" (001 › Amphibious Assault Sequence).
            main = [u for u in main if not state.rules.spec(u.kind).assault_artillery]
        return fire_units(state, phase, dice, side, main, land, targets)
    return step


# -- the end of a cycle ----------------------------------------------------------------------

def cycle_end(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """001 › Land Combat: Retreat Decision: "if only one side has land units the other side
    must retreat". A side with no unit left loses; an attacker with no land unit left breaks
    off with its aircraft (they land in Noncombat Move); a defender with no land unit left
    has its aircraft forced away and the attacker takes the territory. Otherwise the cycle's
    retreat decisions follow (``end_round``: the attacker may retreat)."""
    b = current(phase)
    atk, dfn = attackers(state, b), defenders(state, b, phase)
    fighting = [u for u in dfn if state.rules.spec(u.kind).is_combat_unit]
    if not atk or not fighting:
        return conclude(state, phase, "attacker" if atk else ("defender" if fighting else "none"), [])
    if not land_units(state, atk):
        state, phase, events = _break_off(state, phase, b, atk)
        return conclude(state, phase, "retreat", events)
    if not land_units(state, dfn):
        state, phase, events = _forced_away(state, phase, b, air.aircraft(state, fighting))
        return conclude(state, phase, "attacker", events)
    return state, phase, []


def _break_off(state: GameState, phase: CombatPhase, b: Battle, units: Sequence[Unit]) -> Result:
    """The attacker, left without land units, retreats its aircraft: they leave the battle
    and stay where they are to land in Noncombat Move, as every retreating attacking aircraft."""
    planes = air.aircraft(state, units)
    state = state.with_units([u.with_flags(RETREATED) for u in planes])
    name = state.board.name(b.space)
    who = state.rules.power_name(b.attacker)
    events = [event("retreat", f"{name}: {who} must retreat {unit_text(state, counts(state, planes))}: only the "
                    "defender has land units left (no choice).", space=name, round=b.round, to=name,
                    units=counts(state, planes), chosen_by=who, by=NO_CHOICE)] if planes else []
    return state, with_battle(phase, b.but(out=b.out | frozenset(u.id for u in planes))), events


REFUGE_REACH = 2
"""001 › Land Combat: Retreat Decision, Defender retreat: "Retreating air units must retreat to
friendly territories or sea zones within 2 spaces"."""


def carrier_seats(state: GameState, zone: SpaceId, planes: Sequence[Unit]) -> dict[int, int] | None:
    """The carriers of the aircraft's side in ``zone`` that ``planes`` land on (aircraft id to
    carrier id), each filled after the aircraft it already carries; None when they do not all
    fit ("If air units can't land they will be destroyed": a retreat to a sea zone is to a
    carrier there, README, ruling 59)."""
    if not planes:
        return {}
    carriers = sorted((u for u in state.units_at(zone) if state.rules.spec(u.kind).carrier_capacity
                       and state.board.allies(u.owner, planes[0].owner)), key=lambda u: u.id)
    holders = [(c.id, c.kind, [r.kind for r in state.cargo_of(c.id) if state.rules.spec(r.kind).is_air])
               for c in carriers]
    return seats(state.rules.spec, [(u.id, u.kind) for u in planes], holders, carrier_fits)


def air_refuges(state: GameState, phase: CombatPhase, unit: Unit) -> list[SpaceId]:
    """Where a defending aircraft may retreat: a territory its side holds, or a sea zone with
    no enemy unit and a carrier of its side with room for it, within 2 spaces of the battle,
    not a battle still to fight, nearest first (then by name)."""
    b = current(phase)
    pending = {e.space for e in phase.entries}
    seen = {b.space: 0}
    frontier = [b.space]
    for reach in range(1, REFUGE_REACH + 1):
        frontier = [n for s in frontier for n in state.board.neighbours(s) if n not in seen]
        seen.update({n: reach for n in frontier})
    out = []
    for space, reach in seen.items():
        if reach == 0 or space in pending:
            continue
        if state.board.spaces[space].is_sea:
            ok = not any(at_war(state, u.owner, unit.owner) for u in state.units_at(space)) \
                and carrier_seats(state, space, [unit]) is not None
        else:
            ok = bool(state.board.allies(state.owners.get(space), unit.owner))
        if ok:
            out.append(space)
    return sorted(out, key=lambda s: (seen[s], state.board.name(s)))


def _forced_away(state: GameState, phase: CombatPhase, b: Battle, planes: Sequence[Unit]) -> Result:
    """The defender, left without land units, retreats its aircraft, each to the nearest
    refuge (``air_refuges``); one with none is lost, as an aircraft that "can't land"
    (README, ruling 57)."""
    name = state.board.name(b.space)
    events: list[Event] = []
    moved: list[Unit] = []
    lost: list[int] = []
    for u in planes:  # one at a time, so each finds the room the others left
        refuges = air_refuges(state, phase, u)
        if refuges:
            to = refuges[0]
            seat = (carrier_seats(state, to, [u]) or {}).get(u.id)
            done = replace(u, space=to, path=(*u.path, to), flags=u.flags | {RETREATED}, aboard=seat)
            state = state.with_units([done])
            moved.append(done)
        else:
            lost.append(u.id)
    state = state.with_units([], lost)
    for u in moved:
        who = state.rules.power_name(u.owner)
        events.append(event("retreat", f"{name}: {who} must retreat 1 {state.rules.spec(u.kind).word()} to "
                            f"{state.board.name(u.space)}: only the attacker has land units left (no choice).",
                            space=name, round=b.round, to=state.board.name(u.space), units=counts(state, [u]),
                            chosen_by=who, by=NO_CHOICE))
    if lost:
        gone = [p for p in planes if p.id in lost]
        events.append(event("casualties", f"{name}: {unit_text(state, counts(state, gone))} with nowhere to "
                            "retreat to within 2 spaces is lost (no choice).", space=name, round=b.round,
                            side="defender", units=counts(state, gone), damaged={}, cargo={}, source="retreat",
                            chosen_by=None, by=NO_CHOICE, immediate=True))
    return state, phase, events
