"""Land movement: range, paths, combat and noncombat destinations, blitzing, neutrals.

Rulebook: 000_fc7e3a790a753b06.txt, "Phase 2: Combat Move", "Tanks and Blitzing"
(Special Combat Movement), "Phase 4: Noncombat Move", "Neutral Territories", Unit Profiles.
"""

from __future__ import annotations

import pytest

from engine import GameState, IllegalCommandError, RuleSet
from engine.control import income
from engine.state import BLITZED, COMBAT_MOVED
from tests.engine.movement_support import at, move, pos, reach, sid

SOVIET_EAST = {"Ukraine S.S.R.": "Soviet Union", "Belorussia": "Soviet Union", "West Russia": "Soviet Union"}


def front(rules: RuleSet, phase: str = "combat_move", **spaces: dict[str, dict[str, int]]) -> GameState:
    """Germany to move; Ukraine, Belorussia and West Russia back in Soviet hands."""
    board = {"Poland": {"Germany": {"infantry": 2, "tank": 2}},
             "Germany": {"Germany": {"tank": 2, "industrial_complex": 1}},
             "Ukraine S.S.R.": {"Soviet Union": {"infantry": 1}},
             "West Russia": {"Soviet Union": {"infantry": 2}}}
    board.update({k.replace("_", " "): v for k, v in spaces.items()})
    return pos(rules, "Germany", phase, board, owners=SOVIET_EAST)


def test_tank_moves_at_most_two(rules: RuleSet) -> None:
    """Unit Profiles, Tanks: Move 2; the refusal names the unit, its move and the distance."""
    state = front(rules)
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 tank", "Germany", "Caucasus")
    assert err.value.reason == "move.too_far"
    assert str(err.value) == "Tanks move at most 2 spaces; Germany to Caucasus is 3."


def test_mixed_group_is_limited_by_its_slowest_unit(rules: RuleSet) -> None:
    with pytest.raises(IllegalCommandError) as err:
        move(front(rules), "1 tank, 1 inf", "Poland", "Karelia")
    assert str(err.value) == "Infantry move at most 1 space; Poland to Karelia S.S.R. is 2."


def test_not_enough_units_says_how_many_can_move(rules: RuleSet) -> None:
    state = front(rules)
    with pytest.raises(IllegalCommandError) as err:
        move(state, "3 tank", "Germany", "Ukraine")
    assert err.value.reason == "move.not_enough"
    assert "Germany has 2 tanks in Germany that can still move; you asked for 3." in str(err.value)


def test_attack_records_path_and_flags(rules: RuleSet) -> None:
    """Phase 2: moving into a hostile territory is a combat move; the event gives the arrows."""
    state, events = move(front(rules), "2 inf", "Poland", "Ukraine")
    moved = [u for u in state.units_at(sid(state, "Ukraine")) if u.owner == "germany"]
    assert len(moved) == 2
    assert all(u.path == ("poland", "ukraine_ssr") and u.moved == 1 and u.has(COMBAT_MOVED) for u in moved)
    assert moved[0].came_from == "poland"
    ev = events[-1]
    assert ev.type == "move" and ev.data["path"] == ["Poland", "Ukraine S.S.R."]
    assert ev.data["units"] == {"infantry": 2} and ev.data["power"] == "Germany"


def test_combat_move_may_not_end_in_friendly_territory(rules: RuleSet) -> None:
    """Phase 2: "units cannot end their movement in friendly spaces during the Combat Move phase"."""
    with pytest.raises(IllegalCommandError) as err:
        move(front(rules), "1 inf", "Poland", "Baltic States")
    assert err.value.reason == "combat_move.no_combat"


def test_land_units_stop_in_hostile_territory(rules: RuleSet) -> None:
    """Phase 2: "Most units must stop when they enter a hostile space"."""
    state = front(rules)
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 tank", "Poland", "Caucasus", path=["Poland", "Ukraine", "Caucasus"])
    assert err.value.reason == "move.must_stop"
    assert "must stop on entering Ukraine S.S.R." in str(err.value)
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 tank", "Poland", "Caucasus")
    assert err.value.reason == "move.must_stop"


def test_unit_that_entered_battle_cannot_move_again(rules: RuleSet) -> None:
    """Phase 2: all combat moves happen before any battle; a unit that entered a battle stays."""
    state, _ = move(front(rules), "1 tank", "Poland", "Ukraine")
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 tank", "Ukraine", "Caucasus")
    assert err.value.reason == "move.not_enough"
    assert "moved into battle in Ukraine S.S.R." in str(err.value)


def test_blitz_captures_the_first_territory_at_once(rules: RuleSet) -> None:
    """Tanks and Blitzing: the tank "establishes control of the first territory before it moves
    to the next. Place your control marker ... and adjust the national production levels"."""
    state = front(rules)
    before = income(state, "germany")
    after, events = move(state, "1 tank", "Poland", "West Russia", path=["Poland", "Belorussia", "West Russia"])
    assert after.owner(sid(after, "Belorussia")) == "germany"
    assert income(after, "germany") == before + 2
    assert [e.type for e in events] == ["capture", "move"]
    tank = next(u for u in after.units_at(sid(after, "West Russia")) if u.owner == "germany")
    assert tank.has(BLITZED) and tank.path == ("poland", "belorussia", "west_russia")
    assert "blitz through Belorussia" in events[-1].text


