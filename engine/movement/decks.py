"""Carrier decks for the fighters of Combat Move: enough room for all of them together.

000, Unit Profiles, Air Units: "you must be able to demonstrate some possible way ... for
all your attacking air units to land safely that turn. This could include ... noncombat
moves by a carrier or the mobilization of a new carrier"; Aircraft Carriers: "Up to two
fighters can be on a friendly aircraft carrier at a time". A carrier ends the turn in one
sea zone, so the fighters counting on it must all be able to reach that zone. The check is
an exact search over which carrier takes which fighter (a turn has few of either).

"If you declared that a carrier will move during the Noncombat Move phase to provide a
safe landing zone ... you must follow through and move the carrier to its planned
location": at the end of Combat Move each carrier that must move for its fighters gets
that zone as its ``target`` (:func:`plan_pickups`), and Noncombat Move holds it to it
(:func:`pickup_refusal`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..events import Event, event
from ..ids import SpaceId
from ..prose import possessive
from ..state import Unit
from ..variants import KAMIKAZE
from . import air
from .context import Ctx
from .paths import Refusal


@dataclass(frozen=True, slots=True)
class Deck:
    """A carrier (or a carrier bought this turn) that could take fighters: where it could
    end the turn and how many fighters it has room for."""

    zones: frozenset[SpaceId]
    room: int
    carrier: Unit | None
    """The carrier on the board, or None for one to be mobilized."""


def _reach(ctx: Ctx, origin: SpaceId, steps: int) -> set[SpaceId]:
    """Spaces an aircraft in ``origin`` can reach with ``steps`` movement left."""
    seen = {origin}
    frontier = [origin]
    for _ in range(max(steps, 0)):
        frontier = [n for here in frontier for n in ctx.neighbours[here] if n not in ctx.impassable]
        frontier = [n for n in dict.fromkeys(frontier) if n not in seen]
        seen.update(frontier)
    return seen


def decks(ctx: Ctx) -> list[Deck]:
    """Every deck the mover's fighters may count on in Combat Move."""
    out: list[Deck] = []
    movable = {c.id for c in air.movable_carriers(ctx)}
    for c in ctx.state.units.values():
        cap = ctx.spec(c.kind).carrier_capacity
        if not cap or not ctx.friendly(c.owner):
            continue
        room = cap - sum(1 for f in ctx.state.units_at(c.space) if f.aboard == c.id)
        zones = air.carrier_reach(ctx, c) if c.id in movable else {c.space}
        if room > 0:
            out.append(Deck(frozenset(zones), room, c))
    bought = air.purchased_carrier_zones(ctx)
    for kind, n in ctx.state.purchased.items():
        cap = ctx.spec(kind).carrier_capacity
        out += [Deck(frozenset(bought), cap, None) for _ in range(n) if cap and bought]
    return sorted(out, key=lambda d: (d.carrier is None, d.carrier.id if d.carrier else 0))


def _needing_decks(ctx: Ctx) -> list[tuple[Unit, frozenset[SpaceId]]]:
    """Fighters that moved in Combat Move and can reach no territory to land in, each with
    the sea zones it can still reach."""
    out = []
    land = air.landing_spots(ctx, False)
    for u in sorted(ctx.state.units_of(ctx.power), key=lambda x: x.id):
        spec = ctx.spec(u.kind)
        if not (spec.is_air and spec.carrier_based and u.path and u.aboard is None):
            continue
        reach = _reach(ctx, u.space, ctx.landing_points(u))
        if not reach & set(land):
            out.append((u, frozenset(z for z in reach if ctx.board.spaces[z].is_sea)))
    return out


SEARCH_LIMIT = 20_000
"""Assignments tried before the search gives up and lets the move stand: only a board
with many fighters at sea and many carriers gets there, and the rule asks for "some
possible way (however remote the possibility is)"."""


