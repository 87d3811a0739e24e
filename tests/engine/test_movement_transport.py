"""Transports: loading, carrying, offloading, amphibious assault declarations, allied cargo.

Rulebook: 000_fc7e3a790a753b06.txt, Unit Profiles "Transports" (Carry Land Units; Loading and
Offloading; Amphibious Assaults), "Special Combat Movement" (Transports), "Phase 2: Combat
Move" (Amphibious Assaults), "Multinational Forces" (Transporting Multinational Forces),
"Phase 4: Noncombat Move" (Sea Units).
"""

from __future__ import annotations

import pytest

from engine import GameState, IllegalCommandError, RuleSet
from engine.movement import end_combat_move
from engine.state import LOADED, LOADED_IN_COMBAT, OFFLOADED, SEABORNE
from tests.engine.movement_support import add_unit, at, move, pos, reach, sid


def baltic(rules: RuleSet, phase: str = "noncombat_move", **spaces: dict[str, dict[str, int]]) -> GameState:
    board = {"Germany": {"Germany": {"infantry": 2, "tank": 2, "aaa": 1}},
             "Sea Zone 5": {"Germany": {"transport": 1}},
             "Karelia S.S.R.": {"Soviet Union": {"infantry": 1}}}
    board.update({k.replace("_", " "): v for k, v in spaces.items()})
    return pos(rules, "Germany", phase, board)


def _cargo(state: GameState, zone: str) -> list:  # type: ignore[type-arg]
    return [u for u in state.units_at(sid(state, zone)) if u.aboard is not None]


def test_load_fills_one_land_unit_plus_one_infantry(rules: RuleSet) -> None:
    """Transports: "Its capacity is any one land unit, plus one additional infantry"."""
    state, events = move(baltic(rules), "1 tank, 1 inf", "Germany", "Sea Zone 5")
    cargo = _cargo(state, "Sea Zone 5")
    assert sorted(u.kind for u in cargo) == ["infantry", "tank"]
    assert all(u.has(LOADED) and u.path == ("germany", "sz_05") for u in cargo)
    assert events[-1].data["path"] == ["Germany", "Sea Zone 5"]
    with pytest.raises(IllegalCommandError) as err:
        move(baltic(rules), "2 tank", "Germany", "Sea Zone 5")
    assert err.value.reason == "load.no_room"


def test_loading_is_a_land_units_entire_move(rules: RuleSet) -> None:
    """Transports: "Loading onto and/or offloading from a transport counts as a land unit's entire
    move; it can't move before loading or after offloading"."""
    state = baltic(rules, Poland={"Germany": {"tank": 1}})
    moved, _ = move(state, "1 tank", "Poland", "Germany")
    with pytest.raises(IllegalCommandError) as err:
        move(moved, "3 tank", "Germany", "Sea Zone 5")
    assert "they moved this turn" in str(err.value)
    loaded, _ = move(state, "1 inf", "Germany", "Sea Zone 5")
    with pytest.raises(IllegalCommandError) as err:
        move(loaded, "1 inf", "Sea Zone 5", "Sea Zone 6")
    assert err.value.reason == "move.cargo_moves_with_ship"


def test_cannot_load_in_a_hostile_zone(rules: RuleSet) -> None:
    """Transports: "A transport cannot load or offload while in a hostile sea zone"."""
    state = baltic(rules, "combat_move", **{"Sea Zone 5": {"Germany": {"transport": 1},
                                                           "United Kingdom": {"cruiser": 1}}})
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 inf", "Germany", "Sea Zone 5")
    assert err.value.reason == "load.hostile_zone"


