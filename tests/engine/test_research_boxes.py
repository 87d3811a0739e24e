"""Research by progress boxes, AARHE's way (001 = 001_4ad7942ffba8a1ea.txt, › Purchase
Developments and › Phase 7: Develop Weapons), on Revised's board with the ``[technology]``
table swapped for boxes: the method is data, not a rule system of its own."""

from __future__ import annotations

from copy import copy
from typing import Any

import pytest

import maps
from engine import GameState, RuleSet, apply, economy_lines, new_game
from engine.dice import FixedDice
from engine.errors import BoardDataError, IllegalCommandError, RulesError
from engine.ids import PowerId
from engine.notation import parse_command
from engine.technology import Technology

SOVIET, GERMANY = PowerId("soviet_union"), PowerId("germany")

BOXES: dict[str, Any] = {
    "die_cost": 5, "method": "boxes", "effect": "immediate", "hit": 2,
    "dice": {"soviet_union": {"free": 1, "purchasable": 3}, "germany": {"free": 2, "purchasable": 4}},
    "developments": {
        "jet_plane": {"name": "Jet Plane", "aliases": ["jets"], "boxes": 4, "head_start": {"germany": 1}, "new_units": ["fighter"]},
        "long_range_aircraft": {"name": "Long Range Aircraft", "boxes": 3, "aliases": ["lra"]},
        "advanced_production": {"name": "Advanced Production", "boxes": 4, "unit_costs": {"fighter": -1}},
    },
}


@pytest.fixture(scope="module")
def boxes_rules() -> RuleSet:
    rules = copy(maps.load_ruleset("revised-lhtr", unplayable=True))
    rules.technology = Technology.from_dict("test", BOXES)
    rules.commands = (*rules.commands, "research")
    return rules


def _play(state: GameState, line: str, faces: list[int] | None = None) -> tuple[GameState, FixedDice, list[str]]:
    dice = FixedDice(faces or [])
    outcome = apply(state, parse_command(line, state), dice)
    return outcome.state, dice, [e.text for e in outcome.events]


def _at(state: GameState, phase: str) -> GameState:
    """Play on with ``/done`` to ``phase`` (Revised's order: Develop Weapons comes first, so
    tests of dice bought in Purchase step to Develop Weapons by hand)."""
    while state.phase != phase:
        state = apply(state, parse_command("/done", state), FixedDice([])).state
    return state


def test_free_dice_are_assigned_and_a_low_die_fills_a_box(boxes_rules: RuleSet) -> None:
    """001 › Phase 7: "Assign all free and purchased dice ... Each die hits on a 2 or less.
    Tick off one progress box for each hit." The Soviet Union's one free die (001 ›
    Purchase Developments) on Long Range Aircraft."""
    state = new_game(boxes_rules)
    assert state.phase == "develop_weapons"
    state, dice, texts = _play(state, "/research tech:lra dice:1", [2])
    assert dice.log == [("Soviet Union research Long Range Aircraft @2", [2])]
    assert state.progress[SOVIET]["long_range_aircraft"] == 1
    assert "1 hit, 1 of 3 boxes" in texts[0]
    assert state.treasury[SOVIET] == 24


def test_a_three_misses(boxes_rules: RuleSet) -> None:
    """001 › Phase 7: a die hits "on a 2 or less"."""
    state, _dice, texts = _play(new_game(boxes_rules), "/research tech:lra dice:1", [3])
    assert state.progress[SOVIET]["long_range_aircraft"] == 0
    assert "no hit" in texts[0]


def test_dice_roll_only_once_all_are_assigned(boxes_rules: RuleSet) -> None:
    """001 › Phase 7: "Assign all free and purchased dice to technologies before rolling":
    Germany's two free dice, one on each development, roll together after the second."""
    state = new_game(boxes_rules).evolve(turn=GERMANY)
    state, dice, texts = _play(state, "/research tech:jets dice:1")
    assert dice.log == [] and "1 research die left to assign" in texts[0]
    state, dice, _texts = _play(state, "/research tech:lra dice:1", [1, 1])
    assert [purpose for purpose, _f in dice.log] == ["Germany research Jet Plane @2",
                                                    "Germany research Long Range Aircraft @2"]
    assert dict(state.progress[GERMANY]) == {"jet_plane": 2, "long_range_aircraft": 1}


