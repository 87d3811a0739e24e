"""The battle sequence as the odds see it, built on the engine's own combat functions.

Every rule comes from the rule system's data through the engine: unit values and supported
attack (``fire.values``), who a hit may fall on (``fire.hit_rule``, ``hits.eligible``), the
order of loss with transports last and a land unit kept (``hits.loss_slots``,
``hits.choose_by_order``), two-hit units (``hits.per_unit``), antiaircraft fire
(``UnitSpec.antiaircraft_*``), submarines (``UnitSpec.submarine``, ``surprise_*``,
``anti_submarine``), bombardment (``UnitSpec.bombard``). Which steps a battle has comes
from the rule system's battle sequence (``RuleSet.battle.steps``, the ids of
``engine.combat.sequence``); their order follows 000, Phase 3, "General Combat Sequence":

- opening, round 1 only: antiaircraft fire (land), bombardment (amphibious assault);
- each round at sea: checks (defenseless transports, nobody can hit), submerge, surprise
  strikes, the strip removed, then both sides fire;
- each round: attacker fires (casualties behind the strip), defender fires (casualties
  removed), strip removed, end checks, the attacker's retreat condition.

A round of the general model maps a position to a distribution of positions and endings.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING

from ..combat import hits as cas
from ..combat.fire import hit_rule, values
from ..combat.flow import can_hit
from ..ids import PowerId, SpaceId
from ..ruleset import RuleSet
from ..state import GameState, Unit
from ..units import UnitSpec
from . import dist
from .dist import Salvo, Shot, salvo
from .question import Force, Question, force

if TYPE_CHECKING:
    from .dist import Vector

ATTACKER, DEFENDER = "attacker", "defender"
Hits = tuple[tuple[int, str], ...]
Fire = tuple[tuple[str, Salvo], ...]
"""Shots fired, per rule of who the hits may fall on, sorted (hashable)."""


def fire_of(by_rule: dict[str, list[Shot]]) -> Fire:
    return tuple(sorted((rule, salvo(shots)) for rule, shots in by_rule.items()))


@dataclass(frozen=True, slots=True)
class Position:
    """Units still fighting, and submarines that submerged (they survive, out of the battle)."""

    atk: Force
    dfn: Force
    atk_out: Force = ()
    dfn_out: Force = ()


@dataclass(frozen=True, slots=True)
class Ending:
    """How a battle ended: ``outcome`` as ``conclude.OUTCOMES`` names it, and who is left."""

    outcome: str
    atk: Force
    dfn: Force


Result = Position | Ending
Dist = dict[Result, float]


def add(into: dict[Result, float], key: Result, p: float) -> None:
    if p > 0:
        into[key] = into.get(key, 0.0) + p


class Arena:
    """One question's rules and the engine functions applied to forces, cached."""

    def __init__(self, rules: RuleSet, question: Question) -> None:
        self.rules = rules
        self.q = question
        self.state = GameState(rules=rules, round=1, turn=PowerId(ATTACKER), phase="conduct_combat",
                               treasury={}, owners={}, units={},
                               tech={PowerId(ATTACKER): question.attacker_tech,
                                     PowerId(DEFENDER): question.defender_tech})
        self._taken: dict[tuple[Force, Hits, str], Force] = {}
        self._fire: dict[Salvo, Vector] = {}
        self._dice: dict[tuple[str, str, int], int] = {}
        self._groups: dict[tuple[Force, str, bool], Fire] = {}
        self._losses: dict[tuple[Force, Fire, str], dict[Force, float]] = {}
        self._units: dict[tuple[str, int, str, int], Unit] = {}
        self.ends: dict[tuple[Position, tuple[bool, bool]], Result] = {}
        self.rounds: dict[tuple[Position, tuple[bool, bool]], Dist] = {}

    def has(self, step: str) -> bool:
        """Whether the rule system's battles have this step (``engine.combat.sequence`` id)."""
        return step in self.rules.battle.steps

    # -- units ----------------------------------------------------------------------------
    def spec(self, piece: tuple[str, int]) -> UnitSpec:
        return self.rules.spec(piece[0])

    def units(self, units: Force, side: str) -> list[Unit]:
        """The force as engine units of the power ``side`` (ids by position, technology by
        the side's), made once each."""
        out = []
        for i, (k, h) in enumerate(units):
            u = self._units.get((side, i, k, h))
            if u is None:
                u = self._units[(side, i, k, h)] = Unit(id=i + 1, kind=k, owner=PowerId(side),
                                                        space=SpaceId("battle"), hits=h)
            out.append(u)
        return out

    def slots(self, units: Force, side: str) -> list[Unit]:
        """One unit per hit point, in the order the side gives them up."""
        order = self.q.attacker_loss if side == ATTACKER else self.q.defender_loss
        keep = side == ATTACKER and not self.q.sea and self.q.keep_land
        return cas.loss_slots(self.state, self.units(units, side), order, side, keep)

    def take(self, units: Force, hits: Hits, side: str) -> Force:
        """``units`` after taking ``hits`` by the side's order of loss (the engine's choice)."""
        key = (units, hits, side)
        if key not in self._taken:
            pool = self.units(units, side)
            chosen = cas.choose_by_order(self.state, hits, pool, self.slots(units, side))
            spread = cas.per_unit(self.state, pool, chosen)
            left = [(u.kind, u.hits + spread.get(u.id, 0)) for u in pool
                    if spread.get(u.id, 0) < cas.hit_points(self.state, u)]
            self._taken[key] = force(left)
        return self._taken[key]

    def hit_points(self, units: Force) -> int:
        return sum(self.spec(p).hits - p[1] for p in units)

    def fighting(self, units: Force) -> bool:
        """Defenders that keep a battle going have a defense value (000, Step 6)."""
        return any(self.spec(p).defense > 0 for p in units)

    def destroyer(self, units: Force) -> bool:
        return any(self.spec(p).anti_submarine for p in units)

    def submarines(self, units: Force) -> Force:
        return tuple(p for p in units if self.spec(p).submarine)

    # -- fire -----------------------------------------------------------------------------
    def salvo(self, pool: Sequence[Unit], side: str) -> Salvo:
        """What the units fire together (a land round, where every hit may fall on anyone)."""
        return salvo(self._shots(pool, values(self.state, pool, side)))

    def _shots(self, pool: Sequence[Unit], vals: dict[int, int]) -> list[Shot]:
        """Each unit's value and dice (``unit_dice``: heavy bombers keep the best of two)."""
        return [(vals[u.id], self._dice_of(u)) for u in pool]

    def _dice_of(self, u: Unit) -> int:
        key = (u.owner, u.kind, u.hits)
        if key not in self._dice:
            self._dice[key] = self.rules.hooks.unit_dice(self.state, u)
        return self._dice[key]

    def groups(self, shooters: Force, side: str, own_destroyer: bool) -> Fire:
        """Values firing, per rule of who the hits may fall on."""
        key = (shooters, side, own_destroyer)
        if key not in self._groups:
            pool = self.units(shooters, side)
            shots = self._shots(pool, values(self.state, pool, side))
            out: dict[str, list[Shot]] = {}
            for u, shot in zip(pool, shots):
                out.setdefault(hit_rule(self.state, u, self.q.sea, own_destroyer), []).append(shot)
            self._groups[key] = fire_of(out)
        return self._groups[key]

    def fire(self, fired: Salvo) -> Vector:
        """The hit distribution of a salvo in this question's dice mode."""
        if fired not in self._fire:
            self._fire[fired] = dist.hits(fired, self.q.dice)
        return self._fire[fired]

    def volley(self, fire: Fire) -> list[tuple[Hits, float]]:
        """Every combination of hits per rule with its probability."""
        combos: list[tuple[Hits, float]] = [((), 1.0)]
        for rule, vals in fire:
            d = self.fire(vals)
            combos = [((*h, (n, rule)) if n else h, p * float(q)) for h, p in combos
                      for n, q in enumerate(d) if q > 0]
        return combos

    def losses(self, units: Force, fire: Fire, side: str) -> dict[Force, float]:
        """What is left of ``units`` after ``fire``, with probabilities (hits that leave the
        same units merged)."""
        key = (units, fire, side)
        if key not in self._losses:
            out: dict[Force, float] = {}
            for hits, p in self.volley(fire):
                left = self.take(units, hits, side) if hits else units
                out[left] = out.get(left, 0.0) + p
            self._losses[key] = out
        return self._losses[key]

    def can_hit_any(self, shooters: Force, targets: Force, side: str, own_destroyer: bool) -> bool:
        a, b = self.units(shooters, side), self.units(targets, DEFENDER if side == ATTACKER else ATTACKER)
        return any(can_hit(self.state, s, t, side, own_destroyer, self.q.sea) for s in a for t in b)

    @cached_property
    def antiaircraft(self) -> tuple[int, int]:
        """(shots, hits on) of the defender's antiaircraft fire; (0, 0) when there is none."""
        if self.q.sea or not self.q.antiaircraft or not self.has("antiaircraft"):
            return 0, 0
        aaa = [p for p in self.q.defend if self.spec(p).antiaircraft_shots]
        air = [p for p in self.q.attack if self.spec(p).is_air]
        if not aaa or not air:
            return 0, 0
        shots = min(sum(self.spec(p).antiaircraft_shots for p in aaa), len(air))
        return shots, self.spec(aaa[0]).antiaircraft_hits_on


