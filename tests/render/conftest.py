"""Shared renders of the 1942 board: the opening and a German turn with battles."""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import pytest
from PIL import Image

from bot.render import BoardGeometry, RenderResult, load_board_geometry, render_map_result
from bot.render.demo import midgame_example, opening_state

BOARD_ID = "aa1942-2e"


def pixels(result: RenderResult) -> np.ndarray:
    """Decoded RGB pixels of a render's PNG."""
    return np.asarray(Image.open(io.BytesIO(result.png)).convert("RGB"))


@pytest.fixture(scope="session")
def board() -> BoardGeometry:
    return load_board_geometry(BOARD_ID)


@pytest.fixture(scope="session")
def opening() -> dict[str, Any]:
    return opening_state(BOARD_ID)


@pytest.fixture(scope="session")
def midgame() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return midgame_example()


@pytest.fixture(scope="session")
def opening_render(board: BoardGeometry, opening: dict[str, Any]) -> RenderResult:
    return render_map_result(opening, board)


@pytest.fixture(scope="session")
def midgame_render(board: BoardGeometry, midgame: tuple[dict[str, Any], list[dict[str, Any]]]) -> RenderResult:
    state, changes = midgame
    return render_map_result(state, board, changes=changes)


@pytest.fixture(scope="session")
def midgame_unmarked(board: BoardGeometry, midgame: tuple[dict[str, Any], list[dict[str, Any]]]) -> RenderResult:
    """The same state without its change list, to tell marks from the map beneath."""
    return render_map_result(midgame[0], board)
