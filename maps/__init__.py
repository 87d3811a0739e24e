"""Board data packages: one directory of TOML files per board (``maps/<board>/``)."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any


def load_board_data(board: str) -> dict[str, dict[str, Any]]:
    """Return the raw ``board.toml`` and ``setup.toml`` of ``board``, unvalidated.

    The engine's loader checks the data; this only reads it, so tests can look at
    the files exactly as written.
    """
    root = resources.files(__name__).joinpath(board)
    return {
        name: tomllib.loads(root.joinpath(f"{name}.toml").read_text(encoding="utf-8"))
        for name in ("board", "setup")
    }