def test_the_last_box_completes_the_technology_at_once(boxes_rules: RuleSet) -> None:
    """001 › Phase 7: "Technologies researched are effective immediately"; edge case 56 of the
    digest: Germany at 1 of 4 Jet Plane boxes rolls three hits and completes it."""
    state = new_game(boxes_rules).evolve(turn=GERMANY, phase="purchase", treasury={GERMANY: 40})
    state, _dice, texts = _play(state, "/research dice:4")
    assert state.treasury[GERMANY] == 20 and "rolls 6 research dice" in texts[0]
    state = state.evolve(phase="develop_weapons")
    state, _dice, texts = _play(state, "/research tech:jets dice:6", [1, 2, 2, 5, 6, 4])
    assert state.progress[GERMANY]["jet_plane"] == 4
    assert state.tech[GERMANY] == ("jet_plane",)
    assert "Jet Plane is complete" in " ".join(texts)


def test_only_units_built_afterwards_carry_the_development(boxes_rules: RuleSet) -> None:
    """001 › Phase 7, Jet Plane: "Fighters and Bombers built after getting Jet Plane
    technology"; the fact is the unit's and survives JSON."""
    state = new_game(boxes_rules).evolve(turn=GERMANY, phase="purchase", tech={GERMANY: ("jet_plane",)},
                                         treasury={GERMANY: 40})
    old = {u.id for u in state.units.values() if u.kind == "fighter" and u.owner == GERMANY}
    state, _dice, _texts = _play(state, '/buy units:"1 fighter, 1 infantry"')
    state = _at(state, "mobilize")
    state, _dice, _texts = _play(state, '/place units:"1 fighter, 1 infantry" territory:Germany')
    new = [u for u in state.units.values() if u.owner == GERMANY and u.id not in old and u.kind == "fighter"]
    assert [u.built_with for u in new] == [frozenset({"jet_plane"})]
    assert all(not state.units[i].built_with for i in old)
    infantry = [u for u in state.units.values() if u.owner == GERMANY and u.kind == "infantry" and u.id > max(old)]
    assert infantry and not infantry[0].built_with
    back = GameState.from_json(state.to_json(), boxes_rules)
    assert back == state and back.units[new[0].id].built_with == {"jet_plane"}


def test_a_price_cut_for_some_unit_types(boxes_rules: RuleSet) -> None:
    """001 › Phase 7, Advanced Production: "Fighters ... cost 1 IPC less"; others keep theirs."""
    state = new_game(boxes_rules).evolve(turn=GERMANY, phase="purchase", tech={GERMANY: ("advanced_production",)},
                                         treasury={GERMANY: 40})
    state, _dice, _texts = _play(state, '/buy units:"1 fighter, 1 infantry"')
    assert state.treasury[GERMANY] == 40 - 9 - 3


@pytest.mark.parametrize(("line", "reason", "fragment"), [
    ("/research dice:5", "research.too_many", "Germany may buy at most 4 research dice a turn; you asked for 5"),
    ("/research tech:jets dice:1", "research.assign_later", "/research dice:1"),
    ("/research dice:0", "research.no_dice", "at least 1"),
])
def test_buying_dice_is_checked(boxes_rules: RuleSet, line: str, reason: str, fragment: str) -> None:
    """001 › Purchase Developments: Germany's "Purchasable" count is 4; dice are assigned in
    Develop Weapons (001 › Phase 7)."""
    state = new_game(boxes_rules).evolve(turn=GERMANY, phase="purchase", treasury={GERMANY: 40})
    with pytest.raises(IllegalCommandError) as err:
        _play(state, line)
    assert err.value.reason == reason and fragment in str(err.value)


def test_dice_bought_count_against_the_limit_for_the_turn(boxes_rules: RuleSet) -> None:
    """001 › Purchase Developments: at most the purchasable count a turn, over several buys."""
    state = new_game(boxes_rules).evolve(turn=GERMANY, phase="purchase", treasury={GERMANY: 40})
    state, _dice, _texts = _play(state, "/research dice:3")
    with pytest.raises(IllegalCommandError, match="has bought 3; you asked for 2 more"):
        _play(state, "/research dice:2")
    state, _dice, texts = _play(state, "/undo")
    assert state.treasury[GERMANY] == 40 and "Took back" in texts[0]


