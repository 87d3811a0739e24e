"""``aaref script``, ``export`` and ``replay`` with the real 1942 Second Edition rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main

TRANSCRIPTS = Path(__file__).with_name("transcripts")


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_transcript_results_and_refusals(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Every line gets a result with the turn after it; refused lines leave the game as it was."""
    out = run_json(
        capsys,
        "script",
        str(TRANSCRIPTS / "setup_and_refusals.txt"),
        "--db",
        str(tmp_path / "g.sqlite3"),
    )
    results = {r["line"]: r for r in out["results"]}
    assert [n for n, r in results.items() if not r["ok"]] == [2, 8, 11, 12, 14]
    assert "no game in this channel" in results[2]["message"]
    assert results[8]["message"] == "Seats still open: United States."
    assert results[11]["message"] == "It is Soviet Union's move; you play Germany, Japan."
    assert results[12]["message"].startswith("You have no seat")
    assert (results[10]["turn"], results[10]["phase"]) == ("Soviet Union", "purchase")
    assert results[15]["user"] == "alice" and results[15]["command"] == "/done"
    assert out["state"]["treasury"]["Soviet Union"] == 24 - 9 - 4
    assert results[15]["phase"] == out["state"]["phase"] == "combat_move"


def test_export_then_replay_gives_the_stored_state(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A stored game's record replays to exactly the state the service holds."""
    db = str(tmp_path / "g.sqlite3")
    stored = run_json(capsys, "script", str(TRANSCRIPTS / "setup_and_refusals.txt"), "--db", db)
    record = tmp_path / "sunday.record"
    assert main(["export", "sunday", "--db", db, "-o", str(record)]) == 0
    text = record.read_text()
    assert text.startswith('[Event "sunday"]\n[Date ') and '[RuleSet "aa1942-2e"]' in text
    assert '  /buy units:"3 infantry, 1 artillery"\n' in text
    replayed = run_json(capsys, "replay", str(record))
    assert replayed == stored["state"]
    assert main(["export", "1", "--db", db]) == 0
    assert capsys.readouterr().out == text


def test_bad_fixed_dice_are_refused(tmp_path: Path) -> None:
    """A dice list with a face other than 1 to 6 is refused before anything runs."""
    transcript = tmp_path / "t.txt"
    transcript.write_text("@alice /game status\n")
    assert main(["script", str(transcript), "--dice", "fixed:1,9"]) == 2


def test_run_without_token_explains(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``aaref run`` hands over to the Discord front end, which needs a token."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err


def test_export_and_replay_refuse_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Unknown games and unreadable records give a clear message and a failing status."""
    db = str(tmp_path / "g.sqlite3")
    assert main(["export", "99", "--db", db]) == 1
    assert main(["export", "nosuchgame", "--db", db]) == 1
    garbage = tmp_path / "bad.record"
    garbage.write_text("this is not a record\n")
    assert main(["replay", str(garbage)]) == 1
    err = capsys.readouterr().err
    assert "There is no game #99." in err and "no game called 'nosuchgame'" in err
    assert "bad.record: line 1: a record starts with tags" in err
