"""Who plays whom in a round: Swiss pairing and single elimination. Pure.

Swiss (as chess and WBC tournaments run it): players are ranked by score, then by seed;
each in turn meets the highest-ranked player left whom they have not met, backtracking when
a later player would be left without a new opponent; rematches only when no pairing avoids
them. With an odd count the lowest-ranked player without a bye sits out with a bye.
Single elimination: round 1 pairs seed 1 with the last seed, 2 with the next to last...,
byes going to the top seeds; later rounds pair the winners of neighbouring tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Player = str


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table of a round; ``second`` is None for a bye."""

    table: int
    first: Player
    second: Player | None


def swiss(seeds: Sequence[Player], scores: Mapping[Player, float],
          met: set[frozenset[Player]], byes: set[Player]) -> list[Pairing]:
    """The next Swiss round for ``seeds`` (in seed order) given the scores so far, the pairs
    that have met and the players who have had a bye."""
    order = sorted(seeds, key=lambda p: (-scores.get(p, 0.0), seeds.index(p)))
    bye: Player | None = None
    if len(order) % 2:
        bye = next((p for p in reversed(order) if p not in byes), order[-1])
        order.remove(bye)
    pairs = _pair(order, met) or _pair(order, set())
    assert pairs is not None, "without the rematch rule any even list pairs up"
    tables = [Pairing(i + 1, a, b) for i, (a, b) in enumerate(pairs)]
    if bye is not None:
        tables.append(Pairing(len(tables) + 1, bye, None))
    return tables


def _pair(order: list[Player], met: set[frozenset[Player]]) -> list[tuple[Player, Player]] | None:
    """Pairs in rank order with no rematch, or None when there is no such pairing."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) in met:
            continue
        tail = _pair(rest[:i] + rest[i + 1:], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def knockout_first_round(seeds: Sequence[Player]) -> list[Pairing]:
    """Round 1 of single elimination: the bracket filled to a power of two with byes, which
    fall to the top seeds."""
    size = 1
    while size < len(seeds):
        size *= 2
    slots = _bracket(size)
    tables: list[Pairing] = []
    for i in range(0, size, 2):
        a, b = slots[i], slots[i + 1]
        first = seeds[a] if a < len(seeds) else None
        second = seeds[b] if b < len(seeds) else None
        if first is None:
            first, second = second, None
        if first is not None:
            tables.append(Pairing(len(tables) + 1, first, second))
    return tables


def _bracket(size: int) -> list[int]:
    """Seed indexes in bracket order, so seeds 1 and 2 can only meet in the final."""
    order = [0]
    while len(order) < size:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n - 1 - seed)]
    return order


def knockout_next_round(winners: Sequence[Player]) -> list[Pairing]:
    """The next round: the winners of tables 1 and 2 meet, of 3 and 4, ... (in table order)."""
    tables: list[Pairing] = []
    for i in range(0, len(winners), 2):
        second = winners[i + 1] if i + 1 < len(winners) else None
        tables.append(Pairing(len(tables) + 1, winners[i], second))
    return tables