def test_blitz_may_end_in_friendly_territory_or_back_home(rules: RuleSet) -> None:
    """Unit Profiles, Tanks: "The second territory can be friendly or hostile, or even the space
    the tank came from"."""
    state = front(rules)
    home, _ = move(state, "1 tank", "Poland", "Poland", path=["Poland", "Belorussia", "Poland"])
    assert home.owner(sid(home, "Belorussia")) == "germany"
    baltic, _ = move(state, "1 tank", "Poland", "Baltic States", path=["Poland", "Belorussia", "Baltic States"])
    assert at(baltic, "Baltic States", "Germany") == {"tank": 1}


def test_no_blitz_through_antiaircraft_artillery(rules: RuleSet) -> None:
    """Tanks and Blitzing: "A tank that encounters enemy units, including anti-aircraft artillery
    units or an industrial complex, in the first territory it enters must stop there"."""
    state = front(rules, Belorussia={"Soviet Union": {"aaa": 1}})
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 tank", "Poland", "West Russia", path=["Poland", "Belorussia", "West Russia"])
    assert err.value.reason == "move.must_stop"


def test_blitz_only_as_first_part_of_the_move(rules: RuleSet) -> None:
    """A tank entering an unoccupied hostile territory as its second space just stops there."""
    state = front(rules, Poland={"Germany": {"infantry": 1}})
    after, events = move(state, "1 tank", "Germany", "Belorussia")
    assert after.owner(sid(after, "Belorussia")) == "soviet_union"
    assert [e.type for e in events] == ["move"]


def test_search_prefers_the_friendly_way(rules: RuleSet) -> None:
    """Without a path the referee takes the shortest, and among those the one through friendly
    land (no blitz), and says which."""
    state, events = move(front(rules), "1 tank", "Poland", "Karelia")
    assert events[-1].data["path"] == ["Poland", "Baltic States", "Karelia S.S.R."]
    assert state.owner(sid(state, "Belorussia")) == "soviet_union"


def test_neutral_territories_are_impassable(rules: RuleSet) -> None:
    """Neutral Territories: "You cannot attack neutral territories, move through them"."""
    state = pos(rules, "Soviet Union", "combat_move", {"Caucasus": {"Soviet Union": {"infantry": 1}}})
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 inf", "Caucasus", "Turkey")
    assert err.value.reason == "move.impassable"


def test_industrial_complex_never_moves(rules: RuleSet) -> None:
    """Unit Profiles, Industrial Complexes: "cannot attack, defend, or move"."""
    with pytest.raises(IllegalCommandError) as err:
        move(front(rules), "1 ic", "Germany", "Poland")
    assert "they never move" in str(err.value)


def test_antiaircraft_artillery_moves_only_in_noncombat(rules: RuleSet) -> None:
    """Unit Profiles, AAA: "cannot move during the Combat Move phase"; Phase 4: "this is the only
    phase in which anti-aircraft artillery units can move"."""
    state = front(rules, Germany={"Germany": {"aaa": 1}})
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 aaa", "Germany", "Poland")
    assert "they move only in Noncombat Move" in str(err.value)
    calm = front(rules, "noncombat_move", Germany={"Germany": {"aaa": 1}})
    after, _ = move(calm, "1 aaa", "Germany", "Poland")
    assert at(after, "Poland", "Germany")["aaa"] == 1


def test_noncombat_land_moves_stay_in_friendly_territory(rules: RuleSet) -> None:
    """Phase 4: a land unit "cannot move into or through a hostile territory (not even one that
    contains no combat units)", but may enter territories captured this turn."""
    state = front(rules, "noncombat_move")
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 tank", "Poland", "Belorussia")
    assert err.value.reason == "noncombat.hostile"
    with pytest.raises(IllegalCommandError):
        move(state, "1 tank", "Poland", "Karelia", path=["Poland", "Belorussia", "Karelia"])
    captured = state.evolve(owners={**state.owners, "belorussia": "germany"})
    after, _ = move(captured, "1 tank", "Poland", "Belorussia")
    assert at(after, "Belorussia", "Germany") == {"tank": 1}


def test_units_that_moved_in_combat_do_not_move_in_noncombat(rules: RuleSet) -> None:
    """Phase 4: "you can move any of your units that did not move in the Combat Move phase"."""
    state, _ = move(front(rules), "2 inf", "Poland", "Ukraine")
    state = state.evolve(phase="noncombat_move", owners={**state.owners, "ukraine_ssr": "germany"})
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 inf", "Ukraine", "Poland")
    assert "moved in Combat Move or fought" in str(err.value)


def test_reachable_lists_battles_and_blitzes(rules: RuleSet) -> None:
    state = front(rules)
    tanks = reach(state, "1 tank", "Poland")
    assert "Ukraine S.S.R." in tanks and "West Russia" in tanks and "Belorussia" in tanks
    assert "Baltic States" in tanks  # by blitzing through Belorussia
    assert "Germany" not in tanks
    assert reach(state, "1 inf", "Poland") == ["Belorussia", "Ukraine S.S.R."]
    calm = front(rules, "noncombat_move")
    assert "Belorussia" not in reach(calm, "1 tank", "Poland")