def opening(arena: Arena) -> Iterator[tuple[float, Position, Force] | tuple[float, Ending, Force]]:
    """Round 1 before the rounds: the start checks, antiaircraft fire, bombardment.

    Yields (probability, position, strip): bombardment casualties stand behind the strip
    and fire in round 1 (000, Amphibious Assaults, Step 3)."""
    q = arena.q
    atk, dfn = q.attack, q.defend
    if not atk:
        yield 1.0, Ending("no_attack", atk, dfn), ()
        return
    if not q.sea and not any(arena.spec(p).is_combat_unit for p in dfn):
        yield 1.0, Ending("attacker", atk, ()), ()
        return
    shots, on = arena.antiaircraft
    after_aa: list[tuple[float, Force]] = [(1.0, atk)]
    if shots:
        d = dist.hits((((on, 1), shots),), q.aa_dice)
        after_aa = [(float(p), arena.take(atk, ((n, "air"),), ATTACKER) if n else atk)
                    for n, p in enumerate(d) if p > 0]
    ships = [(arena.rules.spec(k).bombard, 1) for k in q.bombard] if arena.has("bombard") else []
    for p, a in after_aa:
        if not a:
            yield p, conclude(arena, Position(a, dfn), "defender" if arena.fighting(dfn) else "none"), ()
            continue
        if not ships or q.sea:
            yield p, Position(a, dfn), ()
            continue
        for n, pb in enumerate(dist.hits(salvo(ships), q.dice)):
            if pb > 0:
                left = arena.take(dfn, ((n, "any"),), DEFENDER) if n else dfn
                yield p * float(pb), Position(a, left), _gone(dfn, left)


