"""``reachable``: where a group could legally move now, for autocomplete.

It runs the same selection, step rules and destination rules as ``/move`` over one search
tree per group, so a listed destination is one the referee accepts (loading and offloading
are tried for real, as they are few).
"""

from __future__ import annotations

from ..commands import Move, UnitCounts
from ..dice import NoDice
from ..errors import IllegalCommandError
from ..ids import SpaceId, UnitKind
from ..phases import phase_entry
from ..state import GameState, Unit
from . import air, straits
from .apply import _mode, _select, apply_move
from .attack import attacked
from .context import Ctx, context
from .paths import Tree, search
from .restricted import shared_with
from .sea import noncombat_sea_refusal, sea_destination_refusal
from .transport import load, offload


def reachable(state: GameState, origin: SpaceId, units: UnitCounts) -> list[SpaceId]:
    """Destinations the group could be moved to with one ``/move`` now, by display name order."""
    if phase_entry(state.phase).movement is None or origin not in state.board.spaces:
        return []
    ctx = context(state)
    try:
        found = _destinations(ctx, origin, units)
    except IllegalCommandError:
        return []
    return sorted((d for d in found if d not in ctx.kept_out and not shared_with(ctx, d)), key=ctx.name)


def _destinations(ctx: Ctx, origin: SpaceId, units: UnitCounts) -> set[SpaceId]:
    spec = ctx.spec
    land = [(k, n) for k, n in units if spec(k).is_land]
    air_units = [(k, n) for k, n in units if spec(k).is_air]
    sea = [(k, n) for k, n in units if spec(k).is_sea]
    at_sea = ctx.board.spaces[origin].is_sea
    sets: list[set[SpaceId]] = []
    if land and at_sea and not sea:
        if air_units:
            return set()
        return _tried(ctx, origin, units, offload, land=True)
    if land and not at_sea:
        if sea:
            return set()
        dests = set() if air_units else _tried(ctx, origin, units, load, land=False)
        sets.append(dests | _land(ctx, origin, land))
    if air_units:
        sets.append(_air(ctx, origin, air_units))
    if sea:
        sets.append(_sea(ctx, origin, sea, land))
    out = sets[0]
    for s in sets[1:]:
        out &= s
    if ctx.combat and not sea:
        out |= {n for n in _attackable(ctx) if _accepted(ctx, Move(units, origin, n))}
    return out


def _attackable(ctx: Ctx) -> list[SpaceId]:
    """The neutrals a Combat Move could attack (``attack.attacked``): tried for real, as the
    neutral joins the other side before the move is judged."""
    return [s for s in ctx.board.spaces if attacked(ctx, s) is not None]


def _tried(ctx: Ctx, origin: SpaceId, units: UnitCounts, how: object, land: bool) -> set[SpaceId]:
    """Neighbours where loading (or offloading) the group would be accepted."""
    out: set[SpaceId] = set()
    for n in ctx.neighbours[origin]:
        if ctx.board.spaces[n].is_land != land or n in ctx.impassable:
            continue
        if not land and not any(ctx.spec(u.kind).is_transport for u in ctx.state.units_at(n)):
            continue
        try:
            (load if how is load else offload)(ctx, Move(units, origin, n))
        except IllegalCommandError:
            continue
        out.add(n)
    return out


def _tree(ctx: Ctx, origin: SpaceId, units: list[Unit], domain: str) -> Tree:
    budget = min(ctx.points_left(u) for u in units)
    return search(ctx, _mode(ctx, domain, units), origin, budget)


def _land(ctx: Ctx, origin: SpaceId, counts: list[tuple[UnitKind, int]]) -> set[SpaceId]:
    units = _select(ctx, Move(tuple(counts), origin, origin), counts, "land", [])
    tree = _tree(ctx, origin, units, "land")
    out: set[SpaceId] = set()
    for (space, blitzed, _), (dist, _, _) in tree.best.items():
        if dist == 0:
            continue
        if not ctx.combat or ctx.battle_territory(space) or (blitzed and dist >= 2):
            out.add(space)
    return out


def _air(ctx: Ctx, origin: SpaceId, counts: list[tuple[UnitKind, int]]) -> set[SpaceId]:
    units = _select(ctx, Move(tuple(counts), origin, origin), counts, "air", [])
    tree = _tree(ctx, origin, units, "air")
    out: set[SpaceId] = set()
    for (space, _, _), (dist, _, _) in tree.best.items():
        if dist == 0:
            continue
        if ctx.combat:
            sp = ctx.board.spaces[space]
            if not (ctx.enemy_at(space) or (sp.is_land and ctx.hostile_territory(space))):
                continue
            if all(air.combat_landing_refusal(ctx, u, space, dist) is None for u in units) and (
                    not _needs_deck(ctx, units, space, dist) or _accepted(ctx, Move(tuple(counts), origin, space))):
                out.add(space)
        elif all(air.noncombat_landing_refusal(ctx, u, space) is None for u in units):
            shortest = tree.path_to(space)
            if shortest is not None and air.flight_path(ctx, _mode(ctx, "air", units), units, shortest) is not None:
                out.add(space)
    return out


def _needs_deck(ctx: Ctx, units: list[Unit], space: SpaceId, dist: int) -> bool:
    """A fighter ending in ``space`` could reach no territory: it needs a carrier deck,
    which other fighters may be counting on too (``decks``), so the move is tried for real."""
    land = air.landing_distance(ctx, False)
    return any(ctx.spec(u.kind).carrier_based and land.get(space, dist + 99) > ctx.landing_points(u, dist)
               for u in units)


def _sea(ctx: Ctx, origin: SpaceId, counts: list[tuple[UnitKind, int]], cargo: list[tuple[UnitKind, int]]) -> set[SpaceId]:
    units = _select(ctx, Move(tuple(counts), origin, origin), counts, "sea", cargo)
    tree = _tree(ctx, origin, units, "sea")
    spaces = tree.spaces()
    if not ctx.combat:
        return {z for z in spaces if noncombat_sea_refusal(ctx, units, z) is None}
    out = {z for z in spaces if sea_destination_refusal(ctx, units, z) is None
           or straits.fire_is_combat(ctx, units, tree.path_to(z) or ())}
    if any(ctx.spec(u.kind).carrier_capacity for u in units) and any(
            ctx.spec(u.kind).is_air and u.path for u in ctx.state.units_of(ctx.power)):
        out = {z for z in out if _accepted(ctx, Move(tuple(counts + cargo), origin, z))}
    return out


def _accepted(ctx: Ctx, cmd: Move) -> bool:
    """Try the move for real (a carrier moving in Combat Move may strand attacking fighters)."""
    try:
        apply_move(ctx.state, cmd, NoDice())
    except IllegalCommandError:
        return False
    return True
