"""Every file a person passes to ``aaref`` gets a message naming it, never a traceback
(issue 10, item 4): transcripts, records, ``--db`` databases and export targets."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from tests.dice.records import load_standalone

TRANSCRIPT = Path(__file__).with_name("transcripts") / "setup_and_refusals.txt"


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """One file of each troublesome kind."""
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes(b"@ana /game new ruleset:aa1942-2e name:x\n@ana /game join power:G\xe9\n")
    utf16 = tmp_path / "utf16.txt"
    utf16.write_text("@ana /game status\n", encoding="utf-16")
    folder = tmp_path / "folder"
    folder.mkdir()
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n")
    return {
        "latin1": latin1,
        "utf16": utf16,
        "folder": folder,
        "missing": tmp_path / "missing.txt",
        "text": text,
    }


@pytest.mark.parametrize("command", ["script", "verify", "replay"])
@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("latin1", "{path} is not UTF-8 text (byte 0xe9 on line 2); save it as UTF-8"),
        ("utf16", "{path} is UTF-16 text; save it as UTF-8"),
        ("folder", "cannot read {path}: Is a directory"),
        ("missing", "cannot read {path}: No such file or directory"),
    ],
)
def test_files_that_are_not_utf8_text(
    command: str,
    kind: str,
    says: str,
    files: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = files[kind]
    assert main([command, str(path)]) == 2
    assert capsys.readouterr().err == f"aaref {command}: {says.format(path=path)}\n"


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("latin1", "{path} is not UTF-8 text (byte 0xe9 on line 2); save it as UTF-8"),
        ("utf16", "{path} is UTF-16 text; save it as UTF-8"),
        ("folder", "cannot read {path}: Is a directory"),
    ],
)
def test_the_standalone_verifier_words_unreadable_files_alike(
    kind: str, says: str, files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path = files[kind]
    assert load_standalone().main(["verify_dice.py", str(path)]) == 2
    assert capsys.readouterr().err == f"verify_dice.py: {says.format(path=path)}\n"


def test_a_utf8_transcript_with_a_byte_order_mark_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bom.txt"
    path.write_text("@ana /game new ruleset:aa1942-2e name:bom\n", encoding="utf-8-sig")
    assert main(["script", str(path)]) == 0
    assert "1: @ana /game new ruleset:aa1942-2e name:bom\n    ok: Created game #1 (bom)" in (
        capsys.readouterr().out
    )


@pytest.mark.parametrize(
    "args",
    [["script", str(TRANSCRIPT)], ["export", "1"], ["console"]],
    ids=["script", "export", "console"],
)
@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("folder", "--db {path} is a directory; give a SQLite database file"),
        ("text", "--db {path} is not a SQLite database (an empty or missing file becomes one)"),
        ("under_a_file", "--db {path}: {parent} is a file, not a folder"),
    ],
)
def test_db_paths_that_cannot_be_a_database(
    args: list[str],
    kind: str,
    says: str,
    files: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = files["text"] / "game.sqlite3" if kind == "under_a_file" else files[kind]
    assert main([*args, "--db", str(path)]) == 2
    expected = says.format(path=path, parent=files["text"])
    assert capsys.readouterr().err == f"aaref {args[0]}: {expected}\n"


def test_export_to_a_place_that_cannot_be_written(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "game.sqlite3")
    assert main(["script", str(TRANSCRIPT), "--db", db]) == 0
    capsys.readouterr()
    folder = files["folder"]
    assert main(["export", "1", "--db", db, "-o", str(folder)]) == 2
    assert capsys.readouterr().err == f"aaref export: cannot write {folder}: Is a directory\n"
