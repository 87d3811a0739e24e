"""Board and rule data: one directory of TOML files per rule system (``maps/<id>/``).

This is the only place that reads those files; the engine receives plain dicts.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from engine.errors import NotationError
from engine.names import NameIndex
from engine.combat.sequence import check_battle_steps
from engine.phases import check_phases
from engine.ruleset import RuleSet
from engine.state import GameState

RULESETS = ("aa1942-2e",)
"""Rule systems shipped with aaref, in the order they are offered."""


def _read(directory: str, name: str) -> dict[str, Any]:
    root = resources.files(__name__).joinpath(directory)
    return tomllib.loads(root.joinpath(f"{name}.toml").read_text(encoding="utf-8"))


def load_board_data(board: str) -> dict[str, dict[str, Any]]:
    """Return the raw ``board.toml`` and ``setup.toml`` of ``board``, unvalidated.

    The engine's loader checks the data; this only reads it, so tests can look at
    the files exactly as written.
    """
    return {name: _read(board, name) for name in ("board", "setup")}


@cache
def load_ruleset(name: str) -> RuleSet:
    """The validated :class:`RuleSet` called ``name`` (an id or alias such as ``"1942"``).

    Raises:
        NotationError: no rule system has that name (the message suggests the nearest).
    """
    rules = RuleSet.from_data(**load_rule_data(_ruleset_names().find(name)))
    check_phases(rules)
    check_battle_steps(rules)
    return rules


def load_rule_data(ident: str) -> dict[str, dict[str, Any]]:
    """The raw dicts ``RuleSet.from_data`` takes for rule system ``ident`` (its
    ``ruleset``, ``units``, ``board`` and ``setup``), so a test can vary one of them."""
    ruleset = _read(ident, "ruleset")
    board = ruleset.get("board", ident)
    return {"ruleset": ruleset, "units": _read(ident, "units"), "board": _read(board, "board"),
            "setup": _read(board, "setup")}


@cache
def _ruleset_names() -> NameIndex:
    aliases = {r: tuple(_read(r, "ruleset").get("aliases", ())) for r in RULESETS}
    return NameIndex("rule set", aliases, {r: r for r in RULESETS})


def load_state(data: dict[str, Any]) -> GameState:
    """A state from its JSON, with the rule system it names."""
    if "ruleset" not in data:
        raise NotationError("The state has no \"ruleset\" key.", reason="state.no_ruleset")
    return GameState.from_json(data, load_ruleset(data["ruleset"]))
