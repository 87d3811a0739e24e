"""Land battles of any size: the exact chain over (hit points lost by each side).

In a land round every hit may fall on any unit, so each side loses units strictly in its
order of loss and a position is just (i, j): the attacker has lost its first i hit
points, the defender its first j. The chain is solved forward, one attacker row at a time:
within a row only the defender loses, a lower-triangular system; between rows, one matrix
product spreads the row's probability over the rows below. Antiaircraft fire changes
which units the attacker has left, so each of its outcomes gets its own ladder; the
opening (``sequence.opening``) says with what probability each starts where.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import dist
from .question import Force, force
from .sequence import ATTACKER, DEFENDER, Arena, Ending, Position, conclude, opening

if TYPE_CHECKING:
    from .dist import Vector

NEGLIGIBLE = 1e-20
"""Positions less likely than this are dropped: fewer than 10^5 of them, so every
probability is exact to 1e-15."""


@dataclass
class Ladder:
    """One side's units in the order they are lost: ``alive[i]`` after i hit points lost,
    ``fire[i]`` the hits it scores then; ``end`` hit points lost end the side's part."""

    alive: list[Force]
    fire: list[Vector]
    end: int


def build(arena: Arena, units: Force, side: str) -> Ladder:
    slots = arena.slots(units, side)
    most = {u.kind: arena.spec((u.kind, 0)).hits for u in slots}
    left = {u.id: most[u.kind] - u.hits for u in slots}
    kinds = {u.id: u.kind for u in slots}
    alive: list[Force] = []
    for u in [*slots, None]:
        alive.append(force((kinds[i], most[kinds[i]] - n) for i, n in left.items() if n > 0))
        if u is not None:
            left[u.id] -= 1
    end = len(slots) if side == ATTACKER else next(i for i, a in enumerate(alive) if not arena.fighting(a))
    fire = [arena.fire(arena.values(a, side)) for a in alive[:end]]
    return Ladder(alive, fire, end)


def endings(arena: Arena) -> dict[Ending, float]:
    out: dict[Ending, float] = {}
    by_attack: dict[Force, list[tuple[float, int, bool]]] = {}
    dfn = build(arena, arena.q.defend, DEFENDER)
    for p, start, strip in opening(arena):
        if isinstance(start, Ending):
            out[start] = out.get(start, 0.0) + p
            continue
        j = dfn.alive.index(start.dfn)
        by_attack.setdefault(start.atk, []).append((p, min(j, dfn.end), bool(strip)))
    for atk_units, starts in by_attack.items():
        atk = build(arena, atk_units, ATTACKER)
        for (i, j), p, outcome in _solve(atk, dfn, starts, arena.q.retreat_below):
            e = conclude(arena, Position(atk.alive[i], dfn.alive[j]), outcome)
            out[e] = out.get(e, 0.0) + p
    return out


