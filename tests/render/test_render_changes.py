"""The turn's moves, battles and captures are marked on the map."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from bot.render import BoardGeometry, RenderResult, render_map_result
from bot.render.basemap import base_layer
from bot.render.changes import Battle, Capture, Move, describe, read_changes
from bot.render.style import BATTLE_FILL
from bot.render.unitkey import unit_key_of

from .conftest import pixels


def _along(result: RenderResult, tail: tuple[float, float], head: tuple[float, float],
           colour: tuple[int, int, int]) -> np.ndarray:
    """Which of 21 points on the middle 60% of a segment show `colour`."""
    image = pixels(result)
    hits = []
    for t in np.linspace(0.2, 0.8, 21):
        x = round(tail[0] + (head[0] - tail[0]) * t)
        y = round(tail[1] + (head[1] - tail[1]) * t)
        hits.append(bool((image[y, x] == np.array(colour)).all()))
    return np.array(hits)


def test_one_arrow_per_move(midgame: tuple[dict[str, Any], list[dict[str, Any]]],
                            midgame_render: RenderResult) -> None:
    moves = [(c["from"], c["to"]) for c in midgame[1] if c["kind"] == "move"]
    assert len(midgame_render.arrows) == len(moves)


def test_arrows_are_drawn_in_the_movers_colour(
    board: BoardGeometry, midgame_render: RenderResult, midgame_unmarked: RenderResult
) -> None:
    colour = board.power("Germany").color
    for arrow in midgame_render.arrows:
        marked = _along(midgame_render, arrow.tail, arrow.head, colour)
        unmarked = _along(midgame_unmarked, arrow.tail, arrow.head, colour)
        assert marked.sum() >= 8, arrow  # labels are drawn over arrows and hide part of some
        assert (marked & ~unmarked).sum() >= 7, arrow


def test_arrow_runs_from_origin_to_destination(board: BoardGeometry, midgame_render: RenderResult) -> None:
    (arrow,) = [a for a in midgame_render.arrows if a.origin == "libya"]
    start = midgame_render.anchor(board, "Libya")
    end = midgame_render.anchor(board, "Egypt")
    assert np.hypot(arrow.tail[0] - start[0], arrow.tail[1] - start[1]) < 15
    assert np.hypot(arrow.head[0] - end[0], arrow.head[1] - end[1]) < 15


def test_arrow_across_the_seam_takes_the_short_way(board: BoardGeometry, opening: dict[str, Any]) -> None:
    """Hawaii's waters sit at the left edge and Wake's at the right: the board wraps."""
    move = {"kind": "move", "power": "United States", "from": "Sea Zone 53", "to": "Sea Zone 52",
            "units": {"carrier": 1}}
    result = render_map_result(opening, board, changes=[move])
    (arrow,) = result.arrows
    assert arrow.head[0] < 0 < arrow.tail[0]
    assert arrow.tail[0] - arrow.head[0] < result.width / 4


def _yellow_near(result: RenderResult, board: BoardGeometry, space: str) -> int:
    x, y = result.anchor(board, space)
    window = pixels(result)[y - 40 : y + 10, x - 40 : x + 10]
    return int((window == np.array(BATTLE_FILL)).all(axis=2).sum())


def test_battles_are_marked_where_they_were_fought(
    board: BoardGeometry, midgame_render: RenderResult, midgame_unmarked: RenderResult
) -> None:
    for space in ("Karelia S.S.R.", "Caucasus", "Egypt", "Sea Zone 7", "Russia"):
        assert _yellow_near(midgame_render, board, space) > 30, space
        assert _yellow_near(midgame_unmarked, board, space) == 0, space


def test_captured_territory_is_outlined(
    board: BoardGeometry, midgame_render: RenderResult, midgame_unmarked: RenderResult
) -> None:
    """The yellow inner line runs round Karelia's border, away from the battle burst."""
    def outline(result: RenderResult) -> int:
        ox, oy = result.map_origin
        mask = base_layer(board, result.view).index == board.index_of["karelia_ssr"]
        ys, xs = np.nonzero(mask)
        ax, ay = result.anchor(board, "karelia_ssr")
        far = np.hypot(xs + ox - ax, ys + oy - ay) > 60
        colours = pixels(result)[ys[far] + oy, xs[far] + ox]
        return int((colours == np.array(BATTLE_FILL)).all(axis=1).sum())

    assert outline(midgame_render) > 40
    assert outline(midgame_unmarked) == 0


def test_changes_are_read_by_name_id_or_alias(board: BoardGeometry) -> None:
    changes = read_changes([
        {"kind": "move", "power": "Germans", "from": "germany", "to": "W Russia", "units": {"tank": 2}},
        {"kind": "battle", "space": "Sea Zone 5", "result": "attacker won"},
        {"kind": "capture", "space": "Ukraine", "power": "USSR"},
    ], board)
    assert changes == [
        Move("germany", "germany", "west_russia", {"tank": 2}),
        Battle("sz_05", "attacker won"),
        Capture("ukraine_ssr", "soviet_union"),
    ]
    assert describe(changes[0], board, unit_key_of("aa1942-2e")) == "Germany: 2 TNK Germany -> West Russia"
    assert describe(changes[2], board, unit_key_of("aa1942-2e")) == "Ukraine S.S.R. captured by Soviet Union"


@pytest.mark.parametrize("bad", [
    {"kind": "teleport", "space": "Germany"},
    {"kind": "battle", "space": "Atlantis", "result": "won"},
    {"kind": "move", "power": "Germany", "from": "Germany"},
])
def test_bad_changes_are_refused(board: BoardGeometry, bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        read_changes([bad], board)
