"""AARHE's air combat module (001 = 001_4ad7942ffba8a1ea.txt, › Phase 4): who holds the air,
dogfight and air supremacy values, and Infrastructure Defence's anti-air fire."""

from __future__ import annotations

from dataclasses import replace

import pytest

import maps
from engine import GameState, RuleSet
from engine.combat import air
from engine.dice import FixedDice
from engine.state import Unit

from .combat_kit import board, sid, units


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return maps.load_ruleset("aarhe")


def _state(rules: RuleSet, spaces: dict[str, dict[str, dict[str, int]]], tech: dict[str, tuple[str, ...]] | None = None
           ) -> GameState:
    state = board(rules, "United Kingdom", spaces)
    if tech:
        state = state.evolve(tech={state.board.find_power(p): devs for p, devs in tech.items()})
    return state


def _jet(state: GameState, unit: Unit) -> GameState:
    return state.with_units([replace(unit, built_with=frozenset({"jet_plane"}))])


def test_who_holds_the_air(rules: RuleSet) -> None:
    """001 › Land Combat: Air Units: "When both sides have air units present air units fight
    with dog fighting values"; 001 › Air Supremacy: "When only one side has air units"."""
    state = _state(rules, {"Western Europe": {"Germany": {"infantry": 1, "fighter": 1}},
                           "United Kingdom": {"United Kingdom": {"infantry": 1, "fighter": 1}}})
    ger, uk = units(state, "Western Europe"), units(state, "United Kingdom")
    inf = [u for u in uk if u.kind == "infantry"]
    assert air.air_over(state, uk, ger) == air.DOGFIGHT
    assert air.air_over(state, uk, [u for u in ger if u.kind == "infantry"]) == "attacker"
    assert air.air_over(state, inf, ger) == "defender"
    assert air.air_over(state, inf, [u for u in ger if u.kind == "infantry"]) == ""


def test_dogfight_values_and_jets(rules: RuleSet) -> None:
    """001 › Appendix: Units: fighter dogfight 2/3, bomber 0/1; 001 › Phase 7, Jet Plane:
    fighter 4/4, bomber 0/2, for aircraft built with it only."""
    state = _state(rules, {"Western Europe": {"Germany": {"fighter": 2, "bomber": 2}}})
    f1, f2 = units(state, "Western Europe", kind="fighter")
    b1, b2 = units(state, "Western Europe", kind="bomber")
    state = _jet(_jet(state, f2), b2)
    f2, b2 = state.units[f2.id], state.units[b2.id]
    assert air.dogfight_values(state, [f1, f2, b1, b2], "attacker") == {f1.id: 2, f2.id: 4, b1.id: 0, b2.id: 0}
    assert air.dogfight_values(state, [f1, f2, b1, b2], "defender") == {f1.id: 3, f2.id: 4, b1.id: 1, b2.id: 2}


def test_air_supremacy_pairs_aircraft_with_land_units(rules: RuleSet) -> None:
    """Edge case 50 (001 › Air Supremacy): 3 attacking land units and 5 fighters, no enemy
    aircraft: 3 fighters attack at 3 and 2 at 1; "Fighter increases Tank's attack by 1 on a
    1-to-1 basis", so with 2 tanks both get +1."""
    state = _state(rules, {"Western Europe": {"United Kingdom": {"infantry": 1, "tank": 2, "fighter": 5}}})
    planes = units(state, "Western Europe", kind="fighter")
    values = air.supremacy_values(state, planes, 3, "attacker")
    assert sorted(values.values()) == [1, 1, 3, 3, 3]
    land = [u for u in units(state, "Western Europe") if u.kind != "fighter"]
    tanks = {u.id for u in land if u.kind == "tank"}
    assert air.supported(state, land, planes) == tanks
    assert air.supported(state, land, planes[:1]) == {min(tanks)}


def test_excess_bombers_fight_at_one(rules: RuleSet) -> None:
    """001 › Air Supremacy: the strongest aircraft are matched with the land units: a bomber
    (attack 4) before a fighter (3); the excess fighter at 1."""
    state = _state(rules, {"Western Europe": {"United Kingdom": {"infantry": 1, "fighter": 1, "bomber": 1}}})
    planes = air.aircraft(state, units(state, "Western Europe"))
    values = air.supremacy_values(state, planes, 1, "attacker")
    assert {state.units[i].kind: v for i, v in values.items()} == {"bomber": 4, "fighter": 1}


