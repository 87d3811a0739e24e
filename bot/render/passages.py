"""Canals and straits drawn as the boards print them: a double line along the passage
between its two sea zones, with a dot at each end (AARHE's map: canals in red, straits in
green, 001 › Strait Interdiction, Canals and Waterways)."""

from __future__ import annotations

import math

from PIL import ImageDraw

from bot.render.basemap import View
from bot.render.geometry import BoardGeometry, PassageInfo
from bot.render.style import INK

COLORS = {"canal": (200, 28, 28), "strait": (24, 140, 64)}


def draw_passages(draw: ImageDraw.ImageDraw, board: BoardGeometry, view: View, scale: float) -> None:
    """Draw every placed passage in view; ``scale`` is the labels' text scale."""
    for passage in board.passages:
        x, y = _px(board, view, passage.at)
        if -20 <= x <= view.width + 20 and -20 <= y <= view.height + 20:
            draw_mark(draw, (x, y), _direction(board, view, passage), passage.kind, scale)


def draw_mark(draw: ImageDraw.ImageDraw, at: tuple[float, float], way: tuple[float, float], kind: str,
              scale: float) -> None:
    """One passage mark centred ``at``, its lines along the unit vector ``way``."""
    (x, y), (ux, uy) = at, way
    half, gap, dot = 13 * scale, 2.8 * scale, 3.2 * scale
    color = COLORS[kind]
    for side in (-1, 1):
        ox, oy = -uy * gap * side, ux * gap * side
        draw.line([(x - ux * half + ox, y - uy * half + oy), (x + ux * half + ox, y + uy * half + oy)],
                  fill=color, width=max(2, round(1.8 * scale)))
    for end in (-1, 1):
        cx, cy = x + ux * half * end, y + uy * half * end
        draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=color, outline=INK)


def _px(board: BoardGeometry, view: View, lonlat: tuple[float, float]) -> tuple[float, float]:
    return view.to_px(*board.projection.to_master(*lonlat))


def _direction(board: BoardGeometry, view: View, passage: PassageInfo) -> tuple[float, float]:
    """Unit vector from the first sea zone's anchor to the second's: the way ships pass."""
    a, b = (_px(board, view, board.space(z).anchor) for z in passage.sea_zones)
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    return ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
