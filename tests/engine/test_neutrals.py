"""The track of cooperation of AARHE's neutrals as the saved game keeps it
(001 = 001_4ad7942ffba8a1ea.txt, › Phase 8: Diplomacy, › Appendix: Neutrals)."""

from __future__ import annotations

import pytest

import maps
from engine import RuleSet, new_game
from engine.ids import SpaceId
from engine.neutrals import cooperation, with_cooperation
from engine.serial import state_from_json, state_to_json

SPAIN, RIO_DE_ORO, TURKEY = SpaceId("spain"), SpaceId("rio_de_oro"), SpaceId("turkey")


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return maps.load_ruleset("aarhe", unplayable=True)


def test_a_new_game_starts_each_neutral_where_the_appendix_puts_it(rules: RuleSet) -> None:
    """001 › Appendix: Neutrals, "Initial Position": Spain -2, Sweden -2, Turkey -1, Eire +1,
    Afghanistan 0; Rio de Oro "is under the control of Spain" and moves with it; Sahara is
    not in the appendix and has no place on the track."""
    state = new_game(rules)
    board = rules.board
    positions = {board.name(s): cooperation(state, s) for s in board.spaces if board.spaces[s].neutral}
    assert positions["Spain"] == -2 and positions["Sweden"] == -2 and positions["Turkey"] == -1
    assert positions["Eire"] == 1 and positions["Afghanistan"] == 0
    assert positions["Rio de Oro"] == -2
    assert positions["Sahara"] is None


def test_moves_on_the_track_stop_at_its_ends_and_survive_a_save(rules: RuleSet) -> None:
    """001 › Phase 8, Level of cooperation: the track runs from -5 (Axis) to +5 (Allies).
    Moving Rio de Oro moves Spain, its holder (001 › Appendix: Neutrals)."""
    state = with_cooperation(new_game(rules), {RIO_DE_ORO: -4, TURKEY: 9})
    assert cooperation(state, SPAIN) == -4 and cooperation(state, TURKEY) == 5
    again = state_from_json(state_to_json(state), rules)
    assert again.cooperation == state.cooperation


def test_a_board_without_neutrals_on_a_track_keeps_none() -> None:
    """1942 Second Edition has no diplomacy: the saved game carries no track."""
    state = new_game(maps.load_ruleset("aa1942-2e"))
    assert state.cooperation == {} and "cooperation" not in state_to_json(state)
