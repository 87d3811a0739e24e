"""Lend-lease and AARHE's scorched earth on the 1942 board, with a ``[lend_lease]`` table
and the two commands listed as AARHE lists them."""

from __future__ import annotations

from typing import Any

import pytest

import maps
from engine import BoardDataError, GameState, IllegalCommandError, NoDice, RuleSet, apply, parse_command
from engine.ids import PowerId, SpaceId
from tests.engine.positions import position


def _rules(lend_lease: dict[str, Any]) -> RuleSet:
    data: dict[str, Any] = maps.load_rule_data("aa1942-2e")
    data["ruleset"] = {**data["ruleset"], "commands": ["lendlease", "scorch"], "lend_lease": lend_lease}
    return RuleSet.from_data(**data)


LEND = {"from": ["united_states"], "to": ["soviet_union", "united_kingdom"], "most": 12}
"""001, Phase 1, Lend-Lease: "US may send IPC to Soviet Union and/or UK. A combined total of
up to 12 IPC can be sent."."""


@pytest.fixture(scope="module")
def lending() -> RuleSet:
    return _rules(LEND)


def _run(state: GameState, line: str) -> GameState:
    return apply(state, parse_command(line, state), NoDice()).state


def _us_collecting(rules: RuleSet, treasury: int = 0) -> GameState:
    """The United States ends Mobilize: its Collect Income begins (1942's order)."""
    state = position(rules, turn="United States", phase="mobilize", spaces={},
                     treasury={"United States": treasury, "Soviet Union": 1, "United Kingdom": 2})
    return _run(state, "/done")


def test_the_sender_collects_then_waits(lending: RuleSet) -> None:
    """001, Phase 1: lend-lease is sent in Collect Income, so the sender's phase waits for it."""
    state = _us_collecting(lending)
    assert (state.turn, state.phase) == (PowerId("united_states"), "collect_income")
    assert state.treasury[PowerId("united_states")] == 42
    after = _run(_run(state, '/lendlease ipcs:8 to:"Soviet Union"'), "/lend ipcs:4 to:UK")
    assert {p: after.treasury[PowerId(p)] for p in ("united_states", "soviet_union", "united_kingdom")} == {
        "united_states": 30, "soviet_union": 9, "united_kingdom": 6}
    assert after.economy.lent == {PowerId("united_states"): 12}
    assert GameState.from_json(after.to_json(), after.rules) == after
    moved_on = _run(after, "/done")
    assert (moved_on.turn, moved_on.phase) == (PowerId("soviet_union"), "purchase")


@pytest.mark.parametrize(("lines", "refused"), [
    (['/lendlease ipcs:15 to:"Soviet Union"'], "Lend-lease is at most 12 IPCs a turn in all; you asked for 15."),
    (['/lendlease ipcs:8 to:"Soviet Union"', "/lendlease ipcs:5 to:UK"],
     "Lend-lease is at most 12 IPCs a turn in all; you asked for 5; 8 already sent this turn, 4 left."),
    (["/lendlease ipcs:3 to:Germany"], "Lend-lease goes to Soviet Union or United Kingdom, not Germany."),
])
def test_refusals(lending: RuleSet, lines: list[str], refused: str) -> None:
    """rulesets.md 7.3 #57: the US wants to send 15 → at most 12 in combined total."""
    state = _us_collecting(lending)
    for line in lines[:-1]:
        state = _run(state, line)
    with pytest.raises(IllegalCommandError) as err:
        _run(state, lines[-1])
    assert str(err.value) == refused


def test_what_the_treasury_holds(lending: RuleSet) -> None:
    """No IPC is sent that the sender does not have."""
    state = _us_collecting(lending)
    poor = state.evolve(treasury={**state.treasury, PowerId("united_states"): 5})
    with pytest.raises(IllegalCommandError, match="United States has 5 IPCs; it cannot send 6."):
        _run(poor, "/lendlease ipcs:6 to:UK")


def test_a_power_that_does_not_send_moves_on(lending: RuleSet) -> None:
    """Only the listed senders wait in Collect Income; 1942 itself has no lend-lease (000,
    Phase 6: "A power cannot lend or give IPCs to another power")."""
    state = position(lending, turn="Germany", phase="mobilize", spaces={})
    assert _run(state, "/done").phase != "collect_income"
    plain = maps.load_ruleset("aa1942-2e")
    with pytest.raises(IllegalCommandError, match="lendlease is not part of"):
        _run(position(plain, turn="United States", phase="collect_income", spaces={}), "/lendlease ipcs:1 to:UK")


def test_a_bad_table_fails_at_load() -> None:
    """A lend-lease table naming an unknown power, or without a most, is a data error."""
    with pytest.raises(BoardDataError, match="unknown power 'china'"):
        _rules({**LEND, "to": ["china"]})
    with pytest.raises(BoardDataError, match="most = None"):
        _rules({"from": ["united_states"], "to": ["united_kingdom"]})


def test_scorched_earth(lending: RuleSet) -> None:
    """001, Phase 2, Scorched Earth: "Industrial complex can be selected for destruction.
    Remove it at the beginning of 'Mobilise New Units' phase this turn. No units can be
    mobilised there this turn." """
    factories = {"Soviet Union": {"industrial_complex": 1}}
    state = position(lending, turn="Soviet Union", phase="purchase", treasury={"Soviet Union": 24},
                     spaces={"Karelia S.S.R.": factories, "Russia": factories})
    with pytest.raises(IllegalCommandError, match="Soviet Union has no industrial complex in Ukraine"):
        _run(state, "/scorch territory:Ukraine")
    chosen = _run(state, "/scorch territory:Karelia")
    with pytest.raises(IllegalCommandError, match="already selected"):
        _run(chosen, "/scorch territory:Karelia")
    assert GameState.from_json(chosen.to_json(), lending) == chosen
    state = _run(chosen, '/buy units:"1 tank"')
    for _ in range(3):
        state = _run(state, "/done")
    assert state.phase == "mobilize"
    assert not [u for u in state.units_at(SpaceId("karelia_ssr")) if u.kind == "industrial_complex"]
    with pytest.raises(IllegalCommandError):
        _run(state, '/place units:"1 tank" territory:Karelia')
    assert _run(state, '/place units:"1 tank" territory:Russia').count(SpaceId("russia"))["tank"] == 1
