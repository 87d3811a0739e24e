"""Errors the engine raises.

Every error a player can cause is a :class:`RulesError`: ``str(err)`` is a plain sentence
shown to the player verbatim, ``err.reason`` a stable key for tests and front ends.
Broken map data raises :class:`BoardDataError`, which is for maintainers, not players.
"""

from __future__ import annotations

from collections.abc import Sequence

from .prose import one_stop


class RulesError(ValueError):
    """Something the player asked for that cannot be done; the message says why."""

    def __init__(self, message: str, *, reason: str, text: str | None = None) -> None:
        super().__init__(one_stop(message))
        self.reason = reason
        self.text = text


class NotationError(RulesError):
    """The text cannot be read as a command (unknown word, name or option)."""

    def __init__(
        self,
        message: str,
        *,
        reason: str,
        text: str | None = None,
        suggestions: Sequence[str] = (),
    ) -> None:
        super().__init__(message, reason=reason, text=text)
        self.suggestions = tuple(suggestions)


class AmbiguousCommandError(NotationError):
    """A name or command fits more than one thing; ``candidates`` lists them."""

    def __init__(
        self, message: str, *, reason: str, candidates: Sequence[str], text: str | None = None
    ) -> None:
        super().__init__(message, reason=reason, text=text, suggestions=candidates)
        self.candidates = tuple(candidates)


class IllegalCommandError(RulesError):
    """The command is readable but the rules do not allow it now."""


class OutOfTurnError(IllegalCommandError):
    """The command belongs to another phase, or another power must act."""


class BoardDataError(Exception):
    """The data under ``maps/`` is inconsistent; the message names the culprit."""
