"""Rolling dice for a group of units and reporting every die.

Units roll together when they share a hit value (000, Step 3: "Roll for units with the
same attack value at the same time"), split further only where the hits may fall on
different units (submarines hit only ships; aircraft hit submarines only with a friendly
destroyer), so every hit's eligibility is known.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..dice import Dice
from ..events import Event, event
from ..ids import SpaceId
from ..state import GameState, Unit
from .report import counts, purpose


def values(state: GameState, units: Sequence[Unit], side: str) -> dict[int, int]:
    """Each unit's attack or defense value in a group fighting together, by the rule
    system's ``unit_values`` hook (support, technology)."""
    return state.rules.hooks.unit_values(state, units, side)


def hit_rule(state: GameState, unit: Unit, sea: bool, own_destroyer: bool) -> str:
    spec = state.rules.spec(unit.kind)
    if sea and spec.submarine:
        return "sea"
    if sea and spec.is_air and not own_destroyer:
        return "not_sub"
    return "any"


def roll_groups(state: GameState, dice: Dice, space: SpaceId, round_: int, side: str,
                groups: dict[tuple[int, str], list[Unit]], source: str,
                count: dict[tuple[int, str], int] | None = None) -> tuple[list[tuple[int, str]], list[Event]]:
    """Roll each (value, rule) group once; return hits per rule and one event per roll."""
    hits: dict[str, int] = {}
    events: list[Event] = []
    for (value, rule), units in sorted(groups.items()):
        if value <= 0 or not units:
            continue
        tally = counts(state, units)
        n = count[(value, rule)] if count else len(units)
        why = purpose(state, space, round_, side, tally, value)
        faces = dice.roll(n, why)
        scored = sum(1 for f in faces if f <= value)
        hits[rule] = hits.get(rule, 0) + scored
        events.append(event(
            "roll", f"{why}: {' '.join(map(str, faces))} = {scored} hit{'s' if scored != 1 else ''}.",
            space=state.board.name(space), round=round_, side=side, source=source, units=tally,
            value=value, dice=list(faces), hits=scored, rule=rule, purpose=why))
    return [(n, r) for r, n in hits.items() if n > 0], events
