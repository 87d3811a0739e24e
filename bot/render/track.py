"""Neutrals on a track of cooperation: tinted and hatched towards the side they lean to, more
the further they lean, with their place on the track by their name. Where each stands
and what it means come from the engine (``engine.leanings``); only the colours are chosen
here.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import ImageDraw

from bot.render.basemap import View
from bot.render.geometry import BoardGeometry, Rgb
from bot.render.labels import anchor_px, text_scale
from bot.render.layout import Placer, Rect
from bot.render.style import HALO, INK, NEUTRAL, NEUTRAL_HATCH, blend, font, territory_fill, text_on
from engine.leanings import Leaning

_TINT = 0.9
"""How close a neutral at a side's end would come to that side's land colour."""


def side_colour(board: BoardGeometry, side: str) -> Rgb:
    """A side's colour: that of its first power on the board."""
    return next(p.color for p in board.powers if p.side == side)


def fill(board: BoardGeometry, mark: Leaning) -> Rgb:
    """The neutral's ground: beige in the middle, nearer the side's land colour further out."""
    if mark.side is None:
        return NEUTRAL
    return blend(NEUTRAL, territory_fill(side_colour(board, mark.side)), _TINT * mark.share)


def hatch(board: BoardGeometry, mark: Leaning) -> Rgb:
    """The neutral's stripes: grey in the middle, the side's own colour where its units may
    enter, between the two short of that."""
    if mark.side is None:
        return NEUTRAL_HATCH
    colour = side_colour(board, mark.side)
    return colour if mark.open else blend(NEUTRAL_HATCH, colour, mark.share)


def badge_colours(board: BoardGeometry, mark: Leaning) -> tuple[Rgb, Rgb]:
    """Ground and text of a position's badge: the side's colour, white in the middle."""
    ground = side_colour(board, mark.side) if mark.side else HALO
    return ground, text_on(ground)


def draw_badge(draw: ImageDraw.ImageDraw, rect: Rect, board: BoardGeometry, mark: Leaning, size: int) -> None:
    """A rounded badge with the position ("+2", "-3", "0")."""
    ground, ink = badge_colours(board, mark)
    draw.rounded_rectangle(rect, radius=size * 0.35, fill=ground, outline=INK)
    draw.text(((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2), mark.text, font=font(size), anchor="mm", fill=ink)


@dataclass(frozen=True)
class Badge:
    """Where one neutral's position is drawn."""

    space: str
    mark: Leaning
    rect: Rect


def place_badges(board: BoardGeometry, view: View, track: dict[str, Leaning], placer: Placer,
                 label_boxes: dict[str, Rect]) -> list[Badge]:
    """A badge under each marked neutral's name, else beside it, else the nearest free spot;
    reserved, so stacks keep clear of it."""
    size = round(10 * text_scale(view))
    badges = []
    for space_id, mark in track.items():
        box = label_boxes.get(space_id)
        if box is None:
            continue
        x, _y = anchor_px(board, view, board.spaces[board.index_of[space_id]])
        w, h = font(size).getlength(mark.text) + size * 0.9, size * 1.35
        middle = (box[1] + box[3] - h) / 2
        beside = [(x - w / 2, box[3] + 1, x + w / 2, box[3] + 1 + h),
                  (box[2] + 2, middle, box[2] + 2 + w, middle + h),
                  (box[0] - 2 - w, middle, box[0] - 2, middle + h)]
        free = [r for r, cost in zip(beside, placer.costs(np.array(beside)), strict=True) if cost == 0]
        if free:
            placer.reserve(free[0])
        rect = free[0] if free else placer.place(x, box[3], w, h, gap=1.0)
        badges.append(Badge(space_id, mark, rect))
    return badges


def draw_badges(draw: ImageDraw.ImageDraw, board: BoardGeometry, view: View, badges: list[Badge]) -> None:
    """Draw the placed badges."""
    size = round(10 * text_scale(view))
    for badge in badges:
        draw_badge(draw, badge.rect, board, badge.mark, size)


def below_badges(label_boxes: dict[str, Rect], badges: list[Badge]) -> dict[str, Rect]:
    """Label boxes grown over their badges, so a stack in the neutral goes under both."""
    grown = dict(label_boxes)
    for badge in badges:
        x0, y0, x1, y1 = grown[badge.space]
        b = badge.rect
        grown[badge.space] = (min(x0, b[0]), min(y0, b[1]), max(x1, b[2]), max(y1, b[3]))
    return grown


def draw_key(draw: ImageDraw.ImageDraw, x: float, y: float, line: int, size: int, board: BoardGeometry,
             key: tuple[Leaning, ...]) -> None:
    """Two legend lines: a swatch for every place on the track with the sides at its ends,
    then the badge and the stripes of a neutral the side's units may enter."""
    fnt = font(size)
    step = size * 0.8
    for i, mark in enumerate(key):
        left = x + i * step
        draw.rectangle((left, y, left + step, y + size), fill=fill(board, mark), outline=hatch(board, mark))
        draw.line((left + 1, y + size - 1, left + step - 1, y + 1), fill=hatch(board, mark), width=2)
    first, last = key[0], key[-1]
    ends = f"{first.side} {first.text} to {last.text} {last.side}"
    draw.text((x + len(key) * step + size * 0.5, y), f"neutral's place, {ends}", font=fnt, fill=INK)
    opens = [m for m in key if m.open]
    closest = {m.side: m for m in sorted(opens, key=lambda m: -m.share)}
    if not closest:
        return
    sample = next(iter(closest.values()))
    badge = (x, y + line, x + fnt.getlength(sample.text) + size * 0.9, y + line + size * 1.2)
    draw_badge(draw, badge, board, sample, size)
    levels = " / ".join(m.text for m in closest.values())
    draw.text((badge[2] + size * 0.5, y + line), f"from {levels}: that side's units may enter", font=fnt,
              fill=INK)
