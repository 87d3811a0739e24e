"""Land battles of Conduct Combat, 1942 Second Edition.

Rulebook = 000_fc7e3a790a753b06.txt ("Phase 3: Conduct Combat", "General Combat",
"Unit Profiles"); edge cases = rulesets.md section 7.1.
"""

from __future__ import annotations

import pytest

from engine import RuleSet
from engine.combat.odds import win_chance

from .combat_kit import begin, board, fight, moved, of, pid, sid, tally, units


def karelia_attack(rules: RuleSet, defenders: dict[str, int], **kw: object):  # type: ignore[no-untyped-def]
    """Germany attacks Karelia S.S.R. with 3 infantry and 1 artillery from Belorussia and
    1 tank from Baltic States."""
    state = board(rules, "Germany", {
        "Karelia S.S.R.": {"Germany": {"infantry": 3, "artillery": 1, "tank": 1}, "Soviet Union": defenders},
    }, **kw)  # type: ignore[arg-type]
    state = moved(state, "Karelia S.S.R.", "Germany", "infantry", came_from="Belorussia")
    state = moved(state, "Karelia S.S.R.", "Germany", "artillery", came_from="Belorussia")
    return moved(state, "Karelia S.S.R.", "Germany", "tank", came_from="Baltic States")


def test_artillery_supports_one_infantry_and_dice_name_their_purpose(rules: RuleSet) -> None:
    """000, Infantry/Artillery: one infantry per artillery attacks at 2; units sharing a
    value roll together (General Combat, Step 3). The winner captures (Step 7)."""
    state, events = begin(karelia_attack(rules, {"infantry": 2}))
    assert of(events, "battles")
    state, events, dice = fight(state, "Karelia", [1, 4, 2, 5, 6, 1, 3])
    assert [p for p, _ in dice.log] == [
        "Karelia S.S.R. r1 attacker 2 infantry @1",
        "Karelia S.S.R. r1 attacker 1 infantry, 1 artillery @2",
        "Karelia S.S.R. r1 attacker 1 tank @3",
        "Karelia S.S.R. r1 defender 2 infantry @2",
    ]
    assert tally(state, "Karelia", "Germany") == {"infantry": 2, "artillery": 1, "tank": 1}
    assert tally(state, "Karelia", "Soviet Union") == {}
    assert state.owners[sid(state, "Karelia")] == pid(state, "Germany")
    assert state.combat is not None and state.combat.current is None
    end = of(events, "battle_end")[0]
    assert end.data["outcome"] == "attacker" and end.data["captured"]
    lost = of(events, "casualties")
    assert [(e.data["side"], dict(e.data["units"]), e.data["by"]) for e in lost] == [
        ("defender", {"infantry": 2}, "no choice"),
        ("attacker", {"infantry": 1}, "standing orders"),
    ]
    assert all(u.has("fought") for u in units(state, "Karelia", "Germany"))


def test_defender_casualties_fire_back_before_removal(rules: RuleSet) -> None:
    """000, Step 3/4: units behind the casualty strip still fire in step 4."""
    state, _ = begin(karelia_attack(rules, {"infantry": 1}))
    # Attacker hits with the tank; the dead defender still rolls a 1 and kills an infantry.
    state, _events, dice = fight(state, "Karelia", [6, 6, 6, 6, 3, 1])
    assert dice.log[-1] == ("Karelia S.S.R. r1 defender 1 infantry @2", [1])
    assert tally(state, "Karelia", "Germany") == {"infantry": 2, "artillery": 1, "tank": 1}


def test_battle_runs_several_rounds_until_one_side_is_gone(rules: RuleSet) -> None:
    """000, Step 6: rounds continue until Condition A or B."""
    state, _ = begin(karelia_attack(rules, {"infantry": 2}))
    miss_round = [6, 6, 6, 6, 6, 6, 6]
    state, events, _dice = fight(state, "Karelia", miss_round + [1, 1, 1, 1, 1, 6, 6])
    assert [e.data["round"] for e in of(events, "roll")][-1] == 2
    assert state.owners[sid(state, "Karelia")] == pid(state, "Germany")
    assert of(events, "battle_end")[0].data["rounds"] == 2


def test_attacker_destroyed_defender_keeps_territory(rules: RuleSet) -> None:
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"infantry": 1}, "Soviet Union": {"infantry": 2}}})
    state = moved(state, "Karelia", "Germany", "infantry", came_from="Belorussia")
    state, _ = begin(state)
    state, events, _ = fight(state, "Karelia", [6, 2, 6])
    assert of(events, "battle_end")[0].data["outcome"] == "defender"
    assert state.owners[sid(state, "Karelia")] == pid(state, "Soviet Union")
    assert tally(state, "Karelia", "Soviet Union") == {"infantry": 2}


