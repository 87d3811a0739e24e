"""Each territory shows its controller's colour, as a player would check it."""

from __future__ import annotations

from typing import Any

import numpy as np

from bot.render import BoardGeometry, RenderResult, style
from bot.render.basemap import base_layer

from .conftest import pixels


def _territory_pixels(result: RenderResult, board: BoardGeometry, space_id: str) -> np.ndarray:
    image = pixels(result)
    ox, oy = result.map_origin
    view = result.view
    mask = base_layer(board, view).index == board.index_of[space_id]
    return image[oy : oy + view.height, ox : ox + view.width][mask]


def _most_common(colours: np.ndarray) -> tuple[int, int, int]:
    """Most common colour other than the outline colours (tiny islands are mostly outline)."""
    outline = (colours == style.COAST).all(axis=1) | (colours == style.LAND_BORDER).all(axis=1)
    values, counts = np.unique(colours[~outline], axis=0, return_counts=True)
    return tuple(int(v) for v in values[counts.argmax()])  # type: ignore[return-value]


def _expected(board: BoardGeometry, owner: str | None, neutral: bool) -> tuple[int, int, int]:
    if owner:
        return style.territory_fill(board.power(owner).color)
    return style.NEUTRAL if neutral else style.UNOWNED_LAND


def test_opening_colours_follow_the_original_controllers(
    board: BoardGeometry, opening: dict[str, Any], opening_render: RenderResult
) -> None:
    for space in board.spaces:
        if space.is_sea:
            continue
        owner = opening["spaces"][space.name]["owner"]
        want = _expected(board, owner, space.neutral)
        assert _most_common(_territory_pixels(opening_render, board, space.id)) == want, space.name


def test_controller_colour_shows_beside_each_anchor(
    board: BoardGeometry, opening: dict[str, Any], opening_render: RenderResult
) -> None:
    """Within 25 px of every land anchor some pixels carry the controller's colour."""
    image = pixels(opening_render)
    for space in board.spaces:
        if space.is_sea or space.neutral:
            continue
        want = np.array(_expected(board, opening["spaces"][space.name]["owner"], False))
        x, y = opening_render.anchor(board, space.id)
        window = image[max(0, y - 25) : y + 25, max(0, x - 25) : x + 25]
        assert (window == want).all(axis=2).sum() >= 20, space.name


def test_captured_territory_takes_the_capturers_colour(
    board: BoardGeometry, midgame_render: RenderResult
) -> None:
    germany = style.territory_fill(board.power("Germany").color)
    for name in ("karelia_ssr", "egypt"):
        assert _most_common(_territory_pixels(midgame_render, board, name)) == germany


def test_power_colours_are_told_apart(board: BoardGeometry) -> None:
    fills = {style.territory_fill(p.color) for p in board.powers}
    fills |= {style.NEUTRAL, style.SEA, style.UNOWNED_LAND}
    assert len(fills) == len(board.powers) + 3
