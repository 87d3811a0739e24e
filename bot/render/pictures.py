"""The pictures a command's answer comes with, for any front end: battle tables, the map
of a finished turn and the odds histogram. Pure and slow (tenths of a second each): call them in a worker thread.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.render.battlelog import battle_logs
from bot.render.battleposts import present_battles
from bot.render.geometry import load_board_geometry
from bot.render.map import render_map
from bot.render.oddschart import odds_png
from bot.render.unitkey import NO_UNITS, unit_key_of

TURN_MAP_WIDTH = 1600


def battle_pictures(events: Sequence[Mapping[str, Any]], board: str,
                    ruleset: str) -> list[tuple[str, bytes]]:
    """(file name, PNG) of each battle in the events worth a picture (3+ rounds, or long)."""
    if not battle_logs(events, NO_UNITS):
        return []
    units = unit_key_of(ruleset)
    geometry = load_board_geometry(board)
    colours = {p.name: p.color for p in geometry.powers}
    return [(post.filename, post.png) for post in present_battles(events, units, colours)
            if post.png is not None]


def turn_picture(state: Mapping[str, Any], changes: Iterable[Mapping[str, Any]], board: str,
                 title: str, width: int = TURN_MAP_WIDTH, region: str | None = None,
                 focus: str | None = None) -> bytes:
    """The board after a turn (whole, a region or a space's neighbourhood), with the turn's
    moves, battles and captures marked."""
    return render_map(state, load_board_geometry(board), changes=changes, title=title,
                      width=width, region=region, focus=focus)


def odds_picture(chart: Mapping[str, Any]) -> tuple[str, bytes]:
    """(file name, PNG) of an ``/odds picture:yes`` answer's histogram."""
    name = "".join(c if c.isalnum() else "-" for c in str(chart["title"]).lower()).strip("-")
    return f"odds-{name}.png", odds_png(chart)
