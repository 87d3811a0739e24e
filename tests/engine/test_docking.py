"""Docks kept in the saved game and shown in ``/game status`` (``engine.docking``). The rules
of docking are scenario cases (``tests/scenarios/aarhe/neutrals-docking.case``, 001 › Phase
8: Diplomacy, Level of cooperation)."""

from __future__ import annotations

import maps
from bot.service.odds import defending_powers
from engine import GameState
from engine.commands import Dock
from engine.dice import NoDice
from engine.docking import dock, undock
from engine.game import new_game
from engine.ids import PowerId, SpaceId
from engine.summary import economy_lines

UK, EIRE, ZONE = PowerId("united_kingdom"), SpaceId("eire"), SpaceId("sz_02")


def _docked() -> GameState:
    """The United Kingdom's ships in Sea Zone 2 as set up (setup.toml), docked at Eire in its
    Noncombat Move of round 2."""
    rules = maps.load_ruleset("aarhe", unplayable=True)
    state = new_game(rules, rules.option_defaults()).evolve(turn=UK, round=2, phase="noncombat_move", lanes={})
    return dock(state, Dock(EIRE), NoDice())[0]


def test_a_dock_is_kept_in_the_saved_game() -> None:
    """The docks and the neutrals left this turn come back from JSON as they were."""
    state = _docked()
    assert state.diplomacy.docked_at(UK, ZONE) == EIRE
    back = GameState.from_json(state.to_json(), state.rules)
    assert back.diplomacy == state.diplomacy
    ended, _ = undock(back, (UK,))
    assert GameState.from_json(ended.to_json(), state.rules).diplomacy.left == {UK: (EIRE,)}


def test_status_names_the_docked_ships() -> None:
    """001: "Docked units remain in the sea zone": /game status says where they are."""
    lines = economy_lines(_docked())
    assert "Docked at neutrals: United Kingdom's 1 battleship, 1 transport in Sea Zone 2 at Eire." in lines


def test_the_docks_end_when_the_power_plays_again_and_no_other() -> None:
    """001: docked "Naval units may not “dock” at the same neutral next turn": the docks of
    the team whose turn begins become what its ships left; another team's stay."""
    state = _docked()
    others, said = undock(state, (PowerId("germany"), PowerId("japan")))
    assert others.diplomacy == state.diplomacy and said == []
    ended, said = undock(state, (UK, PowerId("united_states")))
    assert ended.diplomacy.docked == {} and ended.diplomacy.left == {UK: (EIRE,)}
    assert [e.text for e in said] == ["United Kingdom's ships in Sea Zone 2 are no longer docked at Eire."]


def test_the_odds_picture_names_no_docked_defender() -> None:
    """The odds picture's title names the defending powers as the battle takes them: the
    British ships docked at Eire are not fought (001: "An attack on a docked naval unit is an
    attack on the neutral"), so a German attack there has nobody to face."""
    state = _docked().evolve(turn=PowerId("germany"))
    assert defending_powers(state, ZONE) == "nobody"
    assert defending_powers(undock(state, (UK,))[0], ZONE) == "United Kingdom"
