"""The map picture for /map: the renderer's PNG for a game state, and its region choices."""
from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.discord.choices import boards
from bot.render import load_board_geometry, region_names, render_map

MAP_WIDTH = 1600


def render_state(state: Any, region: str | None, focus: str | None) -> bytes:
    """PNG of the game's board: whole map, one region, or one space and its neighbours.

    Slow (tenths of a second, about a second for a view's first render): run it in a thread.
    """
    board = load_board_geometry(state.board.id)
    return render_map(state.to_json(), board, region=region, focus=focus, width=MAP_WIDTH)


def region_choices() -> list[app_commands.Choice[str]]:
    """Regions of the boards of every shipped rule system."""
    names: dict[str, None] = {}
    for board in boards():
        names.update((name, None) for name in region_names(load_board_geometry(board)))
    return [app_commands.Choice(name=n.title(), value=n) for n in names]
