"""AARHE's land combat cycle where scenario cases cannot reach (001 = 001_4ad7942ffba8a1ea.txt,
› Phase 3, Terrain; › Phase 4): terrain, which the standard board gives no territory the
battle rules read (README, ruling 11), the heavy tank's opening fire, what the odds cover and a
stored battle's bombarding ships. The rules themselves are cases in
``tests/scenarios/aarhe/combat-land-*.case``."""

from __future__ import annotations

from copy import copy
from dataclasses import replace

import pytest

import maps
from engine import RuleSet
from engine.board import Board
from engine.combat.phase import Battle, CombatPhase, combat_from_json
from engine.errors import IllegalCommandError
from engine.odds import Question, calculate, force_of, proposed
from engine.odds.luck import battle_luck, battles

from .combat_kit import begin, board, fight, moved, sid, tally


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return maps.load_ruleset("aarhe")


def _with_terrain(rules: RuleSet, territory: str, terrain: str) -> RuleSet:
    """The rules on a board where ``territory`` has ``terrain`` (a board field, ruling 11)."""
    b = rules.board
    where = b.find_space(territory)
    spaces = {**b.spaces, where: replace(b.spaces[where], terrain=terrain)}
    other = copy(rules)
    other.board = Board(b.id, b.title, spaces, tuple(b.powers.values()), b.canals, b.straits)
    return other


def _belorussia(rules: RuleSet, attack: dict[str, int], defend: dict[str, int]) -> object:
    state = board(rules, "Germany", {"Belorussia": {"Germany": attack, "Soviet Union": defend}},
                  owners={"Belorussia": "Soviet Union"})
    for kind in attack:
        state = moved(state, "Belorussia", "Germany", kind, came_from="Eastern Europe")
    return state


@pytest.mark.parametrize("terrain", ["mountainous", "snowy"])
def test_defenders_in_mountains_and_snow_gain_1_in_the_first_cycle(rules: RuleSet, terrain: str) -> None:
    """001 › Phase 3, Terrain: "Defending land units in snowy or mountainous terrain have
    defense increased by 1 in first cycle of combat"."""
    state = _belorussia(_with_terrain(rules, "Belorussia", terrain), {"infantry": 2}, {"infantry": 1, "tank": 1})
    state, _ = begin(state)  # type: ignore[arg-type]
    state, _, dice = fight(state, "Belorussia", [6, 6, 6, 6, 6, 6, 1, 1])
    rolls = [p for p, _ in dice.log]
    assert rolls[:4] == ["Belorussia r1 attacker 2 infantry @1", "Belorussia r1 defender 1 infantry @3",
                         "Belorussia r1 defender 1 tank @4", "Belorussia r2 attacker 2 infantry @1"]
    assert rolls[4:6] == ["Belorussia r2 defender 1 infantry @2", "Belorussia r2 defender 1 tank @3"]
    assert tally(state, "Belorussia", "Soviet Union") == {"infantry": 1, "tank": 1}


def test_open_terrain_gives_no_bonus(rules: RuleSet) -> None:
    """Desert is no snowy or mountainous terrain: the defense stays as the table gives it."""
    state = _belorussia(_with_terrain(rules, "Belorussia", "desert"), {"infantry": 1}, {"infantry": 1})
    state, _ = begin(state)  # type: ignore[arg-type]
    state, _, dice = fight(state, "Belorussia", [1, 6])
    assert [p for p, _ in dice.log] == ["Belorussia r1 attacker 1 infantry @1", "Belorussia r1 defender 1 infantry @2"]


def test_assault_into_mountains_fights_at_0_in_the_first_cycle(rules: RuleSet) -> None:
    """001 › Land Combat: Amphibious Assault Sequence: "Attacking land units fight at combat
    value of 1, or 0 for mountainous terrain": the landing tank does not roll in cycle 1."""
    mountain = _with_terrain(rules, "Karelia S.S.R.", "mountainous")
    state = board(mountain, "Germany", {"Karelia S.S.R.": {"Germany": {"tank": 1}, "Soviet Union": {"infantry": 1}},
                                        "Sea Zone 5": {"Germany": {"transport": 1}}})
    state = moved(state, "Karelia S.S.R.", "Germany", "tank", came_from="Sea Zone 5", flags={"seaborne"})
    state, _ = begin(state)
    entry = state.combat.entries[0]  # type: ignore[union-attr]
    assert (entry.kind, entry.step) == ("land", 2)
    # Karelia's implicit ID finds nothing to fire at (no aircraft, no transport offloaded
    # there this turn) but gives the infantry +1 (001 › Offshore bombardment), and the
    # mountains another: it defends at 4; in cycle 2 the tank is back at 3, the infantry at 2.
    state, _, dice = fight(state, "Karelia", [6, 1, 6])
    assert [p for p, _ in dice.log] == ["Karelia S.S.R. r1 defender 1 infantry @4", "Karelia S.S.R. r2 attacker 1 tank @3",
                                       "Karelia S.S.R. r2 defender 1 infantry @2"]


