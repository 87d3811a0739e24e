"""Straits in movement (the board's ``[[strait]]``; AARHE's README, rulings 8 and 82).

001 › Phase 3, Strait Interdiction: "Movement between the sea zones must be done in "Combat
Move" if enemy controls the respective territories." A Noncombat Move of non-submarine ships
between a strait's zones while an enemy holds one of its territories is refused
(``paths.step``, so searches go round it); in Combat Move the passage needs no battle after
it, the strait's fire being its combat (``engine.combat.straits``, as Conduct Combat begins).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..combat.straits import fired_at, guarded_on, guarding
from ..ids import SpaceId
from ..prose import listing
from ..state import Unit
from .context import Ctx


def noncombat_refusal(ctx: Ctx, a: SpaceId, b: SpaceId) -> str | None:
    """Why a Noncombat Move may not pass between ``a`` and ``b``, if an enemy guards the
    strait there."""
    strait, held = guarding(ctx.state, ctx.power, a, b)
    if strait is None or not held:
        return None
    return (f"The {strait.name} is guarded by {listing(ctx.name(t) for t, _ in held)}, held by your enemy: ships "
            "pass it only in Combat Move, under its fire.")


def fire_is_combat(ctx: Ctx, ships: Sequence[Unit], path: Sequence[SpaceId]) -> bool:
    """Ships fired at all, passing an enemy-guarded strait on ``path``: their Combat Move
    needs no battle where it ends."""
    return all(fired_at(ctx.state, u) for u in ships) and guarded_on(ctx.state, ctx.power, path)


def passed_guarded(ctx: Ctx, unit: Unit) -> bool:
    """A ship fired at that crossed an enemy-guarded strait this turn."""
    return fired_at(ctx.state, unit) and guarded_on(ctx.state, ctx.power, unit.path)
