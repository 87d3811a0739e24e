"""Examples shown to players are in the words of their game's rule system (engine.examples):
its unit names, developments and spaces, so an example can be typed as it stands."""

from __future__ import annotations

import pytest

import maps
from engine import GameState, NotationError, new_game, parse_command
from engine.examples import example_in
from engine.registry import ENGINE_COMMANDS, is_used_by


def _opening(ruleset: str) -> GameState:
    return new_game(maps.load_ruleset(ruleset, unplayable=True))


@pytest.mark.parametrize("ruleset", maps.SHIPPED)
def test_every_example_reads_in_its_rule_system(ruleset: str) -> None:
    """Each command a rule system uses reads its example there, every unit in it named as
    the unit table names it (004 §16: "Armor")."""
    state = _opening(ruleset)
    words = {spec.word() for spec in state.rules.units.values()} | {
        spec.word(2) for spec in state.rules.units.values()}
    for spec in ENGINE_COMMANDS:
        if not is_used_by(state.rules, spec):
            continue
        example = example_in(state.rules, spec)
        assert type(parse_command(example, state)) is spec.command, example
        units = [o.name for o in spec.options if o.name in ("units", "loss")]
        for option in units:
            if f"{option}:" in example:
                value = example.split(f'{option}:"', 1)[1].split('"', 1)[0]
                assert all(item.split(" ", 1)[-1] in words for item in value.split(", ")), example


def test_classic_examples_name_armor_and_its_own_spaces() -> None:
    """004 §16 calls the tank "Armor"; Classic's board has no West Russia, and §4 item 01
    buys research dice without naming a development."""
    state = _opening("classic-3e")
    with pytest.raises(NotationError) as move:
        parse_command('/move units:"1 inf"', state)
    assert str(move.value) == ('/move needs from:, to: as in: /move units:"2 infantry, 1 armor" '
                               'from:Caucasus to:"Ukraine S.S.R."')
    with pytest.raises(NotationError) as research:
        parse_command("/research", state)
    assert str(research.value) == "/research needs dice: as in: /research dice:2"
    with pytest.raises(NotationError) as empty:
        parse_command('/buy units:" , "', state)
    assert str(empty.value) == 'List units, e.g. "2 infantry, 1 armor".'


def test_revised_research_example_names_its_first_development() -> None:
    """003, Phase 1: Revised's research names a development, its own (Jet Fighters)."""
    with pytest.raises(NotationError) as err:
        parse_command('/research tech:"heavy bombers"', _opening("revised-lhtr"))
    assert str(err.value) == '/research needs dice: as in: /research tech:"Jet Fighters" dice:3'
