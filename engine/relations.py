"""What diplomacy remembers besides each neutral's place on the track (``state.cooperation``):
who collects a pro-side neutral's income, and the neutrals each power has rolled for in its
current Diplomacy phase.

001 › Phase 8: Diplomacy, Diplomacy Rolls: "Income goes to the player that moved the neutral
to +3 or -3" (a player, not a side, so the track alone cannot say who) and "Each player may
only target a neutral once per turn". The state keeps both as one :class:`Relations`
(``GameState.diplomacy``; JSON key ``diplomacy``, see ``docs/state.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .ids import PowerId, SpaceId


@dataclass(frozen=True, slots=True)
class Relations:
    """Whose income each pro-side neutral pays, and this turn's diplomacy rolls per power."""

    income: Mapping[SpaceId, PowerId] = field(default_factory=dict)
    """The power each neutral at or beyond the income threshold pays its income to: the one
    that moved it there (dropped when it joins a power, which then simply holds it)."""
    rolled: Mapping[PowerId, tuple[SpaceId, ...]] = field(default_factory=dict)
    """The neutrals each power has rolled for in its latest Diplomacy phase, in order."""

    def __bool__(self) -> bool:
        return bool(self.income or self.rolled)

    def to_json(self, space: Callable[[SpaceId], str], power: Callable[[PowerId], str]) -> dict[str, Any]:
        """Display names as keys and values, the non-empty mappings only."""
        out: dict[str, Any] = {}
        if self.income:
            out["income"] = {space(s): power(p) for s, p in sorted(self.income.items())}
        if self.rolled:
            out["rolled"] = {power(p): [space(s) for s in ss] for p, ss in sorted(self.rolled.items())}
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any], space: Callable[[str], SpaceId],
                  power: Callable[[str], PowerId]) -> Relations:
        return Relations({space(s): power(p) for s, p in data.get("income", {}).items()},
                         {power(p): tuple(space(s) for s in ss) for p, ss in data.get("rolled", {}).items()})


NONE = Relations()
