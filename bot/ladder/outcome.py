"""How a game ended, read from the log entry that ended it, and time-limit adjudication.

Pure: the service hands over what it is about to write; nothing here reads a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

Ending = Literal["victory_cities", "concession", "adjudication", "abandonment", "forfeit"]
ENDINGS: tuple[Ending, ...] = (
    "victory_cities", "concession", "adjudication", "abandonment", "forfeit")

DECLARED: tuple[Ending, ...] = ("concession", "adjudication", "forfeit")
"""Endings given by a person or a rule rather than played out on the board; each is logged
as the losing side's concession (``/concede side:``), with the ending in its events."""


def ending_of(kind: str, status: str, events: Iterable[Mapping[str, Any]]) -> Ending:
    """The ending of the log entry that finishes a game (``kind`` and ``status`` as written)."""
    if status == "abandoned":
        return "abandonment"
    for e in events:
        named = e.get("ending")
        if named in DECLARED:
            return named  # type: ignore[no-any-return]
    return "concession" if kind == "concede" else "victory_cities"


Scores = Mapping[str, tuple[int, int]]
"""Side -> (victory cities held, IPC production), as the engine's ``side_scores`` gives."""

ADJUDICATION_RULES = ("cities_then_production", "production")


def adjudicate(scores: Scores, rule: str = "cities_then_production") -> str | None:
    """The winner at the time limit: more victory cities, then more IPC production (WBC's
    rule); or production alone. None when the sides are level on every figure."""
    if rule not in ADJUDICATION_RULES:
        raise ValueError(f"adjudication is one of {', '.join(ADJUDICATION_RULES)}, not {rule!r}")

    def key(side: str) -> tuple[int, ...]:
        cities, production = scores[side]
        return (cities, production) if rule == "cities_then_production" else (production,)

    ranked = sorted(scores, key=key, reverse=True)
    if len(ranked) < 2 or key(ranked[0]) == key(ranked[1]):
        return None
    return ranked[0]
