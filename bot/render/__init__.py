"""Map snapshots: the board as a PNG, coloured by controller, with stacks and the turn's changes.

The names below load their modules (and numpy, Pillow, the land mask) on first use, so that
importing a light sibling such as ``bot.render.battlelog`` does not pay for the map.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:                # "x as x": exported names for the type checker
    from bot.render.geometry import BoardGeometry as BoardGeometry
    from bot.render.geometry import load_board_geometry as load_board_geometry
    from bot.render.map import RenderResult as RenderResult
    from bot.render.map import region_names as region_names
    from bot.render.map import render_map as render_map
    from bot.render.map import render_map_result as render_map_result

_HOMES = {
    "BoardGeometry": "bot.render.geometry",
    "load_board_geometry": "bot.render.geometry",
    "RenderResult": "bot.render.map",
    "region_names": "bot.render.map",
    "render_map": "bot.render.map",
    "render_map_result": "bot.render.map",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(home), name)
