"""Sea movement: hostile zones, submarines and destroyers, canals, the Turkish Straits,
carriers and their fighters, and what Combat Move allows sea units to do.

Rulebook: 000_fc7e3a790a753b06.txt, "Spaces On The Game Board" (friendly and hostile sea
zones), "Phase 2: Combat Move", "Sea Units Starting in Hostile Sea Zones", "Special Combat
Movement" (Aircraft Carriers, Submarines), "Canals", "Neutral Territories" (optional rule),
"Phase 4: Noncombat Move" (Sea Units), Unit Profiles "SEA UNITS", "Submarines", "Transports".
"""

from __future__ import annotations

import pytest

from engine import GameState, IllegalCommandError, RuleSet
from engine.movement import end_combat_move
from tests.engine.movement_support import add_unit, at, move, pos, reach, sid


def atlantic(rules: RuleSet, phase: str = "combat_move", **spaces: dict[str, dict[str, int]]) -> GameState:
    board = {"Sea Zone 5": {"Germany": {"cruiser": 1, "submarine": 2, "destroyer": 1}}}
    board.update({k.replace("_", " "): v for k, v in spaces.items()})
    return pos(rules, "Germany", phase, board)


def test_ships_stop_in_hostile_zone_and_cannot_pass(rules: RuleSet) -> None:
    """SEA UNITS: "If enemy units other than transports or submarines occupy a sea zone, the sea
    zone is hostile and your sea units end their movement and enter combat"."""
    state = atlantic(rules, **{"Sea Zone 6": {"United Kingdom": {"cruiser": 1}}})
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 cruiser", "Sea Zone 5", "Sea Zone 7", path=["Sea Zone 5", "Sea Zone 6", "Sea Zone 7"])
    assert err.value.reason == "move.must_stop"
    after, _ = move(state, "1 cruiser", "Sea Zone 5", "Sea Zone 6")
    assert at(after, "Sea Zone 6", "Germany") == {"cruiser": 1}


def test_submarines_pass_hostile_zones_but_stop_at_destroyers(rules: RuleSet) -> None:
    """Special Combat Movement, Submarines: "If there are no enemy destroyers present, a submarine
    can move through a sea zone containing enemy warships without stopping"."""
    state = atlantic(rules, **{"Sea Zone 6": {"United Kingdom": {"cruiser": 1}},
                               "Sea Zone 7": {"United Kingdom": {"battleship": 1}}})
    _after, events = move(state, "2 sub", "Sea Zone 5", "Sea Zone 7")
    assert events[-1].data["path"] == ["Sea Zone 5", "Sea Zone 6", "Sea Zone 7"]
    guarded = atlantic(rules, **{"Sea Zone 6": {"United Kingdom": {"destroyer": 1}},
                                 "Sea Zone 7": {"United Kingdom": {"battleship": 1}}})
    with pytest.raises(IllegalCommandError) as err:
        move(guarded, "1 sub", "Sea Zone 5", "Sea Zone 7", path=["Sea Zone 5", "Sea Zone 6", "Sea Zone 7"])
    assert err.value.reason == "move.must_stop" and "enemy destroyer" in str(err.value)


def test_enemy_submarines_and_transports_do_not_block(rules: RuleSet) -> None:
    """Phase 2: "An enemy submarine and/or transport does not block any of your units' movement"."""
    state = atlantic(rules, **{"Sea Zone 6": {"United Kingdom": {"submarine": 1, "transport": 1}},
                               "Sea Zone 7": {"United Kingdom": {"battleship": 1}}})
    _after, events = move(state, "1 cruiser", "Sea Zone 5", "Sea Zone 7")
    assert events[-1].data["path"] == ["Sea Zone 5", "Sea Zone 6", "Sea Zone 7"]


def test_ships_cannot_enter_land(rules: RuleSet) -> None:
    """SEA UNITS: "They cannot move into territories"."""
    with pytest.raises(IllegalCommandError) as err:
        move(atlantic(rules), "1 cruiser", "Sea Zone 5", "Norway")
    assert err.value.reason == "move.ship_on_land"


