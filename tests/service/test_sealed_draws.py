"""Sealed draws through the service on a real SQLite file, auditable dice, the export and both
verifiers (docs/dice.md, "Sealed draws"; secret draws such as AARHE's National Advantages,
"secret to enemy team" until revealed: 001 › Appendix: National Advantages)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.console.script import LineResult, run_lines
from bot.dice.derive import derive_dice, derive_sealed_seed, roll_message
from bot.dice.verify import verify_text
from bot.service import GameService
from bot.service.dice import AuditableDiceSource
from bot.service.record import replay_record
from bot.store import Database, database_url, repo
from tests.dice.records import load_standalone
from tests.service.sealed_engine import SealedEngine

KEY = bytes(range(32))
SEATS = [
    "@ana /game new ruleset:aa1942-2e name:secret",
    '@ana /game join power:"Soviet Union"',
    "@ben /game join power:Germany",
    '@ana /game join power:"United Kingdom"',
    "@ben /game join power:Japan",
    '@ana /game join power:"United States"',
    "@ana /game start",
]
DRAW = "Soviet Union draw r1"


class Game:
    """A service over a SQLite file with the sealed-draw engine, run line by line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.engine = SealedEngine()

    async def run(self, *lines: str) -> list[LineResult]:
        db = Database(database_url(self.path))
        await db.migrate()
        try:
            service = GameService(db, AuditableDiceSource(KEY), rules=self.engine)
            results = await run_lines(service, lines)
            self.record = await service.export(1)
            async with db.read() as session:
                self.rows = list(await repo.dice_log(session, 1))
            return results
        finally:
            await db.close()

    def play(self, *lines: str) -> list[LineResult]:
        results = asyncio.run(self.run(*lines))
        refused = [r for r in results if not r.ok]
        assert not refused, refused
        return results


@pytest.fixture
def game(tmp_path: Path) -> Game:
    return Game(tmp_path / "game.sqlite3")


def _expected_faces(rows: list) -> list[int]:
    """The draw's dice, from the master key, its number and the entropy of its period."""
    sealed = next(r for r in rows if r.type == "sealed")
    commit = next(r for r in rows if r.type == "commit" and r.period == sealed.period)
    seed = derive_sealed_seed(KEY, "1", int(sealed.body["seq"]))
    message = roll_message("1", int(sealed.body["seq"]), DRAW, commit.body["entropy"])
    return derive_dice(seed.secret, message, 2)


def test_a_sealed_draw_is_committed_and_chained_but_no_public_record_shows_its_faces(
    game: Game,
) -> None:
    results = game.play(*SEATS, "@ana /done", "@ana /dice log", "@ben /dice sealed",
                        "@ana /dice sealed", "@ben /dice verify")
    faces = _expected_faces(game.rows)
    sealed = next(r for r in game.rows if r.type == "sealed")
    assert sealed.dice == faces and "dice" not in sealed.body and sealed.body["count"] == 2
    posts = "\n".join(p for r in results[:-4] for p in (r.message,))
    assert f"{DRAW}: {' '.join(map(str, faces))}" not in posts
    assert f"Soviet Union makes a sealed draw: {DRAW}." in results[-5].message
    assert results[-4].message == (f"#1 sealed {DRAW}, 2 dice: still sealed "
                                   f"(record {sealed.body['hash'][:12]})")
    assert results[-3].message == "Germany and Japan made no sealed draw in game #1 (secret)."
    assert results[-2].message == (
        "Your sealed draws in game #1 (secret) (only you see this):\n"
        f"{DRAW}: {' '.join(map(str, faces))} (still sealed)")
    assert "sealed draws: 1 (revealed and recomputed: 0, still sealed: 1)" in results[-1].message
    assert f"    sealed {DRAW}: hidden" in game.record.splitlines()
    for line in game.record.splitlines():
        if line.startswith("% dice ") and json.loads(line[7:])["type"] == "sealed":
            assert set(json.loads(line[7:])) == {
                "type", "seq", "period", "purpose", "count", "commitment", "prev", "hash"}


