"""Exact odds of AARHE's land cycle, worked out by hand (001 = 001_4ad7942ffba8a1ea.txt,
› Phase 4, Land Combat). The same rules against the engine's own battles are the ``aarhe``
scenarios of ``test_odds`` (``odds_scenarios_aarhe``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import maps
from engine import GameState, RuleSet
from engine.errors import IllegalCommandError
from engine.combat.phase import Battle, CombatPhase
from engine.odds import Question, calculate, force_of, from_battle, proposed
from engine.odds.arena import ATTACKER, DEFENDER, Arena, Des, Position, fire_of
from engine.odds.cycle import anti_air, air_fire
from engine.odds.luck import battle_luck, battles

from .combat_kit import begin, board, fight, moved, sid


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return maps.load_ruleset("aarhe", unplayable=True)


def test_a_fighter_matched_with_an_infantry(rules: RuleSet) -> None:
    """001 › Air Supremacy: the fighter, matched with the infantry, attacks at 3 in opening
    fire, its casualty gone before the main round; land hits fall only on land units, so the
    fighter is never lost and breaks off when the infantry is. Against 1 infantry the
    attacker wins W1 = 1/2 + 1/2 (1/6 x 2/3 + 5/6 x 2/3 W1) = 10/13; against 2,
    W2 (44/54) = 3/54 + 17/54 W1, so W2 = 19/52."""
    odds = calculate(rules, Question(force_of({"fighter": 1, "infantry": 1}), force_of({"infantry": 2})))
    assert odds.attacker_wins == pytest.approx(19 / 52)
    assert odds.attacker_left["fighter"] == pytest.approx(1.0)
    one = calculate(rules, Question(force_of({"fighter": 1, "infantry": 1}), force_of({"infantry": 1})))
    assert one.attacker_wins == pytest.approx(10 / 13)


def test_mountains_defend_better_in_the_first_cycle(rules: RuleSet) -> None:
    """001 › Phase 3, Terrain: the defending infantry hits on 3 in the first cycle, then on 2:
    1 infantry against 1 wins 1/6 x 1/2 + 5/6 x 1/2 x 1/4 = 3/16 (1/4 from the second cycle
    on), where open ground gives 1/4."""
    q = Question(force_of({"infantry": 1}), force_of({"infantry": 1}), terrain="mountainous")
    assert calculate(rules, q).attacker_wins == pytest.approx(3 / 16)
    assert calculate(rules, Question(q.attack, q.defend)).attacker_wins == pytest.approx(1 / 4)


def test_infrastructure_defense_destroys_on_1_and_forces_a_retreat_on_2_or_3(rules: RuleSet) -> None:
    """001 › Anti-Air: two IDs select the one bomber and search at 2 (Advanced Radar): it is
    detected 1 - (2/3)^2 = 5/9 of the time, then both attack dice fall on it: destroyed
    1 - (5/6)^2 = 11/36, forced to retreat (out of the battle, surviving) (5/6)^2 - (1/2)^2 =
    16/36."""
    q = Question(force_of({"bomber": 1, "infantry": 1}), force_of({"infantry": 1, "infrastructure_defense": 2}),
                 defender_tech=("advanced_radar",))
    arena = Arena(rules, q)
    pos = Position(q.attack, q.defend)
    after = anti_air(arena, pos, Des(False, False, ATTACKER))
    infantry = force_of({"infantry": 1})
    assert after[pos.but(atk=infantry)] == pytest.approx(5 / 9 * 11 / 36)
    assert after[pos.but(atk=infantry, atk_out=force_of({"bomber": 1}))] == pytest.approx(5 / 9 * 16 / 36)
    assert after[pos] == pytest.approx(4 / 9 + 5 / 9 * 9 / 36)


def test_in_a_dogfight_aircraft_hit_only_aircraft(rules: RuleSet) -> None:
    """001 › Land Combat: Air Units: "air units do not attack land units": the attacking
    fighter (dogfight attack 2) hits the defending fighter 1/3 of the time and never the
    cheaper infantry; the transport plane is hit only after the other aircraft."""
    q = Question(force_of({"fighter": 1, "infantry": 1}),
                 force_of({"fighter": 1, "infantry": 1, "transport_plane": 1}), defender_loss=("transport_plane",))
    arena = Arena(rules, q)
    pos = Position(q.attack, q.defend)
    after = air_fire(ATTACKER)(arena, pos, Des(False, False, "dogfight"))
    hit = pos.with_defender(force_of({"infantry": 1, "transport_plane": 1}), force_of({"fighter": 1}))
    assert after == pytest.approx({pos: 2 / 3, hit: 1 / 3})


def test_tank_hits_fall_on_other_land_units_before_infantry(rules: RuleSet) -> None:
    """001 › Land Combat: Hit Allocation: a tank's hit takes the artillery though the
    defender would give up infantry first; an infantry's hit takes the infantry."""
    q = Question(force_of({"tank": 1}), force_of({"infantry": 1, "artillery": 1}))
    arena = Arena(rules, q)
    tank = arena.losses(q.defend, fire_of({"armour": [(3, 1)]}), DEFENDER)
    assert tank[(force_of({"infantry": 1}), force_of({"artillery": 1}))] == pytest.approx(1 / 2)
    foot = arena.losses(q.defend, fire_of({"land": [(1, 1)]}), DEFENDER)
    assert foot[(force_of({"artillery": 1}), force_of({"infantry": 1}))] == pytest.approx(1 / 6)