def test_air_units_cannot_capture(rules: RuleSet) -> None:
    """000, Step 7: "If your attack force has only air units remaining, you cannot occupy
    the territory"; they stay there until Noncombat Move."""
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"fighter": 1}, "Soviet Union": {"infantry": 1}}})
    state = moved(state, "Karelia", "Germany", "fighter", came_from="Belorussia")
    state, _ = begin(state)
    state, events, _ = fight(state, "Karelia", [1, 6])
    assert state.owners[sid(state, "Karelia")] == pid(state, "Soviet Union")
    assert tally(state, "Karelia", "Germany") == {"fighter": 1}
    assert of(events, "battle_end")[0].data == {**of(events, "battle_end")[0].data, "outcome": "attacker",
                                                 "captured": False}


def test_keep_last_land_unit_lose_fighter_first(rules: RuleSet) -> None:
    """Default order of loss: cheapest first, but the attacker keeps its last unit able to
    capture (a fighter is given up before the last infantry)."""
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"infantry": 1, "fighter": 1},
                                                       "Soviet Union": {"infantry": 2}}})
    state = moved(state, "Karelia", "Germany", "infantry", came_from="Belorussia")
    state = moved(state, "Karelia", "Germany", "fighter", came_from="Belorussia")
    state, _ = begin(state)
    # Round 1: attackers miss, defenders score 1 hit -> fighter lost; round 2: infantry
    # hits once, defender misses, round 3: infantry hits, captured.
    state, events, _ = fight(state, "Karelia", [6, 6, 1, 6, 1, 6, 6, 1, 6])
    first = of(events, "casualties")[0]
    assert first.data["side"] == "attacker" and dict(first.data["units"]) == {"fighter": 1}
    assert state.owners[sid(state, "Karelia")] == pid(state, "Germany")


def test_antiaircraft_fires_min_of_three_per_aaa_and_aircraft(rules: RuleSet) -> None:
    """Edge case 6 / 000, Antiaircraft Artillery: 1 AAA vs 5 aircraft rolls 3 dice;
    hits on 1; the attacker chooses the aircraft lost, removed at once."""
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"fighter": 3, "bomber": 2},
                                                       "Soviet Union": {"aaa": 1, "infantry": 1}}})
    state = moved(state, "Karelia", "Germany", "fighter", came_from="Belorussia")
    state = moved(state, "Karelia", "Germany", "bomber", came_from="Germany")
    state, _ = begin(state)
    state, events, dice = fight(state, "Karelia", [1, 1, 2, 6, 1, 6, 6])
    assert dice.log[0] == ("Karelia S.S.R. r1 defender 1 antiaircraft artillery @1", [1, 1, 2])
    aa = of(events, "casualties")[0]
    assert aa.data["source"] == "antiaircraft" and dict(aa.data["units"]) == {"fighter": 2}
    # The survivors (1 fighter, 2 bombers) fire; AAA has no defense value and does not fire again.
    assert dice.log[1][0] == "Karelia S.S.R. r1 attacker 1 fighter @3"
    assert dice.log[2][0] == "Karelia S.S.R. r1 attacker 2 bombers @4"
    assert tally(state, "Karelia", "Soviet Union") == {}
    assert state.owners[sid(state, "Karelia")] == pid(state, "Soviet Union")


def test_two_aaa_against_eight_aircraft_roll_six_dice(rules: RuleSet) -> None:
    """Edge case 6: 2 AAA vs 8 aircraft -> 6 dice."""
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"fighter": 8},
                                                       "Soviet Union": {"aaa": 2, "infantry": 1}}})
    state = moved(state, "Karelia", "Germany", "fighter", came_from="Belorussia")
    state, _ = begin(state)
    state, _, dice = fight(state, "Karelia", [6] * 6 + [1] * 8 + [6])
    assert dice.log[0] == ("Karelia S.S.R. r1 defender 2 antiaircraft artillery @1", [6] * 6)


def test_overflown_aaa_does_not_fire(rules: RuleSet) -> None:
    """Edge case 7 / 000, AAA: it fires only at aircraft attacking its own territory."""
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"bomber": 1}, "Soviet Union": {"infantry": 1}},
                                     "Archangel": {"Soviet Union": {"aaa": 1}}})
    state = moved(state, "Karelia", "Germany", "bomber", came_from="Archangel")
    state, _ = begin(state)
    state, _, dice = fight(state, "Karelia", [1, 6])
    assert [p for p, _ in dice.log] == ["Karelia S.S.R. r1 attacker 1 bomber @4",
                                       "Karelia S.S.R. r1 defender 1 infantry @2"]


