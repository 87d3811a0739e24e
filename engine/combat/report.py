"""Words for the battle log: unit lists, dice purposes, counts keyed by display name."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..ids import SpaceId, UnitKind
from ..notation import format_units
from ..state import GameState, Unit


def counts(state: GameState, units: Iterable[Unit]) -> dict[str, int]:
    """Unit kind -> count, in the unit table's order."""
    tally: dict[UnitKind, int] = {}
    for u in units:
        tally[u.kind] = tally.get(u.kind, 0) + 1
    return {k: tally[k] for k in state.rules.units if k in tally}


def unit_text(state: GameState, tally: Mapping[str, int]) -> str:
    """``3 infantry, 1 tank`` (``nothing`` for an empty list)."""
    return format_units(state.rules, tally) or "nothing"


def purpose(state: GameState, space: SpaceId, round_: int, side: str, tally: Mapping[str, int], value: int | str) -> str:
    """The dice purpose, e.g. ``Ukraine S.S.R. r2 attacker 3 infantry @1``."""
    at = f"@{value}" if isinstance(value, int) else value
    return f"{state.board.name(space)} r{round_} {side} {unit_text(state, tally)} {at}"
