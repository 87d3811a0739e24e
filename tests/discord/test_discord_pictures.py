"""/map's picture: the renderer's PNG for a real game state, and the region choices."""
from __future__ import annotations

from bot.discord.pictures import region_choices, render_state
from engine import GameState


def test_region_choices_come_from_the_board_geometry() -> None:
    values = [c.value for c in region_choices()]
    assert "europe" in values and "pacific" in values


def test_a_region_of_the_opening_renders_as_png(opening: GameState) -> None:
    png = render_state(opening, "europe", None)
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000
