"""AARHE's air missions as data and as kept in the state (001 › Phase 4, Air Missions):
the mission names of ``[missions]``, and what the missions leave for later phases and the
passive turn (``engine.combat.missions.interdicted`` and ``counter_air``; the ledger's
``capacity`` and ``rail``), kept through a save and dropped when their turn is over."""

from __future__ import annotations

import pytest

import maps
from engine import BoardDataError, FixedDice, GameState, apply, parse_command
from engine.combat.missions import counter_air, interdicted
from engine.economy.ledger import Ledger
from engine.errors import NotationError
from engine.ids import PowerId, SpaceId
from engine.missions import Missions
from engine.mobilize import remaining_capacity
from engine.redeployment import points_left
from tests.engine.positions import position

KARELIA, UK = SpaceId("karelia_ssr"), SpaceId("united_kingdom")
GERMANY, BRITAIN = PowerId("germany"), PowerId("united_kingdom")


def test_missions_are_named_from_the_rule_system() -> None:
    """001 › Air Missions names four missions; the Strategic Bombing Raid is LHTR's raid."""
    missions = maps.load_ruleset("aarhe").missions
    assert missions.find("raid") == missions.find("SBR") == "strategic_bombing"
    assert missions.find("night") == "night_bombing"
    assert "raid" not in missions.ids() and "escort" in missions.ids()
    with pytest.raises(NotationError, match="Did you mean Counter-Air"):
        missions.find("counter-aur")
    assert maps.load_ruleset("revised-lhtr").missions.find("raid") == "raid"


def test_a_mission_table_names_a_known_effect() -> None:
    with pytest.raises(BoardDataError, match="effect must be one of"):
        Missions.from_dict("x/ruleset.toml", {"kamikaze": {"name": "Kamikaze", "effect": "ramming"}})
    with pytest.raises(BoardDataError, match="names more than one mission"):
        Missions.from_dict("x/ruleset.toml", {"a": {"name": "A", "effect": "bombing", "aliases": ["gi"]},
                                              "b": {"name": "B", "effect": "interdiction", "aliases": ["gi"]}})


def _bombed() -> GameState:
    rules = maps.load_ruleset("aarhe")
    state = position(rules, turn="Germany", phase="conduct_combat", spaces={})
    ledger = state.economy.added("interdicted", KARELIA, 3).added("capacity", UK, 4).added("rail", BRITAIN, 2)
    return state.evolve(economy=ledger)


def test_the_passive_turn_reads_this_turns_missions() -> None:
    """Ground Interdiction's dice, and the aircraft declared on Counter-Air (README, ruling 79)."""
    state = _bombed()
    assert interdicted(state, KARELIA) == 3 and interdicted(state, UK) == 0
    rules = state.rules
    flying = position(rules, turn="Germany", phase="combat_move", round=2,
                      spaces={"Eastern Europe": {"Germany": {"fighter": 2}}, "Karelia S.S.R.": {"Soviet Union": {"fighter": 1}}})
    line = '/move units:"2 fighters" from:"Eastern Europe" to:"Karelia S.S.R." mission:ca'
    declared = apply(flying, parse_command(line, flying), FixedDice([])).state
    assert counter_air(declared, KARELIA) == 2 and counter_air(declared, UK) == 0


def test_mission_results_survive_a_save() -> None:
    state = _bombed()
    again = GameState.from_json(state.to_json(), state.rules)
    assert again.economy == state.economy
    assert state.to_json()["economy"]["interdicted"] == {"Karelia S.S.R.": 3}


def test_the_turns_missions_end_with_it_and_the_victims_damage_with_theirs() -> None:
    """Ground Interdiction holds "this turn"; capacity and rail points are the
    victim's "next turn" (001 › Strategic Bombing Raid: "All damages are applied to the
    enemy's next turn")."""
    state = _bombed()
    after_axis = state.economy.turn_ended(state.owners.get, {GERMANY, PowerId("japan")})
    assert after_axis == Ledger(capacity={UK: 4}, rail={BRITAIN: 2})
    after_allies = after_axis.turn_ended(state.owners.get, {BRITAIN, PowerId("united_states")})
    assert not after_allies


def test_bombed_capacity_and_rail_points_count_in_the_victims_turn() -> None:
    """001 › Phase 6: "The number of units deployable is equal to the territory's printed
    income value. Strategic Bomber Raid can reduce this"; SR points "reduced"."""
    state = _bombed()
    assert remaining_capacity(state, UK) == 8 - 4
    assert points_left(state, BRITAIN) == 5 - 2
