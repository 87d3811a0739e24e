"""Playing a console transcript (``@user /command`` lines) through the real service on a
SQLite file, as the first-round tests of each rule system do."""

from __future__ import annotations

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
