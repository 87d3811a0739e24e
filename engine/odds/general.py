"""The exact distribution of endings for any battle: a Markov chain over positions.

Each round moves a position to positions with fewer hit points in the battle (or to an
ending), except a round where nothing changes; so positions are settled in order of hit
points left, largest first, each passing its probability on with the no-change round
divided out (1 / (1 - P(nothing changes))); positions less likely than ``NEGLIGIBLE`` are
dropped, as in ``ladder``, and so are positions less likely than ``UNLIKELY`` while all
those dropped together stay under ``LOST``: for whole fleets that is a third of the
positions and a fifth to a third of the time, for probabilities that move by less than
1e-9. Round 1 is taken as it
comes (antiaircraft fire, bombardment, no retreat before it). Fast enough for fleets;
land battles of any size go through ``ladder``.
"""

from __future__ import annotations

import heapq
from itertools import count

from .arena import Arena, Dist, Ending, Position
from .ladder import NEGLIGIBLE
from .moves import conclude
from .sequence import opening, round_of


UNLIKELY = 1e-12
LOST = 1e-9
"""Probability the unlikely positions dropped may carry in all (the endings are then
scaled back to a total of 1 by ``summarise``): no probability moves by more than about
this."""


def endings(arena: Arena, lost: float = LOST) -> dict[Ending, float]:
    """The battle's endings with their probabilities; ``lost``: see ``LOST``."""
    out: dict[Ending, float] = {}
    mass: dict[Position, float] = {}
    queue: list[tuple[int, int, Position]] = []
    tie = count()

    def arrive(results: Dist, weight: float) -> None:
        for r, p in results.items():
            if isinstance(r, Ending):
                out[r] = out.get(r, 0.0) + weight * p
            elif r in mass:
                mass[r] += weight * p
            else:
                heapq.heappush(queue, (-_size(arena, r), next(tie), r))
                mass[r] = weight * p

    for start, p in opening(arena):
        if isinstance(start, Ending):
            out[start] = out.get(start, 0.0) + p
        else:
            arrive(round_of(arena, start, first=arena.q.first_cycle), p)
    dropped = 0.0
    while queue:
        _, _, pos = heapq.heappop(queue)
        weight = mass.pop(pos)
        if weight < NEGLIGIBLE:
            continue
        if weight < UNLIKELY and dropped + weight <= lost:
            dropped += weight
            continue
        results = dict(round_of(arena, pos))
        stay = results.pop(pos, 0.0)
        if stay >= 1.0 - 1e-15:
            end = conclude(arena, pos, "stalemate")
            out[end] = out.get(end, 0.0) + weight
            continue
        arrive(results, weight / (1.0 - stay))
    return out


def _size(arena: Arena, pos: Position) -> int:
    return arena.hit_points(pos.atk) + arena.hit_points(pos.dfn)
