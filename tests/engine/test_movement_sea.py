"""Sea movement: hostile zones, submarines and destroyers, canals, the Turkish Straits,
carriers and their fighters, and what Combat Move allows sea units to do.

Rulebook: 000_fc7e3a790a753b06.txt, "Spaces On The Game Board" (friendly and hostile sea
zones), "Phase 2: Combat Move", "Sea Units Starting in Hostile Sea Zones", "Special Combat
Movement" (Aircraft Carriers, Submarines), "Canals", "Neutral Territories" (optional rule),
"Phase 4: Noncombat Move" (Sea Units), Unit Profiles "SEA UNITS", "Submarines", "Transports".
Hostile zones, submarines, the Straits and Combat Move's sea rules are tested as data in
``tests/scenarios/aa1942-2e/sea-movement.case``.
"""

from __future__ import annotations

import pytest

from engine import GameState, IllegalCommandError, RuleSet
from tests.engine.movement_support import add_unit, at, move, pos, reach, sid


def atlantic(rules: RuleSet, phase: str = "combat_move", **spaces: dict[str, dict[str, int]]) -> GameState:
    board = {"Sea Zone 5": {"Germany": {"cruiser": 1, "submarine": 2, "destroyer": 1}}}
    board.update({k.replace("_", " "): v for k, v in spaces.items()})
    return pos(rules, "Germany", phase, board)


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


def test_reachable_noncombat_ships_avoid_hostile_zones_subs_may_enter(rules: RuleSet) -> None:
    """Phase 4, Sea Units: what the referee offers (the moves themselves: sea-movement.case)."""
    state = atlantic(rules, "noncombat_move", **{"Sea Zone 6": {"United Kingdom": {"cruiser": 1}}})
    assert "Sea Zone 6" not in reach(state, "1 cruiser", "Sea Zone 5")
    assert "Sea Zone 6" in reach(state, "1 sub", "Sea Zone 5")


def test_reachable_ships_in_combat_lists_battles(rules: RuleSet) -> None:
    state = atlantic(rules, **{"Sea Zone 6": {"United Kingdom": {"cruiser": 1}}})
    assert reach(state, "1 cruiser", "Sea Zone 5") == ["Sea Zone 6"]
