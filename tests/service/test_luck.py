"""Luck reports (issue: battle odds, item 3): after each battle its result's percentile
among all results the exact odds allow; over a game each side's IPC value destroyed,
actual against expected (/game luck)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.console.console import Console
from engine.odds import battle_at, calculate, from_battle, percentile
from tests.service.console_game import console_game, said


@pytest.fixture
async def game(tmp_path: Path) -> AsyncIterator[tuple[Console, list[str]]]:
    async with console_game(tmp_path, [2, 5, 1, 6] * 50, "luck") as played:
        yield played


async def test_battle_log_ends_with_its_luck_and_the_game_sums_it(game) -> None:
    """The Soviet attack on West Russia (000, Phase 3): the log's percentile is the exact
    distribution's at the IPC values actually lost; /game luck adds up both sides."""
    shell, out = game
    assert "No land or sea battle" in await said(shell, out, "@ana /game luck")
    await shell.handle("@ana /done")
    await shell.handle('@ana /move units:"3 infantry, 1 artillery" from:Karelia to:"West Russia"')
    await shell.handle('@ana /move units:"3 infantry, 1 artillery, 2 tanks" from:Russia to:"West Russia"')
    await shell.handle("@ana /done")
    before = await shell.service.state("local")
    found = battle_at(before, before.board.find_space("West Russia"))
    assert found is not None
    odds = calculate(before.rules, from_battle(before, *found))
    posted = await said(shell, out, '@ana /battle territory:"West Russia"')
    after = await shell.service.state("local")
    lost = {}
    for power in ("Soviet Union", "Germany"):
        pid = before.board.find_power(power)
        cost = [sum(s.rules.spec(u.kind).cost for u in s.units.values() if u.owner == pid and u.space == space)
                for s, space in ((before, found[1].space), (after, found[1].space))]
        lost[power] = cost[0] - cost[1]
    if after.owners[found[1].space] == before.board.find_power("Soviet Union"):
        lost["Germany"] = sum(before.rules.spec(u.kind).cost for u in before.units.values()
                              if u.space == found[1].space and u.owner == before.board.find_power("Germany"))
    expected = round(percentile(odds, lost["Soviet Union"], lost["Germany"]))
    line = next(x for x in posted.splitlines() if x.startswith("Luck:"))
    assert re.search(rf"at the {expected}(st|nd|rd|th) percentile", line), line
    assert f"Soviet Union {lost['Germany']}, {odds.defender_expected_loss:.1f} expected" in line
    summary = await said(shell, out, "@ben /game luck")
    assert summary.startswith("Luck over 1 battle (IPC value destroyed, actual against expected):")
    assert f"Allies: {lost['Germany']} destroyed, {odds.defender_expected_loss:.1f} expected" in summary
    assert f"Axis: {lost['Soviet Union']} destroyed, {odds.attacker_expected_loss:.1f} expected" in summary


async def test_the_export_carries_the_luck_and_still_replays(game, tmp_path: Path) -> None:
    """The record ends with each side's luck as comments; replay and verify skip them."""
    from bot.cli import main

    shell, out = game
    await shell.handle("@ana /done")
    await shell.handle('@ana /move units:"3 infantry, 1 artillery" from:Karelia to:"West Russia"')
    await shell.handle("@ana /done")
    await shell.handle('@ana /battle territory:"West Russia"')
    summary = (await said(shell, out, "@ana /game luck")).splitlines()
    record = await shell.service.export("local")
    assert [f"{{ {line} }}" for line in summary] == record.splitlines()[-len(summary) - 1:-1]
    path = tmp_path / "luck.record"
    path.write_text(record)
    assert main(["replay", str(path)]) == 0


def test_a_battle_the_odds_do_not_model_gets_no_luck_line() -> None:
    """AARHE's sea battle (001 › Naval Combat: Sequence) has steps the odds do not model: it
    ends without a luck line, and /game luck says why, instead of failing (README of AARHE,
    ruling 64)."""
    from bot.service.odds import game_luck, luck_notes
    from engine import FixedDice, apply, parse_command
    from maps import load_ruleset
    from tests.engine.positions import position

    state = position(load_ruleset("aarhe"), turn="Germany", phase="combat_move", round=2,
                     spaces={"Sea Zone 5": {"Germany": {"battleship": 1}},
                             "Sea Zone 6": {"United Kingdom": {"destroyer": 1}}})
    for line in ('/move units:"1 battleship" from:"Sea Zone 5" to:"Sea Zone 6"', "/done"):
        state = apply(state, parse_command(line, state), FixedDice([])).state
    outcome = apply(state, parse_command('/battle territory:"Sea Zone 6"', state), FixedDice([1]))
    events = [e.to_json() for e in outcome.events]
    assert any(e["type"] == "battle_end" for e in events)
    assert luck_notes(outcome.state, events, None) == {}
    assert game_luck(outcome.state, events).startswith("The odds do not cover the battles fought so far")