def test_unopposed_capture_removes_lone_aaa(rules: RuleSet) -> None:
    """Edge case 15 / 000, General Combat: a territory holding only AAA and an industrial
    complex is taken without combat; the AAA is removed; the complex changes sides."""
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"infantry": 1},
                                                       "Soviet Union": {"aaa": 1, "industrial_complex": 1}}})
    state = moved(state, "Karelia", "Germany", "infantry", came_from="Belorussia")
    state, events = begin(state)
    assert state.combat is None
    assert state.owners[sid(state, "Karelia")] == pid(state, "Germany")
    assert tally(state, "Karelia", "Germany") == {"infantry": 1, "industrial_complex": 1}
    assert [e.type for e in events] == ["capture", "destroyed"]


@pytest.mark.parametrize("berlin", ["Germany", "United Kingdom"])
def test_moscow_plunder(rules: RuleSet, berlin: str) -> None:
    """Edge case 18 / 000, Capturing and Liberating Capitals: Germany conquers Moscow while
    the Soviet Union holds 18 IPCs -> they pass to Germany at once, "even if your own
    capital is in enemy hands"."""
    state = board(rules, "Germany", {"Russia": {"Germany": {"tank": 2}, "Soviet Union": {"infantry": 1}}},
                  treasury={"Soviet Union": 18, "Germany": 5, "United Kingdom": 0, "Japan": 0, "United States": 0},
                  owners={"Germany": berlin})
    state = moved(state, "Russia", "Germany", "tank", came_from="West Russia")
    state, _ = begin(state)
    state, events, _ = fight(state, "Russia", [3, 6, 6])
    assert state.owners[sid(state, "Russia")] == pid(state, "Germany")
    assert state.treasury[pid(state, "Germany")] == 23
    assert state.treasury[pid(state, "Soviet Union")] == 0
    plunder = of(events, "plunder")[0]
    assert plunder.data["ipcs"] == 18


def test_liberation_returns_territory_to_original_owner(rules: RuleSet) -> None:
    """000, Liberating a Territory: the United Kingdom takes a German-held Soviet
    territory while Moscow is Soviet -> it goes back to the Soviet Union."""
    state = board(rules, "United Kingdom", {"Karelia S.S.R.": {"United Kingdom": {"infantry": 1},
                                                              "Germany": {"infantry": 1}}},
                  owners={"Karelia S.S.R.": "Germany"})
    state = moved(state, "Karelia", "United Kingdom", "infantry", came_from="Archangel")
    state, _ = begin(state)
    state, events, _ = fight(state, "Karelia", [1, 6])
    assert state.owners[sid(state, "Karelia")] == pid(state, "Soviet Union")
    assert of(events, "liberate")


def test_liberation_with_capital_in_enemy_hands_is_a_capture(rules: RuleSet) -> None:
    """Edge case 19: Moscow is German-held, so the United Kingdom captures instead."""
    state = board(rules, "United Kingdom", {"Karelia S.S.R.": {"United Kingdom": {"infantry": 1},
                                                              "Germany": {"infantry": 1}}},
                  owners={"Karelia S.S.R.": "Germany", "Russia": "Germany"})
    state = moved(state, "Karelia", "United Kingdom", "infantry", came_from="Archangel")
    state, _ = begin(state)
    state, _, _ = fight(state, "Karelia", [1, 6])
    assert state.owners[sid(state, "Karelia")] == pid(state, "United Kingdom")


def test_victory_city_changes_side(rules: RuleSet) -> None:
    """000, Capturing a Victory City: the count follows the owner."""
    from engine.control import victory_cities

    state = board(rules, "Germany", {"Russia": {"Germany": {"tank": 1}, "Soviet Union": {"infantry": 1}}})
    state = moved(state, "Russia", "Germany", "tank", came_from="West Russia")
    before = len(victory_cities(state, "Axis"))
    state, _ = begin(state)
    state, _, _ = fight(state, "Russia", [1, 6])
    assert len(victory_cities(state, "Axis")) == before + 1


def test_exact_odds_tank_against_infantry() -> None:
    """A tank (hits on 3) against an infantry (hits on 2): per round the tank wins 1/2 x 2/3,
    both die 1/2 x 1/3; so it wins (1/3) / (1 - 1/3) = 1/2."""
    assert win_chance([[3]], [[2]]) == pytest.approx(0.5)
    assert win_chance([[3]], []) == 1.0
    assert win_chance([], [[2]]) == 0.0


