"""Team turns and the special opening round (001 = 001_4ad7942ffba8a1ea.txt, Game Sequence ›
Round Sequence), played on Revised's data with a ``[turns]`` table (tests/engine/teams_kit.py)
until the AARHE map ships."""

from __future__ import annotations

import pytest

from engine import GameState, apply, new_game
from engine.dice import FixedDice, NoDice
from engine.errors import BoardDataError, IllegalCommandError, OutOfTurnError
from engine.ids import PowerId, SpaceId
from engine.lanes import focus
from engine.notation import parse_command
from engine.summary import due_text
from tests.engine.teams_kit import TURNS, team_rules

SOVIET, GERMANY, JAPAN = PowerId("soviet_union"), PowerId("germany"), PowerId("japan")
UK, US = PowerId("united_kingdom"), PowerId("united_states")


def play(state: GameState, *lines: str, faces: list[int] | None = None) -> GameState:
    for line in lines:
        state = apply(state, parse_command(line, state), FixedDice(faces or []) if faces else NoDice()).state
    return state


def axis_turn() -> GameState:
    """Round 2 begins: the Soviet Union has played the opening round alone."""
    return play(new_game(team_rules()), *["/done"] * 5)


def test_the_opening_round_is_the_soviet_unions_alone() -> None:
    """001 › Round Sequence: "Special opening round: 1. Soviet Union. Normal rounds: 1. Axis
    2. Allies": round 1 is the Soviet Union's turn only, then Germany and Japan are both due."""
    state = new_game(team_rules())
    assert (state.round, state.turn, state.due) == (1, SOVIET, (SOVIET,))
    state = axis_turn()
    assert (state.round, state.turn) == (2, GERMANY)
    assert state.due == (GERMANY, JAPAN)
    assert state.lanes[JAPAN].phase == "develop_weapons"
    assert due_text(state).startswith("Germany to act: Develop Weapons") and "Japan to act" in due_text(state)


def test_teammates_play_their_own_phases_at_their_own_pace() -> None:
    """001 › Round Sequence: "Players on the same team perform turn sequence at their own
    rate": Germany's purchases stay Germany's while Japan buys in its own Purchase."""
    state = play(axis_turn(), "/done", '/buy units:"1 tank"')
    state = play(focus(state, JAPAN), "/done", '/buy units:"2 infantry"')
    assert (state.turn, state.phase, dict(state.purchased)) == (JAPAN, "purchase", {"infantry": 2})
    germany = focus(state, GERMANY)
    assert (germany.phase, dict(germany.purchased)) == ("purchase", {"tank": 1})
    assert germany.treasury[GERMANY] == state.treasury[GERMANY] and germany.treasury[JAPAN] == 30 - 6


def test_conduct_combat_waits_for_every_teammates_combat_move() -> None:
    """001 › Round Sequence: "Conduct Combat phase cannot be performed until all players on
    the team has completed Combat Move phase"; then the teammates fight one after the other
    in turn order (ruling: maps/aarhe/README.md), the defender's choice due in the lane of the
    battle while the other teammate plays on."""
    state = play(axis_turn(), "/done", "/done", '/move units:"3 infantry" from:Belorussia to:Karelia', "/done")
    assert (state.turn, state.due, state.lanes[GERMANY].waiting) == (JAPAN, (JAPAN,), "gate")
    with pytest.raises(OutOfTurnError, match="Germany has nothing to do now; due: Japan"):
        focus(state, GERMANY)
    state = play(state, "/done", "/done", "/orders power:soviet_union decide:self", "/done")
    assert (state.turn, state.phase, state.lanes[JAPAN].waiting) == (GERMANY, "conduct_combat", "gate")
    state = play(state, "/battle territory:Karelia", faces=[1, 1, 1])
    assert state.due == (SOVIET,) and state.actor == SOVIET
    assert GameState.from_json(state.to_json(), state.rules) == state
    state = play(state, '/casualties units:"3 infantry"', faces=[6, 6, 6, 6, 1, 1, 1, 6])
    assert state.owners[SpaceId("karelia_ssr")] == GERMANY and state.due == (GERMANY,)
    state = play(state, "/done")
    assert (state.turn, state.phase, state.due) == (GERMANY, "noncombat_move", (GERMANY, JAPAN))
    assert focus(state, JAPAN).phase == "noncombat_move"


def test_undo_never_takes_back_a_teammates_command() -> None:
    """/undo steps back only the commands of the teammate who made them: once Japan has
    acted, Germany's earlier purchase stands (001 › Round Sequence lets them act at once)."""
    state = play(axis_turn(), "/done", '/buy units:"1 tank"')
    state = play(focus(state, JAPAN), "/done", '/buy units:"2 infantry"')
    with pytest.raises(IllegalCommandError, match="Japan acted after its last command"):
        play(focus(state, GERMANY), "/undo")
    undone = play(state, "/undo")
    assert dict(undone.purchased) == {} and dict(focus(undone, GERMANY).purchased) == {"tank": 1}
    assert undone.treasury[GERMANY] == state.treasury[GERMANY]
    again = play(focus(play(focus(state, GERMANY), '/buy units:"1 infantry"'), GERMANY), "/undo")
    assert dict(again.purchased) == {"tank": 1} and dict(focus(again, JAPAN).purchased) == {"infantry": 2}


