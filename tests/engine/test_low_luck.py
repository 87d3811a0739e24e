"""Low Luck dice (game options ``low_luck``, ``low_luck_aa``, ``low_luck_bombing``): the
group arithmetic with fixed dice. Not a rulebook rule: the leagues' convention, written in
maps/aa1942-2e/ruleset.toml and docs/odds.md."""

from __future__ import annotations

from engine import RuleSet

from .combat_kit import begin, board, fight, moved, of, tally

LL = {"low_luck": True, "low_luck_aa": True}


def test_whole_hits_without_a_die(rules: RuleSet) -> None:
    """3 infantry (1 each) and 1 tank (3): total 6, exactly one hit, no die; the 2
    defending infantry (2 + 2 = 4) roll one die for 4/6 (a 5 misses)."""
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"infantry": 3, "tank": 1},
                                                       "Soviet Union": {"infantry": 2}}}, options=LL)
    state = moved(state, "Karelia S.S.R.", "Germany", "infantry", came_from="Belorussia")
    state = moved(state, "Karelia S.S.R.", "Germany", "tank", came_from="Belorussia")
    state, _ = begin(state)
    state, events, dice = fight(state, "Karelia", [5, 4])
    assert dice.log == [("Karelia S.S.R. r1 defender 2 infantry low luck 4", [5]),
                        ("Karelia S.S.R. r2 defender 1 infantry low luck 2", [4])]
    assert [e.data["hits"] for e in of(events, "roll")] == [1, 0, 1, 0]
    assert tally(state, "Karelia", "Germany") == {"infantry": 3, "tank": 1}


def test_remainder_die_and_artillery_support(rules: RuleSet) -> None:
    """2 infantry + 1 artillery: one infantry supported at 2, the other 1, artillery 2:
    total 5 -> no whole hit, a die of 5 or less hits."""
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"infantry": 2, "artillery": 1},
                                                       "Soviet Union": {"infantry": 1}}}, options=LL)
    for kind in ("infantry", "artillery"):
        state = moved(state, "Karelia S.S.R.", "Germany", kind, came_from="Belorussia")
    state, _ = begin(state)
    state, events, dice = fight(state, "Karelia", [5, 6])
    assert dice.log[0] == ("Karelia S.S.R. r1 attacker 2 infantry, 1 artillery low luck 5", [5])
    first = of(events, "roll")[0].data
    assert (first["hits"], first["low_luck"]) == (1, {"total": 5, "whole": 0, "remainder": 5})


def test_antiaircraft_shots_are_one_group(rules: RuleSet) -> None:
    """1 AAA against 3 fighters: 3 shots at 1 = 3/6, one die (a 3 hits)."""
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"fighter": 3, "infantry": 1},
                                                       "Soviet Union": {"aaa": 1, "infantry": 1}}}, options=LL)
    for kind in ("fighter", "infantry"):
        state = moved(state, "Karelia S.S.R.", "Germany", kind, came_from="Belorussia")
    state, _ = begin(state)
    state, events, dice = fight(state, "Karelia", [3, 2, 6])
    assert dice.log[0] == ("Karelia S.S.R. r1 defender 1 antiaircraft artillery low luck 3", [3])
    assert of(events, "casualties")[0].data["units"] == {"fighter": 1}


def test_submarines_fire_as_their_own_group(rules: RuleSet) -> None:
    """Submarines' hits fall on ships only, so they are a group apart from the cruiser
    (with a British destroyer, no surprise strike: the cruiser 3/6, the 2 subs at 2 = 4/6)."""
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": {"submarine": 2, "cruiser": 1},
                                                   "United Kingdom": {"destroyer": 1, "transport": 1}}},
                  options=LL)
    for kind in ("submarine", "cruiser"):
        state = moved(state, "Sea Zone 6", "Germany", kind, came_from="Sea Zone 5")
    state, _ = begin(state)
    state, events, dice = fight(state, "Sea Zone 6", [1, 1, 6])
    assert [p for p, _ in dice.log] == ["Sea Zone 6 r1 attacker 1 cruiser low luck 3",
                                       "Sea Zone 6 r1 attacker 2 submarines low luck 4",
                                       "Sea Zone 6 r1 defender 1 destroyer low luck 2"]
    assert [e.data["rule"] for e in of(events, "roll")] == ["any", "sea", "any"]
    assert tally(state, "Sea Zone 6", "United Kingdom") == {}


def test_standard_dice_without_the_option(rules: RuleSet) -> None:
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"infantry": 3, "tank": 1},
                                                       "Soviet Union": {"infantry": 2}}})
    state = moved(state, "Karelia S.S.R.", "Germany", "infantry", came_from="Belorussia")
    state = moved(state, "Karelia S.S.R.", "Germany", "tank", came_from="Belorussia")
    state, _ = begin(state)
    _, _, dice = fight(state, "Karelia", [1, 1, 1, 1, 6, 6])
    assert dice.log[0] == ("Karelia S.S.R. r1 attacker 3 infantry @1", [1, 1, 1])


def test_bombing_damage_is_the_average(rules: RuleSet) -> None:
    """Low Luck bombing: 3 bombers do 3 x 3.5 = 10.5, one die decides the half (a 3 adds
    it); the factory's AA fire is Low Luck too: 3 shots at 1 = 3/6 (a 4 misses)."""
    state = board(rules, "United Kingdom", {"Germany": {"Germany": {"industrial_complex": 1},
                                                       "United Kingdom": {"bomber": 3}}},
                  options={**LL, "low_luck_bombing": True})
    state = moved(state, "Germany", "United Kingdom", "bomber", came_from="Northwestern Europe", flags={"raid"},
                  target="Germany")
    state, _ = begin(state)
    state, events, dice = fight(state, "Germany", [4, 3])
    assert dice.log == [("Germany r1 defender 1 industrial complex low luck 3", [4]),
                        ("Germany r1 attacker 3 bombers low luck damage", [3])]
    assert of(events, "bombing")[0].data["rolled"] == 11
