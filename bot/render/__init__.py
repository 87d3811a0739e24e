"""Map snapshots: the board as a PNG, coloured by controller, with stacks and the turn's changes."""

from bot.render.geometry import BoardGeometry, load_board_geometry
from bot.render.map import RenderResult, region_names, render_map, render_map_result

__all__ = [
    "BoardGeometry",
    "RenderResult",
    "load_board_geometry",
    "region_names",
    "render_map",
    "render_map_result",
]
