"""Map snapshot of a game state as a PNG: `render_map` is the entry point.

Pure: state JSON and board geometry in, PNG bytes out, so the bot can run it
in a worker thread. The first render of a view builds its base raster (about a
second); later renders of the same view only recolour and redraw.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from bot.render import style, track
from bot.render.basemap import OFFSET, BaseLayer, View, base_layer, box_view, full_view
from bot.render.changes import (
    ArrowDrawn,
    Change,
    draw_battles,
    draw_moves,
    outline_captures,
    read_changes,
)
from bot.render.frame import draw_legend, draw_title, title_text
from bot.render.geometry import BoardGeometry
from bot.render.labels import label_layer
from bot.render.layout import Placer
from bot.render.projection import MASTER_WIDTH
from bot.render.snapshot import Snapshot, read_snapshot
from bot.render.stacks import StackDrawn, draw_stacks

MIN_WIDTH = 400
MAX_WIDTH = 4000


@dataclass(frozen=True)
class RenderResult:
    """The PNG and what was drawn on it, in output pixels of the whole image."""

    png: bytes
    width: int
    height: int
    map_origin: tuple[int, int]
    view: View
    stacks: list[StackDrawn]
    arrows: list[ArrowDrawn]
    fills: dict[str, tuple[int, int, int]]
    badges: list[track.Badge]
    """Each neutral's place on a track of cooperation, where the rule system has one."""

    def anchor(self, board: BoardGeometry, space: str) -> tuple[int, int]:
        """Image pixel of a space's anchor."""
        info = board.space(space)
        x, y = self.view.to_px(*board.projection.to_master(*info.anchor))
        return (round(x) + self.map_origin[0], round(y) + self.map_origin[1])


def region_names(board: BoardGeometry) -> list[str]:
    """Regions a map can be cropped to."""
    return sorted(board.regions)


def _focus_view(board: BoardGeometry, space_name: str, width: int) -> View:
    """The space and its neighbours, padded, at `width` pixels."""
    space = board.space(space_name)
    proj = board.projection
    cx, cy = proj.to_master(*space.anchor)
    xs, ys = [cx], [cy]
    for other in space.adjacent:
        ox, oy = proj.to_master(*board.spaces[board.index_of[other]].anchor)
        ox += MASTER_WIDTH * round((cx - ox) / MASTER_WIDTH)
        xs.append(ox)
        ys.append(oy)
    pad = 45.0
    x0, x1 = min(xs) - pad, max(xs) + pad
    y0, y1 = min(ys) - pad, max(ys) + pad
    span = max(x1 - x0, (y1 - y0) * 1.3, 260.0)
    x0, x1 = (x0 + x1 - span) / 2, (x0 + x1 + span) / 2
    height = max(y1 - y0, span / 1.6)
    y0 = max(0.0, min((y0 + y1 - height) / 2, proj.master_height - height))
    scale = width / span
    return View(x0, y0, scale, width, round(height * scale))


def choose_view(board: BoardGeometry, width: int, region: str | None, focus: str | None) -> View:
    """Whole map, a named region, or one space and its neighbours."""
    if focus:
        return _focus_view(board, focus, width)
    if region:
        key = region.casefold()
        if key not in board.regions:
            raise ValueError(f"unknown region {region!r}; choose from {', '.join(region_names(board))}")
        return box_view(board, board.regions[key], width)
    return full_view(board, width)


def space_fills(board: BoardGeometry, snapshot: Snapshot) -> dict[str, tuple[int, int, int]]:
    """Fill colour of every space: owner's tint, neutral beige (tinted towards the side a
    neutral leans to on a track of cooperation), or plain land/sea."""
    fills = {}
    for space in board.spaces:
        state = snapshot.spaces.get(space.id)
        owner = state.owner if state else None
        if space.is_sea:
            fills[space.id] = style.SEA
        elif owner:
            fills[space.id] = style.territory_fill(board.power(owner).color)
        elif space.id in snapshot.track:
            fills[space.id] = track.fill(board, snapshot.track[space.id])
        elif space.neutral or space.impassable:
            fills[space.id] = style.NEUTRAL
        else:
            fills[space.id] = style.UNOWNED_LAND
    return fills