def test_an_export_before_the_reveal_verifies_and_replays_up_to_the_hidden_draw(
    game: Game, tmp_path: Path,
) -> None:
    game.play(*SEATS, "@ana /done")
    result = verify_text(game.record)
    assert result.ok and result.sealed == 1 and result.unsealed == 0, result.summary()
    replayed = replay_record(game.engine, game.record)
    hidden = game.record.splitlines().index(f"    sealed {DRAW}: hidden") + 1
    assert [(e.line, e.detail) for e in replayed.errors] == [(hidden, (
        f"the sealed draw {DRAW} is still hidden in this record, so the game replays only up to "
        "here (export it again once the draw is revealed or the game has ended)"))]


def test_the_reveal_publishes_the_seed_and_anyone_recomputes_the_draw(
    game: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """001 › Appendix: National Advantages: the item "come[s] into effect immediately when the
    player reveals it"; from then on the draw is public and checkable offline."""
    results = game.play(*SEATS, "@ana /done", "@ana /done")
    faces = _expected_faces(game.rows)
    shown = " ".join(map(str, faces))
    unseal = next(r for r in game.rows if r.type == "unseal")
    assert unseal.body["dice"] == faces and unseal.purpose == DRAW
    assert f"Sealed draw {DRAW} unsealed: {shown}, seed {unseal.body['seed'][:16]}..." in (
        results[-1].message)
    assert f"    sealed {DRAW}: {shown}" in game.record.splitlines()
    result = verify_text(game.record)
    assert result.ok and (result.sealed, result.unsealed) == (1, 1), result.summary()
    path = tmp_path / "game.txt"
    path.write_text(game.record, encoding="utf-8")
    assert load_standalone().main(["verify_dice.py", str(path)]) == 0
    assert capsys.readouterr().out.strip() == result.summary()
    replayed = replay_record(game.engine, game.record)
    assert not replayed.errors and replayed.commands > 0


def test_an_edited_reveal_in_the_export_fails_both_verifiers(
    game: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    game.play(*SEATS, "@ana /done", "@ana /done")
    lines = game.record.splitlines()
    at = next(i for i, line in enumerate(lines) if '"type":"unseal"' in line)
    entry = json.loads(lines[at][7:])
    forged = [7 - f for f in entry["dice"]]
    lines[at] = "% dice " + json.dumps({**entry, "dice": forged}, separators=(",", ":"))
    text = "\n".join(lines) + "\n"
    expected = (f"FAIL: line {at + 1}: unseal of sealed draw #{entry['seq']} ({DRAW}): expected "
                f"dice {entry['dice']} from the revealed seed, found {forged}")
    assert verify_text(text).summary() == expected
    path = tmp_path / "forged.txt"
    path.write_text(text, encoding="utf-8")
    assert load_standalone().main(["verify_dice.py", str(path)]) == 1
    assert capsys.readouterr().out.strip() == expected


def test_a_draw_never_revealed_is_unsealed_when_the_game_ends(game: Game) -> None:
    game.play(*SEATS, "@ana /done", "@ben /game concede")
    faces = _expected_faces(game.rows)
    assert [r.type for r in game.rows][-2:] == ["unseal", "reveal"]
    assert f"    sealed {DRAW}: {' '.join(map(str, faces))}" in game.record.splitlines()
    result = verify_text(game.record)
    assert result.ok and (result.sealed, result.unsealed) == (1, 1), result.summary()


def test_a_second_draw_with_the_same_purpose_is_stored_nowhere(game: Game) -> None:
    """A reveal finds its draw by purpose: a rule drawing twice for one purpose is a bug, and
    the command fails whole instead of storing an ambiguous draw."""
    game.engine = SealedEngine(purpose="the draw")
    turn = ["@ana /done"] * 4
    results = asyncio.run(game.run(*SEATS, *turn, "@ben /done"))
    assert all(r.ok for r in results[:-1]), results
    assert not results[-1].ok and results[-1].reason == "internal"
    assert "a second sealed draw for 'the draw'" in results[-1].message
    assert [r.purpose for r in game.rows if r.type == "sealed"] == ["the draw"]
