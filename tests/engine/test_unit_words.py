"""Refusals name units and developments as each rule system does (Classic's "Armor", not the
id ``tank`` the records share), and a word standing where a count goes is refused as a count."""

from __future__ import annotations

import pytest

import maps
from engine import GameState, NotationError, Orders, apply, format_command, new_game, parse_command
from engine.dice import FixedDice


def _opening(ruleset: str) -> GameState:
    return new_game(maps.load_ruleset(ruleset, unplayable=True))


@pytest.mark.parametrize("ruleset", maps.SHIPPED)
def test_a_misspelt_unit_is_suggested_by_its_name_in_the_rule_system(ruleset: str) -> None:
    """Each unit type of each rule system, typed with one letter too many, is suggested by
    the name its unit table gives it (004 §16 calls the tank "Armor")."""
    state = _opening(ruleset)
    for spec in state.rules.units.values():
        with pytest.raises(NotationError) as err:
            parse_command(f'/buy units:"2 {spec.name}q"', state)
        assert err.value.suggestions[0] == spec.name.lower(), spec.kind
        assert f"Did you mean {spec.name.lower()}" in str(err.value)


def test_classic_suggests_armor_not_the_id_tank() -> None:
    """004 §16 lists "Armor"; the unit's id ``tank`` is never shown."""
    with pytest.raises(NotationError) as err:
        parse_command('/buy units:"2 armr"', _opening("classic-3e"))
    assert str(err.value) == 'There is no unit type called "armr". Did you mean armor?'


@pytest.mark.parametrize(("typed", "message"), [
    ("x armor", 'Count units in whole numbers from 1: "x" in "x armor" is not a number '
                '(e.g. "2 armor").'),
    ("1 inf, two tanks", 'Count units in whole numbers from 1: "two" in "two tanks" is not a '
                         'number (e.g. "2 armor").'),
    ("x aa gun", 'Count units in whole numbers from 1: "x" in "x aa gun" is not a number '
                 '(e.g. "2 anti-aircraft guns").'),
    ("armor 2", 'Put the count before the unit: "2 armor", not "armor 2".'),
])
def test_a_word_where_the_count_goes_is_refused_as_a_count(typed: str, message: str) -> None:
    """The unit was understood; what is wrong is the count, and the refusal says so."""
    with pytest.raises(NotationError) as err:
        parse_command(f'/buy units:"{typed}"', _opening("classic-3e"))
    assert str(err.value) == message
    assert err.value.reason == "notation.bad_count"


def test_a_unit_not_known_with_a_count_is_still_no_unit() -> None:
    """A count was given, so the words after it are the unit, and they name none."""
    with pytest.raises(NotationError) as err:
        parse_command('/buy units:"2 big armor"', _opening("classic-3e"))
    assert err.value.reason == "name.unknown_unit_type"


def test_standing_orders_name_units_as_classic_does() -> None:
    """The order of loss is echoed and recorded in the rule system's unit names."""
    state = _opening("classic-3e")
    command = parse_command('/orders loss:"inf, tank"', state)
    assert format_command(command, state) == '/orders loss:"infantry, armor"'
    assert parse_command(format_command(command, state), state) == command
    events = apply(state, Orders(loss=command.loss), FixedDice([])).events
    assert "lose infantry, armor;" in events[0].text


def test_a_misspelt_development_is_suggested_by_its_name() -> None:
    """004 §17 calls the first development "Jet Power" (id ``jet_fighters``)."""
    with pytest.raises(NotationError) as err:
        parse_command('/research tech:"jet powr" dice:1', _opening("classic-3e"))
    assert err.value.suggestions == ("Jet Power",)
