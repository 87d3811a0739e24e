"""What AARHE's technologies do to units (001 = 001_4ad7942ffba8a1ea.txt, › Phase 7:
Develop Weapons), through the rule system's hooks."""

from __future__ import annotations

from dataclasses import replace

import pytest

import maps
from engine import GameState, RuleSet, economy_lines, new_game
from engine.ids import PowerId, UnitKind
from engine.state import Unit

GERMANY, US = PowerId("germany"), PowerId("united_states")


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return maps.load_ruleset("aarhe", unplayable=True)


def _one(state: GameState, power: PowerId, kind: str) -> Unit:
    return next(u for u in state.units.values() if u.owner == power and u.kind == UnitKind(kind))


def test_jet_values_only_for_aircraft_built_with_jet_plane(rules: RuleSet) -> None:
    """001 › Phase 7, Jet Plane: "Fighters and Bombers built after getting Jet Plane technology
    ... has new combat values": fighter 4/5, bomber 3/3; the fighter on the board at the start
    keeps 3/4 though Germany has the technology."""
    state = new_game(rules).evolve(tech={GERMANY: ("jet_plane",)})
    old = _one(state, GERMANY, "fighter")
    jet = replace(old, id=state.next_id, built_with=frozenset({"jet_plane"}))
    bomber = replace(_one(state, GERMANY, "bomber"), id=state.next_id + 1, built_with=frozenset({"jet_plane"}))
    state = state.with_units([jet, bomber])
    hooks = rules.hooks
    assert hooks.unit_values(state, [old, jet, bomber], "attacker") == {old.id: 3, jet.id: 4, bomber.id: 3}
    assert hooks.unit_values(state, [old, jet, bomber], "defender") == {old.id: 4, jet.id: 5, bomber.id: 3}


def test_long_range_aircraft_and_heavy_bomber_add_movement(rules: RuleSet) -> None:
    """001 › Phase 7: Long Range Aircraft, "Air units gain an addition two movement points";
    Heavy Bomber, "Bombers gain an additional two movement points" and roll two dice."""
    state = new_game(rules)
    fighter, bomber = _one(state, US, "fighter"), _one(state, US, "bomber")
    hooks = rules.hooks
    assert (hooks.move_points(state, fighter), hooks.move_points(state, bomber)) == (4, 6)
    both = state.evolve(tech={US: ("long_range_aircraft", "heavy_bomber")})
    assert (hooks.move_points(both, fighter), hooks.move_points(both, bomber)) == (6, 10)
    assert (hooks.unit_dice(both, fighter), hooks.unit_dice(both, bomber)) == (1, 2)


def test_advanced_submarine_adds_one(rules: RuleSet) -> None:
    """001 › Phase 7, Advanced Submarine: "Submarine's attack and defense value is increases by 1"."""
    state = new_game(rules).evolve(tech={GERMANY: ("advanced_submarine",)})
    sub = _one(state, GERMANY, "submarine")
    assert rules.hooks.unit_values(state, [sub], "attacker") == {sub.id: 3}
    assert rules.hooks.unit_values(state, [sub], "defender") == {sub.id: 3}


def test_status_shows_a_passed_box_waiting_for_the_next_turn(rules: RuleSet) -> None:
    """001 › Phase 7, Technology Deployment: "Transferred technologies are effective from
    beginning of the receivers' next turn"; until then /game status says so."""
    state = new_game(rules).evolve(progress={US: {"advanced_radar": 3}})
    boxes = next(line for line in economy_lines(state) if line.startswith("Research boxes filled"))
    assert "Advanced Radar 3/3 (from next turn)" in boxes
