"""The battle sequence is data: the rule system lists step ids (docs/combat.md, "Steps")."""

from __future__ import annotations

from typing import Any

import pytest

import maps
from engine import BoardDataError, GameState, RuleSet, apply, parse_command
from engine.combat.handlers import battle
from engine.combat.sequence import check_battle_steps
from engine.commands import Battle
from engine.dice import FixedDice

from .combat_kit import begin, board, moved, sid
from .positions import position


def _with_battle(**battle_data: Any) -> RuleSet:
    data: dict[str, Any] = maps.load_rule_data("aa1942-2e")
    data["ruleset"] = {**data["ruleset"], "battle": {**data["ruleset"]["battle"], **battle_data}}
    return RuleSet.from_data(**data)


def test_1942_sequence(rules: RuleSet) -> None:
    """000, Phase 3, "General Combat Sequence" with the Sea Battles' Surprise Strike and
    Submerge step, Antiaircraft Artillery and bombardment before the first round."""
    assert rules.battle.steps == (
        "start", "antiaircraft", "bombard", "round", "submerge_attacker", "submerge_defender",
        "surprise_attacker", "surprise_defender", "surprise_end", "fire_attacker", "fire_defender",
        "remove", "end_round", "next_round")
    assert rules.battle.repeat_from == "round"
    assert rules.battle.raid[0] == "raid_start" and rules.battle.raid[-1] == "raid_damage"


def test_unknown_steps_fail_at_load(rules: RuleSet) -> None:
    """A step id without a function, or a round that restarts outside the list, names the culprit."""
    with pytest.raises(BoardDataError, match="unknown steps opening_fire"):
        check_battle_steps(_with_battle(steps=["start", "opening_fire", "round"]))
    with pytest.raises(BoardDataError, match="repeat_from 'reload' is not one of its steps"):
        _with_battle(repeat_from="reload")


def _karelia(rules: RuleSet) -> Any:
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"fighter": 3, "bomber": 2},
                                                       "Soviet Union": {"aaa": 1, "infantry": 1}}})
    state = moved(state, "Karelia", "Germany", "fighter", came_from="Belorussia")
    state = moved(state, "Karelia", "Germany", "bomber", came_from="Germany")
    return begin(state)[0]


def test_the_list_decides_which_steps_run(rules: RuleSet) -> None:
    """000, Antiaircraft Artillery fires before the first round because the 1942 list has
    the step; a list without it fights the same battle with no AA roll."""
    dice = FixedDice([6, 6, 6, 1, 1, 1, 6, 6, 6])
    battle(_karelia(rules), Battle(sid(_karelia(rules), "Karelia")), dice)
    assert dice.log[0][0] == "Karelia S.S.R. r1 defender 1 antiaircraft artillery @1"

    variant = _with_battle(steps=[s for s in rules.battle.steps if s != "antiaircraft"])
    dice = FixedDice([1, 1, 1, 6, 6, 6])
    state = _karelia(variant)
    battle(state, Battle(sid(state, "Karelia")), dice)
    assert [purpose for purpose, _ in dice.log][:2] == [
        "Karelia S.S.R. r1 attacker 3 fighters @3", "Karelia S.S.R. r1 attacker 2 bombers @4"]


def _asked_to_bombard(rules: RuleSet) -> tuple[GameState, FixedDice]:
    """Germany lands one infantry in Karelia from a zone with a battleship and a cruiser,
    deciding in person: only one ship may bombard, so the attacker is asked which."""
    state = position(rules, turn="Germany", phase="combat_move", spaces={
        "Sea Zone 5": {"Germany": {"transport": 1, "infantry": 1, "battleship": 1, "cruiser": 1}},
        "Karelia S.S.R.": {"Soviet Union": {"infantry": 1}}})
    dice = FixedDice([1, 6])
    for line in ["/orders power:Germany decide:self",
                 '/move units:"1 infantry" from:"Sea Zone 5" to:Karelia', "/done",
                 "/battle territory:Karelia"]:
        state = apply(state, parse_command(line, state), dice).state
    return state, dice


def test_a_stored_bombard_choice_resumes_at_the_step_that_asked(rules: RuleSet) -> None:
    """000, "Amphibious Assaults", Step 2: the attacker chooses which ships bombard; the
    choice is asked by the bombard step, which fires with the chosen ship once answered,
    also after the game was stored and read back mid-choice."""
    state, dice = _asked_to_bombard(rules)
    asked = state.combat.current
    assert asked.pending.kind == "bombard" and asked.pending.again and asked.step == "bombard"
    stored = GameState.from_json(state.to_json(), rules)
    assert stored.combat.current == asked
    after = apply(stored, parse_command('/casualties units:"1 cruiser"', stored), dice)
    assert dice.log[0][0] == "Karelia S.S.R. r1 attacker 1 cruiser @3"
    assert [e.type for e in after.events][0] == "bombard_choice"


def test_a_bombard_choice_stored_before_choices_said_again_still_fires(rules: RuleSet) -> None:
    """000, "Amphibious Assaults", Step 2, for games stored before a choice said whether its
    step runs again: such a state has no ``again`` and the battle at the step after bombard
    (the answer used to send it back). Read back, the answer still fires the chosen ship."""
    state, dice = _asked_to_bombard(rules)
    data = state.to_json()
    current = data["combat"]["current"]
    del current["pending"]["again"]
    current["step"] = rules.battle.steps[rules.battle.steps.index("bombard") + 1]
    stored = GameState.from_json(data, rules)
    assert stored.combat.current == state.combat.current
    after = apply(stored, parse_command('/casualties units:"1 cruiser"', stored), dice)
    assert dice.log[0][0] == "Karelia S.S.R. r1 attacker 1 cruiser @3"
    assert [e.type for e in after.events][0] == "bombard_choice"
