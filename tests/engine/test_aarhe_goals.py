"""AARHE's Historical Victory where scenario cases cannot say it: captures in order, the
history of "always" and "never" goals, the data's checks, the record in JSON and who sees
which goal (001 = 001_4ad7942ffba8a1ea.txt, › Appendix: Historical Victory Conditions
(optional))."""

from __future__ import annotations

from dataclasses import replace

import pytest

import maps
from engine import GameState, RuleSet, apply, new_game
from engine.control import capture
from engine.dice import FixedDice
from engine.errors import BoardDataError
from engine.goal_data import Goals
from engine.goals import goals_of, holds, own_lines, public_lines, with_goals
from engine.summary import private_lines
from engine.ids import PowerId, SpaceId
from engine.notation import parse_command

GERMANY, SOVIETS, UK, US, JAPAN = (PowerId(p) for p in ("germany", "soviet_union", "united_kingdom",
                                                         "united_states", "japan"))


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return maps.load_ruleset("aarhe", unplayable=True)


def _game(rules: RuleSet) -> GameState:
    return with_goals(new_game(rules, {"victory": "historical"}), {
        SOVIETS: ("race_to_berlin", "protect_heavy_industry", "expand_communism"),
        UK: ("race_to_berlin", "battle_for_britain", "preserve_military_might"),
        US: ("protect_the_americas", "race_to_berlin", "operation_olympic"),
        GERMANY: ("operation_sea_lion", "operation_barbarossa", "thousand_year_reich")})


def _goal(state: GameState, power: PowerId, gid: str) -> bool:
    goal = next(g for g in goals_of(state, power) if g.id == gid)
    return holds(state, power, goal.test)


def test_the_race_to_berlin_is_won_by_the_first_to_take_it(rules: RuleSet) -> None:
    """001, SOVIET UNION: "Race to Berlin ~ Capture Germany before US or UK"; the same goal of
    the UK and the US names the other two. Taken by the UK, lost and taken again by the
    Soviet Union, Berlin counts for the UK alone."""
    state = _game(rules)
    berlin = SpaceId("germany")
    state, _ = capture(state, berlin, UK)
    owners = dict(state.owners)
    owners[berlin] = GERMANY
    state, _ = capture(state.evolve(owners=owners), berlin, SOVIETS)
    assert state.goals is not None and state.goals.captures[berlin] == (UK, SOVIETS)
    assert _goal(state, UK, "race_to_berlin")
    assert not _goal(state, SOVIETS, "race_to_berlin") and not _goal(state, US, "race_to_berlin")


def test_sea_lion_is_any_capture_of_london(rules: RuleSet) -> None:
    """001, GERMANY: "Operation Sea Lion ~ Capture United Kingdom": taken once, the goal is
    met even after London is liberated."""
    state = _game(rules)
    london = SpaceId("united_kingdom")
    assert not _goal(state, GERMANY, "operation_sea_lion")
    state, _ = capture(state, london, GERMANY)
    state, _ = capture(state, london, US)
    assert state.owners[london] == UK and _goal(state, GERMANY, "operation_sea_lion")


def _end_turn(state: GameState) -> GameState:
    """``/done`` until the power to move changes (the end of its turn)."""
    power = state.turn
    while state.turn == power:
        state = apply(state, parse_command("/done", state), FixedDice([6] * 40)).state
    return state


def test_never_is_broken_by_a_capture_undone_within_the_round(rules: RuleSet) -> None:
    """001, UNITED STATES: "Protect the Americas ~ Never any Axis control of any territories in
    North or South America": Alaska in Japan's hands at the end of Japan's turn breaks it for
    good, though the United States takes it back before the round ends (README, Historical
    Victory: read at the end of every turn)."""
    state = _game(rules)
    japan_turn = state.evolve(round=2, turn=JAPAN, phase=rules.phases[-1], lanes={})
    owners = dict(japan_turn.owners)
    owners[SpaceId("alaska")] = JAPAN
    state = _end_turn(japan_turn.evolve(owners=owners))
    assert state.turn != JAPAN and not _goal(state, US, "protect_the_americas")
    owners = dict(state.owners)
    owners[SpaceId("alaska")] = US
    state = state.evolve(owners=owners)
    assert not _goal(state, US, "protect_the_americas")
    assert any("failed" in line for line in own_lines(state, US))


def test_always_holds_while_never_lost(rules: RuleSet) -> None:
    """001, UNITED KINGDOM: "Battle for Britain ~ Always in control of United Kingdom"; SOVIET
    UNION: "Protect Heavy Industry ~ Always in control of initial ICs and 15+ IPC income"."""
    state = _end_turn(_game(rules).evolve(round=2, turn=JAPAN, phase=rules.phases[-1], lanes={}))
    assert _goal(state, UK, "battle_for_britain") and _goal(state, SOVIETS, "protect_heavy_industry")
    owners = dict(state.owners)
    owners[SpaceId("caucasus")] = GERMANY
    state = _end_turn(state.evolve(owners=owners, turn=US, phase=rules.phases[-1], lanes={}))
    owners = dict(state.owners)
    owners[SpaceId("caucasus")] = SOVIETS
    assert not _goal(state.evolve(owners=owners), SOVIETS, "protect_heavy_industry")


