"""Which units may take which hits, and choosing them by a power's order of loss.

Rules (000, General Combat, Steps 2-4 and Unit Profiles):

- "As many hits as possible must be assigned": a cruiser's hit goes on the fighter when
  the submarines' hits cannot (Step 3's example). Checked as a maximum matching of hits
  to hit points (:func:`assignable`).
- Submarines hit sea units only; air units cannot hit submarines without a friendly
  destroyer in the battle; antiaircraft hits fall on aircraft.
- Transports are chosen only when no other eligible unit is left ("Chosen Last").
- A battleship takes two hits; the first only damages it.
- AARHE's land battles (001 › Land Combat: Hit Allocation): "Land units' hits can only be
  allocated on land units" (rule ``land``); tank hits and, under air supremacy, air units'
  hits fall "on other land units before Infantry or Airborne Infantry" (``armour``); in a
  dogfight air units' hits fall "on other air units before Transport Plane" (``dogfight``).
  A unit's ``taken_last`` names the rules whose hits reach it only when no other unit they
  may fall on is left; an Infrastructure Defense "may not be taken as casualty".

A choice is a number of hits per unit kind; hits on a kind go first to units that survive
them (a battleship's first hit), then destroy units, lowest id first. A choice may also
name hits on units already damaged (``1 damaged battleship``): each destroys one of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..ids import UnitKind
from ..state import GameState, Unit
from ..units import UnitSpec

RULES = ("any", "sea", "not_sub", "air", "land", "armour", "dogfight", "surface", "sub")
"""Who a hit may fall on: anyone; sea units only (submarine hits); anyone but submarines
(air hits without a friendly destroyer); aircraft only (antiaircraft fire); AARHE's land
combat units only (land fire), the same with infantry last (``armour``); aircraft only, the
transport plane last (``dogfight``); in AARHE's sea battles, naval units other than
submarines (001 › Naval Combat: Hit Allocation) and submarines only (ASW attack rolls,
among the detected ones)."""


REACH = {
    "any": "any unit may take them",
    "sea": "submarines hit only ships",
    "not_sub": "aircraft hit submarines only with a friendly destroyer",
    "air": "antiaircraft hits only aircraft",
    "land": "land units' hits fall on land units only",
    "armour": "the hits of tanks, and of aircraft under air supremacy, fall on land units only, infantry last",
    "dogfight": "in a dogfight aircraft hit only aircraft",
    "surface": "these hits fall on ships other than submarines",
    "sub": "ASW attacks hit only submarines",
}
"""Who each rule's hits may fall on, in the words a refused casualty choice gives."""


def _reach(hits: Sequence[tuple[int, str]]) -> list[str]:
    """What the rules of these hits allow, each once, in the order the hits come."""
    return list(dict.fromkeys(REACH[rule] for n, rule in hits if n))


def eligible(spec: UnitSpec, rule: str) -> bool:
    if rule == "sea":
        return spec.is_sea
    if rule == "not_sub":
        return not spec.submarine
    if rule in ("air", "dogfight"):
        return spec.is_air
    if rule in ("land", "armour"):
        return spec.is_land and spec.is_combat_unit
    if rule == "surface":
        return spec.is_sea and not spec.submarine
    if rule == "sub":
        return spec.submarine
    return True


def _first(spec: UnitSpec, rule: str) -> bool:
    """Hits of ``rule`` may fall on this unit before those it reaches last."""
    return eligible(spec, rule) and rule not in spec.taken_last


def _owed_first(state: GameState, hits: Sequence[tuple[int, str]], units: Sequence[Unit]) -> int:
    """How many hits must fall on units taken before the ``taken_last`` ones: for each rule
    that spares some units, its hits up to the hit points of the others (0 when no rule of
    these hits spares anyone)."""
    owed = 0
    for n, rule in hits:
        spared = [u for u in units if eligible(state.rules.spec(u.kind), rule) and rule in state.rules.spec(u.kind).taken_last]
        if n and spared:
            owed += min(n, sum(hit_points(state, u) for u in units if _first(state.rules.spec(u.kind), rule)))
    return owed


def _spares(state: GameState, hits: Sequence[tuple[int, str]]) -> frozenset[str]:
    return frozenset(r for n, r in hits if n and any(r in s.taken_last for s in state.rules.units.values()))


def hit_points(state: GameState, unit: Unit) -> int:
    return state.rules.spec(unit.kind).hits - unit.hits


