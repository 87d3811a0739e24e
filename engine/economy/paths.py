"""IPC paths and convoy raids (switch ``income_paths``): 001, Phase 1, Spending or Saving IPC
and Convoy Raid.

"IPC to be spent must have a path between the territory and the Industrial
Complex/Victory City. IPC to be saved must have a path between the territory and your
capital. This also applies to lend-lease." "A path is a chain of territories your land
units may go through. Stalinist Xenophobia [...] applies. It may cross the sea but may not
cross non-friendly canals". "When path(s) cross the sea, each hostile submarines in the
region destroys 1 IPC per turn. Damage is allocated by victim to IPC of the path(s)."

The referee keeps one treasury, so a territory's income is collected when a path joins it
to the power's capital, or to one of its industrial complexes or victory cities, where it
can be spent (README of aarhe, ruling 18); the victim's allocation is the one that loses
least: each territory takes the path that meets the fewest hostile submarines, then the
fewest sea zones. A sea zone's region is the board's ``convoy_region``. Territories a
restriction keeps the power's units out of (``engine.restrictions``) are no part of its
paths. Lend-lease goes from the sender's capital to the recipient's capital, complexes or
victory cities, the recipient's own territories open to it (ruling 20).
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass

from ..control import holds_capital
from ..ids import PowerId, SpaceId
from ..production import FACTORY
from ..restrictions import Restriction, keeping_out
from ..state import GameState


@dataclass(frozen=True, slots=True)
class Route:
    """How a territory's IPCs travel: the raided regions its best path crosses."""

    raided: tuple[str, ...]


def _raiders(state: GameState, power: PowerId) -> dict[str, int]:
    """Hostile submarines per convoy region."""
    board = state.board
    out: dict[str, int] = {}
    for u in state.units.values():
        region = board.spaces[u.space].convoy_region
        if (region and state.rules.spec(u.kind).submarine and u.owner != power
                and not board.allies(u.owner, power)):
            out[region] = out.get(region, 0) + 1
    return out


def _destinations(state: GameState, power: PowerId) -> set[SpaceId]:
    """Where IPCs may go: the capital if held, the power's complexes and victory cities."""
    board = state.board
    held = {s for s, p in state.owners.items() if p == power}
    out = {s for s in held if board.spaces[s].victory_city or any(u.kind == FACTORY for u in state.units_at(s))}
    if holds_capital(state, power):
        out.add(board.powers[power].capital)
    return out


@dataclass(frozen=True, slots=True)
class _Way:
    """Whose IPCs travel: the power whose land units' path it is, the territories kept from
    them, and the recipient of lend-lease, whose own territories stay open (ruling 20)."""

    power: PowerId
    kept: Mapping[SpaceId, Restriction]
    recipient: PowerId | None = None

    def passable(self, state: GameState, space: SpaceId) -> bool:
        """A sea zone, or a territory the power's land units may go through: its own or an
        ally's, unless a restriction keeps them out of it."""
        where = state.board.spaces[space]
        if where.is_sea:
            return not where.impassable
        owner = state.owners.get(space)
        if space in self.kept and owner != self.recipient:
            return False
        return state.board.allies(owner, self.power)


def _closed(state: GameState, power: PowerId, a: SpaceId, b: SpaceId) -> bool:
    """A canal between two sea zones that the power's side does not hold in full, or a
    strait an enemy guards ("may not cross non-friendly canals, waterways ..., or straits")."""
    board = state.board
    canal = board.canal_between(a, b)
    if canal is not None and not all(board.allies(state.owners.get(t), power) for t in canal.controlled_by):
        return True
    strait = board.strait_between(a, b)
    return strait is not None and any(state.owners.get(t) is not None and not board.allies(state.owners.get(t), power)
                                      for t, _ in strait.guarded_by)


def _kept(state: GameState, power: PowerId) -> Mapping[SpaceId, Restriction]:
    return keeping_out(state.rules.restrictions, state.fallen, power)


def routes(state: GameState, power: PowerId) -> dict[SpaceId, Route]:
    """The best route of every space the power's IPCs can reach a destination from
    (cut-off territories are missing)."""
    return _search(state, _Way(power, _kept(state, power)), _destinations(state, power), _raiders(state, power))


