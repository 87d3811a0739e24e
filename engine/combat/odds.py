"""The attacker's chance of winning a battle, computed exactly and without dice.

A Markov chain over (hit points the attacker has lost, hit points the defender has
lost), both sides taking losses in their order of loss (``hits.loss_slots``); each
round every surviving unit rolls at its value. Special abilities are left out (the
antiaircraft shot, submarines, which hits may land where): the figure drives the
``retreat_odds`` standing order, where a deterministic estimate is what is asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

NEGLIGIBLE = 1e-12


def _distribution(values: Sequence[int]) -> list[float]:
    """Probabilities of 0..n hits when each unit hits on its value or less."""
    dist = [1.0]
    for v in values:
        p = min(max(v, 0), 6) / 6
        nxt = [0.0] * (len(dist) + 1)
        for h, q in enumerate(dist):
            nxt[h] += q * (1 - p)
            nxt[h + 1] += q * p
        dist = nxt
    return dist


def win_chance(attack: Sequence[Sequence[int]], defense: Sequence[Sequence[int]]) -> float:
    """P(the defender is wiped out while the attacker has a unit left).

    ``attack[i]`` lists the values that fire after the attacker has lost ``i`` hit points
    (``attack[len(attack)-1]`` is its last hit point); likewise ``defense``.
    """
    a_dists = tuple(tuple(_distribution(v)) for v in attack)
    d_dists = tuple(tuple(_distribution(v)) for v in defense)
    return _solve(a_dists, d_dists)


@lru_cache(maxsize=256)
def _solve(a_dists: tuple[tuple[float, ...], ...], d_dists: tuple[tuple[float, ...], ...]) -> float:
    na, nd = len(a_dists), len(d_dists)
    if nd == 0:
        return 1.0 if na else 0.0
    if na == 0:
        return 0.0
    win = [[0.0] * (nd + 1) for _ in range(na + 1)]
    for j in range(nd):
        win[na][j] = 0.0
    for i in range(na):
        win[i][nd] = 1.0
    win[na][nd] = 0.0
    for i in range(na - 1, -1, -1):
        for j in range(nd - 1, -1, -1):
            pa, pd = a_dists[i], d_dists[j]
            stay = pa[0] * pd[0]
            total = 0.0
            for hd, qd in enumerate(pd):
                if qd < NEGLIGIBLE:
                    continue
                ni = min(na, i + hd)
                row = win[ni]
                for ha, qa in enumerate(pa):
                    if (ha or hd) and qa >= NEGLIGIBLE:
                        total += qd * qa * row[min(nd, j + ha)]
            win[i][j] = total / (1 - stay) if stay < 1 else 0.0
    return win[0][0]
