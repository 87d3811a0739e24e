"""How many hits a group of units scores: the probability of 0, 1, 2 ... hits.

Standard dice: every unit rolls one die (or several, keeping the best: heavy bombers) and
hits on its value or less, so a group is a sum of independent Bernoulli trials (one
binomial per value and number of dice). Low Luck: the group scores the
whole part of (total value / 6) for certain and one die decides the remainder, so it has
at most two outcomes. numpy is imported when first needed, keeping start-up fast.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Vector = NDArray[np.float64]

SIDES = 6
Shot = tuple[int, int]
"""A unit's fire: the value it hits on and how many dice it rolls, keeping the best."""
Salvo = tuple[tuple[Shot, int], ...]
"""Shots with how many units fire each, sorted (hashable)."""


def salvo(shots: Iterable[Shot]) -> Salvo:
    return tuple(sorted(Counter(shots).items()))


def hits(fired: Salvo, dice: str) -> Vector:
    """P(k hits) for k = 0..(units firing) of a salvo (values clamped to 0..6). Low Luck
    counts values only, as the engine's Low Luck groups do (``combat.fire``)."""
    import numpy as np

    out = np.zeros(sum(n for _, n in fired) + 1)
    if dice == "low_luck":
        total = sum(min(max(v, 0), SIDES) * n for (v, _), n in fired)
        whole, rest = divmod(total, SIDES)
        out[whole] += 1 - rest / SIDES
        out[min(whole + 1, len(out) - 1)] += rest / SIDES
        return out
    dist = np.ones(1)
    for (value, rolls), n in fired:
        if value > 0:
            dist = np.convolve(dist, _binomial(n, 1 - (1 - min(value, SIDES) / SIDES) ** rolls))
    out[: len(dist)] = dist
    return out


@lru_cache(maxsize=4096)
def _binomial(n: int, p: float) -> Vector:
    """P(k of n hit) by the ratio of successive terms (exact up to rounding, no factorials).
    Cached: a ladder asks for the same few values at every size (read-only arrays)."""
    import numpy as np

    if p >= 1:
        out = np.zeros(n + 1)
        out[n] = 1.0
        return out
    k = np.arange(n)
    ratios = (n - k) / (k + 1) * (p / (1 - p))
    out = np.concatenate([[1.0], np.cumprod(ratios)]) * (1 - p) ** n
    out.flags.writeable = False
    return out


def capped(dist: Vector, cap: int) -> Vector:
    """``dist`` with every outcome above ``cap`` hits counted as ``cap`` (no more hit points)."""
    import numpy as np

    out = np.zeros(cap + 1)
    n = min(len(dist), cap + 1)
    out[:n] = dist[:n]
    out[cap] += dist[cap + 1:].sum()
    return out