def test_a_new_team_turn_and_victory_where_the_switch_says() -> None:
    """When every teammate has ended its turn the Allies' team turn begins (001 › Round
    Sequence: "1. Axis 2. Allies"), units fresh and the turn's owners taken anew; after the
    Allies the round ends and round 3 is the Axis' again."""
    state = play(axis_turn(), *["/done"] * 3)
    state = play(state, *["/done"] * 3)
    state = play(focus(state, GERMANY), '/move units:"3 infantry" from:Belorussia to:"West Russia"', "/done", "/done")
    assert state.lanes[GERMANY].waiting == "done" and state.due == (JAPAN,)
    state = play(state, "/done", "/done")
    assert (state.round, state.turn, state.due) == (2, SOVIET, (SOVIET, UK, US))
    assert not any(u.moved or u.path for u in state.units.values())
    assert dict(state.turn_start_owners) == dict(state.owners)
    for power in (SOVIET, UK, US):
        state = play(focus(state, power), *["/done"] * 5)
    assert (state.round, state.turn, state.due) == (3, GERMANY, (GERMANY, JAPAN))


def test_a_team_turn_reads_back_from_json() -> None:
    """docs/state.md: ``lanes`` keeps each teammate's phase, purchases and wait, and the undo
    history its owner's; a save without ``lanes`` (before team turns) still loads."""
    state = play(axis_turn(), "/done", '/buy units:"1 tank"')
    state = play(focus(state, JAPAN), "/done", '/buy units:"1 infantry"')
    back = GameState.from_json(state.to_json(), state.rules)
    assert back == state
    assert dict(play(back, "/undo").purchased) == {}
    assert state.to_json()["lanes"]["Germany"] == {"phase": "purchase", "waiting": None, "purchased": {"tank": 1},
                                                  "combat": None, "research": None}
    old = new_game(team_rules().made_from or team_rules()).to_json()
    assert "lanes" not in old and GameState.from_json(old, team_rules()).lanes == {}


def test_the_turns_table_is_checked_at_load() -> None:
    """A ``[turns]`` naming an unknown side, power or phase, or a passive window after no
    phase (or after the last) or named as one of the turn's phases, fails at load, naming it."""
    rules = team_rules()
    sides = {p: rules.board.powers[p].side for p in rules.turn_order}
    for bad, word in (({"teams": ["Axis", "Neutrals"]}, "Neutrals"), ({"opening": ["italy"]}, "italy"),
                      ({"gate": "dogfight"}, "dogfight"), ({"teams": ["Axis"]}, "each side once"),
                      ({"order": 1}, "unknown keys"),
                      ({"passive": [{"after": "dogfight", "phase": "reinforcement"}]}, "not one of its phases"),
                      ({"passive": [{"after": rules.phases[-1], "phase": "reinforcement"}]}, "but the last"),
                      ({"passive": [{"after": "combat_move", "phase": "purchase"}]}, "a phase of its own")):
        with pytest.raises(BoardDataError, match=word):
            type(rules.turns).from_dict("test", bad, rules.turn_order, sides, rules.phases)
    assert rules.turns.teams(1) == ((SOVIET,),) and rules.turns.teams(2) == ((GERMANY, JAPAN), (SOVIET, UK, US))
    assert TURNS["gate"] == rules.turns.gate and SpaceId("karelia_ssr") in rules.board.spaces


def test_passive_windows_are_data_of_any_team_turn() -> None:
    """``[turns] passive`` gives the other team its windows on any rule system's data
    (Revised's, here, with AARHE's Defensive Air Support after Combat Move: 001 › Phase 3);
    a window phase nobody registered fails at load, naming it."""
    import maps
    from engine.phases import check_phases
    from engine.ruleset import RuleSet

    data = maps.load_rule_data("revised-lhtr")
    windows = [{"after": "combat_move", "phase": "defensive_air_support"}]
    data["ruleset"] = {**data["ruleset"], "turns": {**TURNS, "passive": windows}}
    rules = RuleSet.from_data(**data)
    check_phases(rules)
    state = play(new_game(rules), "/orders power:\"Soviet Union\" passive:ask", *["/done"] * 5)
    while state.window is None and state.phase != "conduct_combat":   # each teammate ends its phases
        state = play(state, "/done")
    assert state.window is not None and state.due == (SOVIET,)
    assert {lane.waiting for lane in state.lanes.values()} == {"window"}
    assert "Soviet Union to act: Defensive Air Support" in due_text(state)
    state = play(state, "/done")
    assert state.window is None and GERMANY in state.due
    data["ruleset"]["turns"] = {**TURNS, "passive": [{"after": "combat_move", "phase": "air_raid_warning"}]}
    with pytest.raises(BoardDataError, match="air_raid_warning"):
        check_phases(RuleSet.from_data(**data))
