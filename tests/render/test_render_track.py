"""AARHE's picture shows where each neutral stands on the track of cooperation (001 =
001_4ad7942ffba8a1ea.txt, › Phase 8: Diplomacy, Level of cooperation: "+4 Pro-Allies
Neutral, Allies units can enter ... -3 Pro-Axis Neutral, income goes to axis ... -5 Axis"):
tinted and striped towards the side it leans to, its place in a badge under its name, the
marks explained in the legend; a rule system without the track draws none of it."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

import maps
from bot.render import BoardGeometry, RenderResult, load_board_geometry, render_map_result, style
from bot.render.basemap import base_layer
from bot.render.labels import text_scale
from bot.render.track import draw_badge, fill
from engine import GameState, new_game
from engine.commands import Dock
from engine.dice import NoDice
from engine.docking import dock
from engine.ids import PowerId, SpaceId
from engine.leanings import key, leaning_at
from engine.neutrals import join, with_cooperation

from .conftest import pixels

PLACES = {"spain": -3, "sweden": -4, "switzerland": -1, "turkey": 4, "saudi_arabia": 3, "afghanistan": 0}


@pytest.fixture(scope="module")
def aarhe() -> BoardGeometry:
    return load_board_geometry("aarhe")


@pytest.fixture(scope="module")
def courted() -> GameState:
    """An AARHE game with neutrals moved along the track."""
    rules = maps.load_ruleset("aarhe", unplayable=True)
    return with_cooperation(new_game(rules), {SpaceId(s): v for s, v in PLACES.items()})


@pytest.fixture(scope="module")
def picture(aarhe: BoardGeometry, courted: GameState) -> RenderResult:
    return render_map_result(courted.to_json(), aarhe, width=2000)


def _ground(result: RenderResult, board: BoardGeometry, space: str) -> np.ndarray:
    """The most common colour of the space's pixels: its ground, not its stripes."""
    ox, oy = result.map_origin
    view = result.view
    mask = base_layer(board, view).index == board.index_of[space]
    colours = pixels(result)[oy : oy + view.height, ox : ox + view.width][mask]
    values, counts = np.unique(colours, axis=0, return_counts=True)
    return values[counts.argmax()].astype(float)


def _share(colour: np.ndarray, toward: tuple[int, int, int]) -> float:
    """How far ``colour`` has moved from the neutral beige towards ``toward`` (0: not at all)."""
    start, end = np.array(style.NEUTRAL, dtype=float), np.array(style.territory_fill(toward), dtype=float)
    return float(np.dot(colour - start, end - start) / np.dot(end - start, end - start))


def _stripes(result: RenderResult, board: BoardGeometry, space: str) -> tuple[int, int, int]:
    """The most common colour where the space's hatch lines run."""
    ox, oy = result.map_origin
    view = result.view
    base = base_layer(board, view)
    mask = base.paint == base.palette.hatch[board.index_of[space]]
    colours = pixels(result)[oy : oy + view.height, ox : ox + view.width][mask]
    values, counts = np.unique(colours, axis=0, return_counts=True)
    return tuple(int(v) for v in values[counts.argmax()])  # type: ignore[return-value]


def test_a_neutral_is_tinted_towards_the_side_it_leans_to(aarhe: BoardGeometry, picture: RenderResult) -> None:
    """Spain at -3 leans to the Axis (Germany's grey on this board), Turkey at +4 to the
    Allies (the Soviet Union's red); Afghanistan at 0 keeps the neutral beige."""
    axis, allies = aarhe.power("Germany").color, aarhe.power("Soviet Union").color
    middle = _ground(picture, aarhe, "afghanistan")
    spain, turkey = _ground(picture, aarhe, "spain"), _ground(picture, aarhe, "turkey")
    assert tuple(middle) == style.NEUTRAL
    assert _share(spain, axis) > 0.3 and _share(turkey, allies) > 0.3
    assert not np.array_equal(spain, middle) and not np.array_equal(turkey, middle)
    assert np.linalg.norm(spain - np.array(style.territory_fill(axis))) < np.linalg.norm(
        spain - np.array(style.territory_fill(allies)))
    assert np.linalg.norm(turkey - np.array(style.territory_fill(allies))) < np.linalg.norm(
        turkey - np.array(style.territory_fill(axis)))


def test_the_tint_deepens_with_the_level(aarhe: BoardGeometry, picture: RenderResult) -> None:
    """-1, -3 and -4 are told apart, each further towards the Axis; +3 and +4 likewise."""
    axis, allies = aarhe.power("Germany").color, aarhe.power("Soviet Union").color
    shares = [_share(_ground(picture, aarhe, s), axis) for s in ("switzerland", "spain", "sweden")]
    assert 0 < shares[0] < shares[1] < shares[2]
    assert 0 < _share(_ground(picture, aarhe, "saudi_arabia"), allies) < _share(_ground(picture, aarhe, "turkey"), allies)


