"""Settling the choices a battle stops for: by the chooser in person, by standing
orders, or by the rules when only one answer exists. Every answer becomes an event
saying who made it and how (``by``: ``in person``, ``standing orders`` or ``no choice``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..events import Event, event
from ..ids import SpaceId, UnitKind
from ..prose import possessive
from ..restrictions import sharing
from ..state import DROPPED, RETREATED, SEABORNE, SUBMERGED, GameState, Unit
from . import atomic, breakoff, land_retreat, missions, naval, selective, withdraw
from . import hits as cas
from .conclude import conclude
from .flow import Result, current, with_battle
from .losses import destroy
from .orders import BY_ORDERS, IN_PERSON, NO_CHOICE, in_person, loss_order, orders_of
from .phase import Battle, CombatPhase, Pending
from .report import counts, unit_text
from .sides import attackers, defenders, friendly_to_attacker



def pool(state: GameState, pending: Pending) -> list[Unit]:
    return [state.units[i] for i in pending.among if i in state.units]


def by_orders(state: GameState, phase: CombatPhase) -> tuple[str, Any, str, str] | None:
    """The answer standing orders (or the rules) give to the pending choice, with the
    standing order that gave it, or None when the chooser decides in person."""
    b = current(phase)
    p = b.pending
    assert p is not None
    units = pool(state, p)
    if p.kind == "casualties":
        if cas.forced(state, p.hits, units):
            return "casualties", _ordered_choice(state, b, p, units), NO_CHOICE, ""
        if in_person(state, p.chooser):
            return None
        loss = loss_order(state, p.chooser)
        note = f"order of loss: {', '.join(loss) + ', then ' if loss else ''}cheapest first"
        return "casualties", _ordered_choice(state, b, p, units), BY_ORDERS, note
    if p.kind == "targets" and p.source != selective.BOATS and len({(u.kind, u.hits) for u in units}) == 1:
        return "targets", selective.default_targets(state, p.hits[0][0], units), NO_CHOICE, ""
    if in_person(state, p.chooser):
        return None
    if p.kind == "retreat" and p.source == land_retreat.CYCLE:
        moves, note = land_retreat.by_orders(state, phase)
        return "retreat", moves, BY_ORDERS, note
    if p.kind == "targets":
        aim = () if p.source == selective.BOATS else selective.default_targets(state, p.hits[0][0], units)
        return "targets", aim, BY_ORDERS, selective.BY_ORDERS[p.source]
    if p.kind == "asw":
        return ("asw", naval.default_asw(state, units, p.hits[0][0]), BY_ORDERS,
                "one ASW attack for each detected submarine")
    if p.kind == breakoff.KIND:
        decided, note = breakoff.by_orders(state, phase)
        return breakoff.KIND, decided, BY_ORDERS, note
    if p.kind == "bomb":
        return "bomb", missions.bomb_by_orders(state, phase), BY_ORDERS, f"bomb {orders_of(state, p.chooser)['bomb']}"
    if p.kind in (atomic.GROUPS, atomic.STRIKE):
        return atomic_by_orders(state, phase)
    if p.kind == "retreat":
        to, note = _retreat_by_orders(state, phase)
        return "retreat", to, BY_ORDERS, note
    if p.kind == "bombard":
        return "bombard", strongest_bombard(state, p), BY_ORDERS, "the strongest ships bombard"
    if p.kind == "submerge":
        rule = orders_of(state, p.chooser)["submerge"]
        return "submerge", _submerge_by_orders(state, phase, units), BY_ORDERS, f"submerge {rule.replace('_', ' ')}"
    if p.kind == "withdraw":
        rule = orders_of(state, p.chooser)["submerge"]
        n = _submerge_by_orders(state, phase, units)
        to = withdraw.by_orders_zone(state, phase, p.side) if n else None
        return "withdraw", (n, to), BY_ORDERS, f"withdraw {rule.replace('_', ' ')}"
    return "intercept", len(units), BY_ORDERS, "every fighter intercepts"


def strongest_bombard(state: GameState, p: Pending) -> tuple[int, ...]:
    """The ships that bombard unless the attacker names others: the strongest (``among``
    is listed strongest first), as many as may."""
    return p.among[:sum(n for n, _ in p.hits)]


def _ordered_choice(state: GameState, b: Battle, p: Pending, units: Sequence[Unit]) -> dict[UnitKind, int]:
    order = orders_of(state, p.chooser)["loss"]
    keep_land = p.side == "attacker" and b.kind == "land"
    slots = cas.loss_slots(state, units, order, p.side, keep_land)
    return cas.choose_by_order(state, p.hits, units, slots)


def _submerge_by_orders(state: GameState, phase: CombatPhase, subs: Sequence[Unit]) -> int:
    b = current(phase)
    p = b.pending
    assert p is not None
    rule = orders_of(state, p.chooser)["submerge"]
    if rule == "always":
        return len(subs)
    if rule == "when_outnumbered":
        mine, theirs = (attackers(state, b), defenders(state, b, phase))
        if p.side == "defender":
            mine, theirs = theirs, mine
        return len(subs) if len(theirs) > len(mine) else 0
    return 0


def retreat_options(state: GameState, phase: CombatPhase) -> list[SpaceId]:
    """Where the attacker may retreat (000, Step 6, Condition B): one adjacent friendly
    space from which at least one attacking land or sea unit came, where no battle is
    pending; "In the case of sea units, that space must have been friendly at the start of
    the turn" (a zone cleared by an earlier battle this turn does not qualify), and not a
    space where a restriction keeps the attacker's units from being (``engine.restrictions``;
    AARHE's Axis Co-operation). Aircraft
    stay in the space (its own id) to land in Noncombat Move. Seaborne land units cannot
    retreat (Amphibious Assaults, Step 3), nor can AARHE's dropped airborne units (001 ›
    Airborne Drop: "may not retreat from this combat"). An AARHE cycle's retreat decision has
    its own (``land_retreat.options``)."""
    b = current(phase)
    if b.pending is not None and b.pending.source == land_retreat.CYCLE:
        return land_retreat.options(state, phase)
    atk = attackers(state, b)
    movers = _movers(state, b, atk)
    if movers:
        pending = {e.space for e in phase.entries}
        options = set()
        for u in movers:
            origin = u.came_from
            if origin is None or origin not in state.board.neighbours(b.space) or origin in pending:
                continue
            if friendly_to_attacker(state, phase, origin, b) and sharing(state, b.attacker, origin) is None:
                options.add(origin)
        return sorted(options, key=state.board.name)
    if any(state.rules.spec(u.kind).is_air for u in atk):
        return [b.space]
    return []


def _movers(state: GameState, b: Battle, atk: Sequence[Unit]) -> list[Unit]:
    """Attacking land or sea units that retreat together: none from an amphibious assault
    where overland units may not retreat either (002, Phase 4, Amphibious Assaults)."""
    if b.kind == "land" and b.amphibious and not state.rules.switches.overland_units_retreat_from_assaults:
        return []
    return [u for u in atk if not state.rules.spec(u.kind).is_air and not u.has(SEABORNE) and not u.has(DROPPED)]


def _retreat_by_orders(state: GameState, phase: CombatPhase) -> tuple[SpaceId | None, str]:
    """Retreat when a retreat condition holds, to the space most movers came from."""
    b = current(phase)
    o = orders_of(state, b.attacker)
    atk = attackers(state, b)
    note = ""
    if o["retreat_below"] and len(atk) < int(o["retreat_below"]):
        note = f"retreat below {o['retreat_below']} units: {len(atk)} left"
    elif o["retreat_odds"] and not covered(state, phase):
        return None, f"retreat below {o['retreat_odds']}% odds not applied: the odds do not cover this battle"
    elif o["retreat_odds"]:
        chance = estimate(state, phase)
        if 100 * chance < float(o["retreat_odds"]):
            note = f"retreat below {o['retreat_odds']}% odds: {100 * chance:.0f}% to win"
    if not note:
        return None, "no retreat condition met"
    options = retreat_options(state, phase)
    came = [u.came_from for u in _movers(state, b, atk)]
    return min(options, key=lambda s: (-came.count(s), state.board.name(s))), note


def covered(state: GameState, phase: CombatPhase) -> bool:
    """Whether the exact odds cover the current battle (not AARHE's sea cycle, nor a defender
    whose orders retreat at a cycle's end: ``engine.odds.battle.refusal``)."""
    from ..odds.battle import refusal

    return not refusal(state, phase, current(phase))


def estimate(state: GameState, phase: CombatPhase) -> float:
    """The attacker's chance to win from here, exactly, with both sides' orders of loss
    (``engine.odds``, which is built on this package, hence imported here)."""
    from ..odds import calculate, from_battle

    return calculate(state.rules, from_battle(state, phase, current(phase))).attacker_wins


# -- applying an answer ------------------------------------------------------------------

def atomic_by_orders(state: GameState, phase: CombatPhase) -> tuple[str, Any, str, str]:
    """The standing orders' answer to an atomic attack's choice: groups of even cost, the
    costliest group struck."""
    p = current(phase).pending
    assert p is not None
    if p.kind == atomic.GROUPS:
        groups = atomic.even_groups(state, pool(state, p), p.hits[0][0])
        return atomic.GROUPS, [[u.id for u in g] for g in groups], BY_ORDERS, "groups of even cost"
    return atomic.STRIKE, atomic.costliest(state, phase), BY_ORDERS, "the costliest group"


def apply_answer(state: GameState, phase: CombatPhase, kind: str, answer: Any, by: str, note: str = "") -> Result:
    """Carry out an answer; ``note`` names the standing order that gave it, if any."""
    asked = current(phase).pending
    if kind == "casualties":
        state, phase, events = take_casualties(state, phase, answer, by)
    elif kind == "retreat" and asked is not None and asked.source == land_retreat.CYCLE:
        state, phase, events = land_retreat.apply(state, phase, answer or (), by)
    elif kind == "retreat":
        state, phase, events = retreat(state, phase, answer, by)
    elif kind == "submerge":
        state, phase, events = submerge(state, phase, answer, by)
    elif kind == "bombard":
        state, phase, events = choose_bombard(state, phase, answer, by)
    elif kind == "withdraw":
        state, phase, events = withdraw.apply_withdraw(state, phase, answer, by)
    elif kind == "targets":
        state, phase, events = choose_targets(state, phase, answer, by)
    elif kind == "asw":
        state, phase, events = choose_asw(state, phase, answer, by)
    elif kind == breakoff.KIND:
        state, phase, events = breakoff.apply(state, phase, answer, by)
    elif kind == "bomb":
        state, phase, events = missions.choose_bomb(state, phase, answer, by)
    elif kind == atomic.GROUPS:
        state, phase, events = atomic.choose_groups(state, phase, answer, by)
    elif kind == atomic.STRIKE:
        state, phase, events = atomic.choose_strike(state, phase, answer, by)
    else:
        state, phase, events = intercept(state, phase, answer, by)
    if note and events:
        first = events[0]
        events[0] = Event(first.type, first.text[:-1] + f"; {note}.", {**first.data, "order": note})
    return state, phase, events


def take_casualties(state: GameState, phase: CombatPhase, chosen: Mapping[UnitKind, int], by: str,
                    damaged: Mapping[UnitKind, int] | None = None) -> Result:
    """Apply a choice of casualties (``damaged``: hits on units already damaged, by kind)."""
    b = current(phase)
    p = b.pending
    assert p is not None
    units = pool(state, p)
    spread = cas.per_unit(state, units, chosen, damaged)
    hurt: list[Unit] = []
    lost: list[Unit] = []
    for uid, n in sorted(spread.items()):
        u = state.units[uid]
        if n >= cas.hit_points(state, u):
            lost.append(u)
        else:
            hurt.append(replace(u, hits=u.hits + n))
    if hurt:
        state = state.with_units(hurt)
    cargo: list[Unit] = []
    if p.immediate:
        state, cargo = destroy(state, [u.id for u in lost], b.attacker)
        verb = "loses"
    else:
        b = b.but(strip=b.strip + tuple(u.id for u in lost))
        verb = "moves behind the casualty strip"
    name = state.board.name(b.space)
    owner = state.rules.power_name(p.chooser)
    parts = [f"{verb} {unit_text(state, counts(state, lost))}"] if lost else []
    if hurt:
        parts.append(f"{unit_text(state, counts(state, hurt))} damaged")
    if cargo:
        parts.append(f"cargo lost: {unit_text(state, counts(state, cargo))}")
    if not parts:
        scored = sum(n for n, _ in p.hits)
        parts = [f"cannot be hit: {scored} hit{'s' if scored != 1 else ''} lost"]
    text = f"{name}: {owner} {', '.join(parts)} ({by})."
    events = [event("casualties", text, space=name, round=b.round, side=p.side,
                    units=counts(state, lost), damaged=counts(state, hurt), cargo=counts(state, cargo),
                    source=p.source, chosen_by=owner, by=by, hits=[list(h) for h in p.hits],
                    immediate=p.immediate)]
    return state, with_battle(phase, b.but(pending=None)), events


def retreat(state: GameState, phase: CombatPhase, to: SpaceId | None, by: str) -> Result:
    b = current(phase)
    p = b.pending
    assert p is not None
    name = state.board.name(b.space)
    who = state.rules.power_name(b.attacker)
    if to is None:
        ev = event("press", f"{name}: {who} presses the attack ({by}).", space=name, round=b.round,
                   chosen_by=who, by=by)
        return state, with_battle(phase, b.but(pending=None)), [ev]
    atk = attackers(state, b)
    air = [u for u in atk if state.rules.spec(u.kind).is_air]
    movers = _movers(state, b, atk) if to != b.space else []
    moved: list[Unit] = []
    for u in movers:
        whole = u.hits < state.rules.spec(u.kind).hits and state.rules.switches.ship_repair == "after_battle"
        hits = 0 if whole else u.hits
        moved.append(replace(u, space=to, path=(*u.path, to), flags=u.flags | {RETREATED}, hits=hits))
        for rider in state.cargo_of(u.id):
            moved.append(replace(rider, space=to, flags=rider.flags | {RETREATED}))
    moved += [u.with_flags(RETREATED) for u in air]
    state = state.with_units(moved)
    b = b.but(pending=None, out=b.out | frozenset(u.id for u in air))
    parts = [f"{unit_text(state, counts(state, movers))} to {state.board.name(to)}"] if movers else []
    if air:
        parts.append(f"{unit_text(state, counts(state, air))} break off and stay to land in Noncombat Move")
    events = [event("retreat", f"{name}: {who} retreats {'; '.join(parts)} ({by}).",
                    space=name, round=b.round, to=state.board.name(to), units=counts(state, movers + air),
                    chosen_by=who, by=by)]
    phase = with_battle(phase, b)
    if attackers(state, b):
        return state, phase, events
    return conclude(state, phase, "retreat", events)


def submerge(state: GameState, phase: CombatPhase, n: int, by: str) -> Result:
    b = current(phase)
    p = b.pending
    assert p is not None
    subs = sorted(pool(state, p), key=lambda u: u.id)[:n]
    b = b.but(pending=None, out=b.out | frozenset(u.id for u in subs))
    if state.rules.switches.submerged_until_noncombat_end:
        state = state.with_units([u.with_flags(SUBMERGED) for u in subs])
    name = state.board.name(b.space)
    text = (f"{name}: {state.rules.power_name(p.chooser)} submerges {unit_text(state, counts(state, subs))}"
            if subs else f"{name}: {possessive(state.rules.power_name(p.chooser))} submarines stay to strike")
    return state, with_battle(phase, b), [event("submerge", f"{text} ({by}).", space=name, round=b.round,
                                                side=p.side, units=counts(state, subs),
                                                chosen_by=state.rules.power_name(p.chooser), by=by)]


def choose_bombard(state: GameState, phase: CombatPhase, ships: Sequence[int], by: str) -> Result:
    """The ships the attacker chose to bombard: the others sit this assault out (they are
    counted as used, since each ship supports one assault), and the step that asked runs
    again (``Pending.again``) to fire with the chosen ones."""
    b = current(phase)
    p = b.pending
    assert p is not None
    chosen = [state.units[i] for i in ships]
    phase = phase.but(bombarded=phase.bombarded | frozenset(i for i in p.among if i not in ships))
    name = state.board.name(b.space)
    who = state.rules.power_name(p.chooser)
    ev = event("bombard_choice", f"{name}: {who} bombards with {unit_text(state, counts(state, chosen))} ({by}).",
               space=name, units=counts(state, chosen), chosen_by=who, by=by)
    return state, with_battle(phase, b.but(pending=None)), [ev]


def choose_targets(state: GameState, phase: CombatPhase, aim: Sequence[int], by: str) -> Result:
    """The targets of selective fire, one per shooter (001 › Submarine Warfare: "All targets
    are selected before any rolls"; 001 › Phase 7, Jet Plane): the step that asked fires at them."""
    b = current(phase)
    p = b.pending
    assert p is not None
    name = state.board.name(b.space)
    who = state.rules.power_name(p.chooser)
    picked = [state.units[i] for i in aim]
    ev = event("targets", f"{name}: {possessive(who)} {selective.SHOOTERS[p.source]} aim at {unit_text(state, counts(state, picked))} ({by}).",
               space=name, round=b.round, side=p.side, units=counts(state, picked), chosen_by=who, by=by)
    if p.source == selective.BOATS:  # as many boats go as targets are named (naval.suicide_boats)
        return state, with_battle(phase, b.but(pending=None, boats=tuple(aim))), [ev]
    return state, with_battle(phase, b.but(pending=None, aim=tuple(aim))), [ev]


def choose_asw(state: GameState, phase: CombatPhase, ids: Sequence[int], by: str) -> Result:
    """The units that make ASW attack rolls this cycle instead of normal combat (001 › ASW)."""
    b = current(phase)
    p = b.pending
    assert p is not None
    name = state.board.name(b.space)
    who = state.rules.power_name(p.chooser)
    chosen = [state.units[i] for i in ids]
    what = unit_text(state, counts(state, chosen)) if chosen else "no unit"
    ev = event("asw", f"{name}: {who} allocates {what} to ASW attack ({by}).", space=name, round=b.round,
               side=p.side, units=counts(state, chosen), chosen_by=who, by=by)
    return state, with_battle(phase, b.but(pending=None, asw=b.asw | frozenset(ids))), [ev]


def intercept(state: GameState, phase: CombatPhase, n: int, by: str) -> Result:
    b = current(phase)
    p = b.pending
    assert p is not None
    up = sorted(pool(state, p), key=lambda u: u.id)[:n]
    phase = phase.but(interceptors=phase.interceptors | frozenset(u.id for u in up))
    name = state.board.name(b.space)
    who = state.rules.power_name(p.chooser)
    return state, with_battle(phase, b.but(pending=None)), [
        event("intercept", f"{name}: {who} sends up {unit_text(state, counts(state, up))} to intercept ({by}).",
              space=name, units=counts(state, up), chosen_by=who, by=by)]
