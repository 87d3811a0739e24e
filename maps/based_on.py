"""A board file written as another board's with changes (``based_on = "<board>"``).

House rules such as AARHE play on a published board with a few changes; writing only
the changes keeps them visible and keeps the boards from drifting apart. Plain dicts in
and out: the engine sees a whole board, as if it had been written out in full.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from copy import deepcopy
from typing import Any

from engine.errors import BoardDataError

Table = dict[str, Any]

RESERVED = ("based_on", "adjacency", "units_renamed")
"""Keys that describe the change itself and are not part of the resulting file."""


def apply_changes(base: Mapping[str, Any], changes: Mapping[str, Any]) -> Table:
    """``base`` with ``changes`` applied (docs/map.md, "A board based on another"):

    - a plain value replaces the base's (``id``, ``name``);
    - a table is merged key by key (``[treasury]``);
    - a list of tables (``[[territory]]``, ``[[canal]]``, ``[[place]]``) is merged entry by
      entry: an entry with the identity of a base entry (its ``id``, or its ``space`` and
      ``power``) replaces the keys it gives, any other entry is added at the end;
    - ``adjacency.remove`` and ``adjacency.add`` list pairs of space ids whose shared border
      goes or comes, on both sides;
    - ``units_renamed`` renames unit kinds in every base ``[[place]]``.
    """
    out = deepcopy(dict(base))
    for key, value in changes.items():
        if key in RESERVED:
            continue
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **deepcopy(value)}
        elif _is_table_list(value) and _is_table_list(out.get(key)):
            out[key] = _merge_entries(out[key], value)
        else:
            out[key] = deepcopy(value)
    _rename_units(out, changes.get("units_renamed", {}))
    _change_adjacency(out, changes.get("adjacency", {}))
    return out


def _is_table_list(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, dict) for v in value)


def _identity(entry: Mapping[str, Any]) -> Hashable:
    return entry["id"] if "id" in entry else (entry.get("space"), entry.get("power"))


def _merge_entries(base: list[Table], changes: list[Table]) -> list[Table]:
    out = [dict(e) for e in base]
    where = {_identity(e): i for i, e in enumerate(out)}
    for entry in changes:
        i = where.get(_identity(entry))
        if i is None:
            out.append(deepcopy(entry))
        else:
            out[i].update(deepcopy(entry))
    return out


def _rename_units(data: Table, renamed: Mapping[str, str]) -> None:
    for place in data.get("place", ()):
        place["units"] = {renamed.get(kind, kind): n for kind, n in place["units"].items()}


def _change_adjacency(data: Table, adjacency: Mapping[str, list[list[str]]]) -> None:
    """Remove then add shared borders, each on both of its spaces."""
    spaces = {s["id"]: s for s in data.get("territory", []) + data.get("sea_zone", [])}
    for a, b in [*adjacency.get("remove", ()), *adjacency.get("add", ())]:
        for name in (a, b):
            if name not in spaces:
                raise BoardDataError(f"adjacency: unknown space {name!r}")
    for a, b in adjacency.get("remove", ()):
        for here, there in ((a, b), (b, a)):
            if there not in spaces[here]["adjacent"]:
                raise BoardDataError(f"adjacency.remove: {here} and {there} are not adjacent on the base board")
            spaces[here]["adjacent"] = [s for s in spaces[here]["adjacent"] if s != there]
    for a, b in adjacency.get("add", ()):
        for here, there in ((a, b), (b, a)):
            if there in spaces[here]["adjacent"]:
                raise BoardDataError(f"adjacency.add: {here} and {there} are already adjacent on the base board")
            spaces[here]["adjacent"] = [*spaces[here]["adjacent"], there]
