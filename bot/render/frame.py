"""Title line above the map and legend below it."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render.changes import Change, burst, describe
from bot.render.geometry import BoardGeometry
from bot.render.labels import _star, _victory_mark
from bot.render.passages import draw_mark
from bot.render.snapshot import Snapshot
from bot.render.style import (
    INK,
    NEUTRAL,
    NEUTRAL_HATCH,
    PANEL,
    font,
    territory_fill,
)
from bot.render.track import draw_key
from bot.render.unitkey import UnitKey

_MAX_CHANGE_LINES = 14


def title_text(snapshot: Snapshot, board: BoardGeometry, title: str | None, place: str | None) -> str:
    """'Game | Round 3 | Germany to move: Combat Move | Europe'."""
    parts = [title or board.name]
    if snapshot.round is not None:
        parts.append(f"Round {snapshot.round}")
    if snapshot.winner:
        parts.append(f"Won by {snapshot.winner}")
    elif snapshot.turn:
        phase = snapshot.phase
        parts.append(f"{snapshot.turn} to move" + (f": {phase}" if phase else ""))
    if place:
        parts.append(place)
    return "  |  ".join(parts)


def draw_title(width: int, text: str) -> Image.Image:
    """A dark band with the title in white."""
    size = max(14, round(22 * width / 2000))
    band = Image.new("RGB", (width, round(size * 1.8)), (34, 38, 46))
    draw = ImageDraw.Draw(band)
    draw.text((size * 0.6, band.height / 2), text, font=font(size), anchor="lm", fill=(255, 255, 255))
    return band


def income(board: BoardGeometry, snapshot: Snapshot) -> dict[str, int]:
    """IPC value of the territories each power controls now."""
    totals = {p.id: 0 for p in board.powers}
    for space_id, state in snapshot.spaces.items():
        if state.owner in totals:
            totals[state.owner] += board.spaces[board.index_of[space_id]].ipc
    return totals


def draw_legend(width: int, board: BoardGeometry, snapshot: Snapshot,
                changes: list[Change]) -> Image.Image:
    """Powers with bank and income, map symbols (with the track of cooperation's marks, where
    the rule system has one), unit key and the turn's changes."""
    size = max(11, round(14 * width / 2000))
    line = round(size * 1.45)
    symbols = 10 if snapshot.track_key else 8
    rows = max(len(board.powers) + 1, symbols, min(len(changes), _MAX_CHANGE_LINES + 1) + 1)
    panel = Image.new("RGB", (width, line * rows + size * 2), PANEL)
    draw = ImageDraw.Draw(panel)
    fnt = font(size)
    x0, y0 = size, size
    col = width / 4
    draw.text((x0, y0), "Power  (bank / income IPC)", font=fnt, fill=INK)
    earn = income(board, snapshot)
    for i, power in enumerate(board.powers, start=1):
        y = y0 + i * line
        draw.rectangle((x0, y, x0 + size * 1.6, y + size), fill=territory_fill(power.color), outline=INK)
        draw.rectangle((x0 + size * 0.8, y, x0 + size * 1.6, y + size), fill=power.color)
        bank = snapshot.treasury.get(power.id)
        money = f"{bank if bank is not None else '-'} / {earn[power.id]}"
        draw.text((x0 + size * 2.2, y), f"{power.name}  {money}", font=fnt, fill=INK)
    _symbols(draw, col, y0, line, size)
    if board.passages:
        _passage_key(draw, col, y0 + 7 * line, size)
    if snapshot.track_key:
        draw_key(draw, col, y0 + 8 * line, line, size, board, snapshot.track_key)
    _units(draw, col * 1.85, y0, line, size, snapshot.units)
    _changes(draw, col * 2.75, y0, line, size, board, changes, snapshot.units)
    return panel


def _symbols(draw: ImageDraw.ImageDraw, x: float, y: float, line: int, size: int) -> None:
    fnt = font(size)
    r = size * 0.5
    draw.text((x, y), "Symbols", font=fnt, fill=INK)
    _star(draw, x + r, y + line + r, r * 1.15)
    draw.text((x + size * 1.6, y + line), "capital", font=fnt, fill=INK)
    _victory_mark(draw, x + r, y + 2 * line + r, r * 0.85)
    draw.text((x + size * 1.6, y + 2 * line), "victory city", font=fnt, fill=INK)
    draw.rectangle((x, y + 3 * line, x + size, y + 3 * line + size), fill=NEUTRAL, outline=NEUTRAL_HATCH)
    draw.text((x + size * 1.6, y + 3 * line), "neutral, impassable", font=fnt, fill=INK)
    draw.rounded_rectangle((x, y + 4 * line, x + size * 1.2, y + 4 * line + size), radius=3, fill=(200, 20, 20))
    draw.text((x + size * 1.6, y + 4 * line), "damaged units / IC damage", font=fnt, fill=INK)
    draw.line((x, y + 5 * line + r, x + size * 1.2, y + 5 * line + r), fill=INK, width=3)
    draw.text((x + size * 1.6, y + 5 * line), "move this turn", font=fnt, fill=INK)
    burst(draw, x + r, y + 6 * line + r, r)
    draw.text((x + size * 1.6, y + 6 * line), "battle; bold outline: captured", font=fnt, fill=INK)


def _passage_key(draw: ImageDraw.ImageDraw, x: float, y: float, size: int) -> None:
    """The canal and strait marks, on a board that draws them."""
    scale = size / 26
    draw_mark(draw, (x + size * 0.6, y + size * 0.5), (1.0, 0.0), "canal", scale)
    draw_mark(draw, (x + size * 2.0, y + size * 0.5), (1.0, 0.0), "strait", scale)
    draw.text((x + size * 3.0, y), "canal, strait", font=font(size), fill=INK)


def _units(draw: ImageDraw.ImageDraw, x: float, y: float, line: int, size: int, key: UnitKey) -> None:
    """The rule system's units, two columns of abbreviation and word."""
    fnt = font(size)
    draw.text((x, y), "Units", font=fnt, fill=INK)
    items = list(key.abbreviations.items())
    half = (len(items) + 1) // 2
    for i, (unit, abbr) in enumerate(items):
        cx = x + (0 if i < half else size * 9)
        cy = y + (1 + i % half) * line
        draw.text((cx, cy), abbr, font=fnt, fill=INK)
        draw.text((cx + size * 2.6, cy), key.words[unit], font=fnt, fill=INK)


def _changes(draw: ImageDraw.ImageDraw, x: float, y: float, line: int, size: int,
             board: BoardGeometry, changes: list[Change], key: UnitKey) -> None:
    fnt = font(size)
    draw.text((x, y), "This turn" if changes else "This turn: no changes marked", font=fnt, fill=INK)
    shown = changes[:_MAX_CHANGE_LINES]
    for i, change in enumerate(shown, start=1):
        draw.text((x, y + i * line), describe(change, board, key), font=fnt, fill=INK)
    if len(changes) > len(shown):
        more = len(changes) - len(shown)
        draw.text((x, y + (len(shown) + 1) * line), f"... and {more} more", font=fnt, fill=INK)
