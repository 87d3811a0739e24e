"""Battle rules later rule systems change by data, on the 1942 board: submarines
withdrawing apart from the other ships and a first strike for attacking subs only
(004_393aeba10bd8625e.txt §6, §8, §14), with a battle sequence that lists the steps
``opening_attacker`` and ``withdraw_attacker``/``withdraw_defender``; hit points from the
unit table (004 §15, Two Hit Battleships, an option that changes a unit field).
"""

from __future__ import annotations

from typing import Any

import pytest

import maps
from engine import FixedDice, GameState, IllegalCommandError, RuleSet, apply, parse_command
from engine.combat.phase import Battle, CombatPhase
from engine.odds import calculate, from_battle

from .combat_kit import arrive, begin, board, moved, tally

STEPS = ["start", "antiaircraft", "bombard", "round", "opening_attacker", "opening_end",
         "fire_attacker_after_opening", "fire_defender", "remove", "end_round", "withdraw_attacker",
         "withdraw_defender", "next_round"]


@pytest.fixture(scope="module")
def withdrawing() -> RuleSet:
    data: dict[str, Any] = maps.load_rule_data("aa1942-2e")
    data["ruleset"] = {**data["ruleset"], "battle": {**data["ruleset"]["battle"], "steps": STEPS}}
    return RuleSet.from_data(**data)


def run(state: GameState, line: str, faces: list[int]) -> GameState:
    dice = FixedDice(faces)
    state = apply(state, parse_command(line, state), dice).state
    assert dice.position == len(faces), dice.log
    return state


def _sea_battle(rules: RuleSet, attack: dict[str, int], defend: dict[str, int]) -> GameState:
    """Germany attacks Sea Zone 6 from Sea Zone 5; both decide in person."""
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": attack, "United Kingdom": defend}},
                  orders={"Germany": {"decide": "self"}, "United Kingdom": {"decide": "self"}})
    for kind in attack:
        state = moved(state, "Sea Zone 6", "Germany", kind, came_from="Sea Zone 5")
    return begin(state)[0]


def test_attacking_subs_withdraw_partially_while_the_others_fight_on(withdrawing: RuleSet) -> None:
    """004 §6 B and D: attacking subs "do not have to retreat with other naval units", and
    "they do not all have to withdraw at the same time"; they go back to a zone an attacker
    came from (edge case 61). One of two subs withdraws after round 1, the cruiser and the
    other sub fight round 2."""
    state = _sea_battle(withdrawing, {"submarine": 2, "cruiser": 1}, {"battleship": 1})
    # Round 1: the subs' first strike, the cruiser, the battleship: all miss.
    state = run(state, '/battle territory:"Sea Zone 6"', [6, 6, 6, 6])
    state = run(state, "/press", [])
    with pytest.raises(IllegalCommandError, match="Withdrawing submarines go to one of Sea Zone 5") as err:
        run(state, '/submerge units:"1 submarine" to:"Sea Zone 7"', [])
    assert err.value.reason == "combat.withdraw"
    # Round 2: one sub strikes first, then the cruiser, then the battleship.
    state = run(state, '/submerge units:"1 submarine" to:"Sea Zone 5"', [6, 6, 6])
    assert tally(state, "Sea Zone 5", "Germany") == {"submarine": 1}
    assert tally(state, "Sea Zone 6", "Germany") == {"submarine": 1, "cruiser": 1}
    assert isinstance(state.combat, CombatPhase) and state.combat.current is not None
    assert state.combat.current.round == 2


def test_a_defending_sub_withdraws_to_a_zone_that_was_no_battle_site(withdrawing: RuleSet) -> None:
    """004 §6 A: "both attacking and defending subs can withdraw"; "Subs cannot retreat or
    withdraw to a sea zone that is or was a battle site on the same turn". Sea Zone 7, where
    a battle waits, is not offered; when the sub leaves for Sea Zone 5, the battle is won."""
    state = board(withdrawing, "Germany", {
        "Sea Zone 6": {"Germany": {"battleship": 1}, "United Kingdom": {"submarine": 1}},
        "Sea Zone 7": {"Germany": {"cruiser": 1}, "United Kingdom": {"transport": 1}}},
        orders={"Germany": {"decide": "self"}, "United Kingdom": {"decide": "self"}})
    state = moved(state, "Sea Zone 6", "Germany", "battleship", came_from="Sea Zone 5")
    state = moved(state, "Sea Zone 7", "Germany", "cruiser", came_from="Sea Zone 8")
    state = begin(state)[0]
    state = run(state, '/battle territory:"Sea Zone 6"', [6, 6])
    state = run(state, "/press", [])
    with pytest.raises(IllegalCommandError, match="one of Sea Zone 3, Sea Zone 5, Sea Zone 8 .*not Sea Zone 7"):
        run(state, '/submerge units:"1 submarine" to:"Sea Zone 7"', [])
    state = run(state, '/submerge units:"1 submarine" to:"Sea Zone 5"', [])
    assert tally(state, "Sea Zone 5", "United Kingdom") == {"submarine": 1}
    assert isinstance(state.combat, CombatPhase) and state.combat.current is None
    assert tally(state, "Sea Zone 6", "Germany") == {"battleship": 1}


