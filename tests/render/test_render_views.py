"""Regions and single-territory views crop and enlarge the board."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.render import BoardGeometry, RenderResult, region_names, render_map_result


def _inside(result: RenderResult, board: BoardGeometry, space: str) -> bool:
    x, y = result.anchor(board, space)
    ox, oy = result.map_origin
    return ox <= x < ox + result.view.width and oy <= y < oy + result.view.height


def test_region_crop_has_the_requested_width_and_the_boxs_shape(
    board: BoardGeometry, opening: dict[str, Any]
) -> None:
    result = render_map_result(opening, board, region="europe", width=1200)
    proj = board.projection
    west, south, east, north = board.regions["europe"]
    aspect = float(proj.y_of(south) - proj.y_of(north)) / float(proj.x_of(east) - proj.x_of(west))
    assert result.width == 1200 == result.view.width
    assert abs(result.view.height - 1200 * aspect) <= 1
    assert Image.open(io.BytesIO(result.png)).size == (result.width, result.height)
    for space in ("Germany", "United Kingdom", "Italy", "Karelia S.S.R."):
        assert _inside(result, board, space)
    assert not _inside(result, board, "Japan")


def test_region_enlarges_stacks(
    board: BoardGeometry, opening: dict[str, Any], opening_render: RenderResult
) -> None:
    def height(result: RenderResult) -> int:
        (stack,) = [s for s in result.stacks if s.space == "Germany" and s.power == "Germany"]
        return stack.box[3] - stack.box[1]

    europe = render_map_result(opening, board, region="europe", width=2000)
    assert height(europe) >= 1.5 * height(opening_render)


def test_pacific_region_crosses_the_seam(board: BoardGeometry, opening: dict[str, Any]) -> None:
    result = render_map_result(opening, board, region="pacific", width=1600)
    for space in ("Japan", "Hawaiian Islands", "Midway", "Western United States"):
        assert _inside(result, board, space), space
    stacks = {s.space for s in result.stacks}
    assert {"Japan", "Hawaiian Islands", "Sea Zone 56"} <= stacks


def test_territory_view_shows_it_and_its_neighbours(board: BoardGeometry, opening: dict[str, Any]) -> None:
    result = render_map_result(opening, board, focus="Egypt", width=1000)
    assert result.width == 1000
    egypt = board.space("Egypt")
    for neighbour in (egypt.name, *egypt.adjacent):
        assert _inside(result, board, neighbour), neighbour


def test_unknown_region_lists_the_choices(board: BoardGeometry, opening: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="europe"):
        render_map_result(opening, board, region="atlantis")
    assert region_names(board) == sorted(board.regions)


def test_unknown_territory_is_refused(board: BoardGeometry, opening: dict[str, Any]) -> None:
    with pytest.raises(KeyError, match="Atlantis"):
        render_map_result(opening, board, focus="Atlantis")


@pytest.mark.parametrize("width", [100, 10_000])
def test_width_is_bounded(board: BoardGeometry, opening: dict[str, Any], width: int) -> None:
    with pytest.raises(ValueError, match="width"):
        render_map_result(opening, board, width=width)