def _max_flow(hits: Sequence[tuple[int, str]], capacity: Mapping[UnitKind, int], state: GameState) -> int:
    """Largest number of hits that fit on the given hit points: a maximum matching of
    single hits to hit points, by the deficiency form of Hall's theorem. The hits of one
    rule may fall on the same units, so the worst set of hits is always all hits of some
    rules: the matching is the hits less the largest shortfall (their number minus the
    hit points eligible for any of them) over the subsets of rules (a battle has at most
    four rules, so at most fifteen subsets)."""
    need: dict[str, int] = {}
    for n, rule in hits:
        need[rule] = need.get(rule, 0) + n
    rules = list(need)
    kinds = {rule: frozenset(k for k, c in capacity.items() if c > 0 and eligible(state.rules.spec(k), rule))
             for rule in rules}
    shortfall = 0
    for chosen in range(1, 1 << len(rules)):
        subset = [r for i, r in enumerate(rules) if chosen >> i & 1]
        covered = frozenset().union(*(kinds[r] for r in subset))
        shortfall = max(shortfall, sum(need[r] for r in subset) - sum(capacity[k] for k in covered))
    return sum(need.values()) - shortfall


def capacity_of(state: GameState, units: Iterable[Unit], without_transports: bool = False) -> dict[UnitKind, int]:
    out: dict[UnitKind, int] = {}
    for u in units:
        if without_transports and state.rules.spec(u.kind).chosen_last:
            continue
        out[u.kind] = out.get(u.kind, 0) + hit_points(state, u)
    return out


def assignable(state: GameState, hits: Sequence[tuple[int, str]], units: Iterable[Unit]) -> tuple[int, int]:
    """(hits that must be assigned, of them on units other than transports)."""
    pool = list(units)
    return (_max_flow(hits, capacity_of(state, pool), state),
            _max_flow(hits, capacity_of(state, pool, without_transports=True), state))


def check_choice(state: GameState, hits: Sequence[tuple[int, str]], units: Sequence[Unit],
                 chosen: Mapping[UnitKind, int], damaged: Mapping[UnitKind, int] | None = None) -> str | None:
    """None if ``chosen`` (hits per kind) plus ``damaged`` (hits on damaged units per kind)
    is a legal assignment, else the reason."""
    for kind, n in (damaged or {}).items():
        hurt = sum(1 for u in units if u.kind == kind and u.hits > 0)
        if n > hurt:
            spec = state.rules.spec(kind)
            return f"{hurt} damaged {spec.plural if hurt != 1 else spec.name.lower()} can be chosen here, not {n}"
    chosen = {k: chosen.get(k, 0) + (damaged or {}).get(k, 0) for k in {*chosen, *(damaged or {})}}
    cap = capacity_of(state, units)
    for kind, n in chosen.items():
        if n > cap.get(kind, 0):
            spec = state.rules.spec(kind)
            return f"only {cap.get(kind, 0)} hit(s) can be taken by {spec.plural} here, not {n}"
    must, on_others = assignable(state, hits, units)
    given = sum(chosen.values())
    if given != must:
        return f"{must} hit(s) must be assigned, not {given}"
    if _max_flow(hits, dict(chosen), state) != given:
        return f"those units cannot take these hits ({'; '.join(_reach(hits))})"
    others = sum(n for k, n in chosen.items() if not state.rules.spec(k).chosen_last)
    if others != on_others:
        return "transports can be chosen only when no other eligible unit is left"
    spared = _spares(state, hits)
    if spared:
        first = sum(n for k, n in chosen.items() if any(_first(state.rules.spec(k), r) for r in spared))
        if first < _owed_first(state, hits, units):
            last = sorted({state.rules.spec(u.kind).plural for u in units
                           if any(r in state.rules.spec(u.kind).taken_last for r in spared)})
            return f"{' and '.join(last)} can be chosen only when no other unit these hits may fall on is left"
    return None


