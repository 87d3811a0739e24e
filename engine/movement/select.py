"""Which pieces a move takes: ``/move 2 tanks`` names counts, the referee picks the units.

It takes the units that can make the move and have moved least (000, Phase 4: air units
keep only the movement they did not spend in Combat Move), and says plainly when there
are not enough ("Germany has 2 tanks that can still move; you asked for 3.").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..combat import rockets
from ..ids import SpaceId, UnitKind
from ..notation import unit_word
from ..state import COMBAT_MOVED, FOUGHT, MOVES_AGAIN, OFFLOADED, RETREATED, Unit
from .context import Ctx, refuse

Why = Callable[[Unit], str | None]


def why_not(ctx: Ctx, unit: Unit) -> str | None:
    """Why ``unit`` (not cargo) cannot start a move now, or None if it can."""
    spec = ctx.spec(unit.kind)
    if unit.owner != ctx.power:
        return f"they belong to {ctx.pname(unit.owner)}"
    if spec.structure or spec.move == 0:
        return "they never move"
    if ctx.combat and spec.noncombat_move_only and not rockets.moves_first(ctx.state, unit):
        return "they move only in Noncombat Move"
    if not ctx.combat and not spec.is_air and not spec.moves_each_phase and (unit.has(COMBAT_MOVED) or unit.has(FOUGHT)) \
            and not unit.has(MOVES_AGAIN):
        return "they moved in Combat Move or fought this turn"
    if unit.has(OFFLOADED):
        return "they offloaded this turn"
    if unit.has(RETREATED) and not spec.is_air:
        return "they retreated this turn"
    if ctx.points_left(unit) <= 0:
        return "they have no movement left"
    if ctx.combat and unit.path and ctx.enemy_at(unit.space):
        return f"they moved into battle in {ctx.name(unit.space)} and must stay"
    if ctx.combat and unit.path and spec.is_land and ctx.hostile_territory(unit.space):
        return f"they moved into hostile {ctx.name(unit.space)} and must stay"
    if spec.is_air and unit.aboard is not None and unit.moved > 0:
        return "they landed on a carrier this turn"
    if spec.carrier_capacity and any(
        f.aboard == unit.id and f.owner == ctx.power and f.moved > 0 for f in ctx.state.units_at(unit.space)
    ):
        return "a fighter landed on them this turn"
    return None


def pick(
    ctx: Ctx,
    origin: SpaceId,
    counts: Sequence[tuple[UnitKind, int]],
    pool: Sequence[Unit],
    why: Why,
    verb: str = "still move",
    order: Callable[[Unit], tuple[int, ...]] | None = None,
) -> list[Unit]:
    """Take ``n`` units of each kind from ``pool``: those ``why`` lets move, least moved first."""
    chosen: list[Unit] = []
    for kind, n in counts:
        mine = [u for u in pool if u.kind == kind and u.owner == ctx.power]
        able = [u for u in mine if why(u) is None]
        able.sort(key=order or (lambda u: (u.moved, u.id)))
        if len(able) < n:
            refuse("move.not_enough", _shortage(ctx, origin, kind, n, mine, able, why, verb))
        chosen.extend(able[:n])
    return chosen


def _whose(ctx: Ctx, origin: SpaceId, kind: UnitKind) -> str:
    """What stands in ``origin`` instead: another power's units of that kind, or the
    territory's holder when it is not the mover (so a wrong space or power is plain)."""
    others: dict[str, int] = {}
    for u in ctx.state.units_at(origin):
        if u.kind == kind and u.owner != ctx.power:
            others[ctx.pname(u.owner)] = others.get(ctx.pname(u.owner), 0) + 1
    if others:
        return "; " + ", ".join(f"the {n} there belong{'s' if n == 1 else ''} to {p}" for p, n in others.items())
    holder = ctx.state.owners.get(origin)
    if ctx.board.spaces[origin].is_land and holder != ctx.power:
        return f": {ctx.name(origin)} is held by {ctx.pname(holder)}" if holder else f": {ctx.name(origin)} is neutral"
    return ""


def _shortage(ctx: Ctx, origin: SpaceId, kind: UnitKind, n: int, mine: list[Unit], able: list[Unit],
              why: Why, verb: str) -> str:
    where = ctx.name(origin)
    power = ctx.pname()
    if not mine:
        return f"{power} has no {unit_word(ctx.rules, kind, 2)} in {where}{_whose(ctx, origin, kind)}."
    head = f"{power} has {len(able)} {unit_word(ctx.rules, kind, len(able))} in {where} that can {verb}; you asked for {n}."
    reasons = sorted({r for u in mine if (r := why(u)) is not None})
    if reasons:
        others = len(mine) - len(able)
        head += f" The other {others} cannot: {'; '.join(reasons)}."
    return head
