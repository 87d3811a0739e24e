"""AARHE's victory by victory city points held for a full round, and its economic mode
(001 = 001_4ad7942ffba8a1ea.txt, › Victory Conditions, › Victory Cities)."""

from __future__ import annotations

import pytest

import maps
from engine import GameState, RuleSet, apply, new_game
from engine.dice import FixedDice
from engine.ids import PowerId, SpaceId
from engine.notation import parse_command
from engine.summary import economy_lines
from engine.victory import victory_points

GERMANY = PowerId("germany")
SOVIET_CITIES = (SpaceId("russia"), SpaceId("caucasus"), SpaceId("karelia_ssr"))


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return maps.load_ruleset("aarhe", unplayable=True)


def _axis_at_47(rules: RuleSet, options: dict[str, object] | None = None) -> GameState:
    """The last power's last phase of round 2 (the first normal round, its teammates done),
    the Axis holding Moscow, Stalingrad and
    Leningrad (with Astrakhan) besides their own cities: 33 + 6 + 5 + 3 = 47 points (001 › Victory Cities), no
    unit left in those three territories."""
    state = new_game(rules, options)
    owners = dict(state.owners)
    owners.update({s: GERMANY for s in SOVIET_CITIES})
    gone = [u.id for u in state.units.values() if u.space in SOVIET_CITIES]
    return state.with_units(removed=gone).evolve(owners=owners, round=2, turn=state.rules.turn_order[-1],
                                                 phase=state.rules.phases[-1], lanes={})


def _end_round(state: GameState) -> tuple[GameState, list[str]]:
    """``/done`` until the round ends (every phase of every power), and the event types."""
    start, kinds = state.round, []
    while state.round == start and not state.is_over:
        outcome = apply(state, parse_command("/done", state), FixedDice([6] * 40))
        state = outcome.state
        kinds += [e.type for e in outcome.events]
    return state, kinds


def test_the_points_on_the_board_add_up(rules: RuleSet) -> None:
    """001 › Victory Cities: Germany 18 and Japan 15 for the Axis; the Allies 18 + 12 + 14."""
    state = new_game(rules)
    assert (victory_points(state, "Axis"), victory_points(state, "Allies")) == (33, 44)
    assert "Victory city points: Allies 44, Axis 33." in economy_lines(state)


def test_45_points_win_only_after_a_full_round(rules: RuleSet) -> None:
    """Edge case 58 (001 › Victory Conditions): 45 points at the end of the Allied turn do not
    win yet; still held at the end of the next round, they do."""
    state, kinds = _end_round(_axis_at_47(rules))
    assert "victory_pending" in kinds and not state.is_over
    assert dict(state.victory_since) == {"Axis": 2}
    assert "The Axis have met their victory condition since the end of round 2." in economy_lines(state)
    back = GameState.from_json(state.to_json(), state.rules)
    assert back.victory_since == state.victory_since
    state, kinds = _end_round(back)
    assert state.winner == "Axis" and "victory" in kinds


def test_losing_the_points_starts_the_count_again(rules: RuleSet) -> None:
    """001 › Victory Conditions: the condition must be "maintained": below 45 at the end of a
    round, the Axis must hold it a full round again."""
    state, _kinds = _end_round(_axis_at_47(rules))
    owners = dict(state.owners)
    owners[SpaceId("russia")] = PowerId("soviet_union")
    state, kinds = _end_round(state.evolve(owners=owners))
    assert not state.is_over and dict(state.victory_since) == {} and "victory_pending" not in kinds


def test_economic_victory_goes_to_the_richer_side_after_the_bid_rounds(rules: RuleSet) -> None:
    """001 › Victory Conditions, Economic Victory: "The team controlling the majority of
    territory IPC at the end wins the game"; the game lasts the winning bid's rounds. Points
    do not count in this mode. With the three Soviet cities the Axis territories are worth 84
    IPCs (Germany 40, Japan 30, Russia 8, Caucasus 4, Karelia 2), the Allies' 82."""
    state, kinds = _end_round(_axis_at_47(rules, {"victory": "economic", "economic_rounds": 3}))
    assert not state.is_over and "victory_pending" not in kinds
    state, kinds = _end_round(state)
    assert state.winner == "Axis" and "victory" in kinds