def _search(state: GameState, way: _Way, starts: set[SpaceId], raided: Mapping[str, int],
            goals: set[SpaceId] | None = None) -> dict[SpaceId, Route]:
    """One search from all ``starts`` at once (to the nearest of ``goals`` only, where
    given), the cost
    being (hostile submarines of the raided regions entered, sea zones crossed)."""
    board = state.board
    best: dict[SpaceId, tuple[int, int]] = {}
    found: dict[SpaceId, Route] = {}
    queue: list[tuple[int, int, SpaceId, tuple[str, ...]]] = []
    for d in sorted(starts):
        heapq.heappush(queue, (0, 0, d, ()))
    while queue:
        subs, seas, space, crossed = heapq.heappop(queue)
        if space in found:
            continue
        found[space] = Route(crossed)
        if goals is not None and space in goals:
            break
        here = board.spaces[space]
        for nxt in board.neighbours(space):
            there = board.spaces[nxt]
            if nxt in found or not way.passable(state, nxt):
                continue
            if here.is_sea and there.is_sea and _closed(state, way.power, space, nxt):
                continue
            region = there.convoy_region if there.is_sea else None
            entering = region is not None and region in raided and region != here.convoy_region
            cost = (subs + (raided[region] if entering and region else 0), seas + int(there.is_sea))
            if cost < best.get(nxt, (1 << 30, 0)):
                best[nxt] = cost
                heapq.heappush(queue, (*cost, nxt, (*crossed, region) if entering and region else crossed))
    return found


def convoy_losses(state: GameState, power: PowerId, values: dict[SpaceId, int]) -> tuple[
        dict[SpaceId, int], dict[str, int]]:
    """Of ``values`` (each territory's income after the other reductions): what no path
    carries (cut off, by territory) and what convoy raids destroy (by region). Each hostile
    submarine in a region destroys 1 IPC of the paths crossing it, at most what they carry."""
    found = routes(state, power)
    raiders = _raiders(state, power)
    cut = {s: v for s, v in values.items() if v > 0 and s not in found}
    left = {s: v for s, v in values.items() if v > 0 and s in found}
    lost: dict[str, int] = {}
    for region in sorted(raiders):
        crossing = sorted((s for s in left if region in found[s].raided), key=lambda s: (-left[s], s))
        budget = raiders[region]
        for s in crossing:
            take = min(budget, left[s])
            left[s] -= take
            budget -= take
            lost[region] = lost.get(region, 0) + take
    return cut, {r: n for r, n in lost.items() if n}


def lend_losses(state: GameState, sender: PowerId, recipient: PowerId, ipcs: int,
                spent: Mapping[str, int]) -> dict[str, int] | None:
    """What convoy raids destroy, by region, of ``ipcs`` of lend-lease on their way from
    the sender's capital to the recipient's capital, complexes or victory cities (None: no
    path). ``spent``: the sender's IPCs each region's submarines destroyed already this
    turn, its income's included: each destroys 1 IPC a turn, so only the rest raid, and the
    path taken is the one meeting the fewest of them."""
    capital = state.board.powers[sender].capital
    if not holds_capital(state, sender):
        return None
    budget = {r: n - spent.get(r, 0) for r, n in _raiders(state, sender).items() if n > spent.get(r, 0)}
    way = _Way(sender, _kept(state, sender), recipient)
    route = _nearest(state, way, capital, _destinations(state, recipient), budget)
    if route is None:
        return None
    lost: dict[str, int] = {}
    left = ipcs
    for region in dict.fromkeys(route.raided):  # a region entered twice has the same submarines
        take = min(budget[region], left)
        left -= take
        if take:
            lost[region] = take
    return lost


def lend_kept_by(state: GameState, sender: PowerId, recipient: PowerId) -> tuple[Restriction, ...]:
    """The restrictions without which lend-lease would have a path (none where the way is
    shut by enemies, neutrals, canals or straits)."""
    kept = _kept(state, sender)
    capital = state.board.powers[sender].capital
    if not kept or not holds_capital(state, sender):
        return ()
    free = _nearest(state, _Way(sender, {}, recipient), capital, _destinations(state, recipient), {})
    return tuple(dict.fromkeys(kept.values())) if free is not None else ()


def _nearest(state: GameState, way: _Way, start: SpaceId, ends: set[SpaceId],
             raided: Mapping[str, int]) -> Route | None:
    """The best route from ``start`` to the nearest of ``ends`` (None: none is reached): the
    search stops there, so a command's path costs less than the whole board's."""
    found = _search(state, way, {start}, raided, ends)
    return next((found[e] for e in ends if e in found), None)