def test_neutrals_named_if_not_neutral_count_once_they_have_an_owner(rules: RuleSet) -> None:
    """001, GERMANY: "Establish Lebensraum ~ ... Switzerland (if not neutral) and Spain (if not
    neutral)": met with both neutral; once Spain joins the Allies, not met until Germany
    holds it."""
    state = with_goals(new_game(rules, {"victory": "historical"}), {GERMANY: ("establish_lebensraum",
                                                                              "operation_barbarossa", "grossdeutschland")})
    assert _goal(state, GERMANY, "establish_lebensraum")
    owners = dict(state.owners)
    owners[SpaceId("spain")] = UK
    assert not _goal(state.evolve(owners=owners), GERMANY, "establish_lebensraum")
    owners[SpaceId("spain")] = GERMANY
    assert _goal(state.evolve(owners=owners), GERMANY, "establish_lebensraum")


def test_the_record_survives_json(rules: RuleSet) -> None:
    """The goals, what was taken and what broke are part of the saved game."""
    state = _game(rules)
    state, _ = capture(state, SpaceId("germany"), SOVIETS)
    back = GameState.from_json(state.to_json(), state.rules)
    assert back.goals == state.goals


def test_own_goals_are_private_and_revealed_ones_public(rules: RuleSet) -> None:
    """001: goals are secret until "achieved and maintained ... after one game round": a
    nation's player sees its goals with their progress; everyone sees only what is revealed."""
    state = _game(rules)
    assert own_lines(state, GERMANY)[0] == "Germany's goal Operation Sea Lion (not met): Capture United Kingdom."
    assert public_lines(state) == []
    record = state.goals
    assert record is not None
    state = state.evolve(round=3, goals=replace(record, since={"germany/operation_sea_lion": 1},
                                                revealed={"germany/operation_sea_lion": 2}))
    assert public_lines(state) == ["Germany's goals revealed: Operation Sea Lion (achieved at the end of round 2)."]


def test_goals_name_only_territories_of_the_board(rules: RuleSet) -> None:
    """A goal naming a territory the board does not have fails at load, naming it; Italy's
    goals (001, ITALY) are read only on a board with Italy (README, ruling 1)."""
    data = {"goals": {"germany": {"g": {"name": "G", "text": "t", "test": {"control": ["malta"]}}}}}
    with pytest.raises(BoardDataError, match="unknown territory 'malta'"):
        Goals.from_dict("goals.toml", data, rules.board)
    assert PowerId("italy") not in rules.goals.by_power
    assert len(rules.goals.by_power[GERMANY]) == 6


def test_a_goal_achieved_opens_the_sealed_draw_that_chose_it(rules: RuleSet) -> None:
    """001: goals are "randomly chosen" and "revealed" once achieved and held a round: the
    sealed draw that chose Operation Barbarossa (Germany's 4th goal) is opened with it, the
    others stay sealed (engine.dice, sealed draws)."""
    state = new_game(rules, {"victory": "historical"})
    owners = dict(state.owners)
    owners[SpaceId("russia")] = GERMANY
    gone = [u.id for u in state.units_at(SpaceId("russia"))]
    state = state.with_units(removed=gone).evolve(owners=owners, round=2, turn=US, phase=rules.phases[-1], lanes={})
    dice = FixedDice([1, 2, 3, 4, 5, 6, 1, 2, 3, 1, 2, 3, 1, 2, 3])
    state = apply(state, parse_command("/done", state), dice).state
    assert dice.sealed_log[3] == ("Germany national goal draw 1", [4])
    assert state.goals is not None and state.goals.drawn[GERMANY] == ("operation_barbarossa", "operation_sea_lion",
                                                                      "thousand_year_reich")
    events = []
    while state.round == 3:
        outcome = apply(state, parse_command("/done", state), FixedDice([6] * 40))
        state, events = outcome.state, events + list(outcome.events)
    opened = [e for e in events if e.type == "sealed_reveal"]
    assert [(e.data["power"], e.data["purpose"], list(e.data["faces"])) for e in opened] == [
        ("Germany", "Germany national goal draw 1", [4])]
    assert "Germany's goals revealed: Operation Barbarossa" in public_lines(state)[0]


def test_status_shows_a_player_only_their_own_goals(rules: RuleSet) -> None:
    """001: goals are secret until revealed: /game status asked by the player of the Axis
    lists Germany's goals with their progress, none of the Allies'."""
    state = _game(rules)
    lines = private_lines(state, ["germany", "japan"])
    assert lines[0] == "Germany's goal Operation Sea Lion (not met): Capture United Kingdom."
    assert all(line.startswith("Germany's goal") for line in lines) and len(lines) == 3
    assert private_lines(state, []) == []
