"""A standings table as a PNG: rank, player, rating (or score and tie-breakers), games.

Pure drawing: rows of text in, PNG bytes out; the ladder and the tournaments pass their own
columns, so one picture serves both.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.render.style import HALO, INK, PANEL, font

_ROW = 34
_PAD = 16
_SIZE = 18
_HEAD = (58, 64, 78)
_STRIPE = (234, 230, 220)


def standings_png(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> bytes:
    """The table with a title bar and a header row; columns sized to their widest text."""
    text = font(_SIZE)
    bold = font(_SIZE + 4)
    columns = [max([text.getlength(str(c)) for c in col] or [0.0])
               for col in zip(header, *rows, strict=False)]
    widths = [int(w) + 2 * _PAD for w in columns]
    width = max(sum(widths), int(bold.getlength(title)) + 2 * _PAD, 320)
    height = _ROW * (len(rows) + 2) + _PAD
    image = Image.new("RGB", (width, height), PANEL)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, _ROW), fill=_HEAD)
    draw.text((_PAD, _ROW // 2), title, font=bold, fill=HALO, anchor="lm")
    for i, row in enumerate([header, *rows]):
        top = _ROW * (i + 1)
        if i % 2 == 0 and i:
            draw.rectangle((0, top, width, top + _ROW), fill=_STRIPE)
        x = 0
        for cell, w in zip(row, widths, strict=False):
            draw.text((x + _PAD, top + _ROW // 2), str(cell), font=text, fill=INK, anchor="lm")
            x += w
        if i == 0:
            draw.line((0, top + _ROW - 1, width, top + _ROW - 1), fill=INK, width=1)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
