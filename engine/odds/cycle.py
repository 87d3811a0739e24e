"""AARHE's land cycle as the odds see it: one transition per step of
``engine.combat.land_cycle`` (001 › Phase 4, Land Combat: Sequence), with the engine's own
functions for who holds the air, the aircraft's values, Infrastructure Defense's selection
and the land units' values, so the figures are those of the battles the referee fights.

- Who holds the air is noted as a cycle begins (``begin``; the engine's ``air_cycle``).
- Infrastructure Defense fire (``anti_air``): every selection and die of ``air.fire``
  followed exactly; an aircraft forced to retreat leaves the battle and survives it.
- Air units (``air_fire_*``): in a dogfight on aircraft only, the transport plane last; under
  air supremacy matched with the side's land units, the excess at 1, on land units.
- Land units (``opening_fire_*``, ``land_fire_*``): on land units only, a tank's hits on the
  others before infantry (the order of loss within that, ``hits.choose_by_order``).
- The cycle's end (``cycle_end``): a side without land units leaves or loses; then the
  defender holds (``retreat_defender``: its default standing orders; a battle where the
  defender's orders would retreat is refused, ``sequence.not_covered``) and the attacker
  retreats by ``retreat_below`` (``retreat_attacker``).

The 1st cycle of an amphibious assault (shore bombardment, anti-ship fire, the defending
artillery first) has no transition: such a battle is refused, naming those steps.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from ..combat import air, land_cycle
from ..ids import PowerId, UnitKind
from .arena import ATTACKER, DEFENDER, Arena, Des, Dist, Fire, Position, Result, Step, add, fire_of, other
from .dist import SIDES, Shot
from .moves import conclude, hit, mine, retreat_by_orders
from .question import Force, force


NO_DES = Des(False, False)


def begin(arena: Arena, pos: Position, des: Des, first: bool) -> Des:
    """As a cycle begins: who holds the air (``air.air_over``), and whether it is the first
    cycle where that matters (terrain's defense, ``land_cycle.TERRAIN_DEFENSE``)."""
    held = air.air_over(arena.state, arena.units(pos.atk, ATTACKER), arena.units(pos.dfn, DEFENDER))
    return Des(des.attacker, des.defender, held, first and arena.q.terrain in land_cycle.TERRAIN_DEFENSE)


# -- Infrastructure Defense fire -----------------------------------------------------------

def anti_air(arena: Arena, pos: Position, des: Des) -> Dist:
    """Opening fire, 1 (001 › Anti-Air): each ID selects an aircraft and searches; the IDs
    select again among those detected and roll the attack die, destroying on 1 and forcing
    a retreat on 2-3 (``air.fire``). The defender's IDs are its units that are one and the
    territory's implicit ones (``Question.implicit_guns``)."""
    state = arena.state
    found = air.gun_kind(state)
    planes = air.targets(state, arena.units(pos.atk, ATTACKER))
    if found is None or not planes:
        return {pos: 1.0}
    owner = PowerId(DEFENDER)
    guns = [air.Gun(owner, UnitKind(k)) for k, _ in pos.dfn if arena.spec((k, 0)).infrastructure_fire]
    guns += [air.Gun(owner, found[0])] * arena.q.implicit_guns
    if not guns:
        return {pos: 1.0}
    fire = arena.spec((guns[0].kind, 0)).infrastructure_fire
    assert fire is not None
    picks = air.select(state, len(guns), planes)
    found_p = [min(max(air.search_value(state, g), 0), SIDES) / SIDES for g in guns]
    detected: dict[frozenset[int], float] = {}
    for seen in product((False, True), repeat=len(guns)):
        p = 1.0
        for yes, q in zip(seen, found_p, strict=True):
            p *= q if yes else 1 - q
        ids = frozenset(picks[i].id for i, yes in enumerate(seen) if yes)
        detected[ids] = detected.get(ids, 0.0) + p
    out: Dist = {}
    for ids, p in detected.items():
        if not ids:
            add(out, pos, p)
            continue
        aimed = Counter(u.id for u in air.select(state, len(guns), [u for u in planes if u.id in ids]))
        for fates, q in _fates(aimed, fire.destroys, fire.retreats):
            add(out, _after_anti_air(pos, fates), p * q)
    return out


def _fates(aimed: Counter[int], destroys: int, retreats: int) -> list[tuple[dict[int, str], float]]:
    """Each aimed-at aircraft destroyed, forced to retreat or untouched, by the number of
    attack dice at it: destroyed if any die shows ``destroys`` or less, else forced away if
    any shows ``retreats`` or less."""
    miss_kill, miss_all = 1 - destroys / SIDES, 1 - retreats / SIDES
    out: list[tuple[dict[int, str], float]] = [({}, 1.0)]
    for uid, n in aimed.items():
        each = (("destroyed", 1 - miss_kill ** n), ("retreat", miss_kill ** n - miss_all ** n), ("", miss_all ** n))
        out = [({**fates, uid: fate}, p * q) for fates, p in out for fate, q in each if q > 0]
    return out


def _after_anti_air(pos: Position, fates: dict[int, str]) -> Position:
    """The aircraft destroyed leave the board, those forced away the battle (unit ids are
    positions in ``pos.atk`` plus one, as ``Arena.units`` numbers them)."""
    if not any(fates.values()):
        return pos
    left = force(p for i, p in enumerate(pos.atk) if not fates.get(i + 1))
    away = [p for i, p in enumerate(pos.atk) if fates.get(i + 1) == "retreat"]
    return pos.but(atk=left, atk_out=force((*pos.atk_out, *away)))


# -- fire ------------------------------------------------------------------------------------

def air_fire(side: str) -> Step:
    def step(arena: Arena, pos: Position, des: Des) -> Dist:
        """Opening fire, 2: ``side``'s air units, in a dogfight at dogfight values on
        aircraft (001 › Land Combat: Air Units), under air supremacy matched 1-to-1 with its
        land units, the excess at 1, on land units (001 › Air Supremacy)."""
        if des.air != air.DOGFIGHT and des.air != side:
            return {pos: 1.0}
        key = ("air", side, _everyone(pos, side), des.air)
        if key not in arena.fires:
            pool = arena.units(_everyone(pos, side), side)
            planes = air.aircraft(arena.state, pool)
            if des.air == air.DOGFIGHT:
                vals, rule = air.dogfight_values(arena.state, planes, side), "dogfight"
            else:
                partners = len(land_cycle.land_units(arena.state, pool))
                vals, rule = air.supremacy_values(arena.state, planes, partners, side), "armour"
            arena.fires[key] = fire_of({rule: [s for u in planes for s in arena.shots_of(u, vals, side)]})
        return _at(arena, pos, side, arena.fires[key])
    return step


def land_fire(side: str, opening: bool) -> Step:
    def step(arena: Arena, pos: Position, des: Des) -> Dist:
        """``side``'s land units that fire in opening fire (the heavy tank: 001 › Appendix:
        Units) or in the main round (001 › Land Combat: Sequence, Main-round), at the values
        of the cycle (``land_cycle.cycle_bonuses``), each hit by its ``land_hits`` rule."""
        key = ("land", side, opening, _everyone(pos, side), des.air, des.first)
        if key not in arena.fires:
            state = arena.state
            land = land_cycle.land_units(state, arena.units(_everyone(pos, side), side))
            base = state.rules.hooks.unit_values(state, land, side)
            vals = land_cycle.cycle_bonuses(state, base, land, side, des.air,
                                            air.aircraft(state, arena.units(pos.atk, ATTACKER)), arena.q.terrain,
                                            des.first)
            shots: dict[str, list[Shot]] = {}
            for u in land:
                spec = state.rules.spec(u.kind)
                if spec.opening_fire == opening:
                    shots.setdefault(spec.land_hits, []).extend(arena.shots_of(u, vals, side))
            arena.fires[key] = fire_of(shots)
        return _at(arena, pos, side, arena.fires[key])
    return step


def _everyone(pos: Position, side: str) -> Force:
    """A side's units that fire: those behind its strip too."""
    units, strip = mine(pos, side)
    return force((*units, *strip)) if strip else units


def _at(arena: Arena, pos: Position, side: str, fire: Fire) -> Dist:
    """``fire`` on the enemy outside its strip, the rules with nothing to hit sitting out (as
    ``land_cycle`` rolls only at units the hits may fall on); the defender's casualties go
    behind the strip, the attacker's at once."""
    aimed = arena.reaching(fire, mine(pos, other(side))[0])
    if not aimed:
        return {pos: 1.0}
    return hit(arena, pos, aimed, other(side), at_once=side == DEFENDER)


# -- the end of a cycle ------------------------------------------------------------------------

def cycle_end(arena: Arena, pos: Position, des: Des) -> Dist:
    """001 › Land Combat: Retreat Decision, "if only one side has land units the other side
    must retreat": as ``land_cycle.cycle_end``, an attacker without land units breaks off
    (its aircraft survive), a defender without them loses the territory. Remembered per
    position: many cycles end on the same units."""
    key = ("cycle_end", pos, NO_DES)
    if key not in arena.memo:
        arena.memo[key] = {_ended(arena, pos): 1.0}
    return arena.memo[key]


def _ended(arena: Arena, pos: Position) -> Result:
    fighting = any(arena.spec(p).is_combat_unit for p in pos.dfn)
    if not pos.atk or not fighting:
        return conclude(arena, pos, "attacker" if pos.atk else ("defender" if fighting else "none"))
    if not _land(arena, pos.atk):
        return conclude(arena, pos, "retreat")
    if not _land(arena, pos.dfn):
        return conclude(arena, pos, "attacker")
    return pos


def _land(arena: Arena, units: Force) -> bool:
    return any(arena.spec(p).is_land and arena.spec(p).is_combat_unit for p in units)


def retreat_defender(arena: Arena, pos: Position, des: Des) -> Dist:
    """The defender holds: its default standing orders retreat nothing (``land_retreat``)."""
    return {pos: 1.0}


def retreat_attacker(arena: Arena, pos: Position, des: Des) -> Dist:
    """The attacker's standing order ``retreat_below`` (``land_retreat.by_orders``)."""
    return {retreat_by_orders(arena, pos): 1.0}