def _paint(base: BaseLayer, board: BoardGeometry, snapshot: Snapshot,
           fills: dict[str, tuple[int, int, int]], changes: list[Change]) -> Image.Image:
    """Colour the base layer through its palette: owners' tints, outlines, hatches, captures."""
    slots = base.palette
    colours = np.zeros((256, 3), dtype=np.uint8)
    colours[0] = colours[1] = style.SEA
    colours[2] = style.UNCLAIMED_LAND
    for i, space in enumerate(board.spaces):
        colours[i + OFFSET] = fills[space.id]
    colours[slots.coast] = style.COAST
    colours[slots.land_border] = style.LAND_BORDER
    colours[slots.sea_border] = style.SEA_BORDER
    for position, slot in slots.hatch.items():
        space_id = board.spaces[position].id
        fill = fills[space_id]
        mark = snapshot.track.get(space_id)
        if mark is not None:
            colours[slot] = track.hatch(board, mark)
        else:
            colours[slot] = style.NEUTRAL_HATCH if fill == style.NEUTRAL else fill
    colours[slots.capture_rim] = style.INK
    colours[slots.capture_line] = style.BATTLE_FILL
    for power in board.powers:
        colours[slots.powers[power.id]] = power.color
    paint = outline_captures(base, board, changes)
    image = Image.frombuffer("P", (base.view.width, base.view.height), paint, "raw", "P", 0, 1)
    image.putpalette(colours.tobytes())
    return image.convert("RGB")


def render_map_result(
    state: Mapping[str, Any],
    board: BoardGeometry,
    *,
    changes: Iterable[Mapping[str, Any]] = (),
    region: str | None = None,
    focus: str | None = None,
    width: int = 2000,
    title: str | None = None,
) -> RenderResult:
    """Render and also report what was drawn (stacks, arrows, fills)."""
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"width must be between {MIN_WIDTH} and {MAX_WIDTH} pixels")
    snapshot = read_snapshot(dict(state), board)
    parsed: list[Change] = read_changes(changes, board)
    view = choose_view(board, width, region, focus)
    base = base_layer(board, view)
    fills = space_fills(board, snapshot)
    canvas = _paint(base, board, snapshot, fills, parsed)
    draw = ImageDraw.Draw(canvas)
    labels = label_layer(board, view)
    placer = Placer(view.width, view.height)
    for box in labels.boxes.values():
        placer.reserve(box)
    badges = track.place_badges(board, view, snapshot.track, placer, labels.boxes)
    arrows = draw_moves(draw, board, view, parsed, placer, snapshot.units)
    canvas.paste(labels.image, (0, 0), labels.image)
    track.draw_badges(draw, board, view, badges)
    draw_battles(draw, board, view, parsed, placer)
    stacks = draw_stacks(draw, board, view, snapshot, placer, track.below_badges(labels.boxes, badges))
    place = board.space(focus).name if focus else (region.title() if region else None)
    band = draw_title(width, title_text(snapshot, board, title, place))
    legend = draw_legend(width, board, snapshot, parsed)
    image = Image.new("RGB", (width, band.height + canvas.height + legend.height))
    image.paste(band, (0, 0))
    image.paste(canvas, (0, band.height))
    image.paste(legend, (0, band.height + canvas.height))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)
    offset_y = band.height
    return RenderResult(
        png=buffer.getvalue(),
        width=image.width,
        height=image.height,
        map_origin=(0, offset_y),
        view=view,
        stacks=[_shift(s, offset_y) for s in stacks],
        arrows=[ArrowDrawn(a.power, a.origin, a.destination, (a.tail[0], a.tail[1] + offset_y),
                           (a.head[0], a.head[1] + offset_y)) for a in arrows],
        fills=fills,
        badges=[track.Badge(b.space, b.mark, (b.rect[0], b.rect[1] + offset_y, b.rect[2], b.rect[3] + offset_y))
                for b in badges],
    )


def _shift(stack: StackDrawn, dy: int) -> StackDrawn:
    x0, y0, x1, y1 = stack.box
    return StackDrawn(stack.space, stack.power, stack.units, stack.damaged, stack.ic_damage,
                      stack.text, (x0, y0 + dy, x1, y1 + dy))


def render_map(
    state: Mapping[str, Any],
    board: BoardGeometry,
    *,
    changes: Iterable[Mapping[str, Any]] = (),
    region: str | None = None,
    focus: str | None = None,
    width: int = 2000,
    title: str | None = None,
) -> bytes:
    """PNG bytes of the map for `state`; see `render_map_result` for the options."""
    return render_map_result(
        state, board, changes=changes, region=region, focus=focus, width=width, title=title
    ).png
