"""The ``[diplomacy]`` table of a rule system's ``ruleset.toml``: diplomacy rolls per power and
what a roll needs (001 › Phase 8: Diplomacy, Diplomacy Rolls: "Hitting on a 1"; "Select a
neutral at or above -2 if Allies, at or below +2 if Axis"; "Income goes to the player that
moved the neutral to +3 or -3"; the rolls per nation). ``engine.diplomacy`` plays it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .board import TRACK_END
from .errors import BoardDataError
from .ids import PowerId

if TYPE_CHECKING:
    from .board import Board


@dataclass(frozen=True, slots=True)
class DiplomacyTable:
    """``[diplomacy]``: ``rolls`` per power a turn, the ``hit`` value before adjacent help,
    ``reach`` (a side rolls for neutrals at most this far on the other side of 0) and
    ``income_at`` (from this far on a side, the neutral's income goes to the power that
    moved it there). No table: nobody rolls."""

    rolls: Mapping[PowerId, int] = field(default_factory=dict)
    hit: int = 1
    reach: int = 2
    income_at: int = 3

    @classmethod
    def from_dict(cls, where: str, data: Mapping[str, Any], board: Board) -> DiplomacyTable:
        """Check the table against the board's powers and the track's length."""
        if not data:
            return cls()
        unknown = sorted(set(data) - {"rolls", "hit", "reach", "income_at"})
        if unknown:
            raise BoardDataError(f"{where} [diplomacy]: unknown key {unknown[0]!r}; "
                                 "known: rolls, hit, reach, income_at")
        rolls = dict(data.get("rolls", {}))
        stray = [p for p in rolls if p not in board.powers]
        if stray:
            raise BoardDataError(f"{where} [diplomacy]: rolls name unknown power {stray[0]!r}")
        numbers = {**{f"rolls.{p}": n for p, n in rolls.items()},
                   **{k: data[k] for k in ("hit", "reach", "income_at") if k in data}}
        for key, n in numbers.items():
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= TRACK_END:
                raise BoardDataError(f"{where} [diplomacy]: {key} = {n!r} must be a whole number from 0 to {TRACK_END}")
        return cls({PowerId(p): n for p, n in rolls.items()}, data.get("hit", 1), data.get("reach", 2),
                   data.get("income_at", 3))
