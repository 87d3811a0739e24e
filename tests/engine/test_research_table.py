"""Research read on a die-face table, in effect at once, and developments that change
prices: Classic's research (004 = 004_393aeba10bd8625e.txt, §4 and §17), on Revised's
board with the ``[technology]`` table swapped for Classic's way of rolling."""

from __future__ import annotations

from copy import copy
from typing import Any

import pytest

import maps
from engine import GameState, RuleSet, apply, new_game
from engine.dice import FixedDice
from engine.errors import BoardDataError, IllegalCommandError
from engine.ids import PowerId
from engine.notation import format_command, parse_command
from engine.technology import Technology

SOVIET = PowerId("soviet_union")

TABLE: dict[str, Any] = {
    "die_cost": 5, "method": "table", "effect": "immediate", "breakthrough": 6,
    "developments": {
        "jet_fighters": {"name": "Jet Power", "roll": 1, "aliases": ["jets"]},
        "super_submarines": {"name": "Super Subs", "roll": 2},
        "industrial_technology": {"name": "Industrial Technology", "roll": 3, "cost_modifier": -1},
        "rockets": {"name": "Rockets", "roll": 4},
        "long_range_aircraft": {"name": "Long Range Aircraft", "roll": 5},
        "heavy_bombers": {"name": "Heavy Bombers", "roll": 6},
    },
}


@pytest.fixture(scope="module")
def table_rules() -> RuleSet:
    rules = copy(maps.load_ruleset("revised-lhtr", unplayable=True))
    rules.technology = Technology.from_dict("test", TABLE)
    return rules


def _research(state: GameState, line: str, faces: list[int]) -> tuple[GameState, FixedDice, list[str]]:
    dice = FixedDice(faces)
    outcome = apply(state, parse_command(line, state), dice)
    return outcome.state, dice, [e.text for e in outcome.events]


def test_a_six_breaks_through_and_the_table_picks(table_rules: RuleSet) -> None:
    """004 §4 item 01: "pay all the "research" money you wish to spend to the bank, then roll
    the dice you bought all at once"; a "6" is the breakthrough and §17 "At 1 Dice face Jet
    Power" gives the development. Both rolls are the game's dice, named by purpose."""
    state, dice, texts = _research(new_game(table_rules), "/research dice:3", [2, 6, 4, 1])
    assert dice.log == [("Soviet Union research @6", [2, 6, 4]),
                        ("Soviet Union breakthrough 1 on the development table", [1])]
    assert state.treasury[SOVIET] == 24 - 15
    assert state.research is not None
    assert (state.research.development, state.research.gained) == (None, ("jet_fighters",))
    assert "1 on the development table is Jet Power" in " ".join(texts)


def test_the_development_improves_units_already_on_the_board_at_once(table_rules: RuleSet) -> None:
    """004 §4 item 02: "all of your present units of that type are immediately improved, not
    just the new ones"; item 05: fighters then defend at 5 (rulesets.md edge case 67), in
    the same phase, before any unit is bought."""
    state = new_game(table_rules)
    fighters = [u for u in state.units_of(SOVIET) if u.kind == "fighter"]
    assert fighters
    before = table_rules.hooks.unit_values(state, fighters, "defender")
    state, _, texts = _research(state, "/research dice:1", [6, 1])
    assert state.phase == "develop_weapons"
    assert state.tech[SOVIET] == ("jet_fighters",)
    assert set(before.values()) == {4}
    assert set(table_rules.hooks.unit_values(state, fighters, "defender").values()) == {5}
    assert "Soviet Union now has Jet Power." in texts


def test_a_face_already_had_is_rolled_again(table_rules: RuleSet) -> None:
    """004 §17 gives one development per face; a face naming a development the power has is
    rolled again (ruling of README of classic-3e), each reroll logged."""
    state = new_game(table_rules)
    state = state.evolve(tech={SOVIET: ("jet_fighters",)})
    state, dice, texts = _research(state, "/research dice:1", [6, 1, 1, 3])
    assert [purpose for purpose, _ in dice.log] == [
        "Soviet Union research @6", *["Soviet Union breakthrough 1 on the development table"] * 3]
    assert state.tech[SOVIET] == ("jet_fighters", "industrial_technology")
    assert sum("which Soviet Union has; it rolls again" in t for t in texts) == 2


