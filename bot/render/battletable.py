"""A battle log as a PNG table: one row per round (and per special fire: AA, bombardment,
surprise strike, air battle, bombing), each side's dice drawn as dice, hits filled in the
side's colour, grouped by the value they needed, then the hits and the losses.

Sized for a phone: about 1000 pixels wide, large numbers. Pillow's bundled font has only
Latin glyphs, so the picture's words are plain ASCII.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.battlelog import BattleLog, Note, Roll, Round, Volley
from bot.render.battletext import note_text, result_lines, title, units_text
from bot.render.style import INK, PANEL, Rgb, font, text_on
from bot.render.unitkey import UnitKey

WIDTH = 1000
PAD = 16
DIE = 30
SMALL_DIE = 22
GAP = 5
CROWD = 10
"""A battle with a roll of more dice than this draws them smaller, to stay short."""
CAPTION = 96
ROW_PAD = 8
COLUMNS = (76, 296, 46, 296, 46, 208)   # round, attacker dice, hits, defender dice, hits, losses
ATTACKER: Rgb = (178, 42, 42)
DEFENDER: Rgb = (40, 90, 160)
MISS_FILL: Rgb = (255, 255, 255)
MISS_INK: Rgb = (120, 120, 120)
RULE: Rgb = (200, 196, 188)
SHADE: Rgb = (236, 232, 222)
STAGES = {"antiaircraft": "AA fire", "bombard": "bombard", "surprise": "surprise", "opening": "opening",
          "intercept": "air battle", "raid_defense": "factory", "bombing": "bombing", "fire": "",
          "anti_air_search": "ID search", "anti_air_attack": "ID fire", "anti_air": "anti-air", "asw_search": "ASW",
          "selective": "sub strike", "air": "air", "dogfight": "dogfight", "atomic": "atomic"}
ASCII = str.maketrans({"×": "x", "→": "->", "…": "...", "—": "-", "⚔": "", "✈": ""})

Draw = Callable[[ImageDraw.ImageDraw, int, int], None]


@dataclass
class Cell:
    """Something drawn in a table cell: its height and how to draw it at (x, y)."""

    height: int
    draw: Draw


@dataclass
class Row:
    label: str
    """The round number."""
    stage: str
    volleys: dict[str, Volley]
    notes: list[Note]
    named: str = ""
    """The stage's name from the rule system's data (a Volley's ``label``), if it has one."""


def plain(text: str) -> str:
    return text.translate(ASCII).strip()


def render_battle_table(log: BattleLog, colours: Mapping[str, str | Rgb] | None = None) -> bytes:
    """The round-by-round table as PNG bytes. ``colours`` maps power names to their colour
    (``#rrggbb`` or RGB), e.g. from the rule set's powers; red and blue otherwise."""
    names = log.side_names
    side_colour = {"attacker": _colour(colours, log.attacker, ATTACKER),
                   "defender": _colour(colours, log.defender, DEFENDER)}
    head = _header(log, names)
    rows = [r for rnd in log.rounds for r in _rows(rnd)]
    die = SMALL_DIE if max((len(r.dice) for r in _rolls(log)), default=0) > CROWD else DIE
    cells = [_row_cells(r, names, side_colour, die, log.units) for r in rows]
    heights = [max(c.height for c in row) + 2 * ROW_PAD for row in cells]
    colhead = 40
    foot = _text_block([plain(t) for t in result_lines(log)], WIDTH - 2 * PAD, 20)
    height = PAD + head.height + colhead + sum(heights) + PAD + foot.height + PAD
    image = Image.new("RGB", (WIDTH, height), PANEL)
    draw = ImageDraw.Draw(image)
    y = PAD
    head.draw(draw, PAD, y)
    y += head.height
    xs = [PAD]
    for w in COLUMNS:
        xs.append(xs[-1] + w)
    titles = ("Rnd", f"{names['attacker']} rolls", "hits", f"{names['defender']} rolls", "hits",
              "losses")
    for i, text in enumerate(titles):
        draw.text((xs[i] + 4, y + 10), _fit(text, COLUMNS[i] - 8, 17), font=font(17), fill=INK)
    y += colhead
    draw.line((PAD, y, WIDTH - PAD, y), fill=INK, width=2)
    for n, (row, row_cells, h) in enumerate(zip(rows, cells, heights, strict=True)):
        if n % 2:
            draw.rectangle((PAD, y, WIDTH - PAD, y + h), fill=SHADE)
        for i, cell in enumerate(row_cells):
            cell.draw(draw, xs[i] + 4, y + ROW_PAD)
        y += h
        if row.stage == "fire":
            draw.line((PAD, y, WIDTH - PAD, y), fill=RULE, width=1)
    draw.line((PAD, y, WIDTH - PAD, y), fill=INK, width=2)
    foot.draw(draw, PAD, y + PAD)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()


def rgb(value: str | Rgb | None) -> Rgb | None:
    """A colour given as ``#rrggbb`` (as the rule set's powers have it) or an RGB triple."""
    if isinstance(value, str) and len(value) == 7 and value.startswith("#"):
        return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
    if isinstance(value, tuple) and len(value) == 3:
        return value
    return None


def _colour(colours: Mapping[str, str | Rgb] | None, power: str | None, default: Rgb) -> Rgb:
    return rgb((colours or {}).get(power or "")) or default


def _header(log: BattleLog, names: Mapping[str, str]) -> Cell:
    lines = [plain(title(log))]
    if log.started:
        key = log.units
        lines.append(f"Attacker {names['attacker']}: {units_text(log.attackers, key)}"
                     + (f" ({units_text(log.seaborne, key)} from the sea)" if log.seaborne else ""))
        lines += [f"Defender {p}: {units_text(c, key)}" for p, c in log.defenders.items()]
    big = _text_block(lines[:1], WIDTH - 2 * PAD, 26)
    small = _text_block(lines[1:], WIDTH - 2 * PAD, 18)

    def draw(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
        big.draw(d, x, y)
        small.draw(d, x, y + big.height + 4)
    return Cell(big.height + small.height + 12, draw)


def _rows(rnd: Round) -> list[Row]:
    """A round's rows: each special fire on its own, then the regular fire; the notes
    (casualties, choices) go with the row whose dice caused them, or the next row when
    they come before any dice (submerging, interceptors)."""
    rows: list[Row] = []
    early: list[Note] = []
    for entry in rnd.entries:
        if isinstance(entry, Volley):
            stage = entry.source if entry.source in STAGES or entry.label else "fire"
            if not rows or rows[-1].stage != stage or entry.side in rows[-1].volleys:
                rows.append(Row(str(rnd.number), stage, {}, early, entry.label))
                early = []
            rows[-1].volleys[entry.side] = entry
        elif rows:
            rows[-1].notes.append(entry)
        else:
            early.append(entry)
    if early:
        rows.append(Row(str(rnd.number), "note", {}, early))
    return rows


def _rolls(log: BattleLog) -> list[Roll]:
    return [r for rnd in log.rounds for e in rnd.entries if isinstance(e, Volley) for r in e.rolls]


def _row_cells(row: Row, names: Mapping[str, str], colour: Mapping[str, Rgb],
               die: int, key: UnitKey) -> list[Cell]:
    cells = [_round_cell(row)]
    for side in ("attacker", "defender"):
        volley = row.volleys.get(side)
        cells.append(_dice_cell(volley, colour[side], die, key) if volley else _empty())
        cells.append(_hits_cell(volley, colour[side]) if volley else _empty())
    notes = [plain(t) for n in row.notes if (t := note_text(n, names, key))]
    cells.append(_text_block(notes, COLUMNS[5] - 8, 16, wrap=True))
    return cells


def _round_cell(row: Row) -> Cell:
    stage = row.named or STAGES.get(row.stage, "")

    def draw(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
        d.text((x, y), row.label, font=font(22), fill=INK)
        d.text((x, y + 26), stage, font=font(15), fill=INK)
    return Cell(44 if stage else 26, draw)


def _empty() -> Cell:
    return Cell(0, lambda d, x, y: None)


def _dice_cell(volley: Volley, colour: Rgb, die: int, key: UnitKey) -> Cell:
    gap = GAP * die // DIE
    width = COLUMNS[1] - 8 - CAPTION
    per_line = max(1, (width + gap) // (die + gap))
    parts: list[tuple[int, Roll]] = []
    y = 0
    for roll in volley.rolls:
        parts.append((y, roll))
        lines = max(1, -(-len(roll.dice) // per_line))
        y += max(lines * (die + gap), 44)

    def draw(d: ImageDraw.ImageDraw, x: int, y0: int) -> None:
        for dy, roll in parts:
            top = y0 + dy
            need = f"@{roll.value}" if roll.value is not None else "dmg"
            d.text((x, top), need, font=font(20), fill=INK)
            d.text((x, top + 23), _fit(units_text(roll.units, key), CAPTION - 6, 15), font=font(15), fill=INK)
            for i, face in enumerate(roll.dice):
                cx = x + CAPTION + (i % per_line) * (die + gap)
                cy = top + (i // per_line) * (die + gap)
                hit = roll.value is not None and face <= roll.value
                _die(d, cx, cy, die, face, colour if hit else None)
    return Cell(max(y - gap, 0), draw)


def _die(d: ImageDraw.ImageDraw, x: int, y: int, size: int, face: int, hit: Rgb | None) -> None:
    """A die showing ``face``: filled in the side's colour when it hit."""
    box = (x, y, x + size, y + size)
    if hit is None:
        d.rounded_rectangle(box, radius=size // 5, fill=MISS_FILL, outline=MISS_INK, width=2)
        ink = MISS_INK
    else:
        d.rounded_rectangle(box, radius=size // 5, fill=hit, outline=INK, width=2)
        ink = text_on(hit)
    d.text((x + size / 2, y + size / 2 + 1), str(face), font=font(size * 2 // 3), fill=ink,
           anchor="mm")


def _hits_cell(volley: Volley, colour: Rgb) -> Cell:
    text = str(volley.hits)

    def draw(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
        d.text((x + (COLUMNS[2] - 8) / 2, y + 15), text, font=font(28),
               fill=colour if volley.hits else MISS_INK, anchor="mm")
    return Cell(32, draw)


def _text_block(lines: list[str], width: int, size: int, wrap: bool = False) -> Cell:
    fnt = font(size)
    shown: list[str] = []
    for line in lines:
        shown += _wrap(line, width, size) if wrap else [_fit(line, width, size)]
    step = size + 6

    def draw(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
        for i, line in enumerate(shown):
            d.text((x, y + i * step), line, font=fnt, fill=INK)
    return Cell(len(shown) * step, draw)


def _fit(text: str, width: int, size: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    fnt = font(size)
    if fnt.getlength(text) <= width:
        return text
    while text and fnt.getlength(text + "...") > width:
        text = text[:-1]
    return text + "..."


def _wrap(text: str, width: int, size: int) -> list[str]:
    fnt = font(size)
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and fnt.getlength(candidate) > width:
            lines.append(current)
            current = "  " + word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines
