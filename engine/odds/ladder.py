"""Land battles of any size: the exact chain over (hit points lost by each side).

In a land round every hit may fall on any unit, so each side loses units strictly in its
order of loss and a position is just (i, j): the attacker has lost its first i hit
points, the defender its first j. The chain is solved forward, one attacker row at a time:
within a row only the defender loses, a lower-triangular system; between rows, one matrix
product spreads the row's probability over the rows below. Antiaircraft fire changes
which units the attacker has left, so each of its outcomes gets its own ladder; the
opening (``sequence.opening``) says with what probability each starts where. The ladders
are solved together, as layers of one array: ladder k, shorter by s_k hit points, is
shifted down s_k rows so that every ladder ends on the same row (the attacker destroyed),
and each row's arithmetic runs once for all layers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from . import dist
from .question import Force, force
from .arena import ATTACKER, DEFENDER, Arena, Ending, Position
from .moves import conclude
from .sequence import opening

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from .dist import Vector

    Index = NDArray[np.intp]

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
    """The side's ladder: its units taking one hit point after another in slot order, a
    unit gone when it has none left (a battleship's first hit only damages it)."""
    slots = arena.slots(units, side)
    current = {u.id: u for u in arena.units(units, side)}
    alive: list[Force] = []
    fire: list[Vector] = []
    end = len(slots)
    for n in range(len(slots) + 1):
        now = list(current.values())
        alive.append(force((u.kind, u.hits) for u in now))
        if side == DEFENDER and n < end and not arena.fighting(alive[-1]):
            end = n
        if n < end:
            fire.append(arena.fire(arena.salvo(now, side)))
        if n < len(slots):
            u = current[slots[n].id]
            if u.hits + 1 < arena.spec((u.kind, 0)).hits:
                current[u.id] = replace(u, hits=u.hits + 1)
            else:
                del current[u.id]
    return Ladder(alive, fire, end)


def endings(arena: Arena) -> dict[Ending, float]:
    """Every ending with its probability. Where only the attacker's aircraft retreat
    (``Arena.retreating``), the land units left fight on: their positions start a second
    set of ladders, without a retreat."""
    out: dict[Ending, float] = {}
    starts: Starts = {}
    dfn = build(arena, arena.q.defend, DEFENDER)
    for start, p in opening(arena):
        if isinstance(start, Ending):
            out[start] = out.get(start, 0.0) + p
            continue
        j = dfn.alive.index(start.dfn)
        starts.setdefault((start.atk, ()), []).append((p, min(j, dfn.end), bool(start.dfn_strip)))
    later = _ladders(arena, dfn, starts, arena.q.retreat_below, out)
    _ladders(arena, dfn, later, 0, out)
    return out


Starts = dict[tuple[Force, Force], list[tuple[float, int, bool]]]
"""Ladders to solve: per (attacking units, aircraft already retreated), where each starts
(probability, defender's j, whether the defender's strip fires)."""


def _ladders(arena: Arena, dfn: Ladder, starts: Starts, retreat_below: int, out: dict[Ending, float]) -> Starts:
    """Solve the ladders of ``starts`` into ``out``; returns where land units fight on
    after their aircraft retreated."""
    later: Starts = {}
    if not starts:
        return later
    layers = [build(arena, units, ATTACKER) for units, _ in starts]
    halts = [[len(units) < retreat_below and bool(arena.retreating(units)) for units in a.alive] for a in layers]
    na = max(a.end for a in layers)
    shifts = [na - a.end for a in layers]
    mass = _solve(layers, shifts, dfn, list(starts.values()), halts)
    for k, (atk, (_, gone)) in enumerate(zip(layers, starts)):
        for (i, j), p, outcome in _endings(mass[k], shifts[k], na, dfn.end, halts[k]):
            pos = Position(atk.alive[i], dfn.alive[j], atk_out=gone)
            leaving = arena.retreating(pos.atk) if outcome == "retreat" else pos.atk
            if len(leaving) < len(pos.atk):
                stay = tuple(u for u in pos.atk if u not in leaving)
                later.setdefault((stay, force((*gone, *leaving))), []).append((p, j, False))
                continue
            e = conclude(arena, pos, outcome)
            out[e] = out.get(e, 0.0) + p
    return later


def _solve(layers: list[Ladder], shifts: list[int], dfn: Ladder, starts: list[list[tuple[float, int, bool]]],
           halts: list[list[bool]]) -> Vector:
    """The probability of ending at each (layer, row, j), from each layer's start rows
    (probability, j, whether the strip fires); rows where the attacker retreats
    (``halts``) end the battle.

    Row r: ``settled`` is the probability of ever standing at (r, j); the rounds that leave
    it (``outflow``, the no-change round divided out) either stay in the row (only the
    defender loses: a triangular system, needed only where the defender can miss
    entirely) or go down to rows r + 1 .. na (one matrix product). Work is confined to the
    positions more likely than ``NEGLIGIBLE``."""
    import numpy as np

    na, nd, layers_n = max(a.end for a in layers), dfn.end, len(layers)
    mass = np.zeros((layers_n, na + 1, nd + 1))
    for k, atk in enumerate(layers):
        for p, j, strip in starts[k]:
            _first_round(mass[k], shifts[k], atk.fire[0] if atk.end else np.ones(1), dfn, j, p,
                         dfn.fire[0] if strip and nd else None)
    d_full = np.array([dist.capped(dfn.fire[j], na) for j in range(nd)]).reshape(nd, na + 1)
    d_tail = np.cumsum(d_full[:, ::-1], axis=1)[:, ::-1]
    d0 = d_full[:, 0]
    index = nd + np.arange(nd + 1)[None, :] - np.arange(nd)[:, None]
    width = max(len(f) for a in layers for f in a.fire) if nd else 1
    fires = np.zeros((layers_n, na, min(width, nd + 1)))
    going_on = np.zeros((layers_n, na), dtype=bool)
    for k, atk in enumerate(layers):
        for i, f in enumerate(atk.fire):
            n = min(len(f), fires.shape[2])
            fires[k, shifts[k] + i, :n] = f[:n]
            fires[k, shifts[k] + i, n - 1] += f[n:].sum()
            going_on[k, shifts[k] + i] = not halts[k][i]
    for r in range(na):
        row = np.where(going_on[:, r, None], mass[:, r, :nd], 0.0)
        live_cols = np.flatnonzero((row > NEGLIGIBLE).any(axis=0))
        if not live_cols.size:
            mass[:, r, :nd] = np.where(going_on[:, r, None], 0.0, mass[:, r, :nd])
            continue
        lo = int(live_cols[0])
        fire = fires[:, r]
        moves = _moves(fire, lo, nd, index)
        stay = fire[:, :1] * d0[None, lo:]
        live = stay < 1.0
        keep = np.where(live, 1.0 - stay, 1.0)
        settled = row[:, lo:].copy()
        a = np.where(live, d0[None, lo:] / keep, 0.0)
        inner = np.flatnonzero((a > NEGLIGIBLE).any(axis=0))
        if inner.size:
            k0 = int(inner[0])
            lower = moves[:, k0:, k0:-1].transpose(0, 2, 1).copy()
            lower[:, np.arange(nd - lo - k0), np.arange(nd - lo - k0)] = 0.0
            system = np.eye(nd - lo - k0)[None] - lower * a[:, None, k0:]
            settled[:, k0:] = np.linalg.solve(system, settled[:, k0:, None])[..., 0]
        outflow = np.where(live, settled / keep, 0.0)
        done = np.where(live, 0.0, settled)
        mass[:, r, :nd] = np.where(going_on[:, r, None], np.concatenate([np.zeros((layers_n, lo)), done], axis=1),
                                   mass[:, r, :nd])
        going = np.flatnonzero((outflow > NEGLIGIBLE).any(axis=0))
        if not going.size:
            continue
        top = lo + int(going[-1]) + 1
        out = outflow[:, : top - lo]
        t = moves[:, : top - lo]
        mass[:, r, nd] += np.einsum("km,km->k", out * d0[None, lo:top], t[:, :, -1])
        hits = d_full[lo:top, 1 : na - r + 1].copy()
        hits[:, -1] = d_tail[lo:top, na - r]
        w = out[:, :, None] * hits[None]
        cols = np.flatnonzero(w.max(axis=(0, 1)) > NEGLIGIBLE)
        if cols.size:
            h0, h1 = int(cols[0]), int(cols[-1]) + 1
            mass[:, r + 1 + h0 : r + 1 + h1, lo:] += w[:, :, h0:h1].transpose(0, 2, 1) @ t
    return mass


def _endings(mass: Vector, shift: int, na: int, nd: int,
             halts: list[bool]) -> list[tuple[tuple[int, int], float, str]]:
    """One layer's endings as ((i, j) in its own ladder, probability, outcome)."""
    out: list[tuple[tuple[int, int], float, str]] = []
    for r, j in zip(*mass.nonzero()):
        p, i = float(mass[r, j]), int(r) - shift
        if p <= 0:
            continue
        if r == na:
            out.append(((i, j), p, "none" if j == nd else "defender"))
        elif j == nd:
            out.append(((i, j), p, "attacker"))
        else:
            out.append(((i, j), p, "retreat" if halts[i] else "stalemate"))
    return out


def _moves(fire: Vector, lo: int, nd: int, index: Index) -> Vector:
    """Each layer's defender moves under its attacker ``fire`` (layers x hits) from rows
    j = lo..nd-1: entry [k, j, j'] (columns j' = lo..nd-1) is P(from j to j' hit points
    lost); the last column, j' = nd, is P(every fighting defender gone). ``index`` is
    nd + j' - j, so one gather from the fire padded with zeros fills the whole (Toeplitz)
    matrices."""
    import numpy as np

    layers_n, width = fire.shape
    padded = np.zeros((layers_n, 3 * nd + 2))
    n = min(width, 2 * nd + 2)
    padded[:, nd : nd + n] = fire[:, :n]
    t = padded[:, index[lo:, lo:]]
    tail = np.concatenate([np.cumsum(fire[:, ::-1], axis=1)[:, ::-1], np.zeros((layers_n, 1))], axis=1)
    t[:, :, -1] = tail[:, np.minimum(nd - np.arange(lo, nd), width)]
    return t


def _first_round(mass: Vector, shift: int, attack: Vector, dfn: Ladder, j: int, p: float,
                 defender_fire: Vector | None) -> None:
    """Round 1 of one layer from (its row 0, j), where the defender's casualties of the
    bombardment still fire."""
    import numpy as np

    na, nd = mass.shape[0] - 1, dfn.end
    if j >= nd:
        d = dist.capped(defender_fire if defender_fire is not None else np.ones(1), na - shift)
        mass[shift:, nd] += p * d
        return
    d = dist.capped(defender_fire if defender_fire is not None else dfn.fire[j], na - shift)
    a = dist.capped(attack, nd - j)
    mass[shift:, j : nd + 1] += p * np.outer(d, a)