def test_transport_carries_cargo_then_offloads_once(rules: RuleSet) -> None:
    """Transports: "A transport can pick up cargo, move ..., and offload the cargo at the end of
    its movement"; "Whenever a transport offloads, it cannot move again that turn. ... A
    transport cannot offload in two territories during a single turn"."""
    state, _ = move(baltic(rules), "2 inf", "Germany", "Sea Zone 5")
    state, _events = move(state, "1 transport", "Sea Zone 5", "Sea Zone 6")
    assert at(state, "Sea Zone 6") == {"transport": 1, "infantry": 2}
    assert all(u.path == ("germany", "sz_05", "sz_06") for u in _cargo(state, "Sea Zone 6"))
    state, _ = move(state, "1 inf", "Sea Zone 6", "Norway")
    assert at(state, "Norway", "Germany") == {"infantry": 1}
    transport = next(u for u in state.units_at(sid(state, "Sea Zone 6")) if u.kind == "transport")
    assert transport.has(OFFLOADED)
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 inf", "Sea Zone 6", "Northwestern Europe")
    assert "already offloaded into Norway" in str(err.value)
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 transport", "Sea Zone 6", "Sea Zone 7")
    assert "they offloaded this turn" in str(err.value)
    state, _ = move(state, "1 inf", "Sea Zone 6", "Norway")
    assert at(state, "Norway", "Germany") == {"infantry": 2}


def test_amphibious_assault_from_a_quiet_zone_lands_seaborne(rules: RuleSet) -> None:
    """Phase 2, Amphibious Assaults: offloading into a hostile coastal territory is an assault
    declared in Combat Move; with no sea battle the troops stand in the territory."""
    state = baltic(rules, "combat_move")
    state, _ = move(state, "1 tank, 1 inf", "Germany", "Sea Zone 5")
    assert all(u.has(LOADED_IN_COMBAT) for u in _cargo(state, "Sea Zone 5"))
    with pytest.raises(IllegalCommandError) as err:
        end_combat_move(state)
    assert err.value.reason == "combat_move.cargo_not_committed"
    state, events = move(state, "1 tank, 1 inf", "Sea Zone 5", "Karelia")
    landed = [u for u in state.units_at(sid(state, "Karelia")) if u.owner == "germany"]
    assert len(landed) == 2 and all(u.has(SEABORNE) and u.came_from == "sz_05" for u in landed)
    assert "amphibious assault on Karelia S.S.R." in events[-1].text
    end_combat_move(state)


def test_assault_across_a_hostile_zone_waits_for_the_sea_battle(rules: RuleSet) -> None:
    """Amphibious Assaults: "The sea zone may be either friendly or hostile, but if it's hostile,
    it must be made friendly through sea combat before the amphibious assault may commence"."""
    state = baltic(rules, "combat_move", **{"Sea Zone 5": {"Germany": {"transport": 1, "infantry": 2,
                                                                       "battleship": 1},
                                                           "United Kingdom": {"cruiser": 1}}})
    state, events = move(state, "2 inf", "Sea Zone 5", "Karelia")
    assert "after the sea battle" in events[-1].text
    state, _ = end_combat_move(state)
    waiting = [u for u in _cargo(state, "Sea Zone 5") if u.kind == "infantry"]
    assert len(waiting) == 2 and all(u.target == "karelia_ssr" for u in waiting)


def test_offloading_matches_the_phase(rules: RuleSet) -> None:
    """Transports: the amphibious assault "is the only time a transport can offload into a
    hostile territory"; Combat Move offloads only into hostile territory (Phase 2)."""
    ships = {"Sea Zone 5": {"Germany": {"transport": 1, "infantry": 2}}}
    calm = baltic(rules, **ships)
    with pytest.raises(IllegalCommandError) as err:
        move(calm, "1 inf", "Sea Zone 5", "Karelia")
    assert err.value.reason == "offload.hostile_noncombat"
    busy = baltic(rules, "combat_move", **ships)
    with pytest.raises(IllegalCommandError) as err:
        move(busy, "1 inf", "Sea Zone 5", "Norway")
    assert err.value.reason == "combat_move.no_combat"


def test_antiaircraft_artillery_rides_but_never_assaults(rules: RuleSet) -> None:
    """AAA: it cannot move in Combat Move "other than being carried on a transport if the unit
    was loaded on a prior turn"; "AAA units may never attack"."""
    state = baltic(rules, "combat_move", **{"Sea Zone 5": {"Germany": {"transport": 1, "aaa": 1}},
                                            "Sea Zone 6": {"United Kingdom": {"cruiser": 1}}})
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 aaa", "Germany", "Sea Zone 5")
    assert "move only in Noncombat Move" in str(err.value)
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 aaa", "Sea Zone 5", "Karelia")
    assert "they may never attack" in str(err.value)