def test_aircraft_alone_against_lone_aaa_destroy_it(rules: RuleSet) -> None:
    """000, AAA ("No Combat Value"): AAA with no combat unit, attacked, is destroyed; air
    units do not capture."""
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"fighter": 1}, "Soviet Union": {"aaa": 1}}})
    state = moved(state, "Karelia", "Germany", "fighter", came_from="Belorussia")
    state, events = begin(state)
    assert state.combat is None and [e.type for e in events] == ["destroyed"]
    assert tally(state, "Karelia", "Soviet Union") == {}
    assert state.owners[sid(state, "Karelia")] == pid(state, "Soviet Union")


def test_aircraft_break_off_and_stay(rules: RuleSet) -> None:
    """000, Condition B: retreating air units remain in the contested space and land in
    Noncombat Move."""
    from engine.combat import retreat
    from engine.commands import Retreat
    from engine.dice import FixedDice

    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"fighter": 2}, "Soviet Union": {"infantry": 2}}},
                  orders={"Germany": {"decide": "self"}})
    state = moved(state, "Karelia", "Germany", "fighter", came_from="Belorussia")
    state, _ = begin(state)
    state, _, _ = fight(state, "Karelia", [6, 6, 6, 6])
    state, events = retreat(state, Retreat(sid(state, "Karelia")), FixedDice([]))
    assert of(events, "battle_end")[0].data["outcome"] == "retreat"
    assert all(u.has("retreated") for u in units(state, "Karelia", "Germany"))
    assert tally(state, "Karelia", "Germany") == {"fighter": 2}
    assert "break off" in of(events, "retreat")[0].text


def test_battle_command_refusals(rules: RuleSet) -> None:
    from engine import IllegalCommandError
    from engine.combat import battle
    from engine.commands import Battle
    from engine.dice import FixedDice

    state, _ = begin(karelia_attack(rules, {"infantry": 1, "tank": 1}, orders={"Soviet Union": {"decide": "self"}}))
    with pytest.raises(IllegalCommandError, match="No battle is waiting in Russia"):
        battle(state, Battle(sid(state, "Russia")), FixedDice([]))
    state, _, _ = fight(state, "Karelia", [1, 6, 6, 6, 6])
    with pytest.raises(IllegalCommandError, match="waits for Soviet Union to choose casualties"):
        battle(state, Battle(sid(state, "Karelia")), FixedDice([]))


def test_two_artillery_support_two_of_five_infantry(rules: RuleSet) -> None:
    """000, Infantry: "if you attack with two artillery and five infantry, two of your
    infantry have an attack of 2 and the rest have an attack of 1"."""
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"infantry": 5, "artillery": 2},
                                                       "Soviet Union": {"infantry": 1}}})
    state = moved(state, "Karelia", "Germany", "infantry", came_from="Belorussia")
    state = moved(state, "Karelia", "Germany", "artillery", came_from="Belorussia")
    state, _ = begin(state)
    state, _, dice = fight(state, "Karelia", [6, 6, 6, 6, 6, 6, 6, 1, 1, 6, 6, 6, 6, 6, 6])
    assert [p for p, _ in dice.log] == [
        "Karelia S.S.R. r1 attacker 3 infantry @1",
        "Karelia S.S.R. r1 attacker 2 infantry, 2 artillery @2",
        "Karelia S.S.R. r1 defender 1 infantry @2",
        "Karelia S.S.R. r2 attacker 2 infantry @1",
        "Karelia S.S.R. r2 attacker 2 infantry, 2 artillery @2",
        "Karelia S.S.R. r2 defender 1 infantry @2",
    ]
    assert state.owners[sid(state, "Karelia")] == pid(state, "Germany")


def test_liberating_a_capital_takes_no_ipcs(rules: RuleSet) -> None:
    """000, Capturing and Liberating Capitals: "if the United Kingdom's player takes Moscow
    from Germany's player, Germany's player does not surrender any IPCs"; the Soviet Union's
    original territories held by its friends return to it."""
    state = board(rules, "United Kingdom", {"Russia": {"United Kingdom": {"tank": 1}, "Germany": {"infantry": 1}}},
                  owners={"Russia": "Germany", "Karelia S.S.R.": "United Kingdom"},
                  treasury={"Germany": 20, "United Kingdom": 3, "Soviet Union": 0, "Japan": 0, "United States": 0})
    state = moved(state, "Russia", "United Kingdom", "tank", came_from="Caucasus")
    state, _ = begin(state)
    state, events, _ = fight(state, "Russia", [1, 6])
    assert state.owners[sid(state, "Russia")] == pid(state, "Soviet Union")
    assert state.owners[sid(state, "Karelia")] == pid(state, "Soviet Union")
    assert state.treasury[pid(state, "Germany")] == 20 and state.treasury[pid(state, "United Kingdom")] == 3
    assert not of(events, "plunder")
