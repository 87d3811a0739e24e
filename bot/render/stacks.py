"""Unit stacks: one box per power per space, in the power's colour, with counts.

Each box lists "count ABBR" entries (abbreviations from the rule system, ``unitkey``); damaged units
and industrial-complex damage get red chips. What was drawn is also returned
as data, so tests and callers can check the numbers without reading pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw, ImageFont

from bot.render.basemap import View, dot_radius
from bot.render.geometry import BoardGeometry
from bot.render.labels import anchor_px, text_scale
from bot.render.layout import Placer, Rect
from bot.render.snapshot import Snapshot, SpaceState
from bot.render.style import INK, font, text_on
from bot.render.unitkey import UnitKey

DAMAGE = (200, 20, 20)
_PER_LINE = 4


@dataclass(frozen=True)
class StackDrawn:
    """One power's units in one space, as drawn (display names, box in output pixels)."""

    space: str
    power: str
    units: dict[str, int]
    damaged: dict[str, int]
    ic_damage: int
    text: str
    box: tuple[int, int, int, int]


@dataclass(frozen=True)
class _Chip:
    text: str
    alert: bool
    own_line: bool = False


def _chips(units: dict[str, int], damaged: dict[str, int], ic_damage: int, key: UnitKey,
           docked: str | None = None) -> list[_Chip]:
    """The box's chips: counts, damage, and where the ships are docked at a neutral."""
    chips: list[_Chip] = []
    for unit, count in key.ordered(units):
        chips.append(_Chip(f"{count} {key.abbreviation(unit)}", alert=False))
        if damaged.get(unit):
            chips.append(_Chip(f"{damaged[unit]} dmg", alert=True))
        if unit in key.structures and ic_damage:
            chips.append(_Chip(f"{key.abbreviation(unit)} -{ic_damage}", alert=True))
    if docked:
        chips.append(_Chip(f"docked at {docked}", alert=False, own_line=True))
    return chips


def _lines(chips: list[_Chip]) -> list[list[_Chip]]:
    lines: list[list[_Chip]] = []
    for chip in chips:
        if not lines or chip.own_line or (len(lines[-1]) >= _PER_LINE and not chip.alert):
            lines.append([])
        lines[-1].append(chip)
    return lines


def _measure(lines: list[list[_Chip]], fnt: ImageFont.FreeTypeFont, pad: float) -> tuple[float, float]:
    gap = fnt.size * 0.5
    widths = [sum(fnt.getlength(c.text) + 2 * pad for c in line) + gap * (len(line) - 1) for line in lines]
    return max(widths) + 2 * pad, len(lines) * (fnt.size + 2 * pad) + pad


def _draw_box(
    draw: ImageDraw.ImageDraw,
    rect: Rect,
    lines: list[list[_Chip]],
    fnt: ImageFont.FreeTypeFont,
    pad: float,
    color: tuple[int, int, int],
) -> None:
    draw.rounded_rectangle(rect, radius=pad * 1.5, fill=color, outline=INK, width=1)
    ink = text_on(color)
    gap = fnt.size * 0.5
    y = rect[1] + pad
    for line in lines:
        x = rect[0] + pad
        for chip in line:
            w = fnt.getlength(chip.text) + 2 * pad
            if chip.alert:
                draw.rounded_rectangle((x, y, x + w, y + fnt.size + 2 * pad - 1), radius=pad,
                                       fill=DAMAGE)
            draw.text((x + pad, y + pad + fnt.size / 2), chip.text, font=fnt, anchor="lm",
                      fill=(255, 255, 255) if chip.alert else ink)
            x += w + gap
        y += fnt.size + 2 * pad


def _leader(draw: ImageDraw.ImageDraw, anchor: tuple[float, float], rect: Rect, k: float,
            clear: float) -> None:
    """Line to a stack that had to move aside, from `clear` px off the anchor (island discs)."""
    ax, ay = anchor
    cx = min(max(ax, rect[0]), rect[2])
    cy = min(max(ay, rect[1]), rect[3])
    length = math.dist((ax, ay), (cx, cy))
    if length <= clear:
        return
    sx = ax + (cx - ax) * clear / length
    sy = ay + (cy - ay) * clear / length
    draw.line((sx, sy, cx, cy), fill=INK, width=max(1, round(k)))


def _space_order(board: BoardGeometry, snapshot: Snapshot) -> list[str]:
    """Crowded spaces first, so they keep the spots nearest their anchors."""
    def weight(space_id: str) -> tuple[int, str]:
        state = snapshot.spaces[space_id]
        return (-sum(len(u) for u in state.units.values()), space_id)

    return sorted((s for s in snapshot.spaces if snapshot.spaces[s].units), key=weight)


@dataclass(frozen=True)
class _Block:
    """One power's box before drawing."""

    power: str
    units: dict[str, int]
    damaged: dict[str, int]
    ic_damage: int
    lines: list[list[_Chip]]
    size: tuple[float, float]


def _blocks(board: BoardGeometry, state: SpaceState, key: UnitKey, fnt: ImageFont.FreeTypeFont,
            pad: float) -> list[_Block]:
    blocks = []
    for power_id in (p.id for p in board.powers if p.id in state.units):
        units = state.units[power_id]
        damaged = state.damaged.get(power_id, {})
        ic_damage = state.ic_damage if key.structures & units.keys() else 0
        lines = _lines(_chips(units, damaged, ic_damage, key, state.docked.get(power_id)))
        blocks.append(_Block(power_id, units, damaged, ic_damage, lines, _measure(lines, fnt, pad)))
    return blocks


def draw_stacks(
    draw: ImageDraw.ImageDraw,
    board: BoardGeometry,
    view: View,
    snapshot: Snapshot,
    placer: Placer,
    label_boxes: dict[str, Rect],
) -> list[StackDrawn]:
    """Place every stack in the view, draw leader lines, then the boxes; return what was drawn."""
    k = text_scale(view)
    fnt = font(round(10 * k))
    pad = max(2.0, 2.0 * k)
    placed: list[tuple[str, Rect, list[_Block]]] = []
    for space_id in _space_order(board, snapshot):
        space = board.spaces[board.index_of[space_id]]
        ax, ay = anchor_px(board, view, space)
        if not (0 <= ax < view.width and 0 <= ay < view.height):
            continue
        blocks = _blocks(board, snapshot.spaces[space_id], snapshot.units, fnt, pad)
        total_w = max(b.size[0] for b in blocks)
        total_h = sum(b.size[1] for b in blocks) + pad * (len(blocks) - 1)
        label = label_boxes.get(space_id)
        top = label[3] if label else ay
        rect = placer.place(ax, top, total_w, total_h, gap=pad)
        if rect[1] != top + pad or rect[0] != ax - total_w / 2:
            _leader(draw, (ax, ay), rect, k, dot_radius(space, view) + 1 if space.dot else 0.0)
        placed.append((space.name, rect, blocks))
    drawn: list[StackDrawn] = []
    for space_name, rect, blocks in placed:
        y = rect[1]
        for block in blocks:
            power = board.power(block.power)
            box = (rect[0], y, rect[0] + block.size[0], y + block.size[1])
            _draw_box(draw, box, block.lines, fnt, pad, power.color)
            drawn.append(
                StackDrawn(
                    space=space_name,
                    power=power.name,
                    units=dict(block.units),
                    damaged=dict(block.damaged),
                    ic_damage=block.ic_damage,
                    text="  ".join(c.text for line in block.lines for c in line),
                    box=(round(box[0]), round(box[1]), round(box[2]), round(box[3])),
                )
            )
            y += block.size[1] + pad
    return drawn
