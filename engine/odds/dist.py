"""How many hits a group of units scores: the probability of 0, 1, 2 ... hits.

Standard dice: every unit rolls one die and hits on its value or less, so a group is a sum
of independent Bernoulli trials (one binomial per value). Low Luck: the group scores the
whole part of (total value / 6) for certain and one die decides the remainder, so it has
at most two outcomes. numpy is imported when first needed, keeping start-up fast.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Vector = NDArray[np.float64]

SIDES = 6


def hits(values: Sequence[int], dice: str) -> Vector:
    """P(k hits) for k = 0..len(values) of units firing at ``values`` (clamped to 0..6)."""
    import numpy as np

    clamped = [min(max(v, 0), SIDES) for v in values]
    out = np.zeros(len(values) + 1)
    if dice == "low_luck":
        total = sum(clamped)
        whole, rest = divmod(total, SIDES)
        out[whole] += 1 - rest / SIDES
        out[min(whole + 1, len(values))] += rest / SIDES
        return out
    dist = np.ones(1)
    for value, n in sorted(Counter(clamped).items()):
        if value:
            dist = np.convolve(dist, _binomial(n, value / SIDES))
    out[: len(dist)] = dist
    return out


def _binomial(n: int, p: float) -> Vector:
    """P(k of n hit) by the ratio of successive terms (exact up to rounding, no factorials)."""
    import numpy as np

    if p >= 1:
        out = np.zeros(n + 1)
        out[n] = 1.0
        return out
    k = np.arange(n)
    ratios = (n - k) / (k + 1) * (p / (1 - p))
    return np.concatenate([[1.0], np.cumprod(ratios)]) * (1 - p) ** n


def capped(dist: Vector, cap: int) -> Vector:
    """``dist`` with every outcome above ``cap`` hits counted as ``cap`` (no more hit points)."""
    import numpy as np

    out = np.zeros(cap + 1)
    n = min(len(dist), cap + 1)
    out[:n] = dist[:n]
    out[cap] += dist[cap + 1:].sum()
    return out
