"""``aaref script FILE --states``: the state after every line, so a scenario writer can look at
any intermediate position without replaying a shortened transcript (issue 10, item 11)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from tests.service.test_first_round import DICE, TRANSCRIPT


def run(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["script", *args, "--dice", DICE]) == 0
    return json.loads(capsys.readouterr().out)


def test_each_line_carries_the_state_after_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = run(capsys, str(TRANSCRIPT), "--states")
    results = out["results"]
    assert all("state" in r for r in results)
    before_start = [r for r in results if r["command"].startswith("/game") and r["line"] < 11]
    assert [r["state"] for r in before_start] == [None] * len(before_start)
    battle = next(r for r in results if r["command"].startswith("/battle"))
    assert battle["state"]["phase"] == "conduct_combat"
    assert battle["state"]["spaces"]["West Russia"]["owner"] == "Soviet Union"
    assert results[-1]["state"] == out["state"]

    shortened = tmp_path / "until-the-battle.txt"
    lines = TRANSCRIPT.read_text(encoding="utf-8").splitlines()[: battle["line"]]
    shortened.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert run(capsys, str(shortened), "--json")["state"] == battle["state"]


def test_without_states_the_results_stay_short(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, str(TRANSCRIPT), "--json")
    assert all("state" not in r for r in out["results"])
