"""A question's battle as the engine sees it: forces made engine units, the engine's own
functions applied to them, and the results cached.

Every rule comes from the rule system's data and hooks through the engine: unit values
and support, technology (``hooks.unit_values``, ``hooks.unit_dice``), who a hit may fall
on (``fire.hit_rule``, ``hits.eligible``), the order of loss with transports last and a
land unit kept (``hits.loss_slots``, ``hits.choose_by_order``), two-hit units
(``hits.per_unit``). The attacker's units belong to a power called ``attacker``, the
defender's to ``defender``, each with its side's developments in the state's ``tech``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..combat import hits as cas
from ..combat.fire import hit_rule, values
from ..combat.flow import can_hit
from ..ids import PowerId, SpaceId, UnitKind
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


class Position:
    """Units in a battle: fighting (``atk``, ``dfn``), chosen as casualties but still
    firing back (``*_strip``, within a round), and submarines that submerged (out of the
    battle, surviving it). Immutable; its hash is computed once, as positions are looked
    up many times over."""

    __slots__ = ("atk", "dfn", "atk_strip", "dfn_strip", "atk_out", "dfn_out", "_key", "_hash")

    def __init__(self, atk: Force, dfn: Force, atk_strip: Force = (), dfn_strip: Force = (),
                 atk_out: Force = (), dfn_out: Force = ()) -> None:
        self.atk, self.dfn, self.atk_strip, self.dfn_strip = atk, dfn, atk_strip, dfn_strip
        self.atk_out, self.dfn_out = atk_out, dfn_out
        self._key = (atk, dfn, atk_strip, dfn_strip, atk_out, dfn_out)
        self._hash = hash(self._key)

    def but(self, **changes: Force) -> Position:
        return Position(**{**dict(zip(self.__slots__, self._key)), **changes})

    def bare(self) -> Position:
        """The position without casualties behind the strips."""
        if not self.atk_strip and not self.dfn_strip:
            return self
        return Position(self.atk, self.dfn, (), (), self.atk_out, self.dfn_out)

    def with_attacker(self, atk: Force, strip: Force) -> Position:
        return Position(atk, self.dfn, strip, self.dfn_strip, self.atk_out, self.dfn_out)

    def with_defender(self, dfn: Force, strip: Force) -> Position:
        return Position(self.atk, dfn, self.atk_strip, strip, self.atk_out, self.dfn_out)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is Position and self._hash == other._hash and self._key == other._key)

    def __repr__(self) -> str:
        return f"Position{self._key}"


class Des(NamedTuple):
    """What a round's steps read as it began: whether the attacker, the defender has a
    destroyer; in AARHE's cycles who holds the air (``combat.air.air_over``) and whether it
    is the battle's first cycle (only where something of it differs: terrain's defense)."""

    attacker: bool
    defender: bool
    air: str = ""
    first: bool = False


class Ending(NamedTuple):
    """How a battle ended: ``outcome`` as ``conclude.OUTCOMES`` names it, and who is left."""

    outcome: str
    atk: Force
    dfn: Force


Result = Position | Ending
Dist = dict[Result, float]
Step = Callable[["Arena", Position, Des], Dist]
"""A battle step's odds transition: a position to a distribution of results."""


def add(into: dict[Result, float], key: Result, p: float) -> None:
    if p > 0:
        into[key] = into.get(key, 0.0) + p


def other(side: str) -> str:
    return DEFENDER if side == ATTACKER else ATTACKER