def _solve(atk: Ladder, dfn: Ladder, starts: list[tuple[float, int, bool]],
           retreat_below: int) -> list[tuple[tuple[int, int], float, str]]:
    """Endings ((i, j), probability, outcome) from start rows (probability, j, strip fires).

    Row i: ``settled`` is the probability of ever standing at (i, j); the rounds that leave
    it (``outflow``, the no-change round divided out) either stay in the row (only the
    defender loses: a triangular system, needed only where the defender can miss
    entirely) or go down to rows i + 1 .. na (one matrix product). Work is confined to the
    positions more likely than ``NEGLIGIBLE``."""
    import numpy as np

    na, nd = atk.end, dfn.end
    mass = np.zeros((na + 1, nd + 1))
    for p, j, strip in starts:
        _round(atk, dfn, mass, 0, j, p, dfn.fire[0] if strip and nd else None)
    d_full = np.array([dist.capped(dfn.fire[j], na) for j in range(nd)]).reshape(nd, na + 1)
    d_tail = np.cumsum(d_full[:, ::-1], axis=1)[:, ::-1]
    d0 = d_full[:, 0]
    alive = [len(a) for a in atk.alive]
    for i in range(na):
        row = mass[i, :nd]
        if alive[i] < retreat_below:
            continue
        if not (row > NEGLIGIBLE).any():
            row[:] = 0.0
            continue
        lo = int(np.argmax(row > NEGLIGIBLE))
        fire = atk.fire[i]
        stay = fire[0] * d0[lo:]
        live = stay < 1.0
        keep = np.where(live, 1.0 - stay, 1.0)
        settled = row[lo:].copy()
        a = np.where(live, d0[lo:] / keep, 0.0)
        inner = np.flatnonzero(a > NEGLIGIBLE)
        if inner.size:
            k = int(inner[0])
            lower = _band(fire, lo + k, nd, lo + k, nd)[:, :-1].T
            np.fill_diagonal(lower, 0.0)
            settled[k:] = np.linalg.solve(np.eye(nd - lo - k) - lower * a[None, k:], settled[k:])
        outflow = np.where(live, settled / keep, 0.0)
        mass[i, lo:nd] = np.where(live, 0.0, settled)
        mass[i, :lo] = 0.0
        going = np.flatnonzero(outflow > NEGLIGIBLE)
        if not going.size:
            continue
        top = lo + int(going[-1]) + 1
        out = outflow[: top - lo]
        t = _band(fire, lo, top, lo, nd)
        mass[i, nd] += float((out * d0[lo:top]) @ t[:, -1])
        hits = d_full[lo:top, 1 : na - i + 1].copy()
        hits[:, -1] = d_tail[lo:top, na - i]
        w = out[:, None] * hits
        cols = np.flatnonzero(w.max(axis=0) > NEGLIGIBLE)
        if cols.size:
            h0, h1 = int(cols[0]), int(cols[-1]) + 1
            mass[i + 1 + h0 : i + 1 + h1, lo:] += w[:, h0:h1].T @ t
    return _endings(mass, na, nd, alive, retreat_below)


def _endings(mass: Vector, na: int, nd: int, alive: list[int],
             retreat_below: int) -> list[tuple[tuple[int, int], float, str]]:
    out: list[tuple[tuple[int, int], float, str]] = []
    for i in range(na + 1):
        for j in range(nd + 1):
            p = float(mass[i, j])
            if p <= 0:
                continue
            if i == na:
                out.append(((i, j), p, "none" if j == nd else "defender"))
            elif j == nd:
                out.append(((i, j), p, "attacker"))
            else:
                out.append(((i, j), p, "retreat" if alive[i] < retreat_below else "stalemate"))
    return out


def _band(fire: Vector, r0: int, r1: int, c0: int, nd: int) -> Vector:
    """Rows j = r0..r1-1 of the defender's moves under the attacker's ``fire``: entry
    [j, j'] (columns j' = c0..nd-1) is P(from j to j' hit points lost); the last column,
    j' = nd, is P(every fighting defender gone). Rows are windows of one padded array."""
    import numpy as np
    from numpy.lib.stride_tricks import sliding_window_view

    width = nd - c0
    rows = np.arange(r0, r1)
    off = max(0, r1 - 1 - c0)
    padded = np.concatenate([np.zeros(off), fire, np.zeros(width + 1)])
    t = sliding_window_view(padded, width + 1)[c0 - rows + off]
    tail = np.concatenate([np.cumsum(fire[::-1])[::-1], [0.0]])
    t[:, width] = tail[np.minimum(nd - rows, len(fire))]
    return t


def _round(atk: Ladder, dfn: Ladder, mass: Vector, i: int, j: int, p: float,
           defender_fire: Vector | None) -> None:
    """Round 1 from (i, j), where the defender's casualties of the bombardment still fire."""
    import numpy as np

    na, nd = atk.end, dfn.end
    if j >= nd:
        d = dist.capped(defender_fire if defender_fire is not None else np.ones(1), na - i)
        mass[i : na + 1, nd] += p * d
        return
    d = dist.capped(defender_fire if defender_fire is not None else dfn.fire[j], na - i)
    a = dist.capped(atk.fire[i], nd - j)
    mass[i : na + 1, j : nd + 1] += p * np.outer(d, a)
