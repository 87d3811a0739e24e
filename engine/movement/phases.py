"""The ends of the movement phases: what ``/done`` checks and settles.

End of Combat Move (000, Phase 2): every attacking air unit still has a possible landing,
the fighters counting on carriers all together (``decks``), and each carrier that must
move for them is given its planned zone;
cargo loaded in Combat Move is committed to an amphibious assault; sea units that moved
are in a battle, support an assault from their zone or escaped the hostile zone they
started in; transports attack alone only under the switch ``transports_attack_alone``; an
assault from a zone with ignored enemy submarines has a warship of the attacker there
(Special Combat Movement, Transports). Then assault troops whose zone sees no sea battle go
ashore (``seaborne``).

End of Noncombat Move (000, Phase 4): fighters over a carrier with room land on it; air
units that could still reach a landing space hold up ``/done``; the rest are lost; submerged
submarines resurface (002, Phase 5).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import groupby

from ..battles import sea_battle_due
from ..events import Event, event
from ..ids import SpaceId, UnitKind
from ..prose import possessive
from ..state import COMBAT_MOVED, LOADED_IN_COMBAT, SEABORNE, SUBMERGED, GameState, Unit
from . import air, decks, straits
from ..notation import format_units
from .context import Ctx, context, count_kinds, refuse
from .missions import home
from .sea import land_fighters
from .transport import land_cargo


def _own_free(ctx: Ctx, zone: SpaceId) -> list[Unit]:
    """The mover's units in ``zone`` that are not cargo."""
    return [u for u in ctx.own(zone) if u.aboard is None]


def sea_battle(ctx: Ctx, zone: SpaceId) -> bool:
    """Will the mover fight at sea in ``zone``? (``engine.battles.sea_battle_due``)"""
    return sea_battle_due(ctx.state, zone, ctx.power)


def _a(ctx: Ctx, u: Unit) -> str:
    return f"{ctx.spec(u.kind).name.lower()} in {ctx.name(u.space)}"


def _some(ctx: Ctx, kind: UnitKind, n: int) -> str:
    """``fighter``, ``3 fighters``: units alike named once, with their number."""
    word = ctx.spec(kind).word(n)
    return word if n == 1 else f"{n} {word}"


def end_combat_move(state: GameState) -> tuple[GameState, list[Event]]:
    ctx = context(state)
    mine = sorted(state.units_of(ctx.power), key=lambda u: u.id)
    for u in mine:
        spec = ctx.spec(u.kind)
        if spec.is_air and u.path:
            r = air.combat_landing_refusal(ctx, u, u.space, 0)
            if r is not None:
                refuse("combat_move.air_cannot_land", r.message)
    deck = decks.deck_refusal(ctx)
    if deck is not None:
        refuse("combat_move.air_cannot_land", deck.message)
    for u in mine:
        if u.has(LOADED_IN_COMBAT) and u.aboard is not None and u.target is None:
            refuse("combat_move.cargo_not_committed", f"The {_a(ctx, u)} was loaded in Combat Move, so it must "
                   "make an amphibious assault: offload it into a hostile territory, or undo the loading.")
    pending = [u for u in mine if u.aboard is not None and u.target is not None and ctx.spec(u.kind).is_land]
    assaults: dict[SpaceId, set[SpaceId]] = {}
    for u in pending:
        if u.target is not None:
            if not ctx.battle_territory(u.target):
                refuse("combat_move.assault_target_friendly", f"The amphibious assault on {ctx.name(u.target)} has "
                       "nothing left to attack: your side took it this turn. Undo the offload or the capture.")
            assaults.setdefault(u.space, set()).add(u.target)
    for u in mine:
        if u.has(SEABORNE) and u.came_from is not None:
            assaults.setdefault(u.came_from, set()).add(u.space)
    zones = {u.space for u in mine if ctx.board.spaces[u.space].is_sea}
    battles = {z for z in zones if sea_battle(ctx, z)}
    alone_allowed = ctx.rules.switches.transports_attack_alone
    for z in sorted(battles):
        if not alone_allowed and not any(ctx.spec(u.kind).attack > 0 for u in _own_free(ctx, z)):
            refuse("combat_move.transports_alone", f"Your transports in {ctx.name(z)} cannot attack alone: bring "
                   "a unit that can attack, or move them away.")
    for u in mine:
        spec = ctx.spec(u.kind)
        if not spec.is_sea or not u.has(COMBAT_MOVED) or not u.path or u.space in battles:
            continue
        if ctx.hostile_sea(u.start) or u.space in assaults or straits.passed_guarded(ctx, u):
            continue
        if ctx.enemy_at(u.space) and u.target is None:
            continue
        refuse("combat_move.no_combat", f"Your {_a(ctx, u)} moved in Combat Move, but no combat follows there: "
               "sea units end Combat Move in a battle, in support of an amphibious assault from their zone, or "
               "after escaping the hostile zone they started in.")
    for z, targets in sorted(assaults.items()):
        if z in battles or not any(ctx.spec(e.kind).submarine for e in ctx.enemy_at(z)):
            continue
        if not any(ctx.spec(u.kind).is_warship for u in _own_free(ctx, z)):
            refuse("combat_move.ignored_subs", f"Enemy submarines in {ctx.name(z)} are ignored, so the assault from "
                   "there needs one of your warships in the zone.")
    state, events = _settle_assaults(ctx, mine, pending, assaults, battles)
    pickups, planned = decks.plan_pickups(context(state))
    return _fresh_again(ctx, _half_spent(ctx, state.with_units(pickups))), events + planned


