"""Pictures and battle logs name a game's units from its rule system's data, never from a
list in the bot: a Revised map's key lists Revised's units (no cruiser, 002 "Appendix I:
Unit Profiles"), a 1942 map's key the 1942 table (000 "Unit Profiles")."""

from __future__ import annotations

from typing import Any

import pytest

import maps
from bot.render import load_board_geometry, render_map_result
from bot.render.unitkey import unit_key, unit_key_of
from engine import RuleSet, new_game
from engine.errors import BoardDataError
from engine.units import DOMAINS


@pytest.mark.parametrize("ruleset", maps.SHIPPED)
def test_key_lists_exactly_the_rule_systems_units(ruleset: str) -> None:
    rules = maps.load_ruleset(ruleset, unplayable=True)
    key = unit_key_of(ruleset)
    assert set(key.abbreviations) == set(key.words) == set(rules.units)
    assert len(set(key.abbreviations.values())) == len(rules.units), "abbreviations must differ"
    assert key.structures == {k for k, s in rules.units.items() if s.structure}


@pytest.mark.parametrize("ruleset", maps.SHIPPED)
def test_key_lists_land_air_sea_then_structures(ruleset: str) -> None:
    rules = maps.load_ruleset(ruleset, unplayable=True)
    listed = [rules.spec(k) for k in unit_key_of(ruleset).abbreviations]
    groups = [(s.structure, DOMAINS.index(s.domain)) for s in listed]
    assert groups == sorted(groups)
    assert listed[-1].structure


def test_revised_has_no_cruiser_and_calls_its_aa_a_gun() -> None:
    """002, "Appendix I": the Revised table has no cruiser; its AA gun is the "Antiaircraft Gun"."""
    revised, classic = unit_key_of("revised-lhtr"), unit_key_of("aa1942-2e")
    assert "cruiser" not in revised.abbreviations and classic.abbreviation("cruiser") == "CA"
    assert (revised.abbreviation("aaa"), revised.words["aaa"]) == ("AA", "AA gun")
    assert (classic.abbreviation("aaa"), classic.words["aaa"]) == ("AAA", "aaa")


def test_a_unit_without_an_abbreviation_is_refused_at_load() -> None:
    data: dict[str, Any] = maps.load_rule_data("aa1942-2e")
    units = {k: dict(v) for k, v in data["units"]["unit"].items()}
    del units["tank"]["abbreviation"]
    with pytest.raises(BoardDataError, match="unit 'tank': missing key 'abbreviation'"):
        RuleSet.from_data(**{**data, "units": {"unit": units}})


def test_a_new_unit_in_the_data_reaches_the_key_without_a_bot_edit() -> None:
    data: dict[str, Any] = maps.load_rule_data("revised-lhtr")
    units = dict(data["units"]["unit"])
    units["jet_fighter"] = {**units["fighter"], "name": "Jet", "plural": "jets",
                            "abbreviation": "JET", "short_name": "jet", "aliases": ["jet"]}
    key = unit_key(RuleSet.from_data(**{**data, "units": {"unit": units}}))
    assert key.abbreviation("jet_fighter") == "JET" and key.words["jet_fighter"] == "jet"
    assert key.order("jet_fighter") < key.order("battleship")


def test_revised_map_stacks_use_revised_abbreviations() -> None:
    """The map of a Revised game draws its AA guns as "AA" (its data), a 1942 one as "AAA"."""
    for ruleset, aa in (("revised-lhtr", "AA"), ("aa1942-2e", "AAA")):
        rules = maps.load_ruleset(ruleset, unplayable=True)
        drawn = render_map_result(new_game(rules).to_json(), load_board_geometry(rules.board.id),
                                  width=800)
        texts = " ".join(s.text for s in drawn.stacks).split()
        assert aa in texts and ({"AA", "AAA"} - {aa}).isdisjoint(texts)
