"""The board fields a rule system may add (docs/map.md, Board data) are checked at load: a
wrong one fails naming the space and what is wrong, so a typing slip in a board file never
reaches a game."""

from __future__ import annotations

from typing import Any

import pytest

import maps
from engine.errors import BoardDataError
from engine.ruleset import RuleSet


def _load_with(territory: dict[str, Any] | None = None, **board: Any) -> RuleSet:
    """AARHE's rules with one territory entry changed or one board table replaced."""
    data = maps.load_rule_data("aarhe")
    changed = {**data["board"], **board}
    if territory is not None:
        changed["territory"] = [{**t, **territory} if t["id"] == territory["id"] else t
                                for t in changed["territory"]]
    return RuleSet.from_data(**{**data, "board": changed})


@pytest.mark.parametrize(("territory", "message"), [
    ({"id": "sahara", "terrain": "swamp"}, "sahara has terrain 'swamp', not one of ('desert', 'snowy', 'mountainous')"),
    ({"id": "spain", "diplomacy": 6}, "spain starts at 6 on the track, not -5 to +5"),
    ({"id": "germany", "troops": {"infantry": 1}}, "germany has troops, diplomacy or held_by but is not neutral"),
    ({"id": "rio_de_oro", "held_by": "western_europe"}, "rio_de_oro is held by 'western_europe', which is not a neutral"),
    ({"id": "sweden", "troops": {"ski_troops": 2}}, "the troops of sweden name unknown unit types ['ski_troops']"),
])
def test_a_wrong_territory_field_is_named(territory: dict[str, Any], message: str) -> None:
    with pytest.raises(BoardDataError) as refused:
        _load_with(territory)
    assert message in str(refused.value)


@pytest.mark.parametrize(("board", "message"), [
    ({"strait": [{"id": "s", "sea_zones": ["sz_05", "sz_07"], "guarded_by": {"germany": 1}}]},
     "strait s must join two adjacent sea zones, not 'sz_05' and 'sz_07'"),
    ({"strait": [{"id": "s", "sea_zones": ["sz_06", "sz_07"], "guarded_by": {"sz_08": 1}}]},
     "strait s is guarded by unknown territory 'sz_08'"),
    ({"strait": [{"id": "s", "sea_zones": ["sz_06", "sz_07"], "guarded_by": {"germany": 7}}]},
     "strait s: germany's die hits on 7, not 1 to 6"),
    ({"convoy_regions": {"North": ["sz_01"], "South": ["sz_01"]}}, "sz_01 is in two convoy regions, 'North' and 'South'"),
    ({"convoy_regions": {"North": ["germany"]}}, "convoy region 'North' lists 'germany', which is not a sea zone"),
])
def test_a_wrong_strait_or_convoy_region_is_named(board: dict[str, Any], message: str) -> None:
    with pytest.raises(BoardDataError) as refused:
        _load_with(**board)
    assert message in str(refused.value)
