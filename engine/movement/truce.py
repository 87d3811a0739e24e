"""Attacks a game's options forbid (``rules.variant.truces``, ``engine.variants``).

004 §2, Axis Advantages C and D: "The Russians cannot launch a shell against the Germans"
(or the Japanese) on the Russians' first turn. A combat move that would attack the
target, in a space it holds or where it has units, is refused while the truce lasts.
"""

from __future__ import annotations

from ..ids import SpaceId
from .context import Ctx, refuse


def check_truce(ctx: Ctx, space: SpaceId) -> None:
    """Refuse a combat move into ``space`` that would attack a power the mover may not
    attack yet."""
    for truce in ctx.rules.variant.truces:
        if truce.power != ctx.power or ctx.state.round > truce.rounds:
            continue
        held = ctx.board.spaces[space].is_land and ctx.state.owners.get(space) == truce.target
        if held or any(u.owner == truce.target for u in ctx.state.units_at(space)):
            rounds = "its first turn" if truce.rounds == 1 else f"its first {truce.rounds} turns"
            refuse("combat_move.truce", f"{ctx.pname()} may not attack {ctx.pname(truce.target)} in "
                   f"{ctx.name(space)} in {rounds} (option {truce.option}).")
