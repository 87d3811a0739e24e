"""What changed during a turn, marked on the map.

A change is a plain dict (the service builds them from engine events):

- ``{"kind": "move", "power": P, "from": A, "to": B, "units": {"tank": 2}}``:
  an arrow from A to B in P's colour, labelled with the units.
- ``{"kind": "battle", "space": S, "result": "attacker won"}``: a burst at S
  with the result written beside it.
- ``{"kind": "capture", "space": S, "power": P}``: S outlined in P's colour.

Spaces and powers may be given by display name, id or alias.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import ImageDraw

from bot.render.basemap import BaseLayer, View
from bot.render.geometry import BoardGeometry
from bot.render.labels import anchor_px, text_scale
from bot.render.layout import Placer
from bot.render.style import BATTLE, BATTLE_FILL, HALO, INK, font
from bot.render.unitkey import UnitKey


@dataclass(frozen=True)
class Move:
    """Units of one power moved from one space to another."""

    power: str
    origin: str
    destination: str
    units: dict[str, int]


@dataclass(frozen=True)
class Battle:
    """A battle fought in a space, with its result in words."""

    space: str
    result: str


@dataclass(frozen=True)
class Capture:
    """A territory taken by a power."""

    space: str
    power: str


Change = Move | Battle | Capture


@dataclass(frozen=True)
class ArrowDrawn:
    """A move arrow as drawn: ids, and its tail and head in output pixels."""

    power: str
    origin: str
    destination: str
    tail: tuple[float, float]
    head: tuple[float, float]


def read_changes(raw: Iterable[Mapping[str, Any]], board: BoardGeometry) -> list[Change]:
    """Parse change dicts into values keyed by board ids; bad input raises ValueError."""
    changes: list[Change] = []
    for item in raw:
        kind = item.get("kind")
        try:
            if kind == "move":
                changes.append(Move(
                    power=board.power(item["power"]).id,
                    origin=board.space(item["from"]).id,
                    destination=board.space(item["to"]).id,
                    units={str(u): int(n) for u, n in (item.get("units") or {}).items()},
                ))
            elif kind == "battle":
                changes.append(Battle(board.space(item["space"]).id, str(item.get("result", ""))))
            elif kind == "capture":
                changes.append(Capture(board.space(item["space"]).id, board.power(item["power"]).id))
            else:
                raise ValueError(f"unknown change kind {kind!r}")
        except KeyError as missing:
            raise ValueError(f"change {dict(item)!r}: {missing}") from None
    return changes


def units_text(units: Mapping[str, int], key: UnitKey) -> str:
    """'2 TNK 1 INF' style summary."""
    return " ".join(f"{n} {key.abbreviation(u)}" for u, n in key.ordered(units))


def describe(change: Change, board: BoardGeometry, key: UnitKey) -> str:
    """One line of plain text for the legend's list of changes."""
    def name(space_id: str) -> str:
        return board.spaces[board.index_of[space_id]].name

    if isinstance(change, Move):
        units = units_text(change.units, key)
        what = f" {units}" if units else ""
        return f"{board.power(change.power).name}:{what} {name(change.origin)} -> {name(change.destination)}"
    if isinstance(change, Battle):
        return f"Battle in {name(change.space)}: {change.result}"
    return f"{name(change.space)} captured by {board.power(change.power).name}"


def _grow(mask: np.ndarray) -> np.ndarray:
    grown = mask.copy()
    grown[:, 1:] |= mask[:, :-1]
    grown[:, :-1] |= mask[:, 1:]
    grown[1:, :] |= mask[:-1, :]
    grown[:-1, :] |= mask[1:, :]
    return grown


def outline_captures(base: BaseLayer, board: BoardGeometry, changes: list[Change]) -> np.ndarray:
    """The base layer's palette raster with each captured space outlined.

    Black rim outside, a band in the capturer's colour, then a yellow inner line.
    Returns the base raster itself when nothing was captured.
    """
    captures = [c for c in changes if isinstance(c, Capture)]
    if not captures:
        return base.paint
    paint = base.paint.copy()
    band = max(3, round(3 * base.view.scale**0.5))
    for change in captures:
        rows, cols = np.nonzero(base.index == board.index_of[change.space])
        if rows.size == 0:
            continue
        r0, r1 = max(rows.min() - 1, 0), rows.max() + 2
        c0, c1 = max(cols.min() - 1, 0), cols.max() + 2
        inside = base.index[r0:r1, c0:c1] == board.index_of[change.space]
        crop = paint[r0:r1, c0:c1]
        ring = _grow(~inside) & inside
        painted = ring.copy()
        layers = [ring]
        for _ in range(band):
            ring = _grow(ring) & inside & ~painted
            painted |= ring
            layers.append(ring)
        crop[_grow(inside) & ~inside] = base.palette.capture_rim
        for layer in layers[:-2]:
            crop[layer] = base.palette.powers[change.power]
        for layer in layers[-2:]:
            crop[layer] = base.palette.capture_line
    return paint