def _suez(rules: RuleSet, owners: dict[str, str], turn_start: dict[str, str] | None = None) -> GameState:
    state = pos(rules, "United Kingdom", "noncombat_move", {"Sea Zone 17": {"United Kingdom": {"cruiser": 1}}},
                owners=owners)
    if turn_start:
        start = dict(state.turn_start_owners)
        start.update({sid(state, k): state.rules.find_power(v) for k, v in turn_start.items()})
        state = state.evolve(turn_start_owners=start)
    return state


def test_suez_canal_needs_both_territories_at_start_of_turn(rules: RuleSet) -> None:
    """Canals: "your side ... must control it at the start of your turn (that is, you cannot use
    it the turn you capture it) ... The side that controls both Anglo-Egyptian Sudan and
    Trans-Jordan controls the Suez Canal"."""
    open_canal = _suez(rules, {})
    after, _ = move(open_canal, "1 cruiser", "Sea Zone 17", "Sea Zone 34")
    assert at(after, "Sea Zone 34") == {"cruiser": 1}
    closed = _suez(rules, {"Trans-Jordan": "Germany"})
    with pytest.raises(IllegalCommandError) as err:
        move(closed, "1 cruiser", "Sea Zone 17", "Sea Zone 34")
    assert err.value.reason == "move.canal_closed"
    assert "Anglo-Egyptian Sudan and Trans-Jordan" in str(err.value)
    retaken = _suez(rules, {}, turn_start={"Trans-Jordan": "Germany"})
    with pytest.raises(IllegalCommandError) as err:
        move(retaken, "1 cruiser", "Sea Zone 17", "Sea Zone 34")
    assert err.value.reason == "move.canal_closed"


def test_canals_do_not_hinder_air_units(rules: RuleSet) -> None:
    """Canals: "The movement of air units is completely unaffected by canals"."""
    state = _suez(rules, {"Trans-Jordan": "Germany"})
    state = pos(rules, "United Kingdom", "noncombat_move", {"Egypt": {"United Kingdom": {"fighter": 1}},
                                                             "Sea Zone 34": {"United Kingdom": {"carrier": 1}}},
                owners={"Trans-Jordan": "Germany"})
    _after, events = move(state, "1 fighter", "Egypt", "Sea Zone 34", path=["Egypt", "Sea Zone 17", "Sea Zone 34"])
    assert events[-1].data["path"][-1] == "Sea Zone 34"


def test_turkish_straits_option_closes_sea_zone_16(rules: RuleSet) -> None:
    """Neutral Territories, optional rule: "No sea units may move into or out of sea zone 16,
    however, air units may move through this sea zone freely"."""
    spaces = {"Sea Zone 15": {"Germany": {"cruiser": 1}}, "Sea Zone 16": {"Soviet Union": {"submarine": 1}}}
    state = pos(rules, "Germany", "combat_move", spaces)
    after, _ = move(state, "1 cruiser", "Sea Zone 15", "Sea Zone 16")
    assert at(after, "Sea Zone 16", "Germany") == {"cruiser": 1}
    closed = state.evolve(options={**state.options, "turkish_straits": True})
    with pytest.raises(IllegalCommandError) as err:
        move(closed, "1 cruiser", "Sea Zone 15", "Sea Zone 16")
    assert err.value.reason == "move.straits_closed"


