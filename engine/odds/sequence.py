"""The battle sequence as the odds see it: the rule system's own list of steps, each step
an odds transition mirroring the engine's step of the same id (``engine.combat.steps``).

A rule system lists its battle steps (``[battle]`` in ``maps/<id>/ruleset.toml``); the
steps before ``repeat_from`` open round 1 (``opening``), the rest make every round
(``round_of``), in the listed order, each only where the engine's registry applies it
(land, sea, amphibious). So 1942's surprise strike and submerge before the fire, and
LHTR's opening fire of the submarines every round with the destroyer rule and submerging
after Press Attack or Retreat, both come from the data; a rule system that orders the same
steps differently gets its odds without new code here; AARHE's land cycle has its steps'
transitions in ``cycle``. A step maps a position to a
distribution of positions and endings; casualties the engine puts behind the strip stay
in the position's strip (still firing) until a removal step.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..combat.phase import Battle
from ..combat.sequence import applies
from ..errors import BoardDataError, IllegalCommandError
from ..ids import PowerId, SpaceId
from ..ruleset import RuleSet
from . import cycle
from .arena import ATTACKER, DEFENDER, Arena, Des, Dist, Ending, Position, Result, Step, add, fire_of, other
from .moves import conclude, gone, hit, mine, retreat_by_orders
from .question import Force, force


# -- round 1's opening ---------------------------------------------------------------------

def opening(arena: Arena) -> Iterator[tuple[Result, float]]:
    """Round 1 before the rounds (the steps before ``repeat_from``): the start checks,
    antiaircraft fire, bombardment. Bombardment casualties stand in the defender's strip
    and fire in round 1 (000, Amphibious Assaults, Step 3)."""
    q = arena.q
    now: Dist = {Position(q.attack, q.defend): 1.0}
    for step in _listed(arena, opening=True):
        now = _apply(arena, now, step, None)
    yield from now.items()


def _start(arena: Arena, pos: Position, des: Des) -> Dist:
    """000, Step 1: no attacker, or on land no defending combat unit, ends the battle,
    unless a gun alone fires at the attacking aircraft (``lone_gun_fires``)."""
    if not pos.atk:
        return {Ending("no_attack", pos.atk, pos.dfn): 1.0}
    if not arena.q.sea and not any(arena.spec(p).is_combat_unit for p in pos.dfn) and not _lone_gun(arena, pos):
        return {Ending("attacker", pos.atk, ()): 1.0}
    return {pos: 1.0}


def _lone_gun(arena: Arena, pos: Position) -> bool:
    """A gun that survives being alone (Revised's AA gun) fires at the aircraft it can hit."""
    return (any(arena.spec(p).antiaircraft_shots and not arena.spec(p).destroyed_when_alone for p in pos.dfn)
            and bool(_targets(arena, pos.atk)))


def _undefended(arena: Arena, pos: Position, des: Des) -> Dist:
    """After the opening fire, a land battle no defender fights in the rounds is over
    (the engine's step ``undefended``)."""
    if any(arena.spec(p).is_combat_unit for p in pos.dfn):
        return {pos: 1.0}
    return {conclude(arena, pos, "attacker" if pos.atk else "no_attack"): 1.0}


def _targets(arena: Arena, units: Force) -> list[int]:
    """Positions in ``units`` of aircraft antiaircraft fire can hit (``aa_immune``: jets)."""
    pool = arena.units(units, ATTACKER)
    return [i for i, u in enumerate(pool)
            if arena.spec(units[i]).is_air and not arena.rules.hooks.aa_immune(arena.state, u)]


def _shot_down(arena: Arena, pos: Position, groups: list[tuple[list[int], int, int]]) -> Dist:
    """Aircraft lost to antiaircraft fire: per group (positions in ``pos.atk`` in the
    attacker's order of loss, shots, hits on), its hits fall on its own aircraft; an
    attacker left with nothing has lost (as ``end_round`` would find)."""
    outcomes: list[tuple[frozenset[int], float]] = [(frozenset(), 1.0)]
    for members, shots, on in groups:
        d = arena.fire(((((on, 1), shots),)), arena.q.aa_dice)
        outcomes = [(gone | frozenset(members[:n]), p * float(pn)) for gone, p in outcomes
                    for n, pn in enumerate(d) if pn > 0]
    out: Dist = {}
    for gone, p in outcomes:
        atk = tuple(piece for i, piece in enumerate(pos.atk) if i not in gone)
        if atk:
            add(out, pos.but(atk=atk), p)
        else:
            add(out, conclude(arena, pos.but(atk=()), "defender" if arena.fighting(pos.dfn) else "none"), p)
    return out


def _in_loss_order(arena: Arena, units: Force, members: list[int]) -> list[int]:
    rank = {u.id - 1: n for n, u in enumerate(arena.slots(units, ATTACKER))}
    return sorted(members, key=lambda i: rank.get(i, len(rank)))


def _antiaircraft(arena: Arena, pos: Position, des: Des) -> Dist:
    """000, Antiaircraft Artillery: min(shots of every AAA, aircraft) dice at the aircraft,
    the attacker losing them in its order of loss."""
    aaa = [p for p in pos.dfn if arena.spec(p).antiaircraft_shots]
    air = _targets(arena, pos.atk)
    if not arena.q.antiaircraft or not aaa or not air:
        return {pos: 1.0}
    shots = min(sum(arena.spec(p).antiaircraft_shots for p in aaa), len(air))
    return _shot_down(arena, pos, [(_in_loss_order(arena, pos.atk, air), shots, arena.spec(aaa[0]).antiaircraft_hits_on)])


def _antiaircraft_each(arena: Arena, pos: Position, des: Des) -> Dist:
    """002, Appendix I, Antiaircraft Guns: one gun fires one die per aircraft it can hit,
    the fighters' dice and the bombers' apart, each hit on its own type."""
    gun = next((p for p in pos.dfn if arena.spec(p).antiaircraft_shots), None)
    air = _targets(arena, pos.atk)
    if not arena.q.antiaircraft or gun is None or not air:
        return {pos: 1.0}
    on = arena.spec(gun).antiaircraft_hits_on
    groups = []
    for bomber in (False, True):
        members = [i for i in air if arena.spec(pos.atk[i]).strategic_bomber == bomber]
        if members:
            groups.append((_in_loss_order(arena, pos.atk, members), len(members), on))
    return _shot_down(arena, pos, groups)


def _bombard(arena: Arena, pos: Position, des: Des) -> Dist:
    """000, Amphibious Assaults, Step 2: the ships bombard (``hooks.bombard_value``: with
    Combined Bombardment destroyers too); the casualties go behind the strip, or are lost
    at once where they do not fire back (switch ``bombarded_units_fire_back``; 002)."""
    ships = arena.units(force((k, 0) for k in arena.q.bombard), ATTACKER)
    shots = [(arena.rules.hooks.bombard_value(arena.state, s), 1) for s in ships]
    shots = [s for s in shots if s[0] > 0]
    if not shots or not pos.dfn or not pos.atk:
        return {pos: 1.0}
    return hit(arena, pos, fire_of({"any": shots}), DEFENDER,
                at_once=not arena.rules.switches.bombarded_units_fire_back)


# -- the steps of a round ------------------------------------------------------------------

def round_of(arena: Arena, pos: Position, first: bool = False) -> Dist:
    """One round from ``pos`` (a round's start; in round 1 the bombardment's casualties
    may still stand in the strip), as a distribution of results; ``first``: the battle's
    first round, which an AARHE cycle tells apart where terrain defends (``cycle``)."""
    des = _DES[arena.destroyer(pos.atk, pos.atk_strip), arena.destroyer(pos.dfn, pos.dfn_strip)]
    if arena.cycles:
        des = cycle.begin(arena, pos, des, first)
    if arena.round_steps is None:
        arena.round_steps = tuple(_listed(arena, opening=False))
    return _from(arena, arena.round_steps, 0, pos, des)


_DES = {(a, d): Des(a, d) for a in (False, True) for d in (False, True)}
"""The four rounds' beginnings without a cycle's air, made once (a round begins at every position)."""


def _from(arena: Arena, steps: tuple[str, ...], i: int, pos: Position, des: Des) -> Dist:
    """The results of steps ``i`` onwards from ``pos``. Steps with one result are followed
    straight on; a step with several is remembered per position, so the positions after
    the attacker's fire each go through the defender's fire only once."""
    while i < len(steps):
        results = STEPS[steps[i]](arena, pos, des)
        i += 1
        if len(results) == 1:
            (r, _), = results.items()
            if isinstance(r, Ending):
                return results
            pos = r
            continue
        out: Dist = {}
        get, memo, step = out.get, arena.memo, steps[i - 1]
        for r, p in results.items():
            if isinstance(r, Ending):
                out[r] = get(r, 0.0) + p
                continue
            after = memo.get((step, r, des))
            if after is None:
                after = memo[(step, r, des)] = _from(arena, steps, i, r, des)
            if len(after) == 1:
                r2, = after
                out[r2] = get(r2, 0.0) + p * after[r2]
                continue
            for r2, p2 in after.items():
                out[r2] = get(r2, 0.0) + p * p2
        return out
    return {pos: 1.0}


def _apply(arena: Arena, now: Dist, step: str, des: Des | None) -> Dist:
    out: Dist = {}
    for r, p in now.items():
        if isinstance(r, Ending):
            add(out, r, p)
            continue
        for r2, p2 in STEPS[step](arena, r, des or Des(False, False)).items():
            add(out, r2, p * p2)
    return out


def unmodelled(rules: RuleSet, kind: str, amphibious: bool = False) -> list[str]:
    """The steps of a ``kind`` battle (``land`` or ``sea``) the rule system lists that these
    odds have no model of (AARHE's sea cycle, 001 › Phase 4): none where they cover it."""
    return [s for s in _ids(rules, kind, amphibious) if s not in STEPS]


def not_covered(rules: RuleSet, kind: str, amphibious: bool = False, defender_retreat_below: int = 0) -> str:
    """Why these odds do not cover such a battle, "" when they do: steps they have no model
    of (AARHE's sea cycle, the 1st cycle of its amphibious assaults), or a defender whose
    standing order would retreat at the end of an AARHE cycle, which they take to hold
    (README of AARHE, ruling 64)."""
    missing = list(dict.fromkeys(unmodelled(rules, kind, amphibious)))
    what = "amphibious assaults" if amphibious and kind == "land" else f"{kind} battles"
    if missing:
        return (f"The odds do not cover {rules.name}'s {what}: their exact model has no transition for the battle "
                f"steps {', '.join(missing)}. No numbers are given rather than wrong ones.")
    if defender_retreat_below and "retreat_defender" in _ids(rules, kind, amphibious):
        return (f"The odds do not cover this battle: the defender's standing order retreat_below "
                f"{defender_retreat_below} may retreat its units at the end of a cycle, and the exact model has the "
                "defender hold. No numbers are given rather than wrong ones.")
    return ""


def check_covered(rules: RuleSet, kind: str, amphibious: bool = False, defender_retreat_below: int = 0) -> None:
    """Refuse, plainly, a battle these odds do not cover (``not_covered``)."""
    reason = not_covered(rules, kind, amphibious, defender_retreat_below)
    if reason:
        raise IllegalCommandError(reason, reason="odds.not_covered")


def _ids(rules: RuleSet, kind: str, amphibious: bool) -> list[str]:
    battle = Battle(SpaceId("battle"), kind, PowerId(ATTACKER), amphibious=amphibious)
    return [s.partition("@")[0] for s in rules.battle.steps if applies(s, battle)]


def _listed(arena: Arena, opening: bool) -> list[str]:
    """The rule system's steps that apply to this battle, of round 1's opening or of
    every round; a step the odds do not know is refused naming it."""
    steps = arena.rules.battle.steps
    cut = steps.index(arena.rules.battle.repeat_from)
    battle = Battle(SpaceId("battle"), "sea" if arena.q.sea else "land", PowerId(ATTACKER),
                    amphibious=arena.amphibious)
    chosen = [s.partition("@")[0] for s in (steps[:cut] if opening else steps[cut:]) if applies(s, battle)]
    unknown = [s for s in chosen if s not in STEPS]
    if unknown:
        raise BoardDataError(f"{arena.rules.id}: the odds have no model of battle steps {', '.join(unknown)}")
    return chosen


def _nothing(arena: Arena, pos: Position, des: Des) -> Dist:
    return {pos: 1.0}


def _round(arena: Arena, pos: Position, des: Des) -> Dist:
    """A round begins; at sea defenseless transports and battles where nobody can hit."""
    return {_sea_checks(arena, pos, des) if arena.q.sea else pos: 1.0}


def _remove(arena: Arena, pos: Position, des: Des) -> Dist:
    """Casualties behind the strip leave (000, Step 5; after a Surprise Strike, Step 2)."""
    return {pos.bare(): 1.0}


def _subs_may_fire_first(des: Des, side: str) -> bool:
    """Submarines strike first (or submerge) unless the enemy has a destroyer."""
    return not (des[1] if side == ATTACKER else des[0])


def _submerge(side: str) -> Step:
    def step(arena: Arena, pos: Position, des: Des) -> Dist:
        """The side's submarines submerge by its standing order, never against an enemy
        destroyer (000, Step 2; 002, Phase 4, Step 7)."""
        units, strip = mine(pos, side)
        subs = arena.submarines(units, strip)
        if not subs or not _subs_may_fire_first(des, side):
            return {pos: 1.0}
        rule = arena.q.attacker_submerge if side == ATTACKER else arena.q.defender_submerge
        if not _submerges(rule, (*units, *strip), tuple(p for part in mine(pos, other(side)) for p in part)):
            return {pos: 1.0}
        left = gone(units, subs)
        if side == ATTACKER:
            return {pos.but(atk=left, atk_out=force((*pos.atk_out, *subs))): 1.0}
        return {pos.but(dfn=left, dfn_out=force((*pos.dfn_out, *subs))): 1.0}
    return step


def _withdraw(side: str) -> Step:
    def step(arena: Arena, pos: Position, des: Des) -> Dist:
        """004 §6: the side's submarines withdraw to another zone by its standing order on
        submerging (``engine.combat.withdraw``), where it has one (``Question``); they
        survive, and a side left with nothing has retreated, or given up the zone."""
        if not (arena.q.attacker_withdraws if side == ATTACKER else arena.q.defender_withdraws):
            return {pos: 1.0}
        (after, _), = _submerge(side)(arena, pos, Des(False, False)).items()
        assert isinstance(after, Position)
        if not after.atk:
            return {conclude(arena, after, "retreat"): 1.0}
        if not after.dfn:
            return {conclude(arena, after, "attacker"): 1.0}
        return {after: 1.0}
    return step


def _surprise(side: str) -> Step:
    def step(arena: Arena, pos: Position, des: Des) -> Dist:
        """Surprise Strike: attacking subs hit on 2, defending subs on 1, sea units only;
        the attacker's victims leave at once, the defender's behind the strip (000, Step 2)."""
        units, strip = mine(pos, side)
        subs = arena.submarines(units, strip)
        if not subs or not _subs_may_fire_first(des, side):
            return {pos: 1.0}
        spec = arena.spec
        shots = [((spec(p).surprise_attack_hits_on if side == ATTACKER else spec(p).surprise_defense_hits_on), 1)
                 for p in subs]
        return hit(arena, pos, fire_of({"sea": shots}), other(side), at_once=side == DEFENDER)
    return step


def _opening(side: str) -> Step:
    def step(arena: Arena, pos: Position, des: Des) -> Dist:
        """002, Phase 4, Step 2: the side's submarines fire in every round's opening fire,
        at sea units, destroyers or not; the attacker's victims leave at once unless the
        attacker has a destroyer (``opening_end`` removes the defender's). Subs facing no
        sea unit roll nothing (002, Q&A, Submarines)."""
        units, strip = mine(pos, side)
        subs = arena.submarines(units, strip)
        if not subs or not any(arena.spec(p).is_sea for p in mine(pos, other(side))[0]):
            return {pos: 1.0}
        fire = arena.groups(subs, side, des.defender if side == DEFENDER else des.attacker)
        return hit(arena, pos, fire, other(side), at_once=side == DEFENDER and not des[0])
    return step


def _opening_end(arena: Arena, pos: Position, des: Des) -> Dist:
    """002, Phase 4, Step 3: the opening fire's casualties leave before firing back unless
    their side has a destroyer (the attacker's were settled as they were hit)."""
    return {pos if des[1] or not pos.dfn_strip else pos.but(dfn_strip=()): 1.0}


def _fire(side: str, subs_fired: bool) -> Step:
    def step(arena: Arena, pos: Position, des: Des) -> Dist:
        """The side's general fire (000, Steps 3-4; 002, Steps 4-5): every unit with a value,
        those in the strip included, but at sea not submarines that fired first (or,
        after an opening fire, at all; a side without a surprise step fires its subs
        here); the attacker's casualties leave at once, the defender's go behind the strip."""
        units, strip = mine(pos, side)
        targets = pos.dfn if side == ATTACKER else pos.atk
        if not targets:
            return {pos: 1.0}
        skip = arena.q.sea and (subs_fired or (arena.has(f"surprise_{side}") and _subs_may_fire_first(des, side)))
        shooters = force(p for p in (*units, *strip) if not (skip and arena.spec(p).submarine))
        fire = arena.groups(shooters, side, des.defender if side == DEFENDER else des.attacker)
        return hit(arena, pos, fire, other(side), at_once=side == DEFENDER)
    return step


def _end_round(arena: Arena, pos: Position, des: Des) -> Dist:
    """000, Step 6: Condition A (a side has nothing left that can fight), then the
    attacker's retreat condition (its standing order ``retreat_below``): all retreat, or
    only the aircraft (``Arena.retreating``), the rest fighting on. Remembered per
    position: many rounds end on the same units."""
    key = ("end_round", pos, des)
    if key not in arena.memo:
        arena.memo[key] = _settle(arena, pos, des)
    return arena.memo[key]


def _settle(arena: Arena, pos: Position, des: Des) -> Dist:
    if arena.q.sea:
        checked = _sea_checks(arena, pos, des)
        if isinstance(checked, Ending):
            return {checked: 1.0}
        pos = checked
    fighting = arena.fighting(pos.dfn)
    if not pos.atk or not fighting:
        return {conclude(arena, pos, "attacker" if pos.atk else ("defender" if fighting else "none")): 1.0}
    return {retreat_by_orders(arena, pos): 1.0}


STEPS: dict[str, Step] = {
    "start": _start,
    "antiaircraft": _antiaircraft,
    "antiaircraft_each": _antiaircraft_each,
    "bombard": _bombard,
    "undefended": _undefended,
    "round": _round,
    # Who holds the air is noted as a round begins (``round_of``, ``cycle.begin``).
    "air_cycle": _nothing,
    "submerge_attacker": _submerge(ATTACKER),
    "submerge_defender": _submerge(DEFENDER),
    "surprise_attacker": _surprise(ATTACKER),
    "surprise_defender": _surprise(DEFENDER),
    "surprise_end": _remove,
    "opening_attacker": _opening(ATTACKER),
    "opening_defender": _opening(DEFENDER),
    "opening_end": _opening_end,
    "fire_attacker": _fire(ATTACKER, subs_fired=False),
    "fire_defender": _fire(DEFENDER, subs_fired=False),
    "fire_attacker_after_opening": _fire(ATTACKER, subs_fired=True),
    "fire_defender_after_opening": _fire(DEFENDER, subs_fired=True),
    "remove": _remove,
    "end_round": _end_round,
    "withdraw_attacker": _withdraw(ATTACKER),
    "withdraw_defender": _withdraw(DEFENDER),
    "next_round": _nothing,
    "anti_air": cycle.anti_air,
    "air_fire_attacker": cycle.air_fire(ATTACKER),
    "air_fire_defender": cycle.air_fire(DEFENDER),
    "air_remove": _remove,
    "opening_fire_attacker": cycle.land_fire(ATTACKER, opening=True),
    "opening_fire_defender": cycle.land_fire(DEFENDER, opening=True),
    "opening_remove": _remove,
    "land_fire_attacker": cycle.land_fire(ATTACKER, opening=False),
    "land_fire_defender": cycle.land_fire(DEFENDER, opening=False),
    "land_remove": _remove,
    "cycle_end": cycle.cycle_end,
    "retreat_defender": cycle.retreat_defender,
    "retreat_attacker": cycle.retreat_attacker,
}
"""The odds' transition for each engine step id (``engine.combat.sequence.STEPS``)."""


# -- endings -------------------------------------------------------------------------------

def _sea_checks(arena: Arena, pos: Position, des: Des) -> Result:
    """Defenseless transports and battles where nobody can hit (the engine's sea-battle
    checks in ``engine.combat.steps``); attacking transports are assumed free to retreat,
    so they stay in the battle."""
    atk, dfn = pos.atk, pos.dfn
    d_threat = arena.can_hit_any(dfn, atk, DEFENDER, des[1])
    if not d_threat and any(arena.spec(p).attack > 0 for p in atk):
        dfn = tuple(p for p in dfn if not arena.spec(p).chosen_last)
        if len(dfn) < len(pos.dfn):
            pos = pos.but(dfn=dfn)
    if not atk or not dfn:
        return pos
    if not arena.can_hit_any(atk, dfn, ATTACKER, des[0]) and not d_threat:
        return conclude(arena, pos, "stalemate")
    return pos


def _submerges(rule: str, mine: Sequence[object], theirs: Sequence[object]) -> bool:
    """A side's standing order on submerging (as ``engine.combat.choices`` reads it)."""
    return rule == "always" or (rule == "when_outnumbered" and len(theirs) > len(mine))
