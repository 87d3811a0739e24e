"""A board file written as another's with changes (maps/based_on.py; docs/map.md, "A board
based on another"): what each kind of change does, and the messages for changes that do
not fit the base."""

from __future__ import annotations

import pytest

from engine.errors import BoardDataError
from maps.based_on import apply_changes

BASE = {
    "id": "base",
    "name": "Base",
    "treasury": {"a": 10, "b": 20},
    "territory": [{"id": "x", "ipc": 1, "adjacent": ["y"]}, {"id": "y", "ipc": 2, "adjacent": ["x"]},
                  {"id": "z", "ipc": 0, "adjacent": []}],
    "sea_zone": [],
    "place": [{"space": "x", "power": "a", "units": {"aaa": 1, "infantry": 2}}],
}


def test_values_tables_and_entries_merge() -> None:
    """A plain value replaces, a table merges key by key, an entry with a base entry's id
    replaces only the keys it gives, a new entry is added at the end."""
    out = apply_changes(BASE, {"based_on": "base", "id": "derived", "treasury": {"a": 0},
                               "territory": [{"id": "y", "ipc": 5}, {"id": "w", "ipc": 3, "adjacent": []}]})
    assert (out["id"], out["name"], out["treasury"]) == ("derived", "Base", {"a": 0, "b": 20})
    assert out["territory"][1] == {"id": "y", "ipc": 5, "adjacent": ["x"]}
    assert [t["id"] for t in out["territory"]] == ["x", "y", "z", "w"]
    assert "based_on" not in out
    assert BASE["territory"][1]["ipc"] == 2


def test_places_merge_by_space_and_power_and_units_are_renamed() -> None:
    out = apply_changes(BASE, {"units_renamed": {"aaa": "guard"},
                               "place": [{"space": "y", "power": "a", "units": {"tank": 1}}]})
    assert out["place"] == [{"space": "x", "power": "a", "units": {"guard": 1, "infantry": 2}},
                            {"space": "y", "power": "a", "units": {"tank": 1}}]


def test_borders_go_and_come_on_both_sides() -> None:
    out = apply_changes(BASE, {"adjacency": {"remove": [["x", "y"]], "add": [["y", "z"]]}})
    assert {t["id"]: t["adjacent"] for t in out["territory"]} == {"x": [], "y": ["z"], "z": ["y"]}


@pytest.mark.parametrize(("adjacency", "message"), [
    ({"remove": [["x", "z"]]}, "adjacency.remove: x and z are not adjacent on the base board"),
    ({"add": [["x", "y"]]}, "adjacency.add: x and y are already adjacent on the base board"),
    ({"add": [["x", "nowhere"]]}, "adjacency: unknown space 'nowhere'"),
])
def test_a_change_that_does_not_fit_the_base_is_named(adjacency: dict[str, list[list[str]]], message: str) -> None:
    with pytest.raises(BoardDataError) as refused:
        apply_changes(BASE, {"adjacency": adjacency})
    assert str(refused.value) == message
