"""What the economy remembers from one turn to a later Collect Income.

001, Phase 1: Collect Income: a territory's income is reduced by "economic attacks ... in
enemy's last turn" and by "every cycle of combat" fought there last turn; lend-lease is "a
combined total of up to 12 IPC" a turn; "each hostile submarines in the region destroys 1
IPC per turn" (Convoy Raid), of income and lend-lease together. The state keeps these as one
:class:`Ledger` (``GameState.economy``; JSON key ``economy``, see ``docs/state.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..ids import PowerId, SpaceId


@dataclass(frozen=True, slots=True)
class Ledger:
    """Reductions waiting for a territory's next Collect Income, and lend-lease sent."""

    damage: Mapping[SpaceId, int] = field(default_factory=dict)
    """IPCs that strategic bombing took off the territory's next income (001, Economic
    attacks: "applied to the territory's income at its next 'Collect Income' phase")."""
    interrupted: Mapping[SpaceId, int] = field(default_factory=dict)
    """Cycles of combat fought in the territory since its income was last collected (001,
    Production Interruption: "For every cycle of combat the income is reduced by 1 IPC")."""
    lent: Mapping[PowerId, int] = field(default_factory=dict)
    """IPCs each power has sent as lend-lease in its current turn (001, Lend-Lease)."""
    raided: Mapping[PowerId, Mapping[str, int]] = field(default_factory=dict)
    """IPCs of a lend-lease sender that convoy raids destroyed in its current turn, by
    region: its income's, then its lend-lease's, each submarine destroying 1 a turn
    (001, Convoy Raid; README of aarhe, ruling 20)."""
    capacity: Mapping[SpaceId, int] = field(default_factory=dict)
    """Units of production capacity bombing took from the territory's industrial complex
    for its holder's next turn (001 › Air Missions, Strategic Bombing Raid and Night
    Bombing: "reduce unit production capacity at its Industrial Complex ... All damages are
    applied to the enemy's next turn")."""
    rail: Mapping[PowerId, int] = field(default_factory=dict)
    """Strategic Redeployment points bombing took from the power for its next turn (001 ›
    Strategic Bombing Raid: "The die value equals to number of SR points reduced")."""
    interdicted: Mapping[SpaceId, int] = field(default_factory=dict)
    """This turn's Ground Interdiction: hostile land units in the territory that may not
    perform Reinforcement (001 › Air Missions, Ground Interdiction)."""
    fallout: Mapping[SpaceId, int] = field(default_factory=dict)
    """Income the territory has lost for good to atomic attacks (001 › Phase 7, Atomic
    Weaponry: "Attacker rolls a die with die value equal to permanent reduction of income for
    the territory"): never settled (``engine.atomic``)."""
    owed: Mapping[PowerId, int] = field(default_factory=dict)
    """IPCs a power owes its next Collect Income for units raised in the enemy's turn (001 ›
    Appendix: National Advantages, Soviet Militia: "The money is deducted from the Soviet
    players next turn of income")."""

    def __bool__(self) -> bool:
        return bool(self.damage or self.interrupted or self.lent or self.raided or self.capacity or self.rail
                    or self.interdicted or self.fallout or self.owed)

    def added(self, which: str, key: Any, amount: int) -> Ledger:
        """This ledger with ``amount`` more under ``key`` in the mapping ``which``."""
        table = dict(getattr(self, which))
        table[key] = table.get(key, 0) + amount
        return _with(self, which, table)

    def raids(self, power: PowerId, lost: Mapping[str, int]) -> Ledger:
        """This ledger with ``lost`` more IPCs of ``power`` destroyed by region."""
        was = self.raided.get(power, {})
        regions = {r: was.get(r, 0) + lost.get(r, 0) for r in sorted({*was, *lost})}
        return replace(self, raided={**self.raided, power: regions}) if any(lost.values()) else self

    def without(self, which: str, keys: set[Any]) -> Ledger:
        """This ledger with ``keys`` settled (dropped) from the mapping ``which``."""
        table = {k: v for k, v in getattr(self, which).items() if k not in keys}
        return _with(self, which, table)

    def turn_ended(self, holders: Callable[[SpaceId], PowerId | None], team: set[PowerId]) -> Ledger:
        """This ledger when the turn of ``team`` ends: the turn's Ground Interdiction is over,
        and so is the bombing of the team's capacity and rail points
        (their "next turn")."""
        mine = {s for s in self.capacity if holders(s) in team}
        return replace(self.without("capacity", mine).without("rail", team), interdicted={})

    def to_json(self, space: Callable[[SpaceId], str], power: Callable[[PowerId], str]) -> dict[str, Any]:
        """Display names as keys, the non-empty mappings only."""
        out: dict[str, Any] = {}
        keyed = (("damage", space), ("interrupted", space), ("lent", power), ("capacity", space), ("rail", power),
                 ("interdicted", space), ("fallout", space), ("owed", power))
        for which, name in keyed:
            table = getattr(self, which)
            if table:
                out[which] = {name(k): v for k, v in sorted(table.items())}
        if self.raided:
            out["raided"] = {power(p): dict(sorted(r.items())) for p, r in sorted(self.raided.items())}
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any], space: Callable[[str], SpaceId],
                  power: Callable[[str], PowerId]) -> Ledger:
        def spaces(which: str) -> dict[SpaceId, int]:
            return {space(k): int(v) for k, v in data.get(which, {}).items()}

        def powers(which: str) -> dict[PowerId, int]:
            return {power(k): int(v) for k, v in data.get(which, {}).items()}

        return Ledger(spaces("damage"), spaces("interrupted"), powers("lent"),
                      {power(k): {str(r): int(n) for r, n in v.items()} for k, v in data.get("raided", {}).items()},
                      spaces("capacity"), powers("rail"), spaces("interdicted"), spaces("fallout"), powers("owed"))


def _with(ledger: Ledger, which: str, table: dict[Any, Any]) -> Ledger:
    return replace(ledger, **{which: {k: v for k, v in table.items() if v}})


EMPTY = Ledger()
