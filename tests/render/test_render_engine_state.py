"""The renderer reads the engine's own state JSON, and the sample opening matches it."""

from __future__ import annotations

from typing import Any

import maps
from bot.render import BoardGeometry, render_map_result
from engine.game import new_game

from .conftest import BOARD_ID


def test_engine_opening_renders_every_stack(board: BoardGeometry, opening: dict[str, Any]) -> None:
    state = new_game(maps.load_ruleset(BOARD_ID)).to_json()
    assert state["spaces"] == opening["spaces"]
    result = render_map_result(state, board, width=800)
    drawn = {(s.space, s.power): s.units for s in result.stacks}
    assert drawn == {
        (space, power): units
        for space, entry in state["spaces"].items()
        for power, units in entry["units"].items()
    }
