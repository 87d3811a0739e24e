"""A rule system's ``[[restriction]]`` tables (``engine.restrictions``): checked at load,
and the capitals that lift them kept in the saved game. The rules themselves are scenario
cases (``tests/scenarios/aarhe/restrictions-*.case``, 001 › Phase 3)."""

from __future__ import annotations

from typing import Any

import pytest

import maps
from engine import BoardDataError, GameState, RuleSet
from engine.control import capture
from engine.game import new_game
from engine.ids import PowerId, SpaceId

XENOPHOBIA = {"name": "Stalinist Xenophobia", "powers": ["united_kingdom", "united_states"],
              "keep_out_original": ["soviet_union"], "keep_out": ["west_russia"], "liberator_keeps": ["soviet_union"],
              "until_captured": ["russia"]}
"""001 › Phase 3, Stalinist Xenophobia, on the AARHE board."""


def _rules(*tables: dict[str, Any]) -> RuleSet:
    data: dict[str, Any] = maps.load_rule_data("aarhe")
    data["ruleset"] = {**data["ruleset"], "restriction": list(tables)}
    return RuleSet.from_data(**data)


@pytest.mark.parametrize(("change", "message"), [
    ({"keep_away": ["russia"]}, "unknown key 'keep_away'"),
    ({"powers": ["italy"]}, "powers names unknown power 'italy'"),
    ({"keep_out": ["sz_5"]}, "keep_out names 'sz_5', which is no territory of the board"),
    ({"until_captured": ["caucasus"]}, "until_captured must name capitals"),
    ({"until_captured": []}, "until_captured must name capitals"),
])
def test_a_bad_table_fails_at_load_naming_it(change: dict[str, Any], message: str) -> None:
    """Data errors are found when the rule system loads, not in a game."""
    with pytest.raises(BoardDataError, match=message):
        _rules({**XENOPHOBIA, **change})


def test_the_original_territories_are_kept_out_with_the_named_ones() -> None:
    """001 › Phase 3: "any original Soviet territories plus West Russia, Belorussia and Ukraine"."""
    (r,) = _rules(XENOPHOBIA).restrictions
    assert {"russia", "caucasus", "karelia_ssr", "west_russia"} <= r.keep_out
    assert "belorussia" not in r.keep_out and "persia" not in r.keep_out


def test_a_captured_capital_is_kept_in_the_saved_game_after_its_liberation() -> None:
    """001 › Phase 3: "Before the axis captures the Soviet capital Moscow": the capture is
    remembered, and a liberation does not take it back (README, ruling 49)."""
    rules = maps.load_ruleset("aarhe", unplayable=True)
    state = new_game(rules, rules.option_defaults())
    taken, _ = capture(state, SpaceId("russia"), PowerId("germany"))
    back, _ = capture(taken, SpaceId("russia"), PowerId("soviet_union"))
    assert back.owners[SpaceId("russia")] == "soviet_union"
    assert back.fallen == frozenset({"russia"})
    assert GameState.from_json(back.to_json(), rules).fallen == back.fallen
    assert capture(state, SpaceId("persia"), PowerId("united_kingdom"))[0].fallen == frozenset()
