"""Airborne Drop: aircraft that drop one airborne unit each into a hostile territory in Combat
Move (the unit table's ``airborne_drop``; AARHE's README, ruling 86).

001 › Phase 3, Airborne Drop: "Bomber may carry one Airborne Infantry (optional unit) to
attack a hostile territory. Both units must start in the same territory. Airborne Infantry is
offloaded before "Conduct Combat" phase and may not retreat from this combat. If Transport
Plane (optional unit) is taken only it may perform Airborne Drop. The Bomber (or Transport
Plane) attacks the territory at Transport Plane combat values." A drop is one ``/move`` of
the aircraft and the units they carry, from the territory where all of them began the turn,
to the hostile territory they attack, within half the aircraft's move (ruling 81). The units
stand in the territory at once with the flag ``dropped`` (they do not retreat), their move
spent; the aircraft attack with them. Logistics: "Pay 1 IPC for each ... Airborne Infantry
offloading via Airborne drop" (``engine.economy.logistics``).
"""

from __future__ import annotations

from dataclasses import replace

from ..commands import Move
from ..events import Event
from ..state import COMBAT_MOVED, DROPPED, GameState
from . import air
from .aircarry import UnitCounts, aircraft_and_troops, carry_event, flight
from .context import Ctx, refuse


def is_drop(ctx: Ctx, cmd: Move, land: UnitCounts, air_units: UnitCounts) -> bool:
    """A Combat Move of aircraft that drop and of the units they drop, into a land territory."""
    if not ctx.combat or not land or not air_units:
        return False
    dropped = {ctx.spec(k).airborne_drop for k, _ in air_units}
    if "" in dropped or any(k not in dropped for k, _ in land):
        return False
    return ctx.board.spaces[cmd.origin].is_land and ctx.board.spaces[cmd.destination].is_land


def drop(ctx: Ctx, cmd: Move, land: UnitCounts, air_units: UnitCounts) -> tuple[GameState, list[Event]]:
    """Fly the aircraft and drop their units into the territory they attack (checked, then done)."""
    where = ctx.name(cmd.destination)
    if not ctx.battle_territory(cmd.destination):
        refuse("airdrop.not_hostile", f"Airborne Drop attacks a hostile territory; {where} is not one.")
    planes, troops = aircraft_and_troops(ctx, cmd, land, air_units, "Airborne Drop", "airdrop", ("drop", "drops"))
    budget = min(ctx.points_left(p) for p in planes)
    path = flight(ctx, cmd, budget, " this phase")
    steps = len(path) - 1
    for p in planes:
        r = air.combat_landing_refusal(ctx, p, cmd.destination, steps)
        if r is not None:
            refuse(r.reason, r.message)
    flown = [replace(p, space=path[-1], moved=p.moved + steps, path=path, flags=p.flags | {COMBAT_MOVED})
             for p in planes]
    landed = [replace(u, space=path[-1], moved=ctx.move(u), path=path, flags=u.flags | {COMBAT_MOVED, DROPPED})
              for u in troops]
    state = ctx.state.with_units([*flown, *landed])
    return state, [carry_event(ctx, path, planes, troops, "drops {troops} from {planes}", "airborne_drop")]