def _gone(before: Force, after: Force) -> Force:
    """Units of ``before`` not in ``after`` (multiset difference), as the strip."""
    rest = list(after)
    out = []
    for p in before:
        if p in rest:
            rest.remove(p)
        else:
            out.append(p)
    return force(out)


def round_of(arena: Arena, pos: Position, strip: Force = ()) -> Dist:
    """One round from ``pos`` (a round's start), as a distribution of results."""
    q = arena.q
    out: Dist = {}
    des = (arena.destroyer(pos.atk), arena.destroyer(pos.dfn))
    if q.sea:
        checked = _sea_checks(arena, pos, des)
        if isinstance(checked, Ending):
            return {checked: 1.0}
        pos = checked
        for p, mid in _surprise(arena, pos, des):
            key = (mid, des)
            if key not in arena.rounds:
                arena.rounds[key] = _fire(arena, mid, (), des)
            for r, pr in arena.rounds[key].items():
                add(out, r, p * pr)
        return out
    return _fire(arena, pos, strip, des)


def _fire(arena: Arena, pos: Position, strip: Force, des: tuple[bool, bool]) -> Dist:
    """Steps 3-6: attacker fires (casualties behind the strip, still firing back), defender
    fires, removal, end checks, retreat condition."""
    sea = arena.q.sea
    skip_a = sea and not des[1]
    skip_d = sea and not des[0]
    a_shoot = tuple(u for u in pos.atk if not (skip_a and arena.spec(u).submarine)) if pos.dfn else ()
    d_shoot = tuple(u for u in (*pos.dfn, *strip) if not (skip_d and arena.spec(u).submarine))
    out: Dist = {}
    dfns = arena.losses(pos.dfn, arena.groups(a_shoot, ATTACKER, des[0]), DEFENDER)
    atks = arena.losses(pos.atk, arena.groups(d_shoot, DEFENDER, des[1]), ATTACKER) if pos.atk else {pos.atk: 1.0}
    for dfn, pa in dfns.items():
        for atk, pd in atks.items():
            add(out, _end_round(arena, Position(atk, dfn, pos.atk_out, pos.dfn_out), des), pa * pd)
    return out