def test_each_six_is_a_breakthrough(table_rules: RuleSet) -> None:
    """004 §4 item 01: all dice are rolled at once and each "6" counts; two sixes give two
    developments (a second face equal to the first is rolled again)."""
    state, dice, _ = _research(new_game(table_rules), "/research dice:4", [6, 3, 6, 5, 2, 2, 4])
    assert state.research is not None
    assert state.research.gained == ("super_submarines", "rockets")
    assert dice.log[-1] == ("Soviet Union breakthrough 2 on the development table", [4])


def test_no_six_no_breakthrough(table_rules: RuleSet) -> None:
    """004 §4 item 01: the money is paid first; without a "6" it is spent for nothing."""
    state, dice, texts = _research(new_game(table_rules), "/research dice:2", [5, 1])
    assert len(dice.log) == 1
    assert state.treasury[SOVIET] == 14 and state.tech.get(SOVIET, ()) == ()
    assert "no 6, no breakthrough" in texts[0]


def test_naming_a_development_is_refused_where_the_table_picks(table_rules: RuleSet) -> None:
    """004 §17: the die face, not the player, picks the development; a named one is refused
    with the line to type, and nothing is paid or rolled."""
    state = new_game(table_rules)
    with pytest.raises(IllegalCommandError, match=r"buy dice only, e.g. /research dice:2") as refused:
        apply(state, parse_command("/research tech:jets dice:1", state), FixedDice([6, 1]))
    assert refused.value.reason == "research.table_picks"


def test_research_is_rolled_once_a_turn(table_rules: RuleSet) -> None:
    """004 §4 item 01: "Do not roll one die at a time until you get a "6"": a second
    /research in the same turn is refused."""
    state, _, _ = _research(new_game(table_rules), "/research dice:1", [2])
    with pytest.raises(IllegalCommandError, match="rolled at once") as refused:
        apply(state, parse_command("/research dice:1", state), FixedDice([6, 1]))
    assert refused.value.reason == "research.once"


def test_industrial_technology_lowers_prices_not_research_dice(table_rules: RuleSet) -> None:
    """004 §17: "Units will cost 1 IPC less each"; §4 item 03: it "does NOT reduce the cost of
    future development dice rolls from 5 IPC to 4 IPC"."""
    state, _, _ = _research(new_game(table_rules), "/research dice:1", [6, 3])
    assert state.treasury[SOVIET] == 19
    while state.phase != "purchase":
        state = apply(state, parse_command("/done", state), FixedDice([])).state
    outcome = apply(state, parse_command('/buy units:"3 infantry, 1 tank"', state), FixedDice([]))
    assert outcome.state.treasury[SOVIET] == 19 - (3 * 2 + 4)
    assert "for 10 IPCs" in outcome.events[0].text
    assert table_rules.technology.die_cost == 5


def test_a_table_result_reads_back(table_rules: RuleSet) -> None:
    """docs/state.md: the JSON gives back the same state, a table roll (no development named)
    included; a record from before ``gained`` existed reads its development as gained."""
    state, _, _ = _research(new_game(table_rules), "/research dice:1", [6, 5])
    data = state.to_json()
    assert data["research"]["development"] is None and data["research"]["gained"] == ["long_range_aircraft"]
    assert GameState.from_json(data, table_rules).research == state.research
    command = parse_command("/research dice:1", state)
    assert format_command(command, state) == "/research dice:1"
    old = {**data["research"], "development": "long_range_aircraft"}
    del old["gained"]
    back = GameState.from_json({**data, "research": old}, table_rules)
    assert back.research is not None and back.research.gained == ("long_range_aircraft",)


@pytest.mark.parametrize(("change", "message"), [
    ({"method": "pick"}, "method must be one of chosen, table"),
    ({"effect": "later"}, "effect must be one of mobilize, immediate"),
    ({"developments": {"a": {"name": "A", "roll": 1}, "b": {"name": "B", "roll": 1}}}, "one development"),
])
def test_bad_table_fails_at_load(change: dict[str, Any], message: str) -> None:
    """A rule system's research data is checked when it loads, naming what is wrong."""
    with pytest.raises(BoardDataError, match=message):
        Technology.from_dict("x/ruleset.toml", {**TABLE, **change})


def test_revised_still_needs_a_development() -> None:
    """003, Phase 1, Step 1: "Choose a development"; /research without one is refused with
    an example."""
    rules = maps.load_ruleset("revised-lhtr", unplayable=True)
    state = new_game(rules)
    with pytest.raises(IllegalCommandError, match="Name the development") as refused:
        apply(state, parse_command("/research dice:1", state), FixedDice([1]))
    assert refused.value.reason == "research.choose"
