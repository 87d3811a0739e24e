"""Names, IPC values, capitals, victory cities and sea-zone numbers (or names)."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from bot.render.basemap import View, dot_radius
from bot.render.geometry import BoardGeometry, SpaceInfo
from bot.render.layout import Placer, Rect
from bot.render.passages import draw_passages
from bot.render.style import HALO, INK, font

CAPITAL = (200, 24, 24)
SEA_NUMBER = (24, 52, 96)


def text_scale(view: View) -> float:
    """Growth of text with zoom: slower than the map, so crops stay uncluttered."""
    return float(min(2.4, max(1.0, view.scale**0.6)))


def anchor_px(board: BoardGeometry, view: View, space: SpaceInfo) -> tuple[float, float]:
    """Output pixel of a space's anchor."""
    return view.to_px(*board.projection.to_master(*space.anchor))


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=CAPITAL, outline=INK)


def _victory_mark(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=HALO, outline=INK, width=max(1, round(r / 3)))
    draw.ellipse((cx - r / 3, cy - r / 3, cx + r / 3, cy + r / 3), fill=INK)


@dataclass(frozen=True)
class LabelLayer:
    """All labels of a view on a transparent image, with the box each one covers."""

    image: Image.Image
    boxes: dict[str, Rect]


@functools.lru_cache(maxsize=8)
def label_layer(board: BoardGeometry, view: View) -> LabelLayer:
    """Labels depend only on the board and the view, so they are drawn once and reused."""
    image = Image.new("RGBA", (view.width, view.height), (255, 255, 255, 0))
    placer = Placer(view.width, view.height)
    draw = ImageDraw.Draw(image)
    draw_passages(draw, board, view, text_scale(view))
    boxes = draw_labels(draw, board, view, placer)
    return LabelLayer(image, boxes)


def draw_labels(
    draw: ImageDraw.ImageDraw, board: BoardGeometry, view: View, placer: Placer
) -> dict[str, Rect]:
    """Draw every visible space's label at its anchor; reserve and return their boxes."""
    k = text_scale(view)
    name_font = font(round(11 * k))
    ipc_font = font(round(11 * k))
    sea_font = font(round(13 * k))
    stroke = max(1, round(1.5 * k))
    boxes: dict[str, Rect] = {}
    for space in board.spaces:
        x, y = anchor_px(board, view, space)
        if not (-40 <= x <= view.width + 40 and -40 <= y <= view.height + 40):
            continue
        if space.is_sea:
            text = sea_text(space)
            face = name_font if space.label else sea_font
            box = draw.textbbox((x, y), text, font=face, anchor="mm", stroke_width=stroke)
            draw.text((x, y), text, font=face, anchor="mm", fill=SEA_NUMBER,
                      stroke_width=stroke, stroke_fill=HALO)
        else:
            lift = dot_radius(space, view) + 1 if space.dot else 0.0
            name = _fitting_name(draw, space, x, y - lift, name_font, stroke, placer)
            box = draw.textbbox((x, y - lift), name, font=name_font, anchor="mb", stroke_width=stroke)
            draw.text((x, y - lift), name, font=name_font, anchor="mb", fill=INK,
                      stroke_width=stroke, stroke_fill=HALO)
            box = _ipc_line(draw, space, x, y + lift, ipc_font, stroke, box)
            if lift:
                placer.reserve((x - lift, y - lift, x + lift, y + lift))
        placer.reserve(box)
        boxes[space.id] = box
    return boxes


def sea_text(space: SpaceInfo) -> str:
    """A sea zone's label: the geometry's text (a board that names its zones), else its number."""
    return space.label or str(space.number)


def _short_names(space: SpaceInfo) -> list[str]:
    """The name, then aliases that abbreviate it (same first letter), longest first."""
    short = [a for a in space.aliases if a[0].casefold() == space.name[0].casefold() and len(a) >= 3]
    return [space.name, *sorted(short, key=len, reverse=True)]


def _fitting_name(
    draw: ImageDraw.ImageDraw,
    space: SpaceInfo,
    x: float,
    y: float,
    name_font: ImageFont.FreeTypeFont,
    stroke: int,
    placer: Placer,
) -> str:
    """The longest of the space's names whose label covers no other label."""
    names = _short_names(space)
    boxes = [draw.textbbox((x, y), n, font=name_font, anchor="mb", stroke_width=stroke) for n in names]
    costs = placer.costs(np.array(boxes, dtype=float))
    free = np.flatnonzero(costs == 0)
    return names[int(free[0])] if free.size else names[-1]


def _ipc_line(
    draw: ImageDraw.ImageDraw,
    space: SpaceInfo,
    x: float,
    y: float,
    ipc_font: ImageFont.FreeTypeFont,
    stroke: int,
    box: Rect,
) -> Rect:
    """IPC value under the name, with a star for a capital or a ring for a victory city."""
    size = ipc_font.size
    marker = size * 0.55
    text = str(space.ipc) if space.ipc or not space.neutral else ""
    has_marker = bool(space.capital_of or space.victory_city)
    text_w = draw.textlength(text, font=ipc_font) if text else 0.0
    total = text_w + (2 * marker + 3 if has_marker else 0)
    left = x - total / 2
    cy = y + 2 + size * 0.55
    if has_marker:
        if space.capital_of:
            _star(draw, left + marker, cy, marker * 1.15)
        else:
            _victory_mark(draw, left + marker, cy, marker * 0.85)
        left += 2 * marker + 3
    if text:
        draw.text((left, cy), text, font=ipc_font, anchor="lm", fill=INK,
                  stroke_width=stroke, stroke_fill=HALO)
    if total:
        return (min(box[0], x - total / 2), box[1], max(box[2], x + total / 2), cy + size * 0.6)
    return box
