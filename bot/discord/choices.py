"""Closed option sets offered as Discord choices, read from the rule data (no rules here)."""
from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from discord import app_commands

from maps import load_board_data


def _specs() -> list[dict[str, Any]]:
    """The ``ruleset.toml`` of every rule system shipped under ``maps/``, sorted by id."""
    found = []
    for entry in resources.files("maps").iterdir():
        spec = entry.joinpath("ruleset.toml")
        if entry.is_dir() and spec.is_file():
            found.append(tomllib.loads(spec.read_text(encoding="utf-8")))
    return sorted(found, key=lambda s: str(s["id"]))


def rulesets() -> list[tuple[str, str]]:
    """(id, full name) of every shipped rule system."""
    return [(str(s["id"]), str(s["name"])) for s in _specs()]


def boards() -> list[str]:
    """Ids of the boards the shipped rule systems are played on, once each."""
    return list(dict.fromkeys(str(s["board"]) for s in _specs()))


def powers() -> list[str]:
    """Display names of the powers on every shipped board, in board order, once each."""
    names: dict[str, None] = {}
    for board in boards():
        names.update((str(p["name"]), None) for p in load_board_data(board)["board"]["power"])
    return list(names)


def ruleset_choices() -> list[app_commands.Choice[str]]:
    """Discord choices for ``ruleset``: shown by full name, sent as the id."""
    return [app_commands.Choice(name=name[:100], value=rid) for rid, name in rulesets()]


def power_choices() -> list[app_commands.Choice[str]]:
    """Discord choices for ``power``."""
    return [app_commands.Choice(name=name, value=name) for name in powers()]
