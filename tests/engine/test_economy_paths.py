"""IPC paths and convoy raids (switch ``income_paths``) on the 1942 board, every sea zone
in one convoy region "Atlantic" for the test."""

from __future__ import annotations

from typing import Any

import pytest

import maps
from engine import GameState, NoDice, RuleSet, apply, parse_command
from engine.economy.income import statement
from engine.ids import PowerId
from tests.engine.positions import position


@pytest.fixture(scope="module")
def paths() -> RuleSet:
    data: dict[str, Any] = maps.load_rule_data("aa1942-2e")
    data["board"] = {**data["board"], "convoy_regions": {"Atlantic": [z["id"] for z in data["board"]["sea_zone"]]}}
    return RuleSet.from_data(**data).with_switches(income_paths=True)


def _germany(rules: RuleSet, spaces: dict[str, Any], owners: dict[str, str | None]) -> GameState:
    return position(rules, turn="Germany", phase="mobilize", spaces=spaces, owners=owners)


def test_a_sea_crossing_is_raided(paths: RuleSet) -> None:
    """001, Convoy Raid: "When path(s) cross the sea, each hostile submarines in the region
    destroys 1 IPC per turn." German Brazil (3) reaches Germany only by sea; two British
    submarines in the region take 2 of its IPCs, a German one none."""
    subs = {"Sea Zone 2": {"United Kingdom": {"submarine": 2}}, "Sea Zone 5": {"Germany": {"submarine": 1}}}
    state = _germany(paths, subs, {"Brazil": "Germany"})
    outcome = apply(state, parse_command("/done", state), NoDice())
    assert [e.text for e in outcome.events if e.type == "income"] == [
        "Germany collects 42 IPCs: 44 from territories, \N{MINUS SIGN}2 from convoy raids in the Atlantic "
        "(treasury 42)."]


def test_raids_take_at_most_what_crosses(paths: RuleSet) -> None:
    """001, Convoy Raid: damage "is allocated by victim to IPC of the path(s)": twelve
    submarines destroy no more than the 9 IPCs that cross the sea (Brazil 3; Norway 2 and
    Finland 1 behind neutral Sweden; Algeria, Libya and Morocco 1 each behind British
    Egypt), and nothing of what travels by land."""
    state = _germany(paths, {"Sea Zone 2": {"United Kingdom": {"submarine": 12}}}, {"Brazil": "Germany"})
    assert statement(state, PowerId("germany")).total == 44 - 9


def test_a_territory_without_a_path_pays_nothing(paths: RuleSet) -> None:
    """001, Spending or Saving IPC: "IPC that are not spent and not saved are forfeited";
    a path is "a chain of territories your land units may go through". German Kazakh
    S.S.R. (2) is landlocked among Soviet territories."""
    state = _germany(paths, {}, {"Kazakh S.S.R.": "Germany"})
    account = statement(state, PowerId("germany"))
    assert [(line.amount, line.reason) for line in account.lines] == [
        (43, "from territories"),
        (-2, "from Kazakh S.S.R., without a path to the capital, a complex or a victory city")]


def test_without_the_switch_every_territory_pays(rules: RuleSet) -> None:
    """000, Phase 6: the national production level, wherever the territories are."""
    state = _germany(rules, {"Sea Zone 2": {"United Kingdom": {"submarine": 2}}},
                     {"Brazil": "Germany", "Kazakh S.S.R.": "Germany"})
    assert statement(state, PowerId("germany")).total == 41 + 3 + 2
