"""The dice protocol the engine rolls through, and dice for tests and replay.

The engine never imports :mod:`random`: every die comes from an injected :class:`Dice`.
The shell supplies auditable dice (``bot.dice``); tests use :class:`FixedDice`; replaying
a record uses :class:`ScriptedDice` over the recorded rolls.

A *sealed draw* (:meth:`Dice.sealed`) is a roll whose faces stay secret from everyone but
the power it is for until a later command reveals them (docs/dice.md, "Sealed draws").
Rule code draws with :func:`draw_sealed`, keeps the faces in the state where only their
owner's views read them, and announces the reveal with :func:`reveal_sealed`: the shell
publishes a sealed draw's proof when it sees that event, and never shows faces before.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from .errors import IllegalCommandError
from .events import Event, event

SEALED_DRAW = "sealed_draw"
"""Event type of a sealed draw: ``power``, ``purpose`` and ``count``, never the faces."""
SEALED_REVEAL = "sealed_reveal"
"""Event type of a reveal: ``power``, ``purpose`` (the draw's) and ``faces``."""


class Dice(Protocol):
    """A source of six-sided dice."""

    def roll(self, count: int, purpose: str) -> list[int]:
        """Roll ``count`` dice for ``purpose`` (e.g. ``"Ukraine r2 attacker 3 infantry @1"``)."""
        ...

    def sealed(self, count: int, purpose: str) -> list[int]:
        """Draw ``count`` dice for ``purpose`` whose faces stay secret until revealed.

        The draw is committed and logged like a roll, but only the power it is for may see
        its faces until a command emits :func:`reveal_sealed` for the same ``purpose`` (or
        the game ends). ``purpose`` must be unique in the game and name the owner and the
        occasion (``"Germany secret draw r1"``): the reveal finds the draw by it. Like a
        roll, a sealed draw cannot be taken back with ``/undo``.
        """
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
        self.sealed_log: list[tuple[str, list[int]]] = []
        """Sealed draws, apart from ``log`` so a test can tell them from rolls."""

    def roll(self, count: int, purpose: str) -> list[int]:
        out = self._take(count, purpose)
        self.log.append((purpose, out))
        return out

    def sealed(self, count: int, purpose: str) -> list[int]:
        """Sealed draws take the next faces like rolls (a test knows every face)."""
        out = self._take(count, purpose)
        self.sealed_log.append((purpose, out))
        return out

    def _take(self, count: int, purpose: str) -> list[int]:
        if self.position + count > len(self.faces):
            raise DiceExhausted(
                f"Out of fixed dice: {purpose} needs {count}, {len(self.faces) - self.position} left.",
                reason="dice.exhausted",
            )
        out = self.faces[self.position : self.position + count]
        self.position += count
        return out


class ScriptedDice:
    """Replays recorded rolls, checking each is asked for with the same count and purpose.

    A sealed draw is replayed from its revealed faces, in its place among the rolls.
    """

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

    sealed = roll


class NoDice:
    """For commands that must not roll (undo replays); rolling is a bug in the caller."""

    def roll(self, count: int, purpose: str) -> list[int]:
        raise DiceExhausted(f"No dice may be rolled here ({purpose}).", reason="dice.not_allowed")

    sealed = roll


def draw_sealed(dice: Dice, power: str, count: int, purpose: str) -> tuple[list[int], Event]:
    """A sealed draw of ``count`` dice for ``power`` (its display name) and the public event
    saying it happened: the event names the power, purpose and count, never the faces, so
    the channel, the game record and every log may show it. Keep the faces in the state."""
    faces = dice.sealed(count, purpose)
    return faces, event(SEALED_DRAW, f"{power} makes a sealed draw: {purpose}.", power=power,
                        purpose=purpose, count=count)


def reveal_sealed(power: str, purpose: str, faces: list[int], text: str | None = None) -> Event:
    """The event revealing ``power``'s sealed draw for ``purpose`` (the purpose it was drawn
    with): the shell publishes the draw's seed on seeing it, so anyone can verify the faces.
    ``text`` is the sentence for the channel (by default the purpose and faces)."""
    shown = " ".join(str(f) for f in faces)
    return event(SEALED_REVEAL, text or f"{power} reveals the sealed draw {purpose}: {shown}.",
                 power=power, purpose=purpose, faces=list(faces))
