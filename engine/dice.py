"""The dice protocol the engine rolls through, and dice for tests and replay.

The engine never imports :mod:`random`: every die comes from an injected :class:`Dice`.
The shell supplies auditable dice (``bot.dice``); tests use :class:`FixedDice`; replaying
a record uses :class:`ScriptedDice` over the recorded rolls.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from .errors import IllegalCommandError


class Dice(Protocol):
    """A source of six-sided dice."""

    def roll(self, count: int, purpose: str) -> list[int]:
        """Roll ``count`` dice for ``purpose`` (e.g. ``"Ukraine r2 attacker 3 infantry @1"``)."""
        ...


class DiceExhausted(IllegalCommandError):
    """Fixed or scripted dice ran out: the test or record did not supply enough."""


class FixedDice:
    """Dice that come out in the given order; running out is an error."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        for f in self.faces:
            if not 1 <= f <= 6:
                raise ValueError(f"a die shows 1 to 6, not {f}")
        self.position = 0
        self.log: list[tuple[str, list[int]]] = []

    def roll(self, count: int, purpose: str) -> list[int]:
        if self.position + count > len(self.faces):
            raise DiceExhausted(
                f"Out of fixed dice: {purpose} needs {count}, {len(self.faces) - self.position} left.",
                reason="dice.exhausted",
            )
        out = self.faces[self.position : self.position + count]
        self.position += count
        self.log.append((purpose, out))
        return out


class ScriptedDice:
    """Replays recorded rolls, checking each is asked for with the same count and purpose."""

    def __init__(self, rolls: Iterable[tuple[str, list[int]]]) -> None:
        self.rolls = list(rolls)
        self.position = 0

    def roll(self, count: int, purpose: str) -> list[int]:
        if self.position >= len(self.rolls):
            raise DiceExhausted(f"The record has no roll left for {purpose}.", reason="dice.exhausted")
        recorded_purpose, faces = self.rolls[self.position]
        if len(faces) != count or recorded_purpose != purpose:
            raise DiceExhausted(
                f"The record's roll #{self.position + 1} is {recorded_purpose} ({len(faces)} dice), "
                f"but the game asks for {purpose} ({count} dice).",
                reason="dice.mismatch",
            )
        self.position += 1
        return list(faces)


class NoDice:
    """For commands that must not roll (undo replays); rolling is a bug in the caller."""

    def roll(self, count: int, purpose: str) -> list[int]:
        raise DiceExhausted(f"No dice may be rolled here ({purpose}).", reason="dice.not_allowed")
