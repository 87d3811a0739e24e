"""Colours and fonts shared by the map's drawing code (unit names come from the rule
system: ``bot.render.unitkey``)."""

from __future__ import annotations

import functools

from PIL import ImageFont

Rgb = tuple[int, int, int]

SEA = (158, 192, 222)
SEA_BORDER = (222, 236, 248)
COAST = (52, 58, 66)
LAND_BORDER = (70, 70, 70)
UNCLAIMED_LAND = (226, 226, 222)
UNOWNED_LAND = (250, 250, 250)
NEUTRAL = (240, 240, 236)
NEUTRAL_HATCH = (150, 150, 146)
INK = (20, 20, 24)
HALO = (255, 255, 255)
PANEL = (246, 243, 236)
BATTLE = (205, 30, 30)
BATTLE_FILL = (255, 214, 64)


def territory_fill(color: Rgb) -> Rgb:
    """Fill of land held by a power: its colour lightened so labels stay readable."""
    return tuple(round(c + (255 - c) * 0.35) for c in color)  # type: ignore[return-value]


def blend(base: Rgb, toward: Rgb, share: float) -> Rgb:
    """``base`` moved ``share`` (0 to 1) of the way to ``toward``."""
    return tuple(round(a + (b - a) * share) for a, b in zip(base, toward, strict=True))  # type: ignore[return-value]


def text_on(color: Rgb) -> Rgb:
    """Black or white, whichever reads better on `color`."""
    r, g, b = color
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else HALO


@functools.lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled scalable font (needs Pillow built with FreeType, as wheels are)."""
    loaded = ImageFont.load_default(size=max(6, size))
    if not isinstance(loaded, ImageFont.FreeTypeFont):
        raise TypeError("Pillow lacks FreeType support; install Pillow from a wheel")
    return loaded
