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
from ..events import Event
from ..state import AIRLIFTED, GameState
from . import air
from .aircarry import UnitCounts, aircraft_and_troops, carry_event, flight
from .context import Ctx, refuse
from .paths import plain_distance


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
    planes, troops = aircraft_and_troops(ctx, cmd, land, air_units, "Air Transport", "airlift", ("carry", "carries"))
    budget = min(ctx.move(p) for p in planes)
    path = flight(ctx, cmd, budget)
    for p in planes:
        r = air.relay_refusal(ctx, p, path, extra=0)
        if r is not None:
            refuse(r.reason, r.message)
    steps = len(path) - 1
    flown = [replace(p, space=path[-1], moved=max(steps, ctx.move(p) // 2), path=path, flags=p.flags | {AIRLIFTED})
             for p in planes]
    carried = [replace(u, space=path[-1], moved=ctx.move(u), path=path, flags=u.flags | {AIRLIFTED}) for u in troops]
    state = ctx.state.with_units([*flown, *carried])
    return state, [carry_event(ctx, path, planes, troops, "flies {troops} in {planes}", "air_transport")]
