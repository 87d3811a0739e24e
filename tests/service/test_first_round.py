"""A whole first round of 1942 Second Edition through ``aaref script``, then export and replay.

Rulebook: 000_fc7e3a790a753b06.txt, "Turn Sequence" (purchase, combat move, conduct combat,
noncombat move, mobilize, collect income; powers in the order Soviet Union, Germany,
United Kingdom, Japan, United States).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main

TRANSCRIPT = Path(__file__).with_name("transcripts") / "aa1942_first_round.txt"
DICE = "fixed:" + ",".join(["2"] * 13 + ["5"] * 5)
"""West Russia: 13 attacking 2s (hits at @2 and @3, misses at @1), then 5 defending 5s (misses)."""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_first_round_of_1942_second_edition(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Every power plays its turn; only the out-of-turn line is refused; round 2 begins."""
    db = str(tmp_path / "game.sqlite3")
    out = run(capsys, "script", str(TRANSCRIPT), "--dice", DICE, "--db", db)
    refused = [r for r in out["results"] if not r["ok"]]
    assert [(r["line"], r["user"]) for r in refused] == [(14, "ben")]
    assert refused[0]["message"] == "It is Soviet Union's move; you play Germany."
    turns = [r["turn"] for r in out["results"] if r["ok"]]
    order = list(dict.fromkeys(t for t in turns if t))
    assert order == ["Soviet Union", "Germany", "United Kingdom", "Japan", "United States"]
    state = out["state"]
    assert (state["round"], state["turn"], state["phase"]) == (2, "Soviet Union", "purchase")
    # Spent, then collected income: West Russia (2 IPCs) passed from Germany to the Soviets.
    assert state["treasury"] == {
        "Soviet Union": 26,
        "Germany": 50,
        "United Kingdom": 46,
        "Japan": 32,
        "United States": 48,
    }
    assert state["spaces"]["West Russia"] == {
        "owner": "Soviet Union",
        "units": {"Soviet Union": {"infantry": 8, "tank": 3, "artillery": 2}},
    }

    record = tmp_path / "first-round.record"
    assert main(["export", "first round", "--db", db, "-o", str(record)]) == 0
    text = record.read_text()
    assert '\n1 germany\n  /buy units:"2 tanks"\n  /undo\n' in text
    assert "    roll West Russia r1 defender 3 infantry, 1 artillery @2: 5 5 5 5\n" in text
    assert run(capsys, "replay", str(record)) == state


def test_running_out_of_fixed_dice_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """With too few fixed dice the battle is refused, nothing of it stored, and the run fails."""
    short = "fixed:" + ",".join(["2"] * 13)
    assert main(["script", str(TRANSCRIPT), "--dice", short, "--json"]) == 1
    results = json.loads(capsys.readouterr().out)["results"]
    battle = next(r for r in results if r["command"].startswith("/battle"))
    assert not battle["ok"] and "fixed dice ran out" in battle["message"]
    assert battle["phase"] == "conduct_combat"