def test_stripes_take_the_sides_colour_where_its_units_may_enter(aarhe: BoardGeometry, picture: RenderResult) -> None:
    """001: "+4 Pro-Allies Neutral, Allies units can enter", "-4 ... Axis units can enter":
    Turkey at +4 and Sweden at -4 are striped in the side's own colour; Spain at -3 and Saudi
    Arabia at +3 are not yet."""
    axis, allies = aarhe.power("Germany").color, aarhe.power("Soviet Union").color
    assert _stripes(picture, aarhe, "turkey") == allies and _stripes(picture, aarhe, "sweden") == axis
    assert _stripes(picture, aarhe, "spain") != axis and _stripes(picture, aarhe, "saudi_arabia") != allies
    assert _stripes(picture, aarhe, "afghanistan") == style.NEUTRAL_HATCH


@pytest.mark.parametrize(("space", "text", "other"), [("spain", "-3", -2), ("turkey", "+4", 3),
                                                      ("afghanistan", "0", None), ("rio_de_oro", "-3", -4)])
def test_each_neutral_carries_its_place_by_its_name(
    aarhe: BoardGeometry, picture: RenderResult, space: str, text: str, other: int | None
) -> None:
    """The badge by the name reads the position as ``/game status`` writes it: the
    picture's pixels are those of a badge saying ``text`` and not those of one saying the
    next place. Rio de Oro shows Spain's place, which it follows (001 › Appendix: Neutrals)."""
    result = picture
    (badge,) = [b for b in result.badges if b.space == space]
    assert badge.mark.text == text
    x0, y0 = int(badge.rect[0]), int(badge.rect[1])
    drawn = pixels(result)[y0 : int(badge.rect[3]) + 2, x0 : int(badge.rect[2]) + 2]
    local = (badge.rect[0] - x0, badge.rect[1] - y0, badge.rect[2] - x0, badge.rect[3] - y0)
    size = round(10 * text_scale(result.view))

    def looks_like(position: int) -> bool:
        expected = Image.fromarray(drawn.copy())
        draw_badge(ImageDraw.Draw(expected), local, aarhe, leaning_at(position), size)
        return np.array_equal(np.asarray(expected), drawn)

    assert looks_like(int(text))
    assert other is None or not looks_like(other)
    ax, ay = result.anchor(aarhe, space)
    assert abs((badge.rect[0] + badge.rect[2]) / 2 - ax) < 60 and abs((badge.rect[1] + badge.rect[3]) / 2 - ay) < 30


def test_a_neutral_that_joined_is_its_new_owners_land(aarhe: BoardGeometry, courted: GameState) -> None:
    """001 › Phase 8, Diplomacy Rolls: "Territory and units goes to that player when the
    neutral moves to +5/-5": Turkey joined to the Soviet Union is drawn as Soviet land, with
    no badge."""
    joined, _ = join(courted, SpaceId("turkey"), PowerId("soviet_union"), SpaceId("sz_16"))
    result = render_map_result(joined.to_json(), aarhe, region="europe", width=1600)
    assert tuple(_ground(result, aarhe, "turkey")) == style.territory_fill(aarhe.power("Soviet Union").color)
    assert "turkey" not in {b.space for b in result.badges}
    assert "spain" in {b.space for b in result.badges}


def _legend(result: RenderResult) -> np.ndarray:
    return pixels(result)[result.map_origin[1] + result.view.height :]


def _swatches(board: BoardGeometry) -> set[tuple[int, int, int]]:
    """The ground colours the legend's track key draws on ``board`` (the middle's beige aside)."""
    marks = key(maps.load_ruleset("aarhe", unplayable=True))
    return {fill(board, m) for m in marks if m.side}


def _colours(image: np.ndarray) -> set[tuple[int, int, int]]:
    return {tuple(int(c) for c in v) for v in np.unique(image.reshape(-1, 3), axis=0)}


def test_the_legend_explains_the_marks_only_where_the_track_exists(
    aarhe: BoardGeometry, picture: RenderResult, board: BoardGeometry, opening_render: RenderResult
) -> None:
    """AARHE's legend has a swatch for each place on the track; 1942 Second Edition's has
    none, and no badge on its map."""
    assert _swatches(aarhe) <= _colours(_legend(picture))
    assert not _swatches(board) & _colours(_legend(opening_render))
    assert opening_render.badges == []


def test_docked_ships_say_where_they_are_docked(aarhe: BoardGeometry) -> None:
    """001 › Phase 8, Level of cooperation: "Docked units remain in the sea zone": the
    German fleet docked at Sweden keeps its box in Sea Zone 5, with a line saying so, which
    makes the box taller than the same fleet's undocked."""
    rules = maps.load_ruleset("aarhe", unplayable=True)
    state = new_game(rules).evolve(turn=PowerId("germany"), round=2, phase="noncombat_move", lanes={})
    docked, _ = dock(state, Dock(SpaceId("sweden")), NoDice())
    boxes = {}
    for name, game in (("free", state), ("docked", docked)):
        (stack,) = [s for s in render_map_result(game.to_json(), aarhe, width=2000).stacks
                    if s.space == "Sea Zone 5" and s.power == "Germany"]
        boxes[name] = stack
    assert boxes["docked"].text == boxes["free"].text + "  docked at Sweden"
    assert boxes["docked"].units == boxes["free"].units
    height = {name: b.box[3] - b.box[1] for name, b in boxes.items()}
    assert height["docked"] > height["free"]
