"""Air units: where they may land, and whether they still can.

000, Unit Profiles, Air Units: "count each space your air unit enters after takeoff";
air units fly over hostile spaces but never over neutrals; they land only in territories
friendly at the start of the turn ("Your air units cannot land in territories you just
captured") or, fighters, on a friendly carrier. In Combat Move "you must be able to
demonstrate some possible way (however remote) for all your attacking air units to land
safely", counting carriers that could move there in Noncombat Move and carriers that could
be mobilized (a fighter "can move its full four spaces to attack in a sea zone ... if a
carrier could be there", 000, Phase 2: Combat Move, Air Units).
"""

from __future__ import annotations

from ..ids import SpaceId
from ..state import COMBAT_MOVED, FOUGHT, Unit
from ..variants import KAMIKAZE
from .context import EXTRA_AIR_POINTS, Ctx
from .missions import return_refusal
from .neutrals import ENTER, level, standing, unheld
from .paths import Mode, Refusal, search
from .restricted import shared_with

_SEA = Mode("sea", "Aircraft carriers")


def movable_carriers(ctx: Ctx) -> list[Unit]:
    """Own carriers that can still move in Noncombat Move (they did not move or fight in
    combat) and have a free deck spot."""
    out = []
    for u in ctx.state.units_of(ctx.power):
        spec = ctx.spec(u.kind)
        if not spec.carrier_capacity or u.has(COMBAT_MOVED) or u.has(FOUGHT) or ctx.move(u) - u.moved <= 0:
            continue
        riders = [f for f in ctx.state.units_at(u.space) if f.aboard == u.id]
        if any(f.owner == ctx.power and f.moved > 0 for f in riders):
            continue  # a fighter landed on it: it cannot move any farther this turn
        if len(riders) >= spec.carrier_capacity:
            continue  # full (of allied fighters, or of yours that stay aboard): no room for another
        out.append(u)
    return out


def carrier_reach(ctx: Ctx, carrier: Unit) -> set[SpaceId]:
    """Zones the carrier could end Noncombat Move in. In Combat Move it may assume every
    attack succeeds (000, Air Units), so hostile zones are not in its way then."""
    budget = ctx.move(carrier) - carrier.moved
    if ctx.combat:
        return _open_seas(ctx, carrier.space, budget)
    return {carrier.space} | search(ctx, _SEA, carrier.space, budget).spaces()


def _open_seas(ctx: Ctx, origin: SpaceId, budget: int) -> set[SpaceId]:
    seen = {origin}
    frontier = [origin]
    for _ in range(budget):
        nxt: list[SpaceId] = []
        for here in frontier:
            for n in ctx.neighbours[here]:
                if n in seen or ctx.board.spaces[n].is_land or n in ctx.closed or ctx.canal_closed(here, n):
                    continue
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return seen


def purchased_carrier_zones(ctx: Ctx) -> set[SpaceId]:
    """Zones where a carrier bought this turn could be mobilized: next to a factory the power
    has held since the start of the turn (000, Phase 4: "if you will be mobilizing an aircraft
    carrier that you previously purchased in that zone")."""
    if not any(ctx.spec(k).carrier_capacity and n > 0 for k, n in ctx.state.purchased.items()):
        return set()
    out: set[SpaceId] = set()
    start = ctx.state.turn_start_owners
    for u in ctx.state.units_of(ctx.power):
        t = u.space
        if (ctx.spec(u.kind).structure and ctx.state.owners.get(t) == ctx.power
                and start.get(t, ctx.power) == ctx.power):
            out.update(n for n in ctx.neighbours[t] if ctx.board.spaces[n].is_sea)
    return out


