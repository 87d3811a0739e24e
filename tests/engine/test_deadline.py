"""What the referee enters for a silent seat comes from the phase registry, never from a
list of phase names: a phase without a ``default`` just ends, whatever its rule system."""

from __future__ import annotations

import maps
from engine import Battle, FixedDice, Place, apply, new_game, parse_command
from engine.deadline import default_command
from engine.phases import phase_entry


def test_research_is_a_decision_so_develop_weapons_just_ends() -> None:
    """003, "Phase 1: Develop Weapons": "you can develop" by buying research dice, a choice;
    nothing is rolled for a silent seat."""
    state = new_game(maps.load_ruleset("revised-lhtr", unplayable=True))
    assert state.phase == "develop_weapons" and phase_entry(state.phase).default is None
    assert default_command(state) is None


def test_every_phase_with_a_default_is_one_without_a_decision() -> None:
    """000, "Conduct Combat" and "Phase 5: Mobilize New Units": battles moved into must be
    fought and bought units must be placed; buying and moving are the player's alone."""
    rules = maps.load_ruleset("aa1942-2e")
    with_default = [p for p in rules.phases if phase_entry(p).default is not None]
    assert with_default == ["conduct_combat", "mobilize"]


def test_the_default_of_mobilize_places_what_was_bought() -> None:
    """000, "Phase 5: Mobilize New Units": the units bought enter play at a factory."""
    state = new_game(maps.load_ruleset("aa1942-2e"))
    for line in ['/buy units:"3 infantry"', "/done", "/done", "/done"]:
        state = apply(state, parse_command(line, state), FixedDice([])).state
    command = default_command(state)
    assert isinstance(command, Place) and command.units == (("infantry", 3),)
    placed = apply(state, command, FixedDice([])).state
    assert not any(placed.purchased.values()) and default_command(placed) is None


def test_the_default_of_conduct_combat_is_the_first_listed_battle() -> None:
    state = new_game(maps.load_ruleset("aa1942-2e"))
    for line in ["/done", '/move units:"4 infantry, 1 artillery" from:Karelia to:"West Russia"',
                 "/done"]:
        state = apply(state, parse_command(line, state), FixedDice([])).state
    assert state.combat is not None
    assert default_command(state) == Battle(territory=state.combat.entries[0].space)