def test_assigning_more_dice_than_due_or_to_a_complete_technology_is_refused(boxes_rules: RuleSet) -> None:
    """001 › Phase 7: only the free and purchased dice are assigned; a complete technology has
    no box left."""
    state = new_game(boxes_rules)
    with pytest.raises(IllegalCommandError, match="has 1 research die left to assign this turn"):
        _play(state, "/research tech:lra dice:2")
    full = state.evolve(progress={SOVIET: {"long_range_aircraft": 3}})
    with pytest.raises(IllegalCommandError, match="has completed Long Range Aircraft"):
        _play(full, "/research tech:lra dice:1")
    with pytest.raises(IllegalCommandError, match="Name the technology"):
        _play(state, "/research dice:1")


def test_done_before_assigning_leaves_the_dice_unrolled(boxes_rules: RuleSet) -> None:
    """001 › Phase 7: dice roll only once all are assigned; ending the phase first rolls none."""
    state, dice, texts = _play(new_game(boxes_rules), "/done")
    assert dice.log == [] and "not rolled this turn" in texts[0]


def test_progress_reads_back(boxes_rules: RuleSet) -> None:
    """The boxes and the dice of the round survive JSON (docs/state.md), and so does the
    step back over an assignment, so /undo read from JSON needs no replay."""
    state = new_game(boxes_rules).evolve(turn=GERMANY, phase="purchase", treasury={GERMANY: 40})
    state, _dice, _texts = _play(state, "/research dice:2")
    state = state.evolve(phase="develop_weapons")
    state, _dice, _texts = _play(state, "/research tech:jets dice:1")
    back = GameState.from_json(state.to_json(), boxes_rules)
    assert back == state and back.labs[GERMANY].assigned == (("jet_plane", 1),)
    assert back.before is not None and back.before == state.before and back.before.labs[GERMANY].assigned == ()


@pytest.mark.parametrize(("change", "message"), [
    ({"hit": 0}, "hit 1 to 6"),
    ({"developments": {"x": {"name": "X", "boxes": 0}}}, "boxes >= 1"),
    ({"developments": {"x": {"name": "X", "boxes": 3, "head_start": {"germany": 3}}}}, "head starts below"),
])
def test_bad_boxes_table_fails_at_load(change: dict[str, Any], message: str) -> None:
    with pytest.raises(BoardDataError, match=message):
        Technology.from_dict("test", {**BOXES, **change})


def test_unknown_names_fail_at_load() -> None:
    """A power or unit type the table names must exist in the rule system."""
    tech = Technology.from_dict("test", {**BOXES, "dice": {"italy": {"free": 1, "purchasable": 2}}})
    with pytest.raises(BoardDataError, match="unknown power 'italy'"):
        tech.check_names("test", ("germany",), ("fighter",))


def test_revised_does_not_buy_research_dice_in_purchase() -> None:
    """003, Phase 1: Revised buys its dice in Develop Weapons, so Purchase refuses /research."""
    rules = maps.load_ruleset("revised-lhtr", unplayable=True)
    state = new_game(rules).evolve(phase="purchase")
    with pytest.raises(RulesError, match="belongs to Develop Weapons"):
        _play(state, "/research dice:1")


def test_status_shows_the_boxes_and_the_dice_of_the_round(boxes_rules: RuleSet) -> None:
    """Players see their progress in /game status (001 › Phase 7: head starts count)."""
    state = new_game(boxes_rules).evolve(turn=GERMANY, phase="purchase", treasury={GERMANY: 40})
    state, _dice, _texts = _play(state, "/research dice:1")
    lines = economy_lines(state)
    assert "Research boxes filled: Soviet Union: none; Germany: Jet Plane 1/4;" in lines[-2]
    assert lines[-1] == "Germany's research dice this round: 2 free, 1 bought (at most 4), 0 assigned."
