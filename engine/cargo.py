"""What fits aboard transports and carriers.

Transport capacity is "any one land unit, plus one additional infantry" (000, Unit
Profiles, Transports): the data gives slots ``large`` (any land unit) and ``small``
(infantry only; infantry may also take a large slot). Carriers hold
``carrier_capacity`` carrier-based fighters, allied guests included.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from .ids import UnitKind
from .units import UnitSpec

if TYPE_CHECKING:
    from .ruleset import RuleSet


def transport_fits(transport: UnitSpec, cargo: Iterable[UnitSpec]) -> bool:
    """True if ``cargo`` fits together aboard one ``transport``."""
    large = transport.transport_capacity.get("large", 0)
    small = transport.transport_capacity.get("small", 0)
    sizes = [c.transport_size for c in cargo]
    if any(size is None for size in sizes):
        return False
    n_large = sizes.count("large")
    n_small = sizes.count("small")
    return n_large <= large and n_small <= small + (large - n_large)


def carrier_fits(carrier: UnitSpec, fighters: Sequence[UnitSpec]) -> bool:
    return all(f.carrier_based for f in fighters) and len(fighters) <= carrier.carrier_capacity


def assign_cargo(rules: RuleSet, counts: Mapping[UnitKind, int]) -> list[tuple[UnitKind, list[UnitKind]]]:
    """Split one power's units in a sea zone into ships and what each carries.

    Used to build positions from unit counts (setup charts, hand-written states). Large
    cargo is spread first so that infantry can fill the remaining slots.

    Raises:
        ValueError: land or air units that no ship in the zone can carry.
    """
    ships: list[tuple[UnitKind, list[UnitKind]]] = []
    for kind, n in counts.items():
        if rules.spec(kind).is_sea:
            ships.extend((kind, []) for _ in range(n))
    riders: list[UnitKind] = []
    for kind, n in counts.items():
        spec = rules.spec(kind)
        if not spec.is_sea:
            riders.extend([kind] * n)
    riders.sort(key=lambda k: (rules.spec(k).is_air, rules.spec(k).transport_size != "large"))
    for kind in riders:
        spec = rules.spec(kind)
        for ship_kind, aboard in ships:
            ship = rules.spec(ship_kind)
            load = [rules.spec(a) for a in aboard]
            if spec.is_air and ship.carrier_capacity and carrier_fits(ship, [*load, spec]):
                aboard.append(kind)
                break
            if spec.is_land and ship.is_transport and transport_fits(ship, [*load, spec]):
                aboard.append(kind)
                break
        else:
            raise ValueError(f"no room aboard for a {kind.replace('_', ' ')}")
    return ships