def landing_spots(ctx: Ctx, carrier_based: bool, could_be: bool = True) -> dict[SpaceId, str]:
    """Every space an air unit could end the turn in, with a word on why.

    ``could_be``: count carriers that could still arrive (moved or mobilized), as Combat
    Move's "possible way" does; without it only carriers with room there now count.
    """
    key = f"landing:{carrier_based}:{could_be}"
    cached = ctx.cache.get(key)
    if isinstance(cached, dict):
        return cached
    spots: dict[SpaceId, str] = {}
    for s, sp in ctx.board.spaces.items():
        if sp.is_land and s not in ctx.impassable and ctx.friendly_at_start(s):
            spots[s] = "friendly territory"
    if carrier_based:
        for z in {u.space for u in ctx.state.units.values() if ctx.spec(u.kind).carrier_capacity}:
            if ctx.carriers_with_room(z):
                spots.setdefault(z, "a carrier with room")
        if could_be:
            for carrier in movable_carriers(ctx):
                for z in carrier_reach(ctx, carrier):
                    spots.setdefault(z, f"your aircraft carrier from {ctx.name(carrier.space)} could get there")
            for z in purchased_carrier_zones(ctx):
                spots.setdefault(z, "a carrier you bought could be mobilized there")
    # A rule system's restrictions keep some spaces from the mover (engine.restrictions).
    spots = {s: why for s, why in spots.items() if s not in ctx.kept_out and not shared_with(ctx, s)}
    ctx.cache[key] = spots
    return spots


def landing_distance(ctx: Ctx, carrier_based: bool, could_be: bool = True) -> dict[SpaceId, int]:
    """Air steps from every space to the nearest landing spot (multi-source search)."""
    key = f"landdist:{carrier_based}:{could_be}"
    cached = ctx.cache.get(key)
    if isinstance(cached, dict):
        return cached
    spots = landing_spots(ctx, carrier_based, could_be)
    dist = {s: 0 for s in spots}
    frontier = list(spots)
    d = 0
    while frontier and d < 8:
        d += 1
        nxt: list[SpaceId] = []
        for here in frontier:
            for n in ctx.neighbours[here]:
                if n not in dist and n not in ctx.impassable:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    ctx.cache[key] = dist
    return dist


def combat_landing_refusal(ctx: Ctx, unit: Unit, dest: SpaceId, spent: int) -> Refusal | None:
    """In Combat Move, a move leaving ``unit`` no possible landing is refused, but where the
    game's options allow kamikaze flights (004 §15, Kamikazes: "without worry of being able
    to return home"); such an aircraft that survives is lost at the end of the turn, when
    the aircraft that cannot land are (``end_noncombat_move``)."""
    if ctx.rules.variant.enabled(KAMIKAZE):
        return None
    spec = ctx.spec(unit.kind)
    left = ctx.landing_points(unit, spent)
    dist = landing_distance(ctx, spec.carrier_based).get(dest)
    if dist is not None and dist <= left:
        return None
    where = ctx.name(dest)
    if spec.carrier_based:
        why = "no friendly territory held since the start of the turn and no carrier that could be there"
    else:
        why = "no territory your side held at the start of the turn"
    if left <= 0:
        return Refusal("air.no_landing", f"A {spec.name.lower()} ending in {where} would have no movement left, and "
                       f"{where} is not a place it could land: {why}.")
    return Refusal("air.no_landing", f"A {spec.name.lower()} in {where} would have {left} movement left, and "
                   f"{why} is within {left} space{'s' if left != 1 else ''}: it could not land.")


def stranded_by(ctx: Ctx) -> Refusal | None:
    """Combat Move: the first air unit that moved and now has no possible landing (a carrier it
    counted on moved into combat itself)."""
    for u in sorted(ctx.state.units_of(ctx.power), key=lambda x: x.id):
        if ctx.spec(u.kind).is_air and u.path:
            r = combat_landing_refusal(ctx, u, u.space, 0)
            if r is not None:
                return r
    return None


