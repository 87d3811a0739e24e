"""A rule system's units as pictures and battle logs name them, read from its data.

Abbreviations ("INF") and the map key's words come from ``maps/<id>/units.toml``
(``abbreviation``, ``short_name``), so a picture of a game lists exactly its rule system's
units and a new rule system needs no edit here.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

from engine import RuleSet
from engine.units import DOMAINS
from maps import load_ruleset


@dataclass(frozen=True)
class UnitKey:
    """Short forms and key words of one rule system's units, in the order they are listed:
    land, air, sea, then structures (each group in the order of ``units.toml``)."""

    abbreviations: Mapping[str, str]
    words: Mapping[str, str]
    structures: frozenset[str]
    """Units that take bombing damage drawn next to them (factories)."""

    def abbreviation(self, kind: str) -> str:
        """Short form of a unit type; a type the rule system lacks shows its first letters."""
        return self.abbreviations.get(kind, kind[:3].upper())

    def order(self, kind: str) -> int:
        """Sort key: the listing order, unknown types last."""
        order = list(self.abbreviations)
        return order.index(kind) if kind in order else len(order)

    def ordered(self, counts: Mapping[str, int]) -> list[tuple[str, int]]:
        """``counts`` as (kind, count) pairs in the listing order."""
        return sorted(counts.items(), key=lambda kv: self.order(kv[0]))


NO_UNITS = UnitKey({}, {}, frozenset())
"""A key naming no unit: enough to tell whether events hold a battle before loading a
rule system for its names."""


def unit_key(rules: RuleSet) -> UnitKey:
    """The key of ``rules``' units."""
    specs = sorted(rules.units.values(), key=lambda s: (s.structure, DOMAINS.index(s.domain)))
    return UnitKey(
        abbreviations={s.kind: s.abbreviation for s in specs},
        words={s.kind: s.short_name for s in specs},
        structures=frozenset(s.kind for s in specs if s.structure),
    )


@functools.lru_cache(maxsize=8)
def unit_key_of(ruleset: str) -> UnitKey:
    """The key of a shipped rule system by id, also one not yet offered for new games
    (a picture may show any of them)."""
    return unit_key(load_ruleset(ruleset, unplayable=True))
