"""Diplomacy rolls as data and as commands (001 = 001_4ad7942ffba8a1ea.txt, › Phase 8:
Diplomacy, Diplomacy Rolls). The rules themselves are scenario cases
(tests/scenarios/aarhe/diplomacy-*.case); here: the ``[diplomacy]`` table's checks, the
command in rule systems without it, and what autocomplete is offered."""

from __future__ import annotations

from typing import Any

import pytest

import maps
from engine import GameState, RuleSet, legal_commands, parse_command
from engine.board import Board
from engine.diplomacy_table import DiplomacyTable
from engine.errors import BoardDataError, RulesError

from .positions import position


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return maps.load_ruleset("aarhe", unplayable=True)


def _at(rules: RuleSet, power: str, phase: str) -> GameState:
    return position(rules, turn=power, phase=phase, spaces={}, round=2)


def test_aarhe_rolls_per_nation(rules: RuleSet) -> None:
    """001 › Phase 8, Diplomacy Rolls: "Germany 2 ... Japan 1 Soviet Union 1 UK 1 US 2", hitting on
    a 1, Allies at or above -2 and Axis at or below +2, income at +3/-3."""
    table = rules.diplomacy
    assert {rules.power_name(p): n for p, n in table.rolls.items()} == {
        "Germany": 2, "Japan": 1, "Soviet Union": 1, "United Kingdom": 1, "United States": 2}
    assert (table.hit, table.reach, table.income_at) == (1, 2, 3)
    assert rules.phases[-1] == "diplomacy"


@pytest.mark.parametrize(("data", "wrong"), [
    ({"rolls": {"italy": 1}}, "unknown power 'italy'"),
    ({"rolls": {"germany": -1}}, "rolls.germany = -1 must be a whole number from 0 to 5"),
    ({"hit": True}, "hit = True must be a whole number"),
    ({"bribes": 2}, "unknown key 'bribes'"),
])
def test_a_broken_table_is_refused_at_load(rules: RuleSet, data: dict[str, Any], wrong: str) -> None:
    board: Board = rules.board
    with pytest.raises(BoardDataError, match=wrong):
        DiplomacyTable.from_dict("aarhe/ruleset.toml", data, board)


def test_rule_systems_without_the_track_have_no_diplomacy() -> None:
    """000 (1942 Second Edition), Neutral Territories: neutrals are impassable, and no roll
    courts them; /diplomacy is not part of the game."""
    rules = maps.load_ruleset("aa1942-2e")
    state = _at(rules, "Germany", "purchase")
    assert rules.diplomacy.rolls == {} and "diplomacy" not in rules.phases
    with pytest.raises(RulesError) as refused:
        parse_command("/diplomacy neutral:Spain", state)
    assert refused.value.reason == "command.not_in_ruleset"


def test_autocomplete_offers_the_neutrals_in_reach_and_their_sea_zones(rules: RuleSet) -> None:
    """001 › Phase 8, Diplomacy Rolls: the Axis roll for neutrals at +2 or below; Spain's
    ships join in a sea zone next to Spain."""
    state = _at(rules, "Germany", "diplomacy")
    legal = legal_commands(state)
    assert "diplomacy" in legal.commands and "undo" not in legal.commands
    names = {state.board.name(n): [state.board.name(z) for z in zs] for n, zs in legal.neutrals.items()}
    assert names["Spain"] == ["Sea Zone 12", "Sea Zone 13"] and names["Sweden"] == []
    assert "Rio de Oro" not in names and "Sahara" not in names


def test_the_status_shows_the_track_and_who_is_paid(rules: RuleSet) -> None:
    """/game status: each neutral's place on the track (001 › Appendix: Neutrals, "Initial
    Position"; Rio de Oro with Spain, which holds it) and whom a pro-side neutral pays (001 ›
    Phase 8, Diplomacy Rolls: "Income goes to the player that moved the neutral to +3 or -3");
    a board without a track shows nothing of it."""
    from dataclasses import replace

    from engine.diplomacy import track_lines
    from engine.ids import PowerId, SpaceId
    from engine.neutrals import with_cooperation

    state = _at(rules, "germany", "diplomacy")
    [track] = track_lines(state)
    assert track.startswith("Neutrals on the track of cooperation (-5 Axis to +5 Allies): Afghanistan 0, ")
    assert "Spain -2 (with Rio de Oro), Sweden -2, Switzerland -1, Turkey -1, Venezuela +1." in track
    sweden = SpaceId("sweden")
    state = with_cooperation(state, {sweden: -3})
    state = state.evolve(diplomacy=replace(state.diplomacy, income={sweden: PowerId("germany")}))
    assert track_lines(state)[1] == "Neutrals paying income (IPCs a turn): Sweden 2 to Germany."
    assert track_lines(position(maps.load_ruleset("aa1942-2e"), turn="germany", phase="purchase", spaces={})) == []
