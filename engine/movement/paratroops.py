"""Paratroops: aircraft that carry one land unit each (``rules.variant.carries``, set by a
game option; ``engine.variants``).

004 §15, Paratroop Units: "use a Bomber to drop ONE Infantry from the plane into an ally's
territory within range of the Bomber. The Bomber will not be allowed to be used in any
attacks for the remainder of that turn." A drop is one ``/move`` of the aircraft and the
troops they carry, from the territory where both stand to a territory the mover's side
has held since the start of the turn, by air within the aircraft's range; in Combat Move
or Noncombat Move. The aircraft's move ends there: it keeps no movement for the turn, so
it cannot attack (README of classic-3e).
"""

from __future__ import annotations

from dataclasses import replace

from ..commands import Move
from ..events import Event, event
from ..ids import SpaceId, UnitKind
from ..state import COMBAT_MOVED, GameState, Unit
from .context import Ctx, count_kinds, refuse, units_text
from .paths import Mode, check_path, plain_distance, search
from .select import pick, why_not

UnitCounts = list[tuple[UnitKind, int]]


def is_drop(ctx: Ctx, cmd: Move, land: UnitCounts, air_units: UnitCounts) -> bool:
    """Whether a move of ``land`` and ``air_units`` is a drop: the aircraft carry troops,
    every land unit named is of a kind they carry, and the troops go to a territory they
    could not reach this move on foot, or in Combat Move to a friendly one (where they could
    not go at all); ``drop`` refuses a territory that is not friendly."""
    carried = {ctx.rules.variant.carries.get(k) for k, _ in air_units} - {None}
    if not (land and air_units and carried and all(k in carried for k, _ in land)):
        return False
    dest = cmd.destination
    if ctx.board.spaces[dest].is_sea:
        return False
    if ctx.combat and ctx.friendly_territory(dest):
        return True
    walk = plain_distance(ctx, "land", cmd.origin, dest)
    return walk is None or walk > min(ctx.spec(k).move for k, _ in land)


def drop(ctx: Ctx, cmd: Move, land: UnitCounts, air_units: UnitCounts) -> tuple[GameState, list[Event]]:
    """Fly the aircraft and their troops to a friendly territory (checked, then done)."""
    if ctx.board.spaces[cmd.origin].is_sea or ctx.board.spaces[cmd.destination].is_sea:
        refuse("paratroops.at_sea", "Paratroops board their aircraft in a territory and drop into one.")
    if not ctx.friendly_at_start(cmd.destination):
        refuse("paratroops.not_friendly", f"Paratroops drop only into a territory your side has held since the "
               f"start of the turn; {ctx.name(cmd.destination)} is not one.")
    pool = ctx.state.units_at(cmd.origin)
    planes = pick(ctx, cmd.origin, air_units, pool, lambda u: why_not(ctx, u))
    troops = pick(ctx, cmd.origin, land, [u for u in pool if u.aboard is None], lambda u: why_not(ctx, u))
    for kind, n in land:
        seats = sum(1 for p in planes if ctx.rules.variant.carries.get(p.kind) == kind)
        if n > seats:
            refuse("paratroops.no_room", f"Each aircraft drops one unit: {seats} aircraft cannot carry {n}.")
    budget = min(ctx.move(p) - p.moved for p in planes)
    mode = Mode("air", "Paratroops")
    path = cmd.path or search(ctx, mode, cmd.origin, budget).path_to(cmd.destination)
    if path is None or len(path) - 1 > budget:
        refuse("move.too_far", f"{ctx.name(cmd.destination)} is beyond the aircraft's {budget} spaces of range.")
    check_path(ctx, mode, path)
    flags = frozenset({COMBAT_MOVED}) if ctx.combat else frozenset()
    moved = [_arrive(u, path, ctx.move(u), flags) for u in (*planes, *troops)]
    state = ctx.state.with_units(moved)
    names = [ctx.name(s) for s in path]
    counts = count_kinds((*planes, *troops))
    text = f"{ctx.pname()} drops {units_text(ctx, count_kinds(troops))} from {units_text(ctx, count_kinds(planes))}: " \
           f"{' → '.join(names)} (paratroops)."
    return state, [event("move", text, power=ctx.pname(), units=dict(counts), path=names, origin=names[0],
                         destination=names[-1], mission="paratroops")]


def _arrive(unit: Unit, path: tuple[SpaceId, ...], allowance: int, flags: frozenset[str]) -> Unit:
    """The unit at the end of the drop, with no movement left this turn."""
    return replace(unit, space=path[-1], moved=allowance, path=(unit.path or (path[0],)) + tuple(path[1:]),
                   aboard=None, flags=unit.flags | flags)