def test_allied_cargo_three_steps(rules: RuleSet) -> None:
    """Multinational Forces: "You load your land units aboard the friendly transport on your turn.
    The transport's controller moves it ... You offload your land units on your next turn"."""
    state = pos(rules, "United Kingdom", "noncombat_move",
                {"United Kingdom": {"United Kingdom": {"infantry": 2}},
                 "Sea Zone 7": {"United States": {"transport": 1}}})
    state, _ = move(state, "2 inf", "United Kingdom", "Sea Zone 7")
    assert at(state, "Sea Zone 7", "United Kingdom") == {"infantry": 2}
    with pytest.raises(IllegalCommandError) as err:
        move(state, "2 inf", "Sea Zone 7", "United Kingdom")
    assert "go ashore on a later turn" in str(err.value)
    combat = pos(rules, "United Kingdom", "combat_move",
                 {"United Kingdom": {"United Kingdom": {"infantry": 2}},
                  "Sea Zone 7": {"United States": {"transport": 1}}})
    with pytest.raises(IllegalCommandError) as err:
        move(combat, "1 inf", "United Kingdom", "Sea Zone 7")
    assert err.value.reason == "load.no_transport"


def test_named_cargo_picks_the_loaded_transport(rules: RuleSet) -> None:
    state = baltic(rules, **{"Sea Zone 5": {"Germany": {"transport": 2, "tank": 1}}})
    after, _ = move(state, "1 transport, 1 tank", "Sea Zone 5", "Sea Zone 6")
    assert at(after, "Sea Zone 6") == {"transport": 1, "tank": 1}
    empty, _ = move(state, "1 transport", "Sea Zone 5", "Sea Zone 6")
    assert at(empty, "Sea Zone 6") == {"transport": 1, "tank": 1}


def test_reachable_includes_loading_and_offloading(rules: RuleSet) -> None:
    state = baltic(rules)
    assert "Sea Zone 5" in reach(state, "1 inf", "Germany")
    ships = baltic(rules, **{"Sea Zone 5": {"Germany": {"transport": 1, "infantry": 1}}})
    assert reach(ships, "1 inf", "Sea Zone 5") == ["Baltic States", "Finland", "Germany",
                                                         "Northwestern Europe", "Norway"]


def test_assault_from_an_allys_transport_on_your_own_turn(rules: RuleSet) -> None:
    """Multinational Forces: "An attacking land unit can assault a coastal territory from an
    ally's transport, but only on the attacking land unit owner's turn"."""
    state = pos(rules, "United Kingdom", "combat_move",
                {"Sea Zone 5": {"United States": {"transport": 1}}, "Karelia S.S.R.": {"Germany": {"infantry": 1}}},
                owners={"Karelia S.S.R.": "Germany"})
    transport = next(u for u in state.units_at(sid(state, "Sea Zone 5")) if u.kind == "transport")
    state, _ = add_unit(state, "infantry", "United Kingdom", "Sea Zone 5", aboard=transport.id)
    state, _ = move(state, "1 inf", "Sea Zone 5", "Karelia")
    assert at(state, "Karelia", "United Kingdom") == {"infantry": 1}
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 transport", "Sea Zone 5", "Sea Zone 6")
    assert str(err.value) == "United Kingdom has no transports in Sea Zone 5; the 1 there belongs to United States."


def test_ships_with_the_assault_are_marked_to_bombard(rules: RuleSet) -> None:
    """Phase 2, Amphibious Assaults: moving "battleships and/or cruisers that will support the
    assault" into the zone is a combat move; Amphibious Assaults, Step 2: they bombard the
    territory when no sea combat took place there."""
    state = baltic(rules, "combat_move", **{"Sea Zone 5": {"Germany": {"transport": 1, "infantry": 2,
                                                                       "battleship": 1}},
                                            "Sea Zone 6": {"Germany": {"cruiser": 1}}})
    state, _ = move(state, "2 inf", "Sea Zone 5", "Karelia")
    state, _ = move(state, "1 cruiser", "Sea Zone 6", "Sea Zone 5")
    after, _ = end_combat_move(state)
    ships = [u for u in after.units_at(sid(after, "Sea Zone 5")) if u.kind in ("battleship", "cruiser")]
    assert len(ships) == 2 and all(u.target == "karelia_ssr" for u in ships)
