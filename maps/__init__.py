"""Board and rule data: one directory of TOML files per rule system (``maps/<id>/``).

This is the only place that reads those files; the engine receives plain dicts.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from engine.errors import IllegalCommandError, NotationError
from engine.names import NameIndex
from engine.combat.sequence import check_battle_steps
from engine.phases import check_phases
from engine.ruleset import RuleSet
from engine.state import GameState
from maps.based_on import apply_changes

SHIPPED = ("aa1942-2e", "revised-lhtr", "classic-3e", "aarhe")
"""Every rule system with data under ``maps/``."""


def _read(directory: str, name: str) -> dict[str, Any]:
    root = resources.files(__name__).joinpath(directory)
    return tomllib.loads(root.joinpath(f"{name}.toml").read_text(encoding="utf-8"))


def _playable(ident: str) -> bool:
    """``playable = false`` in ``ruleset.toml``: the data is in, the engine does not play its rules yet."""
    return bool(_read(ident, "ruleset").get("playable", True))


RULESETS = tuple(r for r in SHIPPED if _playable(r))
"""Rule systems offered for new games, in the order they are offered."""


def load_board_data(board: str) -> dict[str, dict[str, Any]]:
    """Return the raw ``board.toml`` and ``setup.toml`` of ``board``, unvalidated.

    The engine's loader checks the data; this only reads it, so tests can look at
    the files as written (a board ``based_on`` another with its changes applied).
    """
    return {name: _board_file(board, name) for name in ("board", "setup")}


def load_geometry_data(board: str) -> dict[str, Any]:
    """The raw ``geometry.toml`` of ``board`` (where ``bot/render`` draws each space), one
    ``based_on`` another board's being that file with its changes applied."""
    return _board_file(board, "geometry")


def _board_file(board: str, name: str) -> dict[str, Any]:
    """``board.toml``, ``setup.toml`` or ``geometry.toml`` of ``board``; one ``based_on``
    another board is that board's file with its changes applied (``maps/based_on.py``)."""
    data = _read(board, name)
    base = data.get("based_on")
    return data if base is None else apply_changes(_board_file(str(base), name), data)


def load_ruleset(name: str, *, unplayable: bool = False) -> RuleSet:
    """The validated :class:`RuleSet` called ``name`` (an id or alias such as ``"1942"``).

    A system whose rules the engine does not play yet loads only with ``unplayable=True``
    (tests, map pictures), so no game can be started, or go on, under the wrong rules.

    Raises:
        NotationError: no rule system has that name (the message suggests the nearest).
        IllegalCommandError: the system is not playable yet (the message says why).
    """
    ident = _ruleset_names().find(name)
    if not unplayable and ident not in RULESETS:
        raise IllegalCommandError(_not_playable(ident), reason="ruleset.not_playable")
    return _load(ident)


@cache
def _load(ident: str) -> RuleSet:
    rules = RuleSet.from_data(**load_rule_data(ident))
    check_phases(rules)
    check_battle_steps(rules)
    for name, option in rules.options.items():
        if option.effects.battle_steps:
            check_battle_steps(rules.for_options({name: True}))
    return rules


def load_rule_data(ident: str) -> dict[str, dict[str, Any]]:
    """The raw dicts ``RuleSet.from_data`` takes for rule system ``ident`` (its
    ``ruleset``, ``units``, ``board``, ``setup`` and, where it has National Advantages,
    ``advantages``), so a test can vary one of them. A ``goals.toml`` beside ``ruleset.toml``
    (national goals) joins the ruleset's dict as ``goals``."""
    ruleset = _read(ident, "ruleset")
    board = ruleset.get("board", ident)
    if _has(ident, "goals"):
        ruleset = {**ruleset, "goals": _read(ident, "goals")}
    extra = {"advantages": _read(ident, "advantages")} if _has(ident, "advantages") else {}
    return {"ruleset": ruleset, "units": _read(ident, "units"), **load_board_data(board), **extra}


def _has(directory: str, name: str) -> bool:
    return resources.files(__name__).joinpath(directory).joinpath(f"{name}.toml").is_file()


def _not_playable(ident: str) -> str:
    offered = ", ".join(f"{r} ({_read(r, 'ruleset')['name']})" for r in RULESETS)
    return f"{_read(ident, 'ruleset')['name']} is not playable yet: its rules are being added. You can play {offered}."


@cache
def _ruleset_names() -> NameIndex:
    aliases = {r: tuple(_read(r, "ruleset").get("aliases", ())) for r in SHIPPED}
    return NameIndex("rule set", aliases, {r: r for r in SHIPPED})


def load_state(data: dict[str, Any]) -> GameState:
    """A state from its JSON, with the rule system it names."""
    if "ruleset" not in data:
        raise NotationError("The state has no \"ruleset\" key.", reason="state.no_ruleset")
    return GameState.from_json(data, load_ruleset(data["ruleset"]))
