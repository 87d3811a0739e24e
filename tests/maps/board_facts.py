"""Checks every board's raw data must pass, whatever its rule system (maps/<id>/*.toml).

The per-system test modules call these with their own board and cite their own rulebook;
the facts that differ between systems (counts, values, units) stay in those modules.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.ids import slug
from maps import load_board_data

Space = dict[str, Any]


def values_by_owner(listing: str) -> dict[str | None, dict[str, int]]:
    """Territory values written one power a paragraph (``power: id value, id value, ...``,
    ``neutral`` for the territories without an owner) as owner -> id -> value."""
    out: dict[str | None, dict[str, int]] = {}
    for paragraph in listing.strip().replace("\n    ", " ").splitlines():
        owner, entries = paragraph.split(":")
        out[None if owner == "neutral" else owner] = {
            entry.split()[0]: int(entry.split()[1]) for entry in entries.split(",")}
    return out


def assert_values_and_originals(lands: dict[str, Space], values: dict[str | None, dict[str, int]]) -> None:
    """Every land territory has exactly the listed value and original controller."""
    expected = {tid: (ipc, power) for power, table in values.items() for tid, ipc in table.items()}
    assert set(expected) == set(lands)
    for tid, t in lands.items():
        assert (t["ipc"], t.get("original")) == expected[tid], tid


def assert_powers_as_on_every_board(board: dict[str, Any], setup: dict[str, Any], base: dict[str, Any]) -> None:
    """The five powers in the order every system plays them, on their sides, with the ids and
    display names of ``base`` (another board), so records compare across rule systems."""
    powers = ("soviet_union", "germany", "united_kingdom", "japan", "united_states")
    assert tuple(setup["turn_order"]) == powers
    assert [(p["id"], p["name"], p["side"]) for p in board["power"]] == [
        ("soviet_union", "Soviet Union", "Allies"),
        ("germany", "Germany", "Axis"),
        ("united_kingdom", "United Kingdom", "Allies"),
        ("japan", "Japan", "Axis"),
        ("united_states", "United States", "Allies"),
    ]
    assert {p["id"]: p["name"] for p in board["power"]} == {p["id"]: p["name"] for p in base["power"]}


def raw_board(ruleset: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, Space], dict[str, Space]]:
    """``board.toml`` and ``setup.toml`` of ``ruleset`` as written, and its territories and
    sea zones by id."""
    data = load_board_data(ruleset)
    return data["board"], data["setup"], *lands_and_seas(data["board"])


def lands_and_seas(board: dict[str, Any]) -> tuple[dict[str, Space], dict[str, Space]]:
    """Territories and sea zones by id."""
    return {t["id"]: t for t in board["territory"]}, {z["id"]: z for z in board["sea_zone"]}


def assert_adjacency_symmetric(spaces: dict[str, Space]) -> None:
    """Adjacency is a shared border: mutual, between known spaces, never to itself, no repeats."""
    for sid, space in spaces.items():
        adjacent = space["adjacent"]
        assert len(adjacent) == len(set(adjacent)), sid
        assert sid not in adjacent
        for other in adjacent:
            assert other in spaces, (sid, other)
            assert sid in spaces[other]["adjacent"], (sid, other)


def edge_kinds(spaces: dict[str, Space]) -> Counter[int]:
    """Edges counted by how many of their ends are sea zones (0 land-land, 1 land-sea, 2 sea-sea)."""
    edges = {frozenset((a, b)) for a, s in spaces.items() for b in s["adjacent"]}
    return Counter(sum(x.startswith("sz_") for x in e) for e in edges)


def income_by_power(lands: dict[str, Space], powers: tuple[str, ...]) -> dict[str, int]:
    """The sum of the values of each power's original territories: its starting production."""
    sums = Counter({p: 0 for p in powers})
    for t in lands.values():
        if "original" in t:
            sums[t["original"]] += t["ipc"]
    return dict(sums)


def assert_neutrals(lands: dict[str, Space], expected: set[str]) -> None:
    """Exactly the expected neutrals, without an original owner. None is marked impassable on
    the board: the switch ``neutrals`` decides whether they can be entered."""
    assert {tid for tid, t in lands.items() if t.get("neutral")} == expected
    for tid, t in lands.items():
        assert not t.get("impassable"), tid
        assert ("original" in t) != t.get("neutral", False), tid


def assert_one_island_per_zone(lands: dict[str, Space], seas: dict[str, Space]) -> None:
    """"A sea zone can contain at most one group of islands" (both rulebooks, Islands)."""
    for sid, z in seas.items():
        assert sum(lands[a]["island"] for a in z["adjacent"] if a in lands) <= 1, sid


def assert_aliases_unambiguous(board: dict[str, Any]) -> None:
    """No alias equals another space's id, name or alias, and a space alias matches a power
    only if the space bears that power's name (the UK territory and the power are both "UK")."""
    owners: dict[str, set[str]] = {}
    for space in board["territory"] + board["sea_zone"]:
        for text in [space["id"], space["name"], *space["aliases"]]:
            owners.setdefault(slug(text), set()).add(space["id"])
    assert {key: ids for key, ids in owners.items() if len(ids) > 1} == {}
    power_keys = {slug(text): p["name"] for p in board["power"] for text in [p["id"], p["name"], *p["aliases"]]}
    for t in board["territory"]:
        for alias in t["aliases"]:
            assert power_keys.get(slug(alias)) in (None, t["name"]), (t["id"], alias)


def assert_places_valid(setup: dict[str, Any], spaces: dict[str, Space], powers: tuple[str, ...]) -> None:
    """One [[place]] per (space, power), on known spaces, for known powers."""
    keys = [(p["space"], p["power"]) for p in setup["place"]]
    assert len(keys) == len(set(keys))
    for space, power in keys:
        assert space in spaces, space
        assert power in powers, power


def unit_totals(setup: dict[str, Any], powers: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """Starting units per power, all spaces together."""
    totals: dict[str, Counter[str]] = {p: Counter() for p in powers}
    for place in setup["place"]:
        totals[place["power"]].update(place["units"])
    return {p: dict(c) for p, c in totals.items()}


def assert_units_in_legal_spaces(
    setup: dict[str, Any], lands: dict[str, Space], land_and_air: set[str], at_sea: set[str]
) -> None:
    """Land and air units in the power's own territories; ships and carrier fighters at sea."""
    for place in setup["place"]:
        units, space = place["units"], place["space"]
        if space in lands:
            assert lands[space]["original"] == place["power"], space
            assert set(units) <= land_and_air, space
        else:
            assert set(units) <= at_sea, space
            assert units.get("fighter", 0) <= 2 * units.get("carrier", 0), space
