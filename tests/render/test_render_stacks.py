"""Unit stacks: the counts drawn, as data and as pixels in the power's colour."""

from __future__ import annotations

from typing import Any

import numpy as np

from bot.render import BoardGeometry, RenderResult, render_map_result
from bot.render.stacks import DAMAGE, StackDrawn

from .conftest import pixels


def _stack(result: RenderResult, space: str, power: str) -> StackDrawn:
    (found,) = [s for s in result.stacks if s.space == space and s.power == power]
    return found


def _share(result: RenderResult, stack: StackDrawn, colour: tuple[int, int, int]) -> float:
    x0, y0, x1, y1 = stack.box
    box = pixels(result)[y0 + 2 : y1 - 1, x0 + 2 : x1 - 1]
    return float((box == np.array(colour)).all(axis=2).mean())


def test_every_stack_of_the_opening_is_drawn(opening: dict[str, Any], opening_render: RenderResult) -> None:
    expected = {
        (space, power): units
        for space, entry in opening["spaces"].items()
        for power, units in entry["units"].items()
    }
    drawn = {(s.space, s.power): s.units for s in opening_render.stacks}
    assert drawn == expected


def test_germany_stack_counts_and_colour(board: BoardGeometry, opening_render: RenderResult) -> None:
    stack = _stack(opening_render, "Germany", "Germany")
    assert stack.units == {"infantry": 3, "tank": 2, "aaa": 1, "industrial_complex": 1,
                           "fighter": 1, "bomber": 1}
    assert stack.text == "3 INF  2 TNK  1 AAA  1 FTR  1 BMB  1 IC"
    assert _share(opening_render, stack, board.power("Germany").color) > 0.5


def test_stacks_stay_inside_the_map(opening_render: RenderResult) -> None:
    ox, oy = opening_render.map_origin
    for stack in opening_render.stacks:
        x0, y0, x1, y1 = stack.box
        assert ox <= x0 and x1 <= ox + opening_render.view.width, stack
        assert oy <= y0 and y1 <= oy + opening_render.view.height, stack


def test_damaged_battleship_is_marked(midgame_render: RenderResult) -> None:
    stack = _stack(midgame_render, "Sea Zone 7", "United Kingdom")
    assert stack.damaged == {"battleship": 1}
    assert "1 BB  1 dmg" in stack.text
    assert _share(midgame_render, stack, DAMAGE) > 0.05


def test_factory_damage_is_marked(midgame_render: RenderResult) -> None:
    stack = _stack(midgame_render, "Russia", "Soviet Union")
    assert stack.ic_damage == 3
    assert "1 IC  IC -3" in stack.text
    assert _share(midgame_render, stack, DAMAGE) > 0.02


def test_undamaged_stack_has_no_damage_mark(opening_render: RenderResult) -> None:
    stack = _stack(opening_render, "Sea Zone 7", "United Kingdom")
    assert stack.damaged == {} and "dmg" not in stack.text
    assert _share(opening_render, stack, DAMAGE) == 0.0


def test_region_stacks_do_not_cover_each_other(board: BoardGeometry, opening: dict[str, Any]) -> None:
    result = render_map_result(opening, board, region="europe", width=1600)
    boxes = [s.box for s in result.stacks]
    assert len(boxes) >= 20
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
