"""Air Transport: aircraft that carry one land unit each in Noncombat Move (the unit table's
``air_transport``; AARHE's README, ruling 85).

001 › Phase 5, Air Transport: "Bomber may carry one Infantry or one Airborne Infantry
(optional unit) to a friendly territory. Both units must start in the same territory. Unit
may be offloaded at A or B. If optional unit Transport Plane is taken only it may perform Air
Transport." Air Movement: "If performing Air Transport, the air unit does not gain the extra
movement points." A lift is one ``/move`` of the aircraft and the troops they carry, from the
territory where all of them began the turn to a territory the mover's side held at the start
of it, beyond the troops' own reach: *A* if the aircraft fly on afterwards (at most half their
move, rounded down; they keep the other half for *B*), or *B* through a landing space at most
half away (``air.relay_refusal`` without the extra points). The troops' move is spent.
"""

from __future__ import annotations

from dataclasses import replace

from ..commands import Move
from ..events import Event, event
from ..ids import UnitKind
from ..state import AIRLIFTED, GameState
from . import air
from .context import Ctx, count_kinds, refuse, units_text
from .paths import Mode, check_path, plain_distance, search
from .select import pick, why_not

UnitCounts = list[tuple[UnitKind, int]]


def is_lift(ctx: Ctx, cmd: Move, land: UnitCounts, air_units: UnitCounts) -> bool:
    """A Noncombat Move of aircraft that carry and of land units of the size they carry, to
    a territory the troops could not walk to this move."""
    if ctx.combat or not land or not air_units:
        return False
    sizes = {ctx.spec(k).air_transport for k, _ in air_units}
    if "" in sizes or len(sizes) != 1 or any(ctx.spec(k).transport_size not in sizes for k, _ in land):
        return False
    if ctx.board.spaces[cmd.origin].is_sea or ctx.board.spaces[cmd.destination].is_sea:
        return False
    walk = plain_distance(ctx, "land", cmd.origin, cmd.destination)
    return walk is None or walk > min(ctx.spec(k).move for k, _ in land)


def lift(ctx: Ctx, cmd: Move, land: UnitCounts, air_units: UnitCounts) -> tuple[GameState, list[Event]]:
    """Fly the aircraft and their troops to a friendly territory (checked, then done)."""
    if not ctx.friendly_at_start(cmd.destination):
        refuse("airlift.not_friendly", f"Air Transport carries units to a territory your side held at the start of "
               f"the turn; {ctx.name(cmd.destination)} is not one.")
    pool = [u for u in ctx.state.units_at(cmd.origin) if u.aboard is None]
    planes = pick(ctx, cmd.origin, air_units, pool, lambda u: why_not(ctx, u))
    troops = pick(ctx, cmd.origin, land, pool, lambda u: why_not(ctx, u))
    if any(u.path for u in (*planes, *troops)):
        refuse("airlift.moved", "Aircraft and the units they carry start their Air Transport where they all "
               "began the turn, before either has moved.")
    if sum(n for _, n in land) > len(planes):
        refuse("airlift.no_room", f"Each aircraft carries one unit: {len(planes)} cannot carry "
               f"{sum(n for _, n in land)}.")
    budget = min(ctx.move(p) for p in planes)
    mode = Mode("air", "Air units")
    path = cmd.path or search(ctx, mode, cmd.origin, budget).path_to(cmd.destination)
    if path is None or len(path) - 1 > budget:
        refuse("move.too_far", f"{ctx.name(cmd.destination)} is beyond the aircraft's {budget} spaces of range.")
    check_path(ctx, mode, path)
    for p in planes:
        r = air.relay_refusal(ctx, p, path, extra=0)
        if r is not None:
            refuse(r.reason, r.message)
    steps = len(path) - 1
    flown = [replace(p, space=path[-1], moved=max(steps, ctx.move(p) // 2), path=path, flags=p.flags | {AIRLIFTED})
             for p in planes]
    carried = [replace(u, space=path[-1], moved=ctx.move(u), path=path, flags=u.flags | {AIRLIFTED}) for u in troops]
    state = ctx.state.with_units([*flown, *carried])
    names = [ctx.name(s) for s in path]
    text = (f"{ctx.pname()} flies {units_text(ctx, count_kinds(troops))} in {units_text(ctx, count_kinds(planes))}: "
            f"{' → '.join(names)} (Air Transport).")
    return state, [event("move", text, power=ctx.pname(), units=dict(count_kinds((*planes, *troops))), path=names,
                         origin=names[0], destination=names[-1], mission="air_transport")]

