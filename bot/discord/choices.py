"""Closed option sets offered as Discord choices, read from the rule data (no rules here)."""
from __future__ import annotations

import tomllib
from importlib import resources

from discord import app_commands


def rulesets() -> list[tuple[str, str]]:
    """(id, full name) of every rule system shipped under ``maps/``, sorted by id."""
    found = []
    for entry in resources.files("maps").iterdir():
        spec = entry.joinpath("ruleset.toml")
        if entry.is_dir() and spec.is_file():
            data = tomllib.loads(spec.read_text(encoding="utf-8"))
            found.append((str(data["id"]), str(data["name"])))
    return sorted(found)


def ruleset_choices() -> list[app_commands.Choice[str]]:
    """Discord choices for ``ruleset``: shown by full name, sent as the id."""
    return [app_commands.Choice(name=name[:100], value=rid) for rid, name in rulesets()]
