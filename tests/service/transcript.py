"""Playing a console transcript (``@user /command`` lines) through the real service on a
SQLite file, as the first-round tests of each rule system do."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from bot.console.console import Console
from bot.service import FixedDiceSource, GameService
from bot.store import Database, database_url


async def play_transcript(tmp_path: Path, transcript: Path,
                          dice: list[int]) -> tuple[GameService, Database, list[list[str]]]:
    """Every line of ``transcript`` through the console with ``dice``; what each line printed."""
    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    service = GameService(db, FixedDiceSource(dice))
    out: list[str] = []
    shell = Console(service, "ana", images=tmp_path / "images", write=out.append)
    printed: list[list[str]] = []
    for line in transcript.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            out.clear()
            await shell.handle(line)
            printed.append([line, *out])
    return service, db, printed


def refusals(printed: list[list[str]]) -> list[list[str]]:
    """The lines whose answer was a refusal (shown to the player alone)."""
    return [block for block in printed if any(line.startswith("(only you)") for line in block[1:])]


def refusals_due(transcript: Path, refused: Mapping[tuple[str, int], str]) -> dict[int, str]:
    """The refusal due for each command line of ``transcript``, by its place among them:
    ``refused`` names each refused line with which time it is typed (1 for the first)."""
    lines = [line for line in transcript.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    seen: dict[str, int] = {}
    out: dict[int, str] = {}
    for i, line in enumerate(lines):
        seen[line] = seen.get(line, 0) + 1
        if (line, seen[line]) in refused:
            out[i] = refused[line, seen[line]]
    assert len(out) == len(refused), "a refused line is not in the transcript as often as named"
    return out


def refused_answers(printed: list[list[str]]) -> dict[int, str]:
    """What each refused line told its sender, by the line's place among the commands."""
    return {i: block[1].removeprefix("(only you) ") for i, block in enumerate(printed)
            if block in refusals(printed)}
