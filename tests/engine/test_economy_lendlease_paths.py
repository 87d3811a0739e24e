"""Lend-lease along a path on AARHE's board (001 › Phase 1, Spending or Saving IPC: "This also
applies to lend-lease"; README of aarhe, ruling 20): the refusals where no path joins the
sender's capital to the recipient, and a raid's loss kept in the saved game."""

from __future__ import annotations

from typing import Any

import pytest

import maps
from engine import GameState, IllegalCommandError, NoDice, RuleSet, apply, parse_command
from engine.ids import PowerId
from tests.engine.positions import position

US, UK, USSR = PowerId("united_states"), PowerId("united_kingdom"), PowerId("soviet_union")


@pytest.fixture(scope="module")
def aarhe() -> RuleSet:
    return maps.load_ruleset("aarhe")


def _us_collecting(rules: RuleSet, spaces: dict[str, Any], owners: dict[str, str | None],
                   **extra: Any) -> GameState:
    return position(rules, turn="United States", phase="collect_income", spaces=spaces, owners=owners,
                    treasury={"United States": 20}, round=2, **extra)


def _lend(state: GameState, line: str) -> GameState:
    return apply(state, parse_command(line, state), NoDice()).state


def _mongolia_alone(rules: RuleSet) -> dict[str, str | None]:
    """Germany holds every British territory; the United Kingdom holds Mongolia."""
    board = rules.board
    owners: dict[str, str | None] = {s.name: "Germany" for s in board.spaces.values() if s.original == UK}
    owners["Mongolia"] = "United Kingdom"
    return owners


def test_xenophobia_shuts_the_only_way(aarhe: RuleSet) -> None:
    """001 › Phase 1, Spending or Saving IPC: "A path is a chain of territories your land units
    may go through. Stalinist Xenophobia [...] applies." The United Kingdom has lost every
    territory but Mongolia, where it has a complex: each way from Washington runs through
    Soviet land (China and Sinkiang are walled in by Japanese, neutral and Soviet land), so
    the United States may send nothing there until Moscow has fallen (001 › Phase 3)."""
    spaces = {"Mongolia": {"United Kingdom": {"industrial_complex": 1}}}
    state = _us_collecting(aarhe, spaces, _mongolia_alone(aarhe))
    with pytest.raises(IllegalCommandError) as refused:
        _lend(state, "/lendlease ipcs:5 to:UK")
    assert str(refused.value) == (
        "United States cannot send lend-lease to United Kingdom: no path from Washington to any of United "
        "Kingdom's industrial complexes or victory cities: every way crosses territories Stalinist Xenophobia "
        "keeps United States out of until Russia is captured by the Axis (001 › Phase 1, Spending or Saving IPC: "
        '"This also applies to lend-lease").')
    fallen = _us_collecting(aarhe, spaces, _mongolia_alone(aarhe), fallen=["Russia"])
    assert _lend(fallen, "/lendlease ipcs:5 to:UK").treasury[UK] == 5


def test_a_sender_without_its_capital_sends_nothing(aarhe: RuleSet) -> None:
    """Lend-lease leaves from the sender's capital, where its saved IPCs are (001 › Phase 1,
    Spending or Saving IPC: "IPC to be saved must have a path between the territory and your
    capital"; README of aarhe, ruling 20)."""
    state = _us_collecting(aarhe, {}, {"Eastern United States": "Japan"})
    with pytest.raises(IllegalCommandError, match="it leaves from Washington, which is in enemy hands"):
        _lend(state, '/lendlease ipcs:5 to:"Soviet Union"')


def test_a_raid_is_saved_with_the_game(aarhe: RuleSet) -> None:
    """001 › Phase 1, Convoy Raid: "each hostile submarines in the region destroys 1 IPC per
    turn": what the submarines destroyed of the sender's IPCs this turn is kept, so a saved
    and reloaded game raids the next lend-lease as the running one would."""
    subs = {f"Sea Zone {n}": {"Germany": {"submarine": 1}} for n in (4, 13, 18, 20, 34, 62)}
    state = _lend(_us_collecting(aarhe, subs, {}), '/lendlease ipcs:6 to:"Soviet Union"')
    assert state.treasury[USSR] == 5
    assert state.economy.raided == {US: {"North Pacific": 1}}
    assert GameState.from_json(state.to_json(), aarhe) == state