def assign(ctx: Ctx) -> tuple[list[Unit], dict[int, tuple[Deck, frozenset[SpaceId]]], bool]:
    """The fighters that need a deck, the largest assignment found (fighter id -> its deck
    and the zones where that deck could take all the fighters given to it), and whether
    the search was finished (not cut short at ``SEARCH_LIMIT``)."""
    fighters = _needing_decks(ctx)
    all_decks = decks(ctx)
    fighters.sort(key=lambda f: (sum(1 for d in all_decks if d.zones & f[1]), f[0].id))
    held: list[tuple[frozenset[SpaceId], int]] = [(d.zones, 0) for d in all_decks]
    taken: dict[int, int] = {}
    best: dict[int, tuple[Deck, frozenset[SpaceId]]] = {}
    tries = 0

    def search(i: int) -> None:
        nonlocal best, tries
        tries += 1
        if tries > SEARCH_LIMIT or len(taken) + len(fighters) - i <= len(best):
            return
        if i == len(fighters):
            best = {fid: (all_decks[d], held[d][0]) for fid, d in taken.items()}
            return
        u, zones = fighters[i]
        tried: set[tuple[frozenset[SpaceId], int]] = set()
        for d, deck in enumerate(all_decks):
            possible, used = held[d]
            both = possible & zones
            if used >= deck.room or not both or (used == 0 and (deck.zones, deck.room) in tried):
                continue
            if used == 0:
                tried.add((deck.zones, deck.room))  # an unused twin of a deck tried already adds nothing
            held[d], taken[u.id] = (both, used + 1), d
            search(i + 1)
            held[d] = (possible, used)
            del taken[u.id]
            if len(best) == len(fighters):
                return
        search(i + 1)

    search(0)
    return [u for u, _ in fighters], best, tries <= SEARCH_LIMIT


def deck_refusal(ctx: Ctx) -> Refusal | None:
    """Combat Move: the fighters counting on carriers need more deck room than the carriers
    that could be there have (no matter where the game's options allow kamikaze flights)."""
    if ctx.rules.variant.enabled(KAMIKAZE):
        return None
    fighters, taken, finished = assign(ctx)
    if not finished or len(taken) == len(fighters):
        return None
    where = ", ".join(sorted({ctx.name(u.space) for u in fighters}))
    n = len(fighters)
    return Refusal("air.no_deck", f"{n} fighter{'s' if n != 1 else ''} ({where}) can land only on a carrier, "
                   f"and the carriers that could be there have room for {len(taken)} of them: "
                   f"a carrier takes {_capacity(ctx)} fighters and ends the turn in one sea zone.")


def _capacity(ctx: Ctx) -> int:
    return max((s.carrier_capacity for s in ctx.rules.units.values()), default=0)


def plan_pickups(ctx: Ctx) -> tuple[list[Unit], list[Event]]:
    """End of Combat Move: each carrier of the mover that must move for fighters counting on
    it gets the zone it is to reach as its ``target``."""
    _, taken, _ = assign(ctx)
    plans: dict[int, tuple[Unit, frozenset[SpaceId], int]] = {}
    for deck, zones in taken.values():
        c = deck.carrier
        if c is None or c.owner != ctx.power or c.space in zones:
            continue
        _, _, n = plans.get(c.id, (c, zones, 0))
        plans[c.id] = (c, zones, n + 1)
    changed: list[Unit] = []
    events: list[Event] = []
    for c, zones, n in plans.values():
        near = {u.space for u in ctx.state.units_of(ctx.power) if u.id in taken and taken[u.id][0].carrier == c}
        zone = min(zones, key=lambda z: (z not in near, ctx.name(z)))
        changed.append(replace(c, target=zone))
        events.append(event("pickup", f"{possessive(ctx.pname())} aircraft carrier in {ctx.name(c.space)} is to move to "
                            f"{ctx.name(zone)} in Noncombat Move to take {n} fighter{'s' if n != 1 else ''}.",
                            power=ctx.pname(), space=ctx.name(c.space), to=ctx.name(zone), fighters=n))
    return changed, events


def pickup_refusal(ctx: Ctx, carrier: Unit, dest: SpaceId) -> Refusal | None:
    """Noncombat Move: a carrier with a planned pick-up goes to its planned zone while a
    fighter of the mover is still in the air within reach of it, unless it cannot get
    there (a battle failed to clear the way)."""
    plan = carrier.target
    if plan is None or dest == plan or not ctx.spec(carrier.kind).carrier_capacity:
        return None
    if plan not in air.carrier_reach(ctx, carrier):
        return None
    waiting = [u for u in ctx.state.units_of(ctx.power) if ctx.spec(u.kind).carrier_based and u.aboard is None
               and not air.landed(ctx, u) and plan in _reach(ctx, u.space, ctx.landing_points(u))]
    if not waiting:
        return None
    return Refusal("noncombat.carrier_plan", f"This aircraft carrier was counted on in Combat Move to take fighters "
                   f"in {ctx.name(plan)}: it must move there while {len(waiting)} fighter"
                   f"{'s' if len(waiting) != 1 else ''} still wait{'s' if len(waiting) == 1 else ''} to land.")