def test_a_battle_with_jets_gets_no_numbers(rules: RuleSet) -> None:
    """001 › Phase 7, Jet Plane: only aircraft built after the development are jets; the odds
    know units by type, so a battle where one fights is refused (README, ruling 113)."""
    state = board(rules, "Germany", {"Eastern Europe": {"Germany": {"infantry": 2}},
                                     "Belorussia": {"Soviet Union": {"infantry": 1, "fighter": 1}}},
                  owners={"Belorussia": "Soviet Union"})
    where = sid(state, "Belorussia")
    assert calculate(rules, proposed(state, where, force_of({"infantry": 2}))).attacker_wins > 0
    fighter = next(u for u in state.units_at(where) if u.kind == "fighter")
    jets = state.with_units([replace(fighter, built_with=frozenset({"jet_plane"}))])
    with pytest.raises(IllegalCommandError) as refused:
        proposed(jets, where, force_of({"infantry": 2}))
    assert refused.value.reason == "odds.not_covered" and "fighters built with a development" in str(refused.value)


def test_terrain_is_past_once_the_first_cycle_is(rules: RuleSet) -> None:
    """001 › Phase 3, Terrain: asked about at the end of the first cycle (the attacker's
    ``retreat_odds``), a battle is past its first cycle, and in the mountains it is fought at
    the defense of open ground: 1/4, not 3/16."""
    state = board(rules, "Germany", {"Belorussia": {"Germany": {"infantry": 1}, "Soviet Union": {"infantry": 1}}},
                  owners={"Belorussia": "Soviet Union"})
    where = sid(state, "Belorussia")
    phase = CombatPhase(attacker=state.turn)
    assert from_battle(state, phase, Battle(where, "land", state.turn, step="start")).first_cycle
    assert not from_battle(state, phase, Battle(where, "land", state.turn, step="retreat_attacker")).first_cycle
    q = Question(force_of({"infantry": 1}), force_of({"infantry": 1}), terrain="mountainous", first_cycle=False)
    assert calculate(rules, q).attacker_wins == pytest.approx(1 / 4)


def test_an_aircraft_forced_away_is_no_loss_in_a_battles_luck(rules: RuleSet) -> None:
    """001 › Anti-Air: the ID detects the bomber (1) and forces it to retreat (2); the
    infantry takes the territory. The bomber left the battle alive: the attacker lost
    nothing (README, ruling 114), and its luck is the best result the odds allow."""
    state = board(rules, "Germany", {"Belorussia": {"Germany": {"infantry": 1, "bomber": 1},
                                                    "Soviet Union": {"infantry": 1, "infrastructure_defense": 1}}},
                  owners={"Belorussia": "Soviet Union"})
    for kind in ("infantry", "bomber"):
        state = moved(state, "Belorussia", "Germany", kind, came_from="Eastern Europe")
    state, _ = begin(state)
    state, events, _ = fight(state, "Belorussia", [1, 2, 1, 6])
    assert any(e.type == "anti_air" and e.data["retreating"] == {"bomber": 1} for e in events)
    luck = battle_luck(state, battles([e.to_json() for e in events])[0])
    assert luck is not None and luck.destroyed[1] == 0 and luck.percentile > 50


def test_a_battle_with_a_national_advantage_in_force_gets_no_numbers(rules: RuleSet) -> None:
    """001 › Appendix: National Advantages, Germany 4, Fortress Europe: "Your Artillery in Axis
    occupied Europe has its defense increased by 1". The exact model has no National
    Advantages, so a battle where one in force would change a value is refused (README,
    ruling 64); without the item the same battle has its odds."""
    state = board(rules, "United Kingdom", {"Western Europe": {"Germany": {"artillery": 1}}})
    where = sid(state, "Western Europe")
    attack = force_of({"infantry": 2})
    assert calculate(rules, proposed(state, where, attack)).attacker_wins > 0
    data = state.to_json()
    data["options"]["national_advantages"] = True
    data["advantages"] = {"Germany": {"drawn": ["fortress_europe"], "revealed": ["fortress_europe"]}}
    fortress = GameState.from_json(data, rules)
    with pytest.raises(IllegalCommandError) as refused:
        proposed(fortress, where, attack)
    assert refused.value.reason == "odds.not_covered" and "Fortress Europe" in str(refused.value)
