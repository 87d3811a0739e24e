"""What diplomacy remembers besides each neutral's place on the track (``state.cooperation``):
who collects a pro-side neutral's income, the neutrals each power has rolled for in its
current Diplomacy phase, and where each power's ships are docked at a neutral.

001 › Phase 8: Diplomacy, Diplomacy Rolls: "Income goes to the player that moved the neutral
to +3 or -3" (a player, not a side, so the track alone cannot say who) and "Each player may
only target a neutral once per turn"; › Level of cooperation: "Naval units may “dock” at
neutrals with at least 1 level of co-operation towards your team [...] Naval units may not
“dock” at the same neutral next turn" (``engine.docking``). The state keeps them as one :class:`Relations`
(``GameState.diplomacy``; JSON key ``diplomacy``, see ``docs/state.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .ids import PowerId, SpaceId


@dataclass(frozen=True, slots=True)
class Relations:
    """Whose income each pro-side neutral pays, this turn's diplomacy rolls per power, and
    where each power's ships are docked."""

    income: Mapping[SpaceId, PowerId] = field(default_factory=dict)
    """The power each neutral at or beyond the income threshold pays its income to: the one
    that moved it there (dropped when it joins a power, which then simply holds it)."""
    rolled: Mapping[PowerId, tuple[SpaceId, ...]] = field(default_factory=dict)
    """The neutrals each power has rolled for in its latest Diplomacy phase, in order."""
    docked: Mapping[PowerId, Mapping[SpaceId, SpaceId]] = field(default_factory=dict)
    """Per power, sea zone -> the neutral its ships in that zone are docked at, from its
    Noncombat Move until its next turn begins."""
    left: Mapping[PowerId, tuple[SpaceId, ...]] = field(default_factory=dict)
    """Per power, the neutrals its ships were docked at when its current turn began: it may
    not dock at them again this turn."""

    def __bool__(self) -> bool:
        return bool(self.income or self.rolled or self.docked or self.left)

    def docked_at(self, power: PowerId, zone: SpaceId) -> SpaceId | None:
        """The neutral ``power``'s ships in ``zone`` are docked at, if they are: docked ships
        "do not interrupt hostile naval movement" and are attacked only through the neutral."""
        zones = self.docked.get(power) if self.docked else None
        return zones.get(zone) if zones else None

    def without_docks_at(self, neutral: SpaceId) -> Relations:
        """No ship docked at ``neutral`` any more (it joined a side, or was attacked)."""
        docked = {p: {z: n for z, n in zones.items() if n != neutral} for p, zones in self.docked.items()}
        return replace(self, docked={p: zones for p, zones in docked.items() if zones})

    def to_json(self, space: Callable[[SpaceId], str], power: Callable[[PowerId], str]) -> dict[str, Any]:
        """Display names as keys and values, the non-empty mappings only."""
        out: dict[str, Any] = {}
        if self.income:
            out["income"] = {space(s): power(p) for s, p in sorted(self.income.items())}
        if self.rolled:
            out["rolled"] = {power(p): [space(s) for s in ss] for p, ss in sorted(self.rolled.items())}
        if self.docked:
            out["docked"] = {power(p): {space(z): space(n) for z, n in sorted(zones.items())}
                             for p, zones in sorted(self.docked.items())}
        if self.left:
            out["left"] = {power(p): [space(s) for s in ss] for p, ss in sorted(self.left.items())}
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any], space: Callable[[str], SpaceId],
                  power: Callable[[str], PowerId]) -> Relations:
        return Relations({space(s): power(p) for s, p in data.get("income", {}).items()},
                         {power(p): tuple(space(s) for s in ss) for p, ss in data.get("rolled", {}).items()},
                         {power(p): {space(z): space(n) for z, n in zones.items()}
                          for p, zones in data.get("docked", {}).items()},
                         {power(p): tuple(space(s) for s in ss) for p, ss in data.get("left", {}).items()})


NONE = Relations()