def forced(state: GameState, hits: Sequence[tuple[int, str]], units: Sequence[Unit]) -> bool:
    """Only one assignment is possible, so there is nothing to ask: among units other
    than transports, and then among transports, either one kind (damaged or not) is
    eligible or every eligible hit point is taken."""
    must, on_others = assignable(state, hits, units)
    if must == 0:
        return True
    rules = [r for n, r in hits if n]

    def unique(group: list[Unit], taken: int) -> bool:
        ok = [u for u in group if any(eligible(state.rules.spec(u.kind), r) for r in rules)]
        kinds = {(u.kind, u.hits > 0) for u in ok}  # a damaged battleship differs from a whole one
        return taken == 0 or len(kinds) <= 1 or taken >= sum(hit_points(state, u) for u in ok)

    others = [u for u in units if not state.rules.spec(u.kind).chosen_last]
    transports = [u for u in units if state.rules.spec(u.kind).chosen_last]
    return unique(others, on_others) and unique(transports, must - on_others)


def per_unit(state: GameState, units: Sequence[Unit], chosen: Mapping[UnitKind, int],
             damaged: Mapping[UnitKind, int] | None = None) -> dict[int, int]:
    """Spread hits per kind over units: the named damaged units first (each destroyed),
    then survivable hits, then losses by id."""
    out: dict[int, int] = {}
    for kind, n in (damaged or {}).items():
        hurt = sorted((u for u in units if u.kind == kind and u.hits > 0), key=lambda u: u.id)[:n]
        out.update({u.id: hit_points(state, u) for u in hurt})
    for kind, n in chosen.items():
        pool = sorted((u for u in units if u.kind == kind and u.id not in out), key=lambda u: u.id)
        left = {u.id: hit_points(state, u) for u in pool}
        for _ in range(n):
            best = max(pool, key=lambda u: (left[u.id], -u.id))
            left[best.id] -= 1
            out[best.id] = out.get(best.id, 0) + 1
    return out


def loss_slots(state: GameState, units: Sequence[Unit], order: Sequence[str], side: str,
               keep_land: bool) -> list[Unit]:
    """Units in the order a power gives them up, one entry per hit point.

    Free hits (a battleship's first) come first; then losses by the power's ``loss``
    order, then cheapest first (weaker first among equals); transports last. With
    ``keep_land`` (attacking a territory) the last unit able to capture it goes just before
    the transports, so aircraft are lost before the territory is given up.
    """
    rank = {k: i for i, k in enumerate(order)}

    def key(u: Unit) -> tuple[Any, ...]:
        spec = state.rules.spec(u.kind)
        power = spec.attack if side == "attacker" else spec.defense
        return (spec.chosen_last, rank.get(u.kind, len(rank)), spec.cost, power, u.id)

    ranked = sorted(units, key=key)
    free = [u for u in ranked if hit_points(state, u) > 1 for _ in range(hit_points(state, u) - 1)]
    losses = list(ranked)
    if keep_land:
        capturers = [u for u in losses if state.rules.spec(u.kind).can_capture]
        if capturers:
            last = capturers[-1]
            losses.remove(last)
            cut = next((i for i, u in enumerate(losses) if state.rules.spec(u.kind).chosen_last), len(losses))
            losses.insert(cut, last)
    return free + losses


def choose_by_order(state: GameState, hits: Sequence[tuple[int, str]], units: Sequence[Unit],
                    slots: Sequence[Unit]) -> dict[UnitKind, int]:
    """The legal assignment that follows ``slots`` as closely as the rules allow (greedy
    over hit points; the hits form a transversal matroid, so greedy is exact)."""
    must, _ = assignable(state, hits, units)
    rules_used = {r for n, r in hits if n > 0}
    chosen: dict[UnitKind, int] = {}
    taken = 0
    spared = _spares(state, hits)
    used: set[int] = set()
    if spared:
        # The hits owed to units before the ``taken_last`` ones go on them first, in order.
        owed = _owed_first(state, hits, units)
        for i, u in enumerate(slots):
            if taken == owed:
                break
            if any(_first(state.rules.spec(u.kind), r) for r in spared):
                chosen[u.kind] = chosen.get(u.kind, 0) + 1
                taken += 1
                used.add(i)
    for i, u in enumerate(slots):
        if i in used:
            continue
        if taken == must:
            break
        spec = state.rules.spec(u.kind)
        fits = [eligible(spec, r) for r in rules_used]
        if not any(fits):
            continue
        trial = dict(chosen)
        trial[u.kind] = trial.get(u.kind, 0) + 1
        # A unit that every hit may fall on always finds a hit left over (taken < must).
        if all(fits) or _max_flow(hits, trial, state) == taken + 1:
            chosen = trial
            taken += 1
    return chosen
