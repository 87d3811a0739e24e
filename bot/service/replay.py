"""Rebuilding a game's engine state from commands and their recorded rolls."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from bot.service.dice import RecordedDice, RecordedRoll
from bot.service.rules import Engine
from engine import GameState

CONCEDE = "/concede side:"
"""How a concession appears in the log and the record (the engine's ``concede``)."""

Rolls = Sequence[Sequence[int] | RecordedRoll]
"""The rolls a command made, in order: their dice, and from a record their purpose and line."""
Step = tuple[str, Rolls]
"""A canonical command line and the rolls it made."""


def replay(rules: Engine, state: GameState, steps: Iterable[Step]) -> GameState:
    """Apply each step to ``state`` with exactly its recorded rolls; returns the final state.

    Raises the engine's ``RulesError`` if a stored command no longer applies, and
    ``ReplayMismatchError`` (a ``RuntimeError``) if the engine asks for rolls other than those
    recorded: either means the log and the engine disagree, which must never pass silently.
    """
    for text, rolls in steps:
        state = replay_step(rules, state, text, rolls)
    return state


def replay_step(rules: Engine, state: GameState, text: str, rolls: Rolls) -> GameState:
    """One command with its recorded rolls; ``/concede side:<side>`` ends the game."""
    if text.startswith(CONCEDE):
        return rules.concede(state, text[len(CONCEDE) :]).state
    dice = RecordedDice(rolls)
    state = rules.apply(state, rules.parse_command(text, state), dice).state
    dice.finish()
    return state
