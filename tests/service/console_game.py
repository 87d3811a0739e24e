"""A started 1942 game in the console on a SQLite file, for tests that read what it prints."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from bot.console.console import Console
from bot.service import FixedDiceSource, GameService
from bot.store import Database, database_url

SEATS = {"Soviet Union": "ana", "Germany": "ben", "United Kingdom": "cy", "Japan": "ben",
         "United States": "cy"}


@asynccontextmanager
async def console_game(tmp_path: Path, dice: Sequence[int],
                       name: str) -> AsyncIterator[tuple[Console, list[str]]]:
    """The console acting as ana, with every seat taken and the game started."""
    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    out: list[str] = []
    shell = Console(GameService(db, FixedDiceSource(list(dice))), "ana", images=tmp_path / "images",
                    write=out.append)
    await shell.handle(f"@ana /game new ruleset:aa1942-2e name:{name}")
    for power, who in SEATS.items():
        await shell.handle(f'@{who} /game join power:"{power}"')
    await shell.handle("@ana /game start")
    try:
        yield shell, out
    finally:
        await db.close()


async def said(shell: Console, out: list[str], line: str) -> str:
    """What the console prints for one line."""
    out.clear()
    await shell.handle(line)
    return "\n".join(out)