class Arena:
    """One question's rules and the engine functions applied to forces, cached."""

    def __init__(self, rules: RuleSet, question: Question) -> None:
        self.rules = rules
        self.q = question
        self.state = GameState(rules=rules, round=1, turn=PowerId(ATTACKER), phase="conduct_combat",
                               treasury={}, owners={}, units={},
                               tech={PowerId(ATTACKER): question.attacker_tech,
                                     PowerId(DEFENDER): question.defender_tech})
        self._taken: dict[tuple[Force, Hits, str], tuple[Force, Force]] = {}
        self._fire: dict[tuple[str, Salvo], Vector] = {}
        self._dice: dict[tuple[str, str, int], int] = {}
        self._groups: dict[tuple[Force, str, bool], Fire] = {}
        self._losses: dict[tuple[Force, Fire, str], dict[tuple[Force, Force], float]] = {}
        self._units: dict[tuple[str, int, str, int], Unit] = {}
        self._reach: dict[tuple[frozenset[UnitKind], frozenset[UnitKind], str, bool], bool] = {}
        self._kind_sets: dict[Force, frozenset[UnitKind]] = {}
        self._slots: dict[tuple[Force, str], list[Unit]] = {}
        self._specs: dict[str, UnitSpec] = {str(k): s for k, s in rules.units.items()}
        self._subs: dict[Force, Force] = {}
        self._spare: dict[str, bool] = {}
        self._reaching: dict[tuple[Fire, frozenset[UnitKind]], Fire] = {}
        self._destroyer: dict[Force, bool] = {}
        self.memo: dict[tuple[str, Position, Des], Dist] = {}
        """Step results per (step id, position, destroyers), shared by every round."""
        self.cycles = self.has("air_cycle")
        """Whether a round is an AARHE cycle that notes who holds the air as it begins."""
        self.fires: dict[tuple[object, ...], Fire] = {}
        """The fire of a cycle's step per side's units and what the cycle gives them (``cycle``)."""
        self.round_steps: tuple[str, ...] | None = None
        """The rule system's steps of every round that apply to this battle, once known."""

    @property
    def amphibious(self) -> bool:
        return self.q.amphibious or bool(self.q.bombard)

    def retreating(self, units: Force) -> Force:
        """The attacker's units that leave when it retreats (``combat.choices``): all, or
        from an amphibious assault only the aircraft unless land units came overland and
        the rule system lets them go (002, Phase 4, Amphibious Assaults: no land unit)."""
        if not self.amphibious or (self.q.overland and self.rules.switches.overland_units_retreat_from_assaults):
            return units
        return tuple(p for p in units if self.spec(p).is_air)

    def has(self, step: str) -> bool:
        """Whether the rule system's battles have this step (``engine.combat.sequence`` id)."""
        return step in self.rules.battle.steps

    # -- units ----------------------------------------------------------------------------
    def spec(self, piece: tuple[str, int]) -> UnitSpec:
        return self._specs[piece[0]]

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
        key = (units, side)
        if key not in self._slots:
            order = self.q.attacker_loss if side == ATTACKER else self.q.defender_loss
            keep = side == ATTACKER and not self.q.sea and self.q.keep_land
            self._slots[key] = cas.loss_slots(self.state, self.units(units, side), order, side, keep)
        return self._slots[key]

    def split(self, units: Force, hits: Hits, side: str) -> tuple[Force, Force]:
        """(units left, units lost) after ``hits`` by the side's order of loss (the
        engine's choice); a unit hit but not lost (a battleship's first hit) is left
        damaged."""
        key = (units, hits, side)
        if key not in self._taken:
            pool = self.units(units, side)
            chosen = self._chosen(hits, pool, self.slots(units, side))
            spread = cas.per_unit(self.state, pool, chosen)
            left = [(u.kind, u.hits + spread.get(u.id, 0)) for u in pool
                    if spread.get(u.id, 0) < cas.hit_points(self.state, u)]
            lost = [(u.kind, u.hits) for u in pool if spread.get(u.id, 0) >= cas.hit_points(self.state, u)]
            self._taken[key] = force(left), force(lost)
        return self._taken[key]

    def _chosen(self, hits: Hits, pool: list[Unit], slots: list[Unit]) -> dict[UnitKind, int]:
        """``hits.choose_by_order``; hits of one rule simply fall on the first eligible
        slots, which is what it chooses then, without its matching."""
        if len(hits) != 1 or self._spares(hits[0][1]):
            return cas.choose_by_order(self.state, hits, pool, slots)
        (n, rule), = hits
        chosen: dict[UnitKind, int] = {}
        for u in slots:
            if n == 0:
                break
            if cas.eligible(self.rules.spec(u.kind), rule):
                chosen[u.kind] = chosen.get(u.kind, 0) + 1
                n -= 1
        return chosen

    def _spares(self, rule: str) -> bool:
        """Whether hits of ``rule`` reach some unit type only last (``taken_last``: AARHE's
        infantry under a tank's hits), so that they do not simply follow the slots."""
        spares = self._spare.get(rule)
        if spares is None:
            spares = self._spare[rule] = any(rule in s.taken_last for s in self._specs.values())
        return spares

    def take(self, units: Force, hits: Hits, side: str) -> Force:
        """``units`` after taking ``hits`` by the side's order of loss."""
        return self.split(units, hits, side)[0]

    def hit_points(self, units: Force) -> int:
        return sum(self.spec(p).hits - p[1] for p in units)

    def fighting(self, units: Force) -> bool:
        """Defenders that keep a battle going have a defense value (000, Step 6)."""
        return any(self.spec(p).defense > 0 for p in units)

    def destroyer(self, *forces: Force) -> bool:
        """Whether any of the forces has a destroyer (remembered per force)."""
        out = False
        for units in forces:
            has = self._destroyer.get(units)
            if has is None:
                has = self._destroyer[units] = any(self.spec(p).anti_submarine for p in units)
            out = out or has
        return out

    def submarines(self, *forces: Force) -> Force:
        """The submarines among the forces (remembered per force)."""
        out: Force = ()
        for units in forces:
            subs = self._subs.get(units)
            if subs is None:
                subs = self._subs[units] = tuple(p for p in units if self.spec(p).submarine)
            out = (*out, *subs) if out else subs
        return out

    # -- fire -----------------------------------------------------------------------------
    def salvo(self, pool: Sequence[Unit], side: str) -> Salvo:
        """What the units fire together (a land round, where every hit may fall on anyone)."""
        vals = values(self.state, pool, side)
        return salvo([shot for u in pool for shot in self.shots_of(u, vals, side)])

    def shots_of(self, u: Unit, vals: Mapping[int, int], side: str) -> list[Shot]:
        """The unit's value and dice (``unit_dice``: heavy bombers keep the best of two), once
        for each roll it makes (``unit_shots``: Classic's heavy bombers make three)."""
        return [(vals[u.id], self._dice_of(u))] * self.rules.hooks.unit_shots(self.state, u, side)

    def _dice_of(self, u: Unit) -> int:
        key = (u.owner, u.kind, u.hits)
        if key not in self._dice:
            self._dice[key] = self.rules.hooks.unit_dice(self.state, u)
        return self._dice[key]

    def groups(self, shooters: Force, side: str, own_destroyer: bool) -> Fire:
        """Shots fired, per rule of who the hits may fall on."""
        key = (shooters, side, own_destroyer)
        if key not in self._groups:
            pool = self.units(shooters, side)
            vals = values(self.state, pool, side)
            out: dict[str, list[Shot]] = {}
            for u in pool:
                out.setdefault(hit_rule(self.state, u, self.q.sea, own_destroyer), []).extend(
                    self.shots_of(u, vals, side))
            self._groups[key] = fire_of(out)
        return self._groups[key]

    def fire(self, fired: Salvo, dice: str = "") -> Vector:
        """The hit distribution of a salvo in the question's dice mode (or ``dice``)."""
        key = (dice or self.q.dice, fired)
        if key not in self._fire:
            self._fire[key] = dist.hits(fired, key[0])
        return self._fire[key]

    def volley(self, fire: Fire, units: Force) -> list[tuple[Hits, float]]:
        """Every combination of hits per rule with its probability. With standard dice,
        rules that may fall on the same units of ``units`` fire as one (their hits are
        interchangeable), unless one reaches some of them only last (AARHE's tank hits); a rule's hits beyond the hit points it may fall on count as
        that many (they fit nowhere)."""
        reach: dict[tuple[frozenset[UnitKind], str], tuple[str, list[tuple[Shot, int]]]] = {}
        for rule, fired in fire:
            kinds = frozenset(k for k, _ in units if cas.eligible(self._specs[k], rule))
            alone = self.q.dice != "standard" or self._spares(rule)
            reach.setdefault((kinds, rule if alone else ""), (rule, []))[1].extend(fired)
        combos: list[tuple[Hits, float]] = [((), 1.0)]
        for (kinds, _), (rule, shots) in reach.items():
            room = sum(self.spec(p).hits - p[1] for p in units if p[0] in kinds)
            d = self.fire(salvo(s for s, n in shots for _ in range(n)))
            if room < len(d) - 1:
                d = dist.capped(d, room)
            combos = [((*h, (n, rule)) if n else h, p * float(q)) for h, p in combos
                      for n, q in enumerate(d) if q > 0]
        return combos

    def losses(self, units: Force, fire: Fire, side: str) -> dict[tuple[Force, Force], float]:
        """(left, lost) of ``units`` after ``fire``, with probabilities (hits that leave
        the same units merged)."""
        key = (units, fire, side)
        if key not in self._losses:
            out: dict[tuple[Force, Force], float] = {}
            for hits, p in self.volley(fire, units):
                after = self.split(units, hits, side) if hits else (units, ())
                out[after] = out.get(after, 0.0) + p
            self._losses[key] = out
        return self._losses[key]

    def reaching(self, fire: Fire, targets: Force) -> Fire:
        """``fire`` without the rules whose hits could fall on none of ``targets`` (units
        with nothing to hit sit out: AARHE's ``land_cycle``), by unit kinds."""
        key = (fire, self._kinds(targets))
        out = self._reaching.get(key)
        if out is None:
            out = self._reaching[key] = tuple((rule, fired) for rule, fired in fire
                                               if any(cas.eligible(self._specs[k], rule) for k in key[1]))
        return out

    def can_hit_any(self, shooters: Force, targets: Force, side: str, own_destroyer: bool) -> bool:
        """Whether any shooter could ever hit any target (``flow.can_hit``), by unit kinds."""
        key = (self._kinds(shooters), self._kinds(targets), side, own_destroyer)
        if key not in self._reach:
            a = self.units(force((k, 0) for k in key[0]), side)
            b = self.units(force((k, 0) for k in key[1]), other(side))
            self._reach[key] = any(can_hit(self.state, s, t, side, own_destroyer, self.q.sea) for s in a for t in b)
        return self._reach[key]

    def _kinds(self, units: Force) -> frozenset[UnitKind]:
        kinds = self._kind_sets.get(units)
        if kinds is None:
            kinds = self._kind_sets[units] = frozenset(k for k, _ in units)
        return kinds
