"""The position in sentences that /game status shows: whose input is due and why (a battle
choice named with its battle), treasuries and production, victory cities, one space's units
(000, Phase 3 Conduct Combat, Step 2; Phase 6 Collect Income; Victory Cities)."""

from __future__ import annotations

import maps
from engine import RuleSet, due_text, economy_lines, new_game, space_text

from .combat_kit import begin, fight, sid
from .test_combat_orders import karelia


def test_the_opening_says_who_acts_in_which_phase_with_money_and_cities(rules: RuleSet) -> None:
    state = new_game(rules)
    assert due_text(state) == ("Soviet Union to act: Purchase Units of Soviet Union's turn, "
                               "round 1.")
    money, *cities = economy_lines(state)
    assert money.startswith("Treasury (production) in IPCs: Soviet Union 24 (+24), Germany ")
    assert [c.split(":")[0] for c in cities] == ["Victory cities held by the Allies",
                                                  "Victory cities held by the Axis"]
    assert "Moscow" in cities[0] and "Berlin" in cities[1]


def test_classic_has_no_victory_cities_and_no_line_about_them() -> None:
    """004 §15 wins by World Domination or the Allies' IPCs, never by victory cities
    (classic-3e README, ruling 13); its board has none, so /game status says nothing of them
    (no "Victory cities held by the Allies: 0 ()")."""
    state = new_game(maps.load_ruleset("classic-3e"))
    assert not any(space.victory_city for space in state.board.spaces.values())
    lines = economy_lines(state)
    assert [line.split(":")[0] for line in lines] == ["Treasury (production) in IPCs"]


def test_a_battle_choice_names_the_chooser_the_choice_and_the_battle(rules: RuleSet) -> None:
    state, _ = begin(karelia(rules, orders={"Soviet Union": {"decide": "self"}}))
    state, _, _ = fight(state, "Karelia", [1, 6, 6])
    assert due_text(state) == ("Soviet Union to choose casualties (1 hit): /casualties, in the "
                               "battle of Karelia S.S.R. (Conduct Combat).")


def test_one_space_lists_holder_value_and_every_power_s_units(rules: RuleSet) -> None:
    state = karelia(rules)
    assert space_text(state, sid(state, "Karelia")) == (
        "Karelia S.S.R. (held by Soviet Union, 2 IPCs, victory city Leningrad): Soviet Union: "
        "1 infantry, 1 artillery, 1 tank; Germany: 2 infantry, 1 tank.")
    opening = new_game(rules)
    assert space_text(opening, sid(opening, "sz5")) == (
        "Sea Zone 5 (a sea zone): Germany: 1 cruiser, 2 submarines, 1 transport.")