def _half_spent(ctx: Ctx, state: GameState) -> GameState:
    """Where air units fly half their points a phase (switch ``air_half_moves``), an air unit
    that moved in Combat Move has spent its Combat Move half (rounded down): Noncombat Move
    then leaves it the other half (001 › Phase 3, Air Movement: "only up to half its movement
    points on retreat in Non-Combat"; ``Ctx.points_left``)."""
    if not ctx.rules.switches.air_half_moves:
        return state
    return state.with_units([replace(u, moved=ctx.move(u) // 2) for u in state.units_of(ctx.power)
                             if ctx.spec(u.kind).is_air and u.has(COMBAT_MOVED) and u.moved < ctx.move(u) // 2])


def _fresh_again(ctx: Ctx, state: GameState) -> GameState:
    """A unit that moves its points in each movement phase (``UnitSpec.moves_each_phase``:
    Chindits, "2 spaces in Combat Move and 2 spaces in Non-Combat Move") has them all again in
    Noncombat Move."""
    return state.with_units([replace(u, moved=0) for u in state.units_of(ctx.power)
                             if ctx.spec(u.kind).moves_each_phase and u.moved])


def _settle_assaults(ctx: Ctx, mine: list[Unit], pending: list[Unit], assaults: dict[SpaceId, set[SpaceId]],
                     battles: set[SpaceId]) -> tuple[GameState, list[Event]]:
    changed: list[Unit] = []
    events: list[Event] = []
    for u in pending:
        if u.space not in battles and u.target is not None:
            changed.append(land_cargo(ctx, u, u.target, seaborne=True))
    landed = {u.id for u in changed}
    for target in sorted({u.target for u in pending if u.id in landed and u.target is not None}):
        n = sum(1 for u in changed if u.space == target)
        events.append(event("amphibious", f"{ctx.pname()} lands {n} unit{'s' if n != 1 else ''} in "
                            f"{ctx.name(target)} for the amphibious assault.", power=ctx.pname(),
                            space=ctx.name(target), count=n))
    for u in mine:
        spec = ctx.spec(u.kind)
        if not spec.is_sea or spec.is_transport:
            continue
        targets = sorted(assaults.get(u.space, ()))
        if u.target == u.space:
            if not targets:
                refuse("combat_move.no_assault", f"Your {_a(ctx, u)} was sent to support an amphibious assault, "
                       "but none is made from there.")
            changed.append(replace(u, target=targets[0]))
        elif u.target is None and ctx.state.rules.hooks.bombard_value(ctx.state, u) and len(targets) == 1 and u.space not in battles:
            changed.append(replace(u, target=targets[0]))
    return ctx.state.with_units(changed), events


def end_noncombat_move(state: GameState) -> tuple[GameState, list[Event]]:
    ctx = context(state)
    flying = [u for u in state.units_of(ctx.power) if ctx.spec(u.kind).is_air and u.aboard is None
              and ctx.board.spaces[u.space].is_sea]
    changed: list[Unit] = []
    units = dict(state.units)
    for zone in sorted({u.space for u in flying}):
        for u in land_fighters(ctx, units, zone):
            units[u.id] = u
            changed.append(u)
    state = state.with_units(changed)
    ctx = context(state)
    unlanded = sorted((u for u in state.units_of(ctx.power) if ctx.spec(u.kind).is_air and not air.landed(ctx, u)),
                      key=lambda u: u.id)
    waiting = _awaiting_new_carriers(ctx, unlanded)
    lost = [u for u in unlanded if u.id not in waiting]
    could = [(u, spot) for u in lost if (spot := _reachable_spot(ctx, u)) is not None]
    if could:
        alike = Counter((u.kind, u.space, spot) for u, spot in could)
        listed = "; ".join(f"the {_some(ctx, kind, n)} in {ctx.name(space)} can still reach {spot}"
                           for (kind, space, spot), n in alike.items())
        refuse("noncombat.air_can_land", f"Land your air units first: {listed}. Air units not in a landing space "
               "at the end of Noncombat Move are lost.")
    events = [event("lost", f"{possessive(ctx.pname())} {_a(ctx, u)} cannot land and is lost.", power=ctx.pname(),
                    unit=u.kind, space=ctx.name(u.space)) for u in lost]
    state, surfaced = _resurface(state.with_units(removed=[u.id for u in lost]))
    return state, events + surfaced


def _resurface(state: GameState) -> tuple[GameState, list[Event]]:
    """002, Phase 5: "At the end of this phase, all submerged submarines resurface. This does
    not trigger combat, even if there are enemy units in that sea zone"."""
    subs = sorted((u for u in state.units.values() if u.has(SUBMERGED)), key=lambda u: (u.owner, u.space, u.id))
    events: list[Event] = []
    for (owner, space), group in groupby(subs, key=lambda u: (u.owner, u.space)):
        kinds = count_kinds(group)
        who, where, n = state.rules.power_name(owner), state.board.name(space), sum(kinds.values())
        events.append(event("resurface", f"{possessive(who)} {format_units(state.rules, kinds)} in {where} resurface{'s' if n == 1 else ''}.",
                            power=who, space=where, units=kinds))
    return state.with_units([replace(u, flags=u.flags - {SUBMERGED}) for u in subs]), events


def _awaiting_new_carriers(ctx: Ctx, unlanded: list[Unit]) -> set[int]:
    """Fighters over a zone where a carrier bought this turn may be mobilized (000, Phase 4),
    as many as the bought carriers can take."""
    zones = air.purchased_carrier_zones(ctx)
    room = sum(ctx.spec(k).carrier_capacity * n for k, n in ctx.state.purchased.items())
    out: set[int] = set()
    for u in unlanded:
        if room > 0 and u.space in zones and ctx.spec(u.kind).carrier_based:
            out.add(u.id)
            room -= 1
    return out


def _reachable_spot(ctx: Ctx, u: Unit) -> str | None:
    """The nearest landing space ``u`` could still reach (by its flight or a carrier's move)."""
    spec = ctx.spec(u.kind)
    left = ctx.points_left(u)
    spots = air.landing_spots(ctx, spec.carrier_based)
    back = home(ctx, u)
    if back is not None:
        spots = {s: why for s, why in spots.items() if s == back}
    purchased = air.purchased_carrier_zones(ctx)
    if u.space in spots and u.space not in purchased:
        return f"a landing where it is ({spots[u.space]})"
    seen = {u.space}
    frontier = [u.space]
    for d in range(1, left + 1):
        nxt: list[SpaceId] = []
        for here in frontier:
            for n in ctx.neighbours[here]:
                if n in seen or n in ctx.impassable:
                    continue
                if n in spots:
                    return f"{ctx.name(n)} ({d} space{'s' if d != 1 else ''} away)"
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return None