def test_defending_subs_fire_with_the_others_without_a_strike_of_their_own(withdrawing: RuleSet) -> None:
    """004 §14: the first strike belongs to the attacking subs (§8: the carrier "hit" by the
    attacking sub "cannot fire back"); with no ``surprise_defender`` step the defending sub
    fires in the defender's general fire, at its defense value (1942's: 1)."""
    state = _sea_battle(withdrawing, {"cruiser": 1}, {"submarine": 1})
    dice = FixedDice([6, 6])
    state = apply(state, parse_command('/battle territory:"Sea Zone 6"', state), dice).state
    assert [purpose for purpose, _ in dice.log] == ["Sea Zone 6 r1 attacker 1 cruiser @3",
                                                    "Sea Zone 6 r1 defender 1 submarine @1"]


def test_the_odds_follow_the_sequence_without_a_defending_strike(withdrawing: RuleSet) -> None:
    """The odds read the same steps: the cruiser (3) and the defending sub (1, firing back
    from behind the strip) exchange fire each round, so the cruiser wins with
    (1/2 * 5/6) / (1 - 1/2 * 5/6) = 5/7."""
    state = _sea_battle(withdrawing, {"cruiser": 1}, {"submarine": 1})
    assert isinstance(state.combat, CombatPhase)
    entry = state.combat.entries[0]
    odds = calculate(withdrawing, from_battle(state, state.combat, Battle(entry.space, "sea", state.turn)))
    assert odds.attacker_wins == pytest.approx(5 / 7)


def test_standing_orders_withdraw_and_the_odds_count_it(withdrawing: RuleSet) -> None:
    """004 §6 A: a defending sub may withdraw; the British order ``submerge: always`` takes
    it out after round 1, to the first zone by name, and the battle is won. The odds: the
    cruiser wins unless the sub sinks it in round 1 (1/6): 5/6."""
    state = board(withdrawing, "Germany", {"Sea Zone 6": {"Germany": {"cruiser": 1},
                                                          "United Kingdom": {"submarine": 1}}},
                  orders={"United Kingdom": {"submerge": "always"}})
    state = begin(moved(state, "Sea Zone 6", "Germany", "cruiser", came_from="Sea Zone 5"))[0]
    assert isinstance(state.combat, CombatPhase)
    entry = state.combat.entries[0]
    odds = calculate(withdrawing, from_battle(state, state.combat, Battle(entry.space, "sea", state.turn)))
    assert odds.attacker_wins == pytest.approx(5 / 6)
    after = run(state, '/battle territory:"Sea Zone 6"', [6, 6])
    assert tally(after, "Sea Zone 3", "United Kingdom") == {"submarine": 1}
    assert tally(after, "Sea Zone 6", "Germany") == {"cruiser": 1}


def test_a_defending_sub_facing_aircraft_alone_rolls_nothing(withdrawing: RuleSet) -> None:
    """004 §8: "if an air unit attacks a sub, the sub cannot fire back" (edge case 63): with
    aircraft hitting subs (``aircraft_hit_subs_alone``) the fighter rolls each round and
    the sub, firing with the defenders, has no die to roll."""
    rules = withdrawing.with_switches(aircraft_hit_subs_alone=True)
    state = board(rules, "Germany", {"Sea Zone 6": {"United Kingdom": {"submarine": 1}},
                                     "Norway": {"Germany": {"fighter": 1}}})
    state = begin(arrive(state, "Norway", "Germany", "fighter", "Sea Zone 6"))[0]
    dice = FixedDice([6, 1])
    state = apply(state, parse_command('/battle territory:"Sea Zone 6"', state), dice).state
    assert [purpose for purpose, _ in dice.log] == ["Sea Zone 6 r1 attacker 1 fighter @3",
                                                    "Sea Zone 6 r2 attacker 1 fighter @3"]
    assert tally(state, "Sea Zone 6", "Germany") == {"fighter": 1}
