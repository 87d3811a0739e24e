"""What fits aboard transports and carriers.

Transport capacity is "any one land unit, plus one additional infantry" (000, Unit
Profiles, Transports): the data gives slots ``large`` (any land unit) and ``small``
(infantry only; infantry may also take a large slot). A unit of size ``whole`` fills a
transport alone (004 §9: "1 tank or 2 infantry or 1 AA Gun and 1 infantry"). Carriers hold
``carrier_capacity`` carrier-based fighters, allied guests included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from .ids import UnitKind
from .units import UnitSpec

if TYPE_CHECKING:
    from .ruleset import RuleSet


WHOLE = "whole"
"""The transport size of a unit that rides alone."""
FIRST = {WHOLE: 0, "large": 1}
"""Cargo loaded first, so that infantry fills what is left (sort key; others after)."""


def load_order(spec: UnitSpec) -> int:
    return FIRST.get(spec.transport_size or "", 2)


def capacity_text(units: Iterable[UnitSpec], transport: UnitSpec) -> str:
    """What one ``transport`` carries, in the unit names of the rule system's table
    ("one armor alone, or one land unit plus one infantry")."""
    large = transport.transport_capacity.get("large", 0)
    small = transport.transport_capacity.get("small", 0)
    specs = list(units)
    text = "one land unit" if large == 1 else f"{large} land units"
    if small:
        smalls = " or ".join(u.short_name for u in specs if u.transport_size == "small")
        text += f" plus {'one' if small == 1 else small} {smalls}"
    whole = " or ".join(f"one {u.short_name}" for u in specs if u.transport_size == WHOLE)
    return f"{whole} alone, or {text}" if whole else text


def transport_fits(transport: UnitSpec, cargo: Iterable[UnitSpec]) -> bool:
    """True if ``cargo`` fits together aboard one ``transport``."""
    large = transport.transport_capacity.get("large", 0)
    small = transport.transport_capacity.get("small", 0)
    sizes = [c.transport_size for c in cargo]
    if any(size is None for size in sizes):
        return False
    if WHOLE in sizes:
        return len(sizes) == 1 and large >= 1
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
    riders.sort(key=lambda k: (rules.spec(k).is_air, load_order(rules.spec(k))))
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


def seats(spec: Callable[[UnitKind], UnitSpec], riders: Sequence[tuple[int, UnitKind]],
          holders: Sequence[tuple[int, UnitKind, list[UnitKind]]],
          fits: Callable[[UnitSpec, Sequence[UnitSpec]], bool]) -> dict[int, int] | None:
    """A seat for each rider (rider id to holder id), in the order given, each in the first
    holder it still ``fits`` with what that holder carries (``holders``: id, kind, cargo
    kinds); None when some rider fits nowhere. Transports taking back seaborne units and
    carriers taking aircraft back both seat their riders so."""
    load = {h: [spec(k) for k in cargo] for h, _, cargo in holders}
    out: dict[int, int] = {}
    for rider, kind in riders:
        rider_spec = spec(kind)
        home = next((h for h, hk, _ in holders if fits(spec(hk), [*load[h], rider_spec])), None)
        if home is None:
            return None
        load[home].append(rider_spec)
        out[rider] = home
    return out
