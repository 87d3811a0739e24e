"""The project's map geometry covers the board and agrees with its adjacency."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from importlib import resources

import numpy as np
import pytest

from bot.render import BoardGeometry
from bot.render.basemap import UNCLAIMED_LAND, UNZONED_WATER, base_layer, box_view, full_view
from bot.render.geometry import build_geometry
from bot.render.labels import sea_text
from bot.render.projection import MASTER_WIDTH
from maps import load_board_data

from .conftest import BOARD_ID


def _geometry_toml() -> dict:
    text = resources.files("maps").joinpath(BOARD_ID, "geometry.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def test_every_board_space_has_geometry_and_no_other() -> None:
    board = load_board_data(BOARD_ID)["board"]
    ids = {t["id"] for t in board["territory"]} | {z["id"] for z in board["sea_zone"]}
    assert set(_geometry_toml()["space"]) == ids


def test_missing_geometry_is_named() -> None:
    board = load_board_data(BOARD_ID)["board"]
    geometry = _geometry_toml()
    del geometry["space"]["germany"]
    with pytest.raises(ValueError, match="germany"):
        build_geometry(board, geometry)


def test_projection_round_trips_and_wraps(board: BoardGeometry) -> None:
    proj = board.projection
    lons = np.linspace(-169.0, 190.0, 50)
    assert np.allclose(proj.lon_of(proj.x_of(lons)), lons)
    assert np.allclose(proj.x_of(lons + 360.0), proj.x_of(lons) + MASTER_WIDTH)
    lats = np.linspace(80.0, -55.0, 40)
    assert np.allclose(proj.lat_of(proj.y_of(lats)), lats)


@pytest.mark.parametrize("width", [400, 1000, 2000, 4000])
def test_each_anchor_lies_in_its_own_space(board: BoardGeometry, width: int) -> None:
    view = full_view(board, width)
    index = base_layer(board, view).index
    for i, space in enumerate(board.spaces):
        x, y = view.to_px(*board.projection.to_master(*space.anchor))
        assert index[int(y), int(x)] == i, space.id


@pytest.mark.parametrize("region", ["europe", "africa", "asia", "pacific", "americas", "atlantic"])
def test_anchors_in_regions_lie_in_their_space(board: BoardGeometry, region: str) -> None:
    view = box_view(board, board.regions[region], 1600)
    index = base_layer(board, view).index
    inside = 0
    for i, space in enumerate(board.spaces):
        x, y = view.to_px(*board.projection.to_master(*space.anchor))
        if 0 <= x < view.width and 0 <= y < view.height:
            inside += 1
            assert index[int(y), int(x)] == i, space.id
    assert inside >= 15


def touching(board: BoardGeometry) -> set[tuple[int, int]]:
    """Pairs of space indexes (lower first) whose pixels meet on the whole map at 2,000 px."""
    index = base_layer(board, full_view(board, 2000)).index
    wrapped = np.concatenate([index, index[:, :1]], axis=1)
    pairs_met: set[tuple[int, int]] = set()
    for a, b in ((wrapped[:, :-1], wrapped[:, 1:]), (wrapped[:-1, :], wrapped[1:, :])):
        differ = (a != b) & (a >= 0) & (b >= 0)
        pairs = np.unique(np.stack([np.minimum(a, b)[differ], np.maximum(a, b)[differ]]), axis=1)
        pairs_met.update(zip(pairs[0].tolist(), pairs[1].tolist(), strict=True))
    return pairs_met


def test_every_adjacency_is_a_shared_border(board: BoardGeometry) -> None:
    """Neighbours on the board touch on the map (the board wraps east-west)."""
    touching_pairs = touching(board)
    missing = []
    for i, space in enumerate(board.spaces):
        for other in space.adjacent:
            j = board.index_of[other]
            if (min(i, j), max(i, j)) not in touching_pairs:
                missing.append((space.id, other))
    assert missing == []


def test_regions_are_named_boxes(board: BoardGeometry) -> None:
    assert {"europe", "pacific", "africa", "asia", "americas", "atlantic"} <= set(board.regions)


def test_mainland_belongs_to_territories(board: BoardGeometry) -> None:
    """Between 45S and 62N only small islands off the board stay unclaimed (e.g. Aleutians, Fiji)."""
    view = full_view(board, 2000)
    index = base_layer(board, view).index
    top = int(board.projection.y_of(62.0) * view.scale)
    bottom = int(board.projection.y_of(-45.0) * view.scale)
    assert (index[top:bottom] == UNCLAIMED_LAND).sum() < 400


def test_an_inland_sea_outline_makes_water(board: BoardGeometry) -> None:
    """docs/map.md, Geometry: the mask counts inland seas (the Caspian) as land; a board's
    `inland_seas` outline turns them to water, here water outside any zone."""
    box = (44.0, 35.0, 58.0, 49.0)
    outline = ((49.0, 40.0), (52.5, 40.0), (52.5, 43.0), (49.0, 43.0))
    with_sea = replace(board, inland_seas=(outline,))
    for geometry, expected in ((board, False), (with_sea, True)):
        view = box_view(geometry, box, 800)
        x, y = view.to_px(*geometry.projection.to_master(50.8, 41.5))
        assert bool(base_layer(geometry, view).index[int(y), int(x)] == UNZONED_WATER) is expected


def test_a_sea_zone_label_replaces_its_number(board: BoardGeometry) -> None:
    """docs/map.md, Geometry: a board whose players name their sea zones draws the name."""
    zone = board.space("sz_06")
    assert sea_text(zone) == "6"
    assert sea_text(replace(zone, label="North Sea")) == "North Sea"


def test_an_inland_sea_across_the_view_seam_stays_off_the_view(board: BoardGeometry) -> None:
    """An outline on the far side of the world is drawn in one piece there: the Americas
    region, whose opposite meridian crosses the Caspian, keeps all its land."""
    outline = ((47.0, 37.0), (54.0, 37.0), (54.0, 47.0), (47.0, 47.0))
    with_sea = replace(board, inland_seas=(outline,))
    box = board.regions["americas"]
    plain, drawn = (base_layer(g, box_view(g, box, 400)).index for g in (board, with_sea))
    assert np.array_equal(plain, drawn)
