"""A rule system's restrictions on its own side's moves (``engine.restrictions``), as the
mover meets them: territories it may not enter or fly over (judged at every step, so a search
goes round them), and powers whose units its units may not stand with (judged where the moved
units end up, after the whole move).

001 › Phase 3, Stalinist Xenophobia ("may not move units into or fly air units over") and
Rome-Berlin-Tokyo Axis Co-operation ("may not be in the same territory or sea zone"): the
first forbids passing through, the second only being there (README, rulings on both).
"""

from __future__ import annotations

from ..ids import SpaceId
from ..prose import possessive
from ..restrictions import kept_apart, sharing
from ..state import GameState
from .context import Ctx, refuse


def kept_out_message(ctx: Ctx, space: SpaceId) -> str | None:
    """Why the mover may not enter or fly over ``space`` (None: it may)."""
    r = ctx.kept_out.get(space)
    if r is None:
        return None
    return (f"{r.name}: {possessive(ctx.pname())} units may not move into or fly over {ctx.name(space)} "
            f"{r.until(ctx.board)} (001 › Phase 3).")


def shared_with(ctx: Ctx, space: SpaceId) -> bool:
    """Whether units the mover's are kept apart from stand in ``space`` now."""
    apart = kept_apart(ctx.rules.restrictions, ctx.state.fallen, ctx.power)
    return bool(apart) and any(u.owner in apart for u in ctx.state.units_at(space))


def check_moved(ctx: Ctx, after: GameState) -> None:
    """Refuse a move whose units went through a territory kept from them (a transport's
    offload or a drop, which take no step of a path) or stand with units kept apart from them."""
    before = ctx.state.units
    apart = kept_apart(ctx.rules.restrictions, after.fallen, ctx.power)
    for u in after.units.values():
        was = before.get(u.id)
        if u.owner != ctx.power or was is None or (was.space == u.space and was.path == u.path):
            continue
        for space in u.path[max(len(was.path), 1):]:
            why = kept_out_message(ctx, space)
            if why is not None:
                refuse("move.restricted", why)
        why = sharing(after, ctx.power, u.space) if apart else None
        if why is not None:
            refuse("move.restricted", why)
