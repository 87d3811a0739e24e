"""The console runs a small tournament: a game per pairing, /channel to reach it, pictures."""

from __future__ import annotations

from pathlib import Path

from bot.console.console import Console
from bot.service import FixedDiceSource, GameService
from bot.store import Database, database_url


async def test_a_knockout_final_in_the_console(tmp_path: Path) -> None:
    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    service = GameService(db, FixedDiceSource([3] * 100))
    out: list[str] = []
    console = Console(service, "org", images=tmp_path / "img", write=out.append)
    try:
        for line in ['/tournament new name:Final pairing:knockout',
                     "@ana /tournament join", "@ben /tournament join", "/tournament start"]:
            assert await console.handle(line)
        assert "Table 1: @ana (Axis) v @ben (Allies), game #1: playing." in "\n".join(out)
        assert await console.handle("/channel local-r1-t1")
        assert out[-1] == "You are now in channel local-r1-t1."
        assert await console.handle("@ana /game concede")
        assert await console.handle("/channel local")
        out.clear()
        assert await console.handle("/tournament next")
        assert "Final is over. Final standings:" in "\n".join(out)
        assert "1. @ben: 1 (head-to-head 0, points 3, opposition 0); 1-0-0" in "\n".join(out)
        assert await console.handle("/tournament picture")
        assert await console.handle("/ladder picture")
        written = sorted(p.name for p in (tmp_path / "img").iterdir())
        assert written == ["ladder-overall.png", "tournament-standings.png"]
        assert all((tmp_path / "img" / n).read_bytes().startswith(b"\x89PNG") for n in written)
        assert await console.handle("/channel")
        assert out[-1].startswith("(only you) Say which channel")
    finally:
        await db.close()
