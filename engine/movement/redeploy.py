"""``/redeploy``: Strategic Redeployment in Noncombat Move (an optional rule, ``engine.redeployment``).

001 › Phase 5, Strategic Redeployment (optional): "Each point allows for one land units to
move between any two friendly victory cities. Movement must be made between contiguous
friendly land territories. Strategic Redeployment (SR) can be sent across one sea zone
provided you have an equal number of transports to the number of land units. ... A unit
that moved during “Combat Move” can still perform SR movement." › Other Restrictions:
"Stalinist Xenophobia and Rome-Berlin-Tokyo Axis Co-operation ... applies". Rulings: README
of aarhe, on Strategic Redeployment.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from ..commands import Redeploy
from ..dice import Dice
from ..events import Event, event
from ..ids import SpaceId
from ..prose import possessive
from ..redeployment import played, points_left
from ..state import COMBAT_MOVED, REDEPLOYED, GameState, Unit
from .context import Ctx, context, count_kinds, refuse, units_text
from .restricted import check_moved, kept_out_message
from .select import pick

Route = tuple[SpaceId, ...]


def redeploy(state: GameState, cmd: Redeploy, dice: Dice) -> tuple[GameState, list[Event]]:
    """Move land units by rail from one friendly victory city to another, one rail point each."""
    ctx = context(state)
    if not played(state):
        refuse("redeploy.not_in_game", "Strategic Redeployment is an optional rule this game does not play "
               "(a game plays it with optional_rules:strategic_redeployment).")
    _check_cities(ctx, cmd)
    units = pick(ctx, cmd.origin, cmd.units, [u for u in state.units_at(cmd.origin) if u.aboard is None],
                 lambda u: _why_not(ctx, u), verb="redeploy")
    left = points_left(state, ctx.power)
    if len(units) > left:
        refuse("redeploy.no_points", f"{ctx.pname()} has {left} rail point{'s' if left != 1 else ''} left this turn "
               f"(of {state.rules.redeployment.points.get(ctx.power, 0)}); you asked to redeploy {len(units)} units.")
    route = _route(ctx, cmd.origin, cmd.destination, len(units))
    ferries = _ferries(ctx, route, len(units))
    moved = [replace(u, space=cmd.destination, moved=ctx.move(u), path=(u.path or (cmd.origin,)) + route[1:],
                     flags=u.flags | {REDEPLOYED}) for u in units]
    used = [replace(t, moved=ctx.move(t), flags=t.flags | {REDEPLOYED}) for t in ferries]
    after = state.with_units([*moved, *used])
    check_moved(ctx, after)
    counts = count_kinds(units)
    names = [ctx.name(s) for s in route]
    remaining = left - len(units)
    return after, [event("redeploy", f"{ctx.pname()} redeploys {units_text(ctx, counts)} by rail: {' → '.join(names)} "
                         f"({remaining} rail point{'s' if remaining != 1 else ''} left this turn).",
                         power=ctx.pname(), units=dict(counts), path=names, origin=names[0], destination=names[-1],
                         points_left=remaining)]


def _check_cities(ctx: Ctx, cmd: Redeploy) -> None:
    """Both ends are friendly victory cities, and not the same."""
    for s in (cmd.origin, cmd.destination):
        space = ctx.board.spaces[s]
        if not space.is_land or not space.victory_city:
            refuse("redeploy.not_a_city", f"{space.name} is not a victory city: Strategic Redeployment runs only "
                   "between two friendly victory cities.")
        if not ctx.friendly_territory(s):
            holder = ctx.state.owners.get(s)
            refuse("redeploy.not_friendly", f"{space.name} ({space.victory_city}) is held by "
                   f"{ctx.pname(holder) if holder else 'no one'}: Strategic Redeployment runs only between two "
                   "friendly victory cities.")
        why = kept_out_message(ctx, s)
        if why is not None:
            refuse("move.restricted", why)
    if cmd.origin == cmd.destination:
        refuse("redeploy.nowhere", f"The units are already in {ctx.name(cmd.origin)}.")


def _why_not(ctx: Ctx, unit: Unit) -> str | None:
    """Why one of the mover's units in the city cannot redeploy: only land units that have not
    moved in Noncombat Move ("A unit that moved during Combat Move can still perform SR
    movement"), and each once a turn."""
    spec = ctx.spec(unit.kind)
    if not spec.is_land:
        return "only land units redeploy"
    if spec.structure or spec.move == 0:
        return "they never move"
    if unit.has(REDEPLOYED):
        return "they were redeployed this turn"
    if unit.path and not unit.has(COMBAT_MOVED):
        return "they moved in Noncombat Move"
    return None


def _route(ctx: Ctx, origin: SpaceId, dest: SpaceId, count: int) -> Route:
    """The shortest chain of friendly territories from ``origin`` to ``dest``, crossing at most
    one sea zone, where at least ``count`` of the mover's unused transports wait."""
    found = _search(ctx, origin, count)
    if dest in found:
        return found[dest]
    if dest in _search(ctx, origin, None):
        refuse("redeploy.no_transports", f"{ctx.name(origin)} and {ctx.name(dest)} are joined only across a sea "
               f"zone: that needs one of {possessive(ctx.pname())} transports there for each unit ({count}), and no sea zone "
               "on the way has that many not yet used for Strategic Redeployment this turn.")
    refuse("redeploy.not_connected", f"No chain of friendly land territories joins {ctx.name(origin)} and "
           f"{ctx.name(dest)}, even across one sea zone with {possessive(ctx.pname())} transports.")


def _search(ctx: Ctx, origin: SpaceId, count: int | None) -> dict[SpaceId, Route]:
    """Every territory reached from ``origin`` with its shortest route; ``count`` None lets any
    sea zone be crossed (to tell a lack of transports from a lack of friendly land)."""
    best: dict[tuple[SpaceId, bool], Route] = {(origin, False): (origin,)}
    queue = deque([(origin, False)])
    while queue:
        here, crossed = queue.popleft()
        route = best[(here, crossed)]
        for nxt in sorted(ctx.neighbours[here]):
            space = ctx.board.spaces[nxt]
            if space.is_sea:
                if crossed or ctx.hostile_sea(nxt) or (count is not None and len(_unused_transports(ctx, nxt)) < count):
                    continue
                for land in sorted(ctx.neighbours[nxt]):
                    key = (land, True)
                    if key not in best and _open(ctx, land):
                        best[key] = (*route, nxt, land)
                        queue.append(key)
            elif (nxt, crossed) not in best and _open(ctx, nxt):
                best[(nxt, crossed)] = (*route, nxt)
                queue.append((nxt, crossed))
    out: dict[SpaceId, Route] = {}
    for (reached, _), route in sorted(best.items(), key=lambda kv: len(kv[1])):
        out.setdefault(reached, route)
    return out


def _open(ctx: Ctx, space: SpaceId) -> bool:
    """A territory the rail runs through: friendly, free of enemy units, not kept from the mover."""
    return (ctx.board.spaces[space].is_land and ctx.friendly_territory(space) and not ctx.enemy_at(space)
            and space not in ctx.kept_out)


def _unused_transports(ctx: Ctx, zone: SpaceId) -> list[Unit]:
    return [u for u in ctx.own(zone) if ctx.spec(u.kind).is_transport and not u.has(REDEPLOYED)]


def _ferries(ctx: Ctx, route: Route, count: int) -> list[Unit]:
    """The transports of the sea zone the route crosses, one for each unit (none on land)."""
    zone = next((s for s in route if ctx.board.spaces[s].is_sea), None)
    return [] if zone is None else sorted(_unused_transports(ctx, zone), key=lambda u: u.id)[:count]
