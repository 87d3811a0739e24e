"""Classic's battles as its battle steps make them (004_393aeba10bd8625e.txt; the battles
themselves: tests/scenarios/classic-3e/combat-*.case)."""

from __future__ import annotations

import pytest

import maps
from engine.odds import ask, calculate


def test_the_odds_of_a_classic_first_strike_come_from_its_battle_steps() -> None:
    """004 §14: the attacking sub strikes first every round; a battleship it hits (one hit,
    §15) never fires. Each round the sub sinks it (1/3), or the battleship sinks the sub
    (2/3 * 2/3), or both miss: the sub wins (1/3) / (1 - 2/3 * 1/3) = 3/7, from Classic's
    battle steps with no odds code of its own."""
    classic = maps.load_ruleset("classic-3e", unplayable=True)
    odds = calculate(classic, ask(classic, "1 submarine", "1 battleship", sea=True))
    assert odds.attacker_wins == pytest.approx(3 / 7)


def test_the_odds_of_a_classic_assault_count_every_battleship() -> None:
    """004 §10: "Several battleships can be in the same assault and each one will have ...
    one shot", before the land battle (README, ruling 17); §7: the AA gun fires at the
    fighter first. An infantry and a fighter attack two infantry and a gun: each further
    battleship's shot raises the attacker's chance, with no odds code of Classic's own."""
    classic = maps.load_ruleset("classic-3e", unplayable=True)
    chances = [calculate(classic, ask(classic, "1 infantry, 1 fighter", "2 infantry, 1 aa gun",
                                      bombard=ships)).attacker_wins
               for ships in ("", "1 battleship", "2 battleship")]
    assert 0 < chances[0] < chances[1] < chances[2] < 1
