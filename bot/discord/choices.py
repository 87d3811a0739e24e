"""Closed option sets offered as Discord choices, read from the rule data (no rules here)."""
from __future__ import annotations

import tomllib
from importlib import resources

from discord import app_commands

from maps import load_board_data


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


def powers() -> list[str]:
    """Display names of the powers of every shipped rule system, in turn order, once each."""
    names: dict[str, None] = {}
    for rid, _ in rulesets():
        spec = tomllib.loads(resources.files("maps").joinpath(rid, "ruleset.toml")
                            .read_text(encoding="utf-8"))
        board = load_board_data(str(spec["board"]))["board"]
        names.update((str(p["name"]), None) for p in board["power"])
    return list(names)


def power_choices() -> list[app_commands.Choice[str]]:
    """Discord choices for ``power``."""
    return [app_commands.Choice(name=name, value=name) for name in powers()]
