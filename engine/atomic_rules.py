"""The ``[atomic]`` table of ruleset.toml: atomic bombs' price, build time and effect
(AARHE, 001 › Phase 7, Atomic Weaponry). Kept apart from ``engine.atomic`` so the rule set
can read it without the state."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import BoardDataError


@dataclass(frozen=True, slots=True)
class AtomicRules:
    """``[atomic]``: who may build bombs and what one does; ``development`` empty: none."""

    development: str = ""
    """The development that lets a power buy bombs (AARHE: Atomic Weaponry)."""
    bomber_development: str = ""
    """The development a power's bombers need to carry one (Heavy Bomber)."""
    price: int = 0
    a_turn: int = 0
    """Bombs a power may buy in one turn."""
    build_rounds: int = 0
    """Rounds from the purchase to the round the bomb is ready."""
    destroys_on: int = 0
    """The attack's die destroys a unit of the group struck on this or less."""
    income_per_group: int = 0
    """IPCs of the territory's income for each group the defender makes."""

    @property
    def played(self) -> bool:
        return bool(self.development)

    @classmethod
    def from_dict(cls, where: str, data: Mapping[str, Any], developments: Collection[str]) -> AtomicRules:
        keys = ("development", "bomber_development", "price", "a_turn", "build_rounds", "destroys_on",
                "income_per_group")
        unknown = sorted(set(data) - set(keys))
        if unknown:
            raise BoardDataError(f"{where} [atomic]: unknown key {unknown[0]!r}; known: {', '.join(keys)}")
        if not data:
            return cls()
        missing = [k for k in keys if k not in data]
        if missing:
            raise BoardDataError(f"{where} [atomic]: missing {missing[0]!r}")
        for key in ("development", "bomber_development"):
            if data[key] not in developments:
                raise BoardDataError(f"{where} [atomic]: {key} {data[key]!r} is no development of [technology]")
        numbers = {}
        for key in keys[2:]:
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise BoardDataError(f"{where} [atomic]: {key} = {value!r} must be a whole number from 1")
            numbers[key] = value
        return cls(str(data["development"]), str(data["bomber_development"]), **numbers)
