"""A process keeps a bounded number of games in memory: the least recently used game leaves
first, and a game read again is loaded from its snapshot and log, as after a restart."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event

from bot.service import Actor, FixedDiceSource, GameService
from bot.service.cache import Recent, VersionCache
from bot.store import Database, database_url

PLAYER = Actor("alice")


def test_the_least_recently_used_game_goes_first() -> None:
    """Room for two: a third game pushes out the one used longest ago (a read counts as a
    use); a value is only found at the version it was kept for, or carried to."""
    cache: VersionCache[str] = VersionCache(2)
    cache.put(1, 10, "one")
    cache.put(2, 20, "two")
    assert cache.get(1, 10) == ("one",)  # game 1 is now the most recently used
    cache.put(3, 30, "three")
    assert (1 in cache, 2 in cache, 3 in cache, len(cache)) == (True, False, True, 2)
    assert cache.get(1, 11) is None
    cache.carry(1, 11)
    assert cache.get(1, 11) == ("one",)
    cache.carry(3, 32)  # not the next version: nothing to carry
    assert cache.get(3, 32) is None and cache.get(3, 30) == ("three",)
    cache.forget(3)
    assert 3 not in cache


def test_a_bounded_map_keeps_the_most_recently_used_keys() -> None:
    """What maps a channel to its game is bounded too: room for two channels, a third pushes
    out the one looked up longest ago, which is then looked up in the database again."""
    channels: Recent[str, int] = Recent(2)
    channels.put("c0", 1)
    channels.put("c1", 2)
    assert channels.get("c0") == 1
    channels.put("c2", 3)
    assert (channels.get("c0"), channels.get("c1"), channels.get("c2"), len(channels)) == (
        1, None, 3, 2)
    channels.forget("c0")
    assert "c0" not in channels and channels.get("c0") is None


@contextmanager
def snapshot_reads(db: Database) -> Iterator[list[str]]:
    """The statements that read a snapshot (what loading a game not in memory does)."""
    seen: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if "FROM snapshots" in statement:
            seen.append(statement)

    event.listen(db.engine.sync_engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(db.engine.sync_engine, "before_cursor_execute", note)


async def run(service: GameService, channel: str, line: str) -> None:
    reply = await service.execute(PLAYER, channel, line)
    assert reply.ok, (line, reply.message)


async def open_game(service: GameService, channel: str) -> None:
    """A 1942 game in ``channel``, every seat held by one player, started."""
    await run(service, channel, f"/game new ruleset:aa1942-2e name:{channel}")
    for power in ("Soviet Union", "Germany", "United Kingdom", "Japan", "United States"):
        await run(service, channel, f'/game join power:"{power}"')
    await run(service, channel, "/game start")


async def test_a_game_dropped_from_memory_is_read_again_as_it_was(tmp_path: Path) -> None:
    """Three 1942 games and room for two: after each game's first purchase the game played
    longest ago is no longer in memory, so showing it reads its snapshot, and what is read
    (the purchase included) is the state a fresh process reads; its next command, an undo,
    works on it. The two games played since are shown without a read."""
    db = Database(database_url(tmp_path / "cache.sqlite3"))
    await db.migrate()
    try:
        service = GameService(db, FixedDiceSource([]), cached_games=2)
        games = ["c0", "c1", "c2"]
        for game in games:
            await open_game(service, game)
        for game in games:
            await run(service, game, '/buy units:"1 infantry"')
        with snapshot_reads(db) as reads:
            await service.state(games[2])
            await service.state(games[1])
            assert reads == []
            dropped = await service.state(games[0])
            assert len(reads) == 1
        fresh = await GameService(db, FixedDiceSource([])).state(games[0])
        assert dropped.to_json() == fresh.to_json()
        assert dict(dropped.purchased) == {"infantry": 1}
        await run(service, games[0], "/undo")
        assert dict((await service.state(games[0])).purchased) == {}
    finally:
        await db.close()