def test_the_heavy_tank_fires_in_opening_fire(rules: RuleSet) -> None:
    """001 › Appendix: Units, Heavy Tank: "They fire in opening-fire": before the land units,
    and its casualty is removed before they fire; its hit falls on a tank before infantry."""
    state = _belorussia(rules, {"heavy_tank": 1, "infantry": 1}, {"infantry": 1, "tank": 1})
    state, _ = begin(state)  # type: ignore[arg-type]
    state, events, dice = fight(state, "Belorussia", [1, 6, 6, 1])
    assert [p for p, _ in dice.log] == ["Belorussia r1 attacker 1 heavy tank @4", "Belorussia r1 attacker 1 infantry @1",
                                       "Belorussia r1 defender 1 infantry @2", "Belorussia r2 attacker 1 heavy tank @4"]
    removed = [e.data["units"] for e in events if e.type == "removed"]
    assert removed[0] == {"tank": 1}


def test_the_odds_cover_land_battles_not_sea_battles_nor_assaults(rules: RuleSet) -> None:
    """The exact odds model AARHE's land cycle (README, ruling 110); its sea cycle and the 1st
    cycle of an amphibious assault they refuse plainly, naming the steps (ruling 64)."""
    state = board(rules, "Germany", {"Eastern Europe": {"Germany": {"infantry": 2}},
                                     "Belorussia": {"Soviet Union": {"infantry": 1}},
                                     "Sea Zone 5": {"Soviet Union": {"transport": 1}}},
                  owners={"Belorussia": "Soviet Union"})
    land = calculate(rules, proposed(state, sid(state, "Belorussia"), force_of({"infantry": 2})))
    assert 0 < land.attacker_wins < 1
    with pytest.raises(IllegalCommandError) as at_sea:
        proposed(state, sid(state, "Sea Zone 5"), force_of({"destroyer": 1}))
    assert at_sea.value.reason == "odds.not_covered" and "sea battles" in str(at_sea.value)
    assert "asw_search" in str(at_sea.value) and "No numbers are given" in str(at_sea.value)
    with pytest.raises(IllegalCommandError) as assault:
        calculate(rules, Question(force_of({"infantry": 2}), force_of({"infantry": 1}), amphibious=True))
    assert "amphibious assaults" in str(assault.value) and "shore_bombard" in str(assault.value)


def test_the_odds_refuse_a_defender_whose_orders_retreat(rules: RuleSet) -> None:
    """The odds have the defender hold at a cycle's end (README, ruling 111): with a
    standing order ``retreat_below`` the defender could retreat, so no numbers are given."""
    state = board(rules, "Germany", {"Eastern Europe": {"Germany": {"infantry": 2}},
                                     "Belorussia": {"Soviet Union": {"infantry": 1}}},
                  owners={"Belorussia": "Soviet Union"}, orders={"Soviet Union": {"retreat_below": 2}})
    with pytest.raises(IllegalCommandError) as refused:
        proposed(state, sid(state, "Belorussia"), force_of({"infantry": 2}))
    assert refused.value.reason == "odds.not_covered" and "retreat_below 2" in str(refused.value)


def test_a_stored_battle_keeps_its_bombarding_ships(rules: RuleSet) -> None:
    """The ships that rolled for offshore bombardment give infantry +1 all cycle: a game
    stored mid-cycle keeps them (``Battle.bombarding``)."""
    state = board(rules, "Germany", {})
    phase = CombatPhase(attacker=state.turn, current=Battle(sid(state, "Karelia"), "land", state.turn,
                                                            amphibious=True, bombarding=(7, 9)))
    assert combat_from_json(phase.to_json()) == phase


def test_luck_is_told_for_a_land_battle(rules: RuleSet) -> None:
    """The luck of a battle is its outcome against the exact odds, which cover AARHE's land
    battles (README, ruling 110): 1 infantry against 1 wins a quarter of the time
    ((1/6 x 4/6) / (1 - 5/6 x 4/6)), so a win is at the 87.5th percentile."""
    state = _belorussia(rules, {"infantry": 1}, {"infantry": 1})
    state, _ = begin(state)  # type: ignore[arg-type]
    state, events, _ = fight(state, "Belorussia", [1, 6])
    fought = battles([e.to_json() for e in events])
    luck = battle_luck(state, fought[0])
    assert luck is not None and luck.percentile == pytest.approx(87.5)
    assert calculate(rules, Question(force_of({"infantry": 1}), force_of({"infantry": 1}))).attacker_wins \
        == pytest.approx(0.25)