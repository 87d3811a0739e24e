"""Every shipped rule system's board is drawn whole (docs/map.md, Geometry): each space has
geometry and no other, each anchor lies in its own space, neighbours on the board touch on
the map, sea-zone labels are names players can type, and the opening renders every stack."""

from __future__ import annotations

import numpy as np
import pytest

import maps
from bot.render import load_board_geometry, render_map_result
from bot.render.basemap import full_view
from bot.render.geometry import build_geometry
from bot.render.labels import label_layer
from bot.render.passages import COLORS
from engine.game import new_game
from maps import load_board_data, load_geometry_data

from . import test_render_geometry as checks


@pytest.mark.parametrize("board_id", maps.SHIPPED)
def test_every_space_has_geometry_and_no_other(board_id: str) -> None:
    board = load_board_data(board_id)["board"]
    ids = {t["id"] for t in board["territory"]} | {z["id"] for z in board["sea_zone"]}
    assert set(load_geometry_data(board_id)["space"]) == ids


@pytest.mark.parametrize("board_id", maps.SHIPPED)
def test_anchors_and_borders(board_id: str) -> None:
    """Each anchor lies in its own space and every adjacency of board.toml (canals included)
    is a shared border on the map, which wraps east-west."""
    geometry = load_board_geometry(board_id)
    checks.test_each_anchor_lies_in_its_own_space(geometry, 2000)
    checks.test_every_adjacency_is_a_shared_border(geometry)


@pytest.mark.parametrize("board_id", maps.SHIPPED)
def test_sea_zone_labels_are_names_players_type(board_id: str) -> None:
    """A label drawn instead of a sea zone's number teaches a name the parser takes."""
    geometry = load_board_geometry(board_id)
    for zone in (s for s in geometry.spaces if s.is_sea and s.label):
        assert geometry.space(zone.label) is zone, zone.id


@pytest.mark.parametrize("board_id", maps.SHIPPED)
def test_opening_renders_every_stack(board_id: str) -> None:
    """The engine's opening state draws as a PNG with every stack on it."""
    state = new_game(maps.load_ruleset(board_id, unplayable=True)).to_json()
    result = render_map_result(state, load_board_geometry(board_id), width=800)
    assert result.png.startswith(b"\x89PNG\r\n\x1a\n")
    drawn = {(s.space, s.power): s.units for s in result.stacks}
    assert drawn == {
        (space, power): units for space, entry in state["spaces"].items() for power, units in entry["units"].items()
    }


def _met(board_id: str, a: str, b: str) -> bool:
    geometry = load_board_geometry(board_id)
    i, j = geometry.index_of[a], geometry.index_of[b]
    return (min(i, j), max(i, j)) in checks.touching(geometry)


def test_aarhe_draws_the_borders_it_changes() -> None:
    """001 › Introduction: "Baltic Sea (sea zone 5) is no longer connected to Western Europe.
    Balkans and Turkey is connected": zone 5 and Western Europe meet on Revised's picture,
    not on AARHE's, where Jutland is Germany's; the Balkans meet Turkey on both."""
    assert _met("revised-lhtr", "sz_05", "western_europe")
    assert not _met("aarhe", "sz_05", "western_europe")
    assert _met("aarhe", "balkans", "turkey")


def test_aarhe_marks_every_canal_and_strait() -> None:
    """001 › Canals and Waterways, Strait Interdiction: the map marks each canal (red) and
    strait (green) where ships pass; the label layer has the mark's colour there."""
    board = load_board_data("aarhe")["board"]
    geometry = load_board_geometry("aarhe")
    marked = {(p.id, p.kind) for p in geometry.passages}
    assert marked == {(c["id"], "canal") for c in board["canal"]} | {(s["id"], "strait") for s in board["strait"]}
    view = full_view(geometry, 2000)
    pixels = np.asarray(label_layer(geometry, view).image)
    for passage in geometry.passages:
        x, y = (round(v) for v in view.to_px(*geometry.projection.to_master(*passage.at)))
        window = pixels[y - 8:y + 9, x - 8:x + 9, :3].reshape(-1, 3)
        assert any(tuple(p) == COLORS[passage.kind] for p in window), passage.id


def test_a_passage_the_board_lacks_is_named() -> None:
    """geometry.toml may place only the board's canals and straits."""
    board = load_board_data("aarhe")["board"]
    with pytest.raises(ValueError, match="places passages the board lacks: bosporus"):
        build_geometry(board, {**load_geometry_data("aarhe"), "passage": {"bosporus": {"at": [29.0, 41.0]}}})