def _end_round(arena: Arena, pos: Position, des: tuple[bool, bool]) -> Result:
    key = (pos, des)
    if key not in arena.ends:
        arena.ends[key] = _settle(arena, pos, des)
    return arena.ends[key]


def _settle(arena: Arena, pos: Position, des: tuple[bool, bool]) -> Result:
    if arena.q.sea:
        checked = _sea_checks(arena, pos, des)
        if isinstance(checked, Ending):
            return checked
        pos = checked
    fighting = arena.fighting(pos.dfn)
    if not pos.atk or not fighting:
        outcome = "attacker" if pos.atk else ("defender" if fighting else "none")
        return conclude(arena, pos, outcome)
    if len(pos.atk) < arena.q.retreat_below:
        return conclude(arena, pos, "retreat")
    return pos


def conclude(arena: Arena, pos: Position, outcome: str) -> Ending:
    """Survivors: submerged submarines count; a won territory's leftover defenders
    (antiaircraft artillery without combat units) are gone."""
    dfn = () if outcome == "attacker" else force((*pos.dfn, *pos.dfn_out))
    return Ending(outcome, force((*pos.atk, *pos.atk_out)), dfn)


def _sea_checks(arena: Arena, pos: Position, des: tuple[bool, bool]) -> Position | Ending:
    """Defenseless transports and battles where nobody can hit (as the engine's sea-battle checks in ``engine.combat.steps``);
    attacking transports are assumed free to retreat, so they stay in the battle."""
    atk, dfn = pos.atk, pos.dfn
    d_threat = arena.can_hit_any(dfn, atk, DEFENDER, des[1])
    if not d_threat and any(arena.spec(p).attack > 0 for p in atk):
        dfn = tuple(p for p in dfn if not arena.spec(p).chosen_last)
    pos = replace(pos, dfn=dfn)
    if not atk or not dfn:
        return pos
    if not arena.can_hit_any(atk, dfn, ATTACKER, des[0]) and not d_threat:
        return conclude(arena, pos, "stalemate")
    return pos


def _surprise(arena: Arena, pos: Position, des: tuple[bool, bool]) -> Iterator[tuple[float, Position]]:
    """Submerge (attacker first) or strike; surprise strikes of both sides, the defender's
    casualties removed after both rolled (000, General Combat, Step 2)."""
    atk_subs = arena.submarines(pos.atk) if not des[1] and arena.has("surprise_attacker") else ()
    if atk_subs and arena.has("submerge_attacker") and _submerges(arena.q.attacker_submerge, pos.atk, pos.dfn):
        pos = replace(pos, atk=_gone(pos.atk, atk_subs), atk_out=force((*pos.atk_out, *atk_subs)))
        atk_subs = ()
    dfn_subs = arena.submarines(pos.dfn) if not des[0] and arena.has("surprise_defender") else ()
    if dfn_subs and arena.has("submerge_defender") and _submerges(arena.q.defender_submerge, pos.dfn, pos.atk):
        pos = replace(pos, dfn=_gone(pos.dfn, dfn_subs), dfn_out=force((*pos.dfn_out, *dfn_subs)))
        dfn_subs = ()
    if not atk_subs and not dfn_subs:
        yield 1.0, pos
        return
    a_vals = fire_of({"sea": [(arena.spec(p).surprise_attack_hits_on, 1) for p in atk_subs]}
                     if atk_subs and pos.dfn else {})
    d_vals = fire_of({"sea": [(arena.spec(p).surprise_defense_hits_on, 1) for p in dfn_subs]} if dfn_subs else {})
    dfns = arena.losses(pos.dfn, a_vals, DEFENDER)
    for atk, pd in arena.losses(pos.atk, d_vals, ATTACKER).items():
        for dfn, pa in dfns.items():
            yield pa * pd, Position(atk, dfn, pos.atk_out, pos.dfn_out)


def _submerges(rule: str, mine: Sequence[object], theirs: Sequence[object]) -> bool:
    """A side's standing order on submerging (as ``engine.combat.choices`` reads it)."""
    return rule == "always" or (rule == "when_outnumbered" and len(theirs) > len(mine))
