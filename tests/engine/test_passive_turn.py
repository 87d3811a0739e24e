"""The passive side's windows of a team turn (``engine.passive``; 001 › Phase 3, Defensive
Air Support (DAS); › Phase 5, Reinforcement): standing orders pass by default, an absent
power's window closes at its deadline with no move, and a game stored in a window resumes
in it (README of maps/aarhe, rulings 87 to 92)."""

from __future__ import annotations

import pytest

import maps
from engine import GameState, IllegalCommandError, NoDice, apply, parse_command
from engine.deadline import default_command, lapses
from engine.game import new_game
from engine.ids import PowerId
from engine.lanes import windows_ahead
from tests.engine.positions import aarhe_axis_combat_moves_ended

SOVIET, GERMANY = PowerId("soviet_union"), PowerId("germany")


def _play(state: GameState, *lines: str) -> GameState:
    for line in lines:
        state = apply(state, parse_command(line, state), NoDice()).state
    return state


def test_by_default_the_passive_side_passes_and_the_battles_begin() -> None:
    """Standing orders pass by default (ruling 89): nobody is asked, and the Axis turn goes
    on at once (with nothing to fight, each teammate into its Noncombat Move)."""
    state = aarhe_axis_combat_moves_ended()
    assert state.window is None and set(state.due) == {GERMANY, PowerId("japan")}
    assert state.phase == "noncombat_move"


def test_asked_in_person_the_power_is_due_and_its_deadline_closes_the_window() -> None:
    """With ``/orders passive:ask`` the Soviet Union is due in Defensive Air Support; the
    deadline's command is a plain /done (no default move), which closes the window; the
    Axis team goes on."""
    state = aarhe_axis_combat_moves_ended("/orders passive:ask")
    assert state.window is not None and state.window.phase == "defensive_air_support"
    assert state.due == (SOVIET,) and state.actor == SOVIET
    assert lapses(state, SOVIET) and not lapses(state, GERMANY)
    assert default_command(state) is None
    after = _play(state, "/done")
    assert after.window is None and SOVIET not in after.due and GERMANY in after.due
    assert not lapses(after, GERMANY)


def test_a_passive_power_is_told_which_windows_are_still_to_come() -> None:
    """A command of the passive side out of its windows is refused saying when it acts:
    once the Axis have ended Combat Move only Reinforcement is ahead, and the Soviet Union,
    passing by default, is told how to be asked (rulings 87 and 89); a teammate is told
    nothing of the windows."""
    state = aarhe_axis_combat_moves_ended()
    assert windows_ahead(state, SOVIET) == (
        "Soviet Union acts in this turn if asked (/orders passive:ask) in Reinforcement, once Germany and Japan "
        "have ended Noncombat Move.")
    assert windows_ahead(state, GERMANY) is None


def test_a_game_stored_in_a_window_resumes_in_it() -> None:
    """The open window (its phase, the powers still due, the one acting) and the lanes that
    wait for it round-trip through JSON; the resumed game takes the window's command."""
    state = aarhe_axis_combat_moves_ended("/orders passive:ask")
    data = state.to_json()
    assert data["window"] == {"phase": "defensive_air_support", "due": ["Soviet Union"], "acting": "Soviet Union"}
    resumed = GameState.from_json(data, state.rules)
    assert resumed == state and resumed.window == state.window
    assert {lane.waiting for lane in resumed.lanes.values()} == {"window"}
    fighter = next(u for u in resumed.units_of(SOVIET) if u.kind == "fighter")
    name = resumed.board.name(fighter.space)
    line = next(f'/support units:"1 fighter" from:"{name}" to:"{resumed.board.name(n)}"'
                for n in sorted(resumed.board.neighbours(fighter.space))
                if resumed.board.spaces[n].is_land and resumed.board.allies(resumed.owners.get(n), SOVIET))
    moved = _play(resumed, line)
    assert moved.units[fighter.id].space != fighter.space and moved.window == resumed.window


def test_a_rule_system_without_windows_refuses_the_passive_order() -> None:
    """1942 gives the other side no window in a turn: ``passive:`` is refused, naming why,
    and changes nothing."""
    state = new_game(maps.load_ruleset("aa1942-2e"))
    with pytest.raises(IllegalCommandError, match="gives the other side no window"):
        _play(state, "/orders passive:ask")
