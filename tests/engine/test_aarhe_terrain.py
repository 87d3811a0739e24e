"""Terrain stops land units (001 › Phase 3, Terrain: "Land units must stop on entering desert,
snowy, or mountainous terrain. Tank (and optional unit Mechanized Infantry) may not blitz
through them"). The seed names one desert, Sahara, a neutral no side enters (README, rulings
10 and 11), so these tests mark a territory of the AARHE board as terrain would: the map's
terrain is board data."""

from __future__ import annotations

from copy import copy
from dataclasses import replace

import pytest

import maps
from engine import FixedDice, GameState, IllegalCommandError, RuleSet, apply, parse_command
from engine.ids import PowerId, SpaceId
from tests.engine.positions import position

BELORUSSIA = SpaceId("belorussia")


def _with_terrain(kind: str) -> RuleSet:
    rules = copy(maps.load_ruleset("aarhe"))
    board = copy(rules.board)
    board.spaces = {**board.spaces, BELORUSSIA: replace(board.spaces[BELORUSSIA], terrain=kind)}
    rules.board = board
    return rules


def _run(state: GameState, line: str) -> GameState:
    return apply(state, parse_command(line, state), FixedDice(())).state


@pytest.mark.parametrize("kind", ["desert", "snowy", "mountainous"])
def test_land_units_stop_on_entering_terrain(kind: str) -> None:
    rules = _with_terrain(kind)
    state = position(rules, turn="Germany", phase="noncombat_move", spaces={"Eastern Europe": {"Germany": {"tank": 1}}},
                     owners={"Belorussia": "Germany", "West Russia": "Germany"}, round=2,
                     treasury={"Germany": 1})  # a land unit into desert pays 1 IPC of logistics
    with pytest.raises(IllegalCommandError) as err:
        _run(state, '/move units:"1 tank" from:"Eastern Europe" to:"West Russia" path:"Eastern Europe > Belorussia > West Russia"')
    assert err.value.reason == "move.must_stop" and f"stop on entering {kind} terrain" in str(err.value)
    assert _run(state, '/move units:"1 tank" from:"Eastern Europe" to:Belorussia').count(
        BELORUSSIA, PowerId("germany")) == {"tank": 1}


def test_tanks_do_not_blitz_through_terrain() -> None:
    rules = _with_terrain("mountainous")
    state = position(rules, turn="Germany", phase="combat_move", spaces={"Eastern Europe": {"Germany": {"tank": 1}},
                     "West Russia": {"Soviet Union": {"infantry": 1}}}, owners={"Belorussia": "Soviet Union"}, round=2)
    with pytest.raises(IllegalCommandError) as err:
        _run(state, '/move units:"1 tank" from:"Eastern Europe" to:"West Russia" path:"Eastern Europe > Belorussia > West Russia"')
    assert err.value.reason == "move.must_stop"


def test_open_territory_lets_the_tank_blitz() -> None:
    rules = maps.load_ruleset("aarhe")
    state = position(rules, turn="Germany", phase="combat_move", spaces={"Eastern Europe": {"Germany": {"tank": 1}},
                     "West Russia": {"Soviet Union": {"infantry": 1}}}, owners={"Belorussia": "Soviet Union"}, round=2)
    after = _run(state, '/move units:"1 tank" from:"Eastern Europe" to:"West Russia" path:"Eastern Europe > Belorussia > West Russia"')
    assert after.owners[BELORUSSIA] == PowerId("germany")
