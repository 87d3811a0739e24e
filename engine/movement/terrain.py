"""Terrain in movement: the board's ``terrain`` and ``small`` fields (AARHE's README, rulings
11 and 83).

001 › Phase 3, Terrain: "Land units must stop on entering desert, snowy, or mountainous
terrain. Tank (and optional unit Mechanized Infantry) may not blitz through them. ... Small
territories such as Gibraltar cannot be occupied by more than 2 units and cannot be attacked
by more than 2 land units." A board without these fields (every rule system but AARHE) moves
as before.
"""

from __future__ import annotations

from ..ids import SpaceId
from ..state import GameState, Unit
from .context import Ctx, refuse

SMALL_MOST = 2
"""001 › Terrain: "cannot be occupied by more than 2 units and cannot be attacked by more than 2 land units"."""


def stops(ctx: Ctx, space: SpaceId) -> str | None:
    """The terrain a land unit must stop on entering ``space``, if any."""
    return ctx.board.spaces[space].terrain


def _here(ctx: Ctx, after: GameState, space: SpaceId) -> tuple[list[Unit], list[Unit]]:
    """The mover's side's units standing in ``space`` (structures left out), and the mover's
    land units attacking it (there, or aboard with it as their assault's target)."""
    side = [u for u in after.units_at(space) if ctx.friendly(u.owner) and u.aboard is None
            and not ctx.spec(u.kind).structure]
    landing = [u for u in after.units.values() if u.owner == ctx.power and u.target == space
               and u.aboard is not None and ctx.spec(u.kind).is_land]
    return side, [u for u in side if u.owner == ctx.power and ctx.spec(u.kind).is_land] + landing


def check_small(ctx: Ctx, after: GameState) -> None:
    """Refuse a move that puts more than 2 units of the mover's side in a small territory,
    or sends more than 2 land units to attack one."""
    entered = {u.target if u.aboard is not None and u.target else u.space
               for u in after.units_of(ctx.power) if (was := ctx.state.units.get(u.id)) is not None and was != u}
    for space in sorted(s for s in entered if s is not None and ctx.board.spaces[s].small):
        side, attacking = _here(ctx, after, space)
        name = ctx.name(space)
        if ctx.combat and ctx.battle_territory(space):
            if len(attacking) > SMALL_MOST:
                refuse("small.attack", f"{name} is a small territory: at most {SMALL_MOST} land units attack it, "
                       f"not {len(attacking)}.")
        elif len(side) > SMALL_MOST:
            refuse("small.occupied", f"{name} is a small territory: at most {SMALL_MOST} units stand in it, "
                   f"and this move would put {len(side)} there.")
