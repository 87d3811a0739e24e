"""The output is a valid, deterministic PNG of bounded size with a readable title."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.render import BoardGeometry, RenderResult, render_map
from bot.render.frame import income, title_text
from bot.render.snapshot import read_snapshot

MAX_BYTES = 2 * 1024 * 1024


def test_png_is_valid_and_small(opening_render: RenderResult, midgame_render: RenderResult) -> None:
    for result in (opening_render, midgame_render):
        image = Image.open(io.BytesIO(result.png))
        image.verify()
        assert image.format == "PNG"
        assert image.size == (2000, result.height)
        assert 900 < result.height < 1800
        assert len(result.png) < MAX_BYTES


def test_rendering_is_deterministic(board: BoardGeometry, midgame: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    state, changes = midgame
    assert render_map(state, board, changes=changes) == render_map(state, board, changes=changes)


def test_title_names_round_power_and_phase(board: BoardGeometry, opening: dict[str, Any]) -> None:
    snapshot = read_snapshot(opening, board)
    assert title_text(snapshot, board, "Game 7", None) == (
        "Game 7  |  Round 1  |  Soviet Union to move: Purchase Units"
    )
    assert title_text(snapshot, board, None, "Europe").endswith("|  Europe")


def test_title_announces_the_winner(board: BoardGeometry, opening: dict[str, Any]) -> None:
    snapshot = read_snapshot({**opening, "winner": "Axis"}, board)
    assert "Won by Axis" in title_text(snapshot, board, None, None)


def test_legend_income_counts_controlled_territories(board: BoardGeometry, opening: dict[str, Any]) -> None:
    """Rulebook (000_fc7e3a790a753b06.txt, Combat Forces chart): starting incomes 24/41/31/30/42."""
    earned = income(board, read_snapshot(opening, board))
    assert earned == {"soviet_union": 24, "germany": 41, "united_kingdom": 31, "japan": 30,
                      "united_states": 42}