def _head(view: View, tail: tuple[float, float], head: tuple[float, float]) -> tuple[float, float]:
    """Head shifted by whole map widths so the arrow takes the short way round."""
    span = 2000.0 * view.scale
    dx = head[0] - tail[0]
    return (head[0] - span * round(dx / span), head[1])


def draw_moves(draw: ImageDraw.ImageDraw, board: BoardGeometry, view: View,
               changes: list[Change], placer: Placer, key: UnitKey) -> list[ArrowDrawn]:
    """Arrows for moves, stopping short of the anchors' labels, with the units at the middle."""
    k = text_scale(view)
    width = max(3, round(3.5 * k))
    fnt = font(round(10 * k))
    drawn = []
    for change in changes:
        if not isinstance(change, Move):
            continue
        color = board.power(change.power).color
        start = anchor_px(board, view, board.spaces[board.index_of[change.origin]])
        end = _head(view, start, anchor_px(board, view, board.spaces[board.index_of[change.destination]]))
        tail, head = _trim(start, end, 8 * k)
        _arrow(draw, tail, head, color, width)
        label = units_text(change.units, key)
        if label:
            mx, my = (tail[0] + head[0]) / 2, (tail[1] + head[1]) / 2
            w = draw.textlength(label, font=fnt)
            rect = placer.place(mx, my + width, w + 4, fnt.size + 2, gap=0)
            draw.text(((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2), label, font=fnt, anchor="mm",
                      fill=INK, stroke_width=max(2, round(2 * k)), stroke_fill=HALO)
        drawn.append(ArrowDrawn(change.power, change.origin, change.destination, tail, head))
    return drawn


def _trim(start: tuple[float, float], end: tuple[float, float],
          by: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """Pull both ends in by `by` pixels (less on short arrows)."""
    length = math.dist(start, end)
    cut = min(by, length / 4)
    if length == 0:
        return start, end
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    return (start[0] + ux * cut, start[1] + uy * cut), (end[0] - ux * cut, end[1] - uy * cut)


def _arrow(draw: ImageDraw.ImageDraw, tail: tuple[float, float], head: tuple[float, float],
           color: tuple[int, int, int], width: int) -> None:
    length = math.dist(tail, head)
    if length < 1:
        return
    ux, uy = (head[0] - tail[0]) / length, (head[1] - tail[1]) / length
    size = width * 3.2
    base = (head[0] - ux * size, head[1] - uy * size)
    left = (base[0] - uy * size * 0.6, base[1] + ux * size * 0.6)
    right = (base[0] + uy * size * 0.6, base[1] - ux * size * 0.6)
    draw.line((tail, base), fill=HALO, width=width + 4)
    draw.line((tail, base), fill=INK, width=width + 2)
    draw.line((tail, base), fill=color, width=width)
    draw.polygon((head, left, right), fill=color, outline=HALO, width=2)
    r = width * 0.8
    draw.ellipse((tail[0] - r, tail[1] - r, tail[0] + r, tail[1] + r), fill=color, outline=INK)


def burst(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """The battle mark: a jagged yellow star with a red rim."""
    points = []
    for k in range(16):
        radius = r if k % 2 == 0 else r * 0.55
        angle = k * math.pi / 8
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=BATTLE_FILL, outline=BATTLE, width=max(1, round(r / 6)))


def draw_battles(draw: ImageDraw.ImageDraw, board: BoardGeometry, view: View,
                 changes: list[Change], placer: Placer) -> None:
    """A burst at each battle's space and its result beside it."""
    k = text_scale(view)
    fnt = font(round(10 * k))
    for change in changes:
        if not isinstance(change, Battle):
            continue
        x, y = anchor_px(board, view, board.spaces[board.index_of[change.space]])
        if not (0 <= x < view.width and 0 <= y < view.height):
            continue
        r = 9 * k
        burst(draw, x - r * 1.8, y - r * 1.8, r)
        if change.result:
            w = draw.textlength(change.result, font=fnt)
            rect = placer.place(x, y - r * 3.2 - fnt.size, w + 6, fnt.size + 4, gap=0)
            draw.rectangle(rect, fill=BATTLE_FILL, outline=BATTLE)
            draw.text(((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2), change.result, font=fnt,
                      anchor="mm", fill=INK)
