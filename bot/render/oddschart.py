"""The odds of a battle as a picture: the chances in a title bar, then one histogram per
side of the IPC value it loses, with its expected loss marked.

Pure drawing: the figures ``bot.service.odds.chart`` gathers in, PNG bytes out. Values
are grouped into at most ``BARS`` bars of equal width, so a battle of hundreds of units
stays readable.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.render.style import HALO, INK, PANEL, font

WIDTH, PANEL_HEIGHT = 960, 300
BARS = 40
_PAD, _HEAD, _AXIS = 18, 78, 46
_TITLE = (58, 64, 78)
_GRID = (214, 208, 196)
_COLOURS = {"attacker": (196, 74, 54), "defender": (52, 104, 170)}


def odds_png(chart: Mapping[str, Any]) -> bytes:
    """The picture of ``chart``: ``title``, the sides' names, the chances, and per side
    its ``*_loss`` distribution (IPC value -> probability) and expected loss."""
    height = _HEAD + 2 * PANEL_HEIGHT + _PAD
    image = Image.new("RGB", (WIDTH, height), PANEL)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, _HEAD - 10), fill=_TITLE)
    draw.text((_PAD, 22), str(chart["title"]), font=font(20), fill=HALO, anchor="lm")
    chances = (f"attacker wins {100 * chart['attacker_wins']:.1f}%   defender holds "
               f"{100 * chart['defender_holds']:.1f}%   both destroyed {100 * chart['draw']:.1f}%")
    draw.text((_PAD, 50), chances, font=font(16), fill=HALO, anchor="lm")
    for n, side in enumerate(("attacker", "defender")):
        top = _HEAD + n * PANEL_HEIGHT
        loss = {int(v): float(p) for v, p in chart[f"{side}_loss"].items()}
        label = f"IPC value lost by the {side}" + (f", {chart[side]}" if chart[side] != side else "")
        _histogram(draw, (_PAD, top, WIDTH - _PAD, top + PANEL_HEIGHT - _PAD), label, loss,
                   float(chart[f"{side}_expected"]), _COLOURS[side])
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _histogram(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], label: str,
               loss: Mapping[int, float], expected: float, colour: tuple[int, int, int]) -> None:
    left, top, right, bottom = box
    text = font(14)
    draw.text((left, top + 10), label, font=font(16), fill=INK, anchor="lm")
    x0, x1, y0, y1 = left + 52, right - 8, top + 28, bottom - _AXIS + 20
    top_value = max(loss) if loss else 0
    step = max(1, math.ceil((top_value + 1) / BARS))
    bins: dict[int, float] = {}
    for value, p in loss.items():
        bins[value // step] = bins.get(value // step, 0.0) + p
    count = top_value // step + 1
    tick = _tick(max(bins.values(), default=1.0))
    scale = tick * math.ceil(max(bins.values(), default=1.0) / tick - 1e-9)
    for k in range(round(scale / tick) + 1):
        share = tick * k
        y = y1 - (y1 - y0) * share / scale
        draw.line((x0, y, x1, y), fill=_GRID, width=1)
        draw.text((x0 - 6, y), f"{100 * share:.0f}%", font=text, fill=INK, anchor="rm")
    width = (x1 - x0) / count
    for b, p in bins.items():
        bx = x0 + b * width
        draw.rectangle((bx + 1, y1 - (y1 - y0) * p / scale, bx + max(width - 2, 1), y1), fill=colour)
    ticks = max(1, count // 10)
    for b in range(0, count, ticks):
        name = f"{b * step}" if step == 1 else f"{b * step}-{b * step + step - 1}"
        draw.text((x0 + (b + 0.5) * width, y1 + 6), name, font=text, fill=INK, anchor="mt")
    ex = x0 + (expected / step) * width + width / 2 if step == 1 else x0 + expected / step * width
    for y in range(int(y0), int(y1), 8):
        draw.line((ex, y, ex, min(y + 4, y1)), fill=INK, width=2)
    note = f"expected {expected:.1f}"
    at = (min(ex + 6, x1 - text.getlength(note) - 4), y0 + 4)
    draw.rectangle(draw.textbbox(at, note, font=text, anchor="lt"), fill=PANEL)
    draw.text(at, note, font=text, fill=INK, anchor="lt")
    draw.line((x0, y1, x1, y1), fill=INK, width=1)


def _tick(peak: float) -> float:
    """The step between the scale's lines: the smallest round share that needs at most
    five steps to reach the peak."""
    return next(t for t in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25) if peak <= 5 * t + 1e-9)
