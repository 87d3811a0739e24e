"""Phases are registry entries that a rule system lists in order (docs/engine.md, "Phases")."""

from __future__ import annotations

from typing import Any

import pytest

import maps
from engine import BoardDataError, Buy, Done, GameState, NoDice, OutOfTurnError, Repair, RuleSet, apply, new_game
from engine.dice import Dice
from engine.events import Event, event
from engine.ids import SpaceId, UnitKind
from engine.options import legal_commands
from engine.commands import Rocket
from engine.phases import Phase, check_phases, phase_entry, phase_title, register_phase


def _tally(state: GameState, cmd: Buy, dice: Dice) -> tuple[GameState, list[Event]]:
    treasury = dict(state.treasury)
    treasury[state.turn] += 1
    return state.evolve(treasury=treasury), [event("tally", "One more IPC.")]


TALLY = register_phase(Phase("test_tally", "Tally Up", {Buy: _tally}, needs_capital=False))
"""A phase of the test's own: ``/buy`` there adds an IPC instead of buying."""


def _with_phases(*phases: str) -> RuleSet:
    data: dict[str, Any] = maps.load_rule_data("aa1942-2e")
    data["ruleset"] = {**data["ruleset"], "phases": list(phases)}
    return RuleSet.from_data(**data)


def test_titles_come_from_the_registry(rules: RuleSet) -> None:
    """000, "Turn Sequence": the six phases by their rulebook names."""
    assert [phase_title(rules, p) for p in rules.phases] == [
        "Purchase Units", "Combat Move", "Conduct Combat", "Noncombat Move", "Mobilize New Units",
        "Collect Income"]
    with pytest.raises(BoardDataError, match="no phase 'develop_weapons'"):
        phase_title(rules, "develop_weapons")


def test_an_unknown_phase_fails_at_load() -> None:
    """A rule system listing a phase nobody registered is refused, naming it."""
    with pytest.raises(BoardDataError, match="unknown phases research"):
        check_phases(_with_phases("research", "purchase"))


def test_a_new_phase_is_one_entry_and_its_function(rules: RuleSet) -> None:
    """A phase ahead of Purchase (as Revised's Develop Weapons is) runs its own handler,
    refuses other commands with its title, and ``/done`` moves on to the next listed phase."""
    variant = _with_phases("test_tally", *rules.phases)
    state = new_game(variant)
    assert state.phase == "test_tally"
    assert legal_commands(state).commands == ("buy", "done", "undo", "orders")
    before = state.treasury[state.turn]
    state = apply(state, Buy(units=()), NoDice()).state
    assert state.treasury[state.turn] == before + 1
    with pytest.raises(OutOfTurnError, match="/repair belongs to Purchase Units; it is now Tally Up"):
        apply(state, Repair(territory=SpaceId("russia"), points=1), NoDice())
    state = apply(state, Done(), NoDice()).state
    assert state.phase == "purchase"
    infantry = UnitKind("infantry")
    state = apply(state, Buy(units=((infantry, 1),)), NoDice()).state
    assert state.purchased == {infantry: 1}
    assert state.treasury[state.turn] == before + 1 - rules.spec(infantry).cost


def test_phase_entry_says_who_sits_out(rules: RuleSet) -> None:
    """000, "Capturing and Liberating Capitals": without its capital a power may not
    collect income or buy, but still moves and fights."""
    assert {p: phase_entry(p).needs_capital for p in rules.phases} == {
        "purchase": True, "combat_move": False, "conduct_combat": False, "noncombat_move": False,
        "mobilize": True, "collect_income": False}


def test_a_rule_system_adds_a_phase_command_by_listing_it(rules: RuleSet) -> None:
    """Revised's ``/rocket`` (002, Rocket Strikes: declared "During the combat move phase")
    is an optional command of Combat Move: taken where the rule system lists it in
    ``commands``, refused as unknown in 1942, and a listed command no phase offers fails at
    load, naming it."""
    combat_move = phase_entry("combat_move")
    revised = maps.load_ruleset("revised-lhtr", unplayable=True)
    assert Rocket not in combat_move.taken(rules)
    assert Rocket in combat_move.taken(revised)
    moving = apply(new_game(rules), Done(), NoDice()).state
    assert moving.phase == "combat_move"
    assert legal_commands(moving).commands == ("move", "done", "undo", "orders")
    data: dict[str, Any] = maps.load_rule_data("aa1942-2e")
    data["ruleset"] = {**data["ruleset"], "commands": ["rocket", "teleport"]}
    with pytest.raises(BoardDataError, match="commands no phase of it offers: teleport"):
        check_phases(RuleSet.from_data(**data))
