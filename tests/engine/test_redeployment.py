"""Strategic Redeployment's data and what ``/game status`` says of it (``engine.redeployment``).
The moves themselves are scenario cases (``tests/scenarios/aarhe/redeploy-*.case``,
001 › Phase 5, Strategic Redeployment (optional))."""

from __future__ import annotations

from typing import Any

import pytest

import maps
from engine import BoardDataError, GameState, NoDice, RuleSet, apply, economy_lines, parse_command
from tests.engine.positions import position


def _rules(table: dict[str, Any]) -> RuleSet:
    data: dict[str, Any] = maps.load_rule_data("aarhe")
    data["ruleset"] = {**data["ruleset"], "redeployment": table}
    return RuleSet.from_data(**data)


@pytest.mark.parametrize(("table", "message"), [
    ({"rail": {}}, "unknown key 'rail'"),
    ({"points": {"italy": 4}}, "unknown power 'italy'"),
    ({"points": {"germany": -1}}, "points of germany = -1 must be a whole number from 0"),
])
def test_a_bad_table_fails_at_load_naming_it(table: dict[str, Any], message: str) -> None:
    """Data errors are found when the rule system loads, not in a game."""
    with pytest.raises(BoardDataError, match=message):
        _rules(table)


def _germany(options: dict[str, Any]) -> GameState:
    rules = maps.load_ruleset("aarhe", unplayable=True)
    return position(rules, turn="Germany", phase="noncombat_move", round=2, spaces={"Germany": {"Germany": {
        "infantry": 3}}}, options=rules.resolve_options(options))


def test_status_shows_the_rail_points_left_and_undo_gives_them_back() -> None:
    """001 › Phase 5: "You have a number of free “rail” points per turn"; Germany has 8, and
    each unit redeployed spends one; the count is read back from the saved game."""
    state = _germany({"optional_rules": "strategic_redeployment"})
    line = "Strategic Redeployment, rail points left this turn: Germany {} of 8."
    assert line.format(8) in economy_lines(state)
    moved = apply(state, parse_command('/redeploy units:"2 infantry" from:Germany to:"Eastern Europe"', state),
                  NoDice()).state
    assert line.format(6) in economy_lines(moved)
    again = GameState.from_json(moved.to_json(), moved.rules)
    assert again == moved and line.format(6) in economy_lines(again)
    undone = apply(again, parse_command("/undo", again), NoDice()).state
    assert line.format(8) in economy_lines(undone)


def test_status_says_nothing_of_it_in_a_game_without_the_option() -> None:
    """The rule is optional (001 › Phase 5, Strategic Redeployment (optional))."""
    assert not any("rail points" in line for line in economy_lines(_germany({})))