def test_implicit_infrastructure_defence(rules: RuleSet) -> None:
    """001 › Appendix: Units, Implicit Infrastructure Defence: "Industrial complex implicitly
    includes 2 units of Infrastructure Defense. Victory city implicitly includes 1": Germany
    (Berlin, a complex) with one ID unit fires 4; Eastern Europe (Warsaw) fires 1; a
    territory with neither, none."""
    state = _state(rules, {"Germany": {"Germany": {"infantry": 1, "industrial_complex": 1, "infrastructure_defense": 1}},
                           "Eastern Europe": {"Germany": {"infantry": 1}},
                           "Norway": {"Germany": {"infantry": 1}}})
    assert len(air.guns(state, sid(state, "Germany"), units(state, "Germany"))) == 4
    assert len(air.guns(state, sid(state, "Eastern Europe"), units(state, "Eastern Europe"))) == 1
    assert air.guns(state, sid(state, "Norway"), units(state, "Norway")) == []


def test_search_then_attack_forces_a_retreat(rules: RuleSet) -> None:
    """Edge case 51 (001 › Anti-Air): an ID targets a bomber, the search die is 1 and the
    attack die 3: the bomber is not destroyed but must retreat."""
    state = _state(rules, {"Eastern Europe": {"Germany": {"infantry": 1}},
                           "United Kingdom": {"United Kingdom": {"bomber": 1}}})
    bomber = units(state, "United Kingdom")
    dice = FixedDice([1, 3])
    shot = air.fire(state, dice, sid(state, "Eastern Europe"), 1, "defender",
                    air.guns(state, sid(state, "Eastern Europe"), units(state, "Eastern Europe")), bomber)
    assert (shot.destroyed, shot.retreating) == ((), (bomber[0].id,))
    assert [p for p, _ in dice.log] == ["Eastern Europe r1 defender 1 infrastructure defense search @1 at bomber",
                                        "Eastern Europe r1 defender 1 infrastructure defense attack @1, retreat @3 "
                                        "at bomber"]


def test_undetected_aircraft_are_not_attacked(rules: RuleSet) -> None:
    """001 › Anti-Air: the attack die is rolled only at detected aircraft: two IDs missing
    the search roll nothing more; with one detected, both IDs attack it and a 1 destroys it."""
    state = _state(rules, {"Eastern Europe": {"Germany": {"infantry": 1, "infrastructure_defense": 1}},
                           "United Kingdom": {"United Kingdom": {"bomber": 1, "fighter": 1}}})
    planes = units(state, "United Kingdom")
    shooters = air.guns(state, sid(state, "Eastern Europe"), units(state, "Eastern Europe"))
    missed = air.fire(state, FixedDice([2, 5]), sid(state, "Eastern Europe"), 1, "defender", shooters, planes)
    assert (missed.destroyed, missed.retreating, len(missed.events)) == ((), (), 1)
    dice = FixedDice([4, 1, 6, 1])
    shot = air.fire(state, dice, sid(state, "Eastern Europe"), 1, "defender", shooters, planes)
    fighter = next(u for u in planes if u.kind == "fighter")
    assert (shot.destroyed, shot.retreating) == ((fighter.id,), ())
    assert dice.log[0][0].endswith("search @1 at bomber, fighter")
    assert dice.log[1][0].endswith("at fighter, fighter")


def test_radar_and_jets(rules: RuleSet) -> None:
    """001 › Phase 7: Advanced Radar, "Infrastructure Defense search roll's hit value is
    increased by 1"; Jet Plane, jets "are immune to Infrastructure Defense fire"."""
    state = _state(rules, {"Eastern Europe": {"Germany": {"infantry": 1}},
                           "United Kingdom": {"United Kingdom": {"fighter": 2}}}, tech={"Germany": ("advanced_radar",)})
    jet, plain = units(state, "United Kingdom")
    state = _jet(state, jet)
    among = air.targets(state, units(state, "United Kingdom"))
    assert [u.id for u in among] == [plain.id]
    dice = FixedDice([2, 2])
    shot = air.fire(state, dice, sid(state, "Eastern Europe"), 1, "defender",
                    air.guns(state, sid(state, "Eastern Europe"), units(state, "Eastern Europe")), among)
    assert shot.retreating == (plain.id,)
    assert "search @2" in dice.log[0][0]