def test_noncombat_ships_avoid_hostile_zones_but_subs_may_enter(rules: RuleSet) -> None:
    """Phase 4, Sea Units: "It cannot move into or through a hostile sea zone"; "submarines can
    move through and even into hostile sea zones in the Noncombat Move phase"."""
    state = atlantic(rules, "noncombat_move", **{"Sea Zone 6": {"United Kingdom": {"cruiser": 1}}})
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 cruiser", "Sea Zone 5", "Sea Zone 6")
    assert err.value.reason == "noncombat.hostile_sea"
    after, _ = move(state, "1 sub", "Sea Zone 5", "Sea Zone 6")
    assert at(after, "Sea Zone 6", "Germany") == {"submarine": 1}
    assert "Sea Zone 6" not in reach(state, "1 cruiser", "Sea Zone 5")
    assert "Sea Zone 6" in reach(state, "1 sub", "Sea Zone 5")


def test_carrier_leaves_own_fighters_but_carries_guests(rules: RuleSet) -> None:
    """Special Combat Movement, Aircraft Carriers: own fighters "launch before the carrier
    moves"; guest fighters "must remain on board as cargo if the carrier moves"."""
    state = pos(rules, "United Kingdom", "noncombat_move",
                {"Sea Zone 7": {"United Kingdom": {"carrier": 1, "fighter": 1}}})
    carrier = next(u for u in state.units_at(sid(state, "Sea Zone 7")) if u.kind == "carrier")
    state, _ = add_unit(state, "fighter", "United States", "Sea Zone 7", aboard=carrier.id)
    after, _ = move(state, "1 carrier", "Sea Zone 7", "Sea Zone 8")
    assert at(after, "Sea Zone 8") == {"carrier": 1, "fighter": 1}
    assert at(after, "Sea Zone 8", "United States") == {"fighter": 1}
    assert at(after, "Sea Zone 7", "United Kingdom") == {"fighter": 1}


def test_combat_move_at_sea_must_lead_to_combat(rules: RuleSet) -> None:
    """Phase 2: sea units end Combat Move in friendly zones only to support an amphibious assault,
    to escape a hostile zone they started in, or to attack enemy submarines/transports."""
    state = atlantic(rules, **{"Sea Zone 5": {"Germany": {"cruiser": 1, "transport": 1}}})
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 cruiser", "Sea Zone 5", "Sea Zone 6")
    assert err.value.reason == "combat_move.no_combat"
    idle, _ = move(state, "1 cruiser, 1 transport", "Sea Zone 5", "Sea Zone 6")
    with pytest.raises(IllegalCommandError) as err:
        end_combat_move(idle)
    assert err.value.reason == "combat_move.no_combat"
    hunted = atlantic(rules, **{"Sea Zone 6": {"United Kingdom": {"transport": 1}}})
    attack, _ = move(hunted, "1 cruiser", "Sea Zone 5", "Sea Zone 6")
    end_combat_move(attack)


def test_ships_may_escape_the_hostile_zone_they_started_in(rules: RuleSet) -> None:
    """Sea Units Starting in Hostile Sea Zones: "Leave the sea zone and conduct no combat"."""
    state = atlantic(rules, **{"Sea Zone 5": {"Germany": {"cruiser": 1}, "United Kingdom": {"battleship": 1}}})
    escaped, _ = move(state, "1 cruiser", "Sea Zone 5", "Sea Zone 6")
    end_combat_move(escaped)


def test_transports_cannot_attack_alone(rules: RuleSet) -> None:
    """Transports: "Transports may not attack without being accompanied by at least one unit with
    an attack value"."""
    state = pos(rules, "Germany", "combat_move", {"Sea Zone 5": {"Germany": {"transport": 1}},
                                                  "Sea Zone 6": {"United Kingdom": {"cruiser": 1}}})
    alone, _ = move(state, "1 transport", "Sea Zone 5", "Sea Zone 6")
    with pytest.raises(IllegalCommandError) as err:
        end_combat_move(alone)
    assert err.value.reason == "combat_move.transports_alone"


def test_reachable_ships_in_combat_lists_battles(rules: RuleSet) -> None:
    state = atlantic(rules, **{"Sea Zone 6": {"United Kingdom": {"cruiser": 1}}})
    assert reach(state, "1 cruiser", "Sea Zone 5") == ["Sea Zone 6"]