def noncombat_landing_refusal(ctx: Ctx, unit: Unit, dest: SpaceId) -> Refusal | None:
    """In Noncombat Move an air unit must end its move where it can land (000, Phase 4);
    an aircraft of Counter-Air only where it came from (``missions.home``)."""
    back = return_refusal(ctx, unit, dest)
    if back is not None:
        return back
    spec = ctx.spec(unit.kind)
    space = ctx.board.spaces[dest]
    if space.is_land:
        if ctx.friendly_at_start(dest):
            return None
        if unheld(ctx.state, dest):
            side = ctx.board.side_of(ctx.power)
            return Refusal("air.neutral_landing", f"Air units cannot land in {space.name}: it is neutral "
                           f"({standing(ctx.state, dest)}), and {side} units enter it only from {level(side, ENTER)}.")
        if ctx.friendly_territory(dest):
            return Refusal("air.captured_landing", f"Air units cannot land in {space.name}: it was captured "
                           "this turn (only territories friendly at the start of the turn).")
        return Refusal("air.hostile_landing", f"Air units cannot land in hostile {space.name}.")
    if not spec.carrier_based:
        return Refusal("air.bomber_at_sea", f"A {spec.name.lower()} cannot end its move at sea: it lands only "
                       "in territories.")
    if dest in landing_spots(ctx, True):
        return None
    return Refusal("air.no_carrier", f"No friendly aircraft carrier with room is in {space.name}, and none "
                   "could get there or be mobilized there: the fighter could not land.")


def relay_refusal(ctx: Ctx, unit: Unit, path: tuple[SpaceId, ...], extra: int = EXTRA_AIR_POINTS) -> Refusal | None:
    """001 › Phase 5, Air Movement: an air unit with the two extra points (``Ctx.
    fresh_in_noncombat``) "may use up to half its movement points to A (a friendly territory
    or aircraft carrier) and then may use up to half its movement points to B". Read from the
    turn's path: a flight longer than half its points (rounded down) must pass a space where
    it could land, at most half from the start, and end at most half beyond it; ``extra``:
    the points the unit gains (none for Air Transport)."""
    if not ctx.fresh_in_noncombat(unit):
        return None
    flown = (unit.path or (path[0],)) + path[1:]
    half = (ctx.move(unit) + extra) // 2
    steps = len(flown) - 1
    if steps <= half:
        return None
    spots = landing_spots(ctx, ctx.spec(unit.kind).carrier_based, could_be=False)
    if any(flown[i] in spots and steps - i <= half for i in range(1, half + 1)):
        return None
    name = ctx.spec(unit.kind).name.lower()
    return Refusal("air.no_relay", f"A {name} flying {steps} spaces in Noncombat Move flies at most {half} to a "
                   f"friendly territory or carrier and at most {half} on from it; this path passes none at the "
                   "right distance (name one with path:).")


def flight_path(ctx: Ctx, mode: Mode, units: list[Unit], shortest: tuple[SpaceId, ...]) -> tuple[SpaceId, ...] | None:
    """The path an air group flies in Noncombat Move to the end of ``shortest`` (the
    shortest path there): that one if every unit may fly it (``relay_refusal``); else, for
    units that have not moved, the shortest through a space where they could land at most
    half their points away (001 › Phase 5, Air Movement, *A*) and ending at most half beyond
    it (*B*); None if there is no such path."""
    if all(relay_refusal(ctx, u, shortest) is None for u in units):
        return shortest
    if any(u.path for u in units):
        return None
    origin, dest = shortest[0], shortest[-1]
    half = min((ctx.move(u) + EXTRA_AIR_POINTS) // 2 for u in units)
    spots = landing_spots(ctx, all(ctx.spec(u.kind).carrier_based for u in units), could_be=False)
    first = search(ctx, mode, origin, half)
    best: tuple[SpaceId, ...] | None = None
    for a in sorted(s for s in first.spaces() if s in spots):
        to_a, on = first.path_to(a), search(ctx, mode, a, half).path_to(dest)
        if to_a is None or on is None:
            continue
        path = to_a + on[1:]
        if (best is None or len(path) < len(best)) and all(relay_refusal(ctx, u, path) is None for u in units):
            best = path
    return best


def landed(ctx: Ctx, unit: Unit) -> bool:
    """Whether an air unit stands where it may end the turn right now."""
    if return_refusal(ctx, unit, unit.space) is not None:
        return False
    space = ctx.board.spaces[unit.space]
    if space.is_land:
        return ctx.friendly_at_start(unit.space)
    return unit.aboard is not None
