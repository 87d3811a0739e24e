"""The marks a picture draws for AARHE's neutrals on the track of cooperation (001 =
001_4ad7942ffba8a1ea.txt, › Phase 8: Diplomacy, Level of cooperation)."""

from __future__ import annotations

import pytest

import maps
from engine import RuleSet, new_game
from engine.ids import PowerId, SpaceId
from engine.leanings import key, leanings
from engine.neutrals import join, with_cooperation


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return maps.load_ruleset("aarhe", unplayable=True)


def test_each_unheld_neutral_leans_to_a_side_by_its_place(rules: RuleSet) -> None:
    """"+5 Allies ... 0 Neutral ... -5 Axis": Spain at -3 leans three fifths of the way to the
    Axis, Turkey at +4 four fifths to the Allies, Afghanistan at 0 to neither; Rio de Oro
    follows Spain (001 › Appendix: Neutrals); Sahara, off the track, has no mark."""
    state = with_cooperation(new_game(rules), {SpaceId("spain"): -3, SpaceId("turkey"): 4})
    marks = leanings(state)
    spain, turkey, afghanistan = marks[SpaceId("spain")], marks[SpaceId("turkey")], marks[SpaceId("afghanistan")]
    assert (spain.side, spain.share, spain.text) == ("Axis", 0.6, "-3")
    assert (turkey.side, turkey.share, turkey.text) == ("Allies", 0.8, "+4")
    assert (afghanistan.side, afghanistan.share, afghanistan.text) == (None, 0.0, "0")
    assert marks[SpaceId("rio_de_oro")] == spain
    assert SpaceId("sahara") not in marks


def test_a_side_may_enter_from_four_towards_it(rules: RuleSet) -> None:
    """"+4 Pro-Allies Neutral, Allies units can enter", "-4 Pro-Axis Neutral, Axis units can
    enter"; at +3/-3 they may not yet."""
    assert [m.text for m in key(rules) if m.open] == ["-4", "+4"]
    assert [m.text for m in key(rules)] == ["-4", "-3", "-2", "-1", "0", "+1", "+2", "+3", "+4"]


def test_a_neutral_that_joined_has_no_mark(rules: RuleSet) -> None:
    """001 › Phase 8, Diplomacy Rolls: at +5/-5 "Territory and units goes to that player": it
    is that power's land, and Rio de Oro with Spain."""
    joined, _ = join(new_game(rules), SpaceId("spain"), PowerId("germany"), SpaceId("sz_13"))
    marks = leanings(joined)
    assert SpaceId("spain") not in marks and SpaceId("rio_de_oro") not in marks
    assert SpaceId("turkey") in marks


def test_rule_systems_without_the_track_have_no_marks() -> None:
    """1942 Second Edition's neutrals are impassable (000), with no track of cooperation."""
    rules = maps.load_ruleset("aa1942-2e")
    assert leanings(new_game(rules)) == {} and key(rules) == ()
