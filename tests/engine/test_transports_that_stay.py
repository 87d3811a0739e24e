"""Transports that start in a hostile sea zone and stay there (000, Phase 2, "Sea Units
Starting in Hostile Sea Zones"; Unit Profiles, Transports: "Transports may not attack without
being accompanied by at least one unit with an attack value")."""

from __future__ import annotations

from engine import FixedDice, GameState, RuleSet, apply, new_game, parse_command
from tests.engine.positions import position


def _done(state: GameState) -> GameState:
    return apply(state, parse_command("/done", state), FixedDice([])).state


def test_transport_that_stays_starts_no_battle(rules: RuleSet) -> None:
    """A lone transport sharing a zone with an enemy destroyer may simply stay: no battle."""
    state = position(rules, turn="Soviet Union", phase="combat_move",
                     spaces={"Sea Zone 16": {"Soviet Union": {"transport": 1}, "Germany": {"destroyer": 1}}})
    after = _done(state)
    assert after.phase == "noncombat_move"
    assert after.count("sz_16") == {"transport": 1, "destroyer": 1}


def test_closed_straits_never_trap_a_turn(rules: RuleSet) -> None:
    """With the Turkish straits closed the transport cannot leave sea zone 16 either; the
    Soviet turn still goes on (found by a random game that could not end its Combat Move)."""
    opening = new_game(rules, {"turkish_straits": True})
    data = opening.to_json()
    data.pop("pieces")
    data.pop("undo", None)
    data["phase"] = "combat_move"
    data["spaces"]["Sea Zone 16"]["units"] = {"Soviet Union": {"transport": 1}, "Germany": {"cruiser": 1}}
    state = GameState.from_json(data, rules)
    assert _done(state).phase == "noncombat_move"


def test_ships_with_an_attack_that_stay_must_fight(rules: RuleSet) -> None:
    """Sea units that remain in a hostile zone "conduct combat": a submarine staying is a battle."""
    state = position(rules, turn="Soviet Union", phase="combat_move",
                     spaces={"Sea Zone 16": {"Soviet Union": {"submarine": 1, "transport": 1},
                                             "Germany": {"destroyer": 1}}})
    after = _done(state)
    assert after.phase == "conduct_combat"
    assert [e.space for e in after.combat.entries] == ["sz_16"]
