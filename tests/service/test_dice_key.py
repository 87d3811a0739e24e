"""The dice master key belongs with the database its games were committed with
(issue 5, item 1): reopening a game with another key is refused clearly, never an internal
error, and an explicit SQLite file keeps its key file beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import Actor, GameService
from bot.service.dice import AuditableDiceSource
from bot.service.setup import open_service
from bot.store import Database, database_url

ANA = Actor("ana")
POWERS = ("Soviet Union", "Germany", "United Kingdom", "Japan", "United States")


async def _start(service: GameService) -> None:
    assert (await service.execute(ANA, "c", "/game new ruleset:aa1942-2e name:keys")).ok
    for power in POWERS:
        assert (await service.execute(ANA, "c", f'/game join power:"{power}"')).ok
    assert (await service.execute(ANA, "c", "/game start")).ok


async def test_another_master_key_is_refused_and_stores_nothing(tmp_path: Path) -> None:
    db = Database(database_url(tmp_path / "g.sqlite3"))
    await db.migrate()
    await _start(GameService(db, AuditableDiceSource(b"k" * 32)))
    other = GameService(db, AuditableDiceSource(b"x" * 32))
    before = await other.state("c")
    reply = await other.execute(ANA, "c", '/buy units:"1 infantry"')
    assert not reply.ok and reply.reason == "dice.key_mismatch"
    assert "AAREF_DICE_KEY" in reply.message
    assert (await other.state("c")) == before
    await db.close()


async def test_explicit_database_keeps_its_key_beside_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AAREF_DICE_KEY", raising=False)
    monkeypatch.setenv("AAREF_DATA_DIR", str(tmp_path / "elsewhere"))
    game_dir = tmp_path / "games"
    game_dir.mkdir()
    async with open_service(game_dir / "g.sqlite3") as service:
        await _start(service)
    assert (game_dir / "dice.key").exists()
    monkeypatch.setenv("AAREF_DATA_DIR", str(tmp_path / "another"))
    async with open_service(game_dir / "g.sqlite3") as service:
        reply = await service.execute(ANA, "c", '/buy units:"1 infantry"')
    assert reply.ok, reply.message
