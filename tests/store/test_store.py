"""Storage on SQLite and PostgreSQL: migrations, transactions, idempotency, serialisation."""

from __future__ import annotations

import asyncio

from sqlalchemy import inspect, text
from sqlmodel import col, select

from bot.service import Actor, AuditableDiceSource, FixedDiceSource, GameService
from bot.store import Database, DiceLog, Game, LogEntry
from bot.store.db import schema_head
from bot.store.migrate import alembic_config, downgrade, upgrade
from engine import FixedDice, apply, new_game, parse_command
from tests.service.conftest import (
    ALICE,
    BOB,
    DICE_KEY,
    SEATS,
    SOVIET_ATTACK,
    SOVIET_BATTLE,
    play,
    started,
)
from tests.service.consistency import Heard, check_consistent
from tests.service.service_play import ServicePlayout

TABLES = {"games", "seats", "log_entries", "dice_log", "snapshots", "requests", "settings"}


def service_on(db: Database, value: int = 3) -> GameService:
    return GameService(db, FixedDiceSource([value] * 10_000), snapshot_every=5)


async def tables(db: Database) -> set[str]:
    async with db.engine.connect() as conn:
        return set(await conn.run_sync(lambda c: inspect(c).get_table_names()))


async def test_migrations_up_from_empty_and_back(url: str) -> None:
    """Alembic builds every table on an empty database, removes them, and builds them again."""
    db = Database(url)
    try:
        assert await tables(db) == set()
        assert await db.schema_revision() is None
        await db.migrate()
        assert TABLES <= await tables(db)
        assert await db.schema_revision() == schema_head()
        await db.migrate()  # already at head: nothing to do
        async with db.engine.begin() as conn:
            await conn.run_sync(downgrade)
        assert await tables(db) <= {"alembic_version"}
        assert await db.schema_revision() is None
        async with db.engine.begin() as conn:
            await conn.run_sync(upgrade)
        assert TABLES <= await tables(db)
    finally:
        await db.close()


def test_schema_head_is_alembics_head() -> None:
    """The quick head check (file names) names the revision Alembic itself would upgrade to."""
    from alembic.script import ScriptDirectory

    assert schema_head() == ScriptDirectory.from_config(alembic_config()).get_current_head()


async def test_each_command_is_one_transaction(db: Database) -> None:
    """A command's entry, rolls and version step land together; a refusal adds nothing."""
    service = service_on(db)
    game_id = await started(service)
    await play(service, SOVIET_ATTACK)
    async with db.read() as s:
        version = (await s.get(Game, game_id)).version
    assert not (await service.submit(BOB, game_id, SOVIET_BATTLE)).ok
    assert (await service.submit(ALICE, game_id, SOVIET_BATTLE)).ok
    async with db.read() as s:
        game = await s.get(Game, game_id)
        entries = (await s.exec(select(LogEntry).where(LogEntry.seq > version))).all()
        rolls = (await s.exec(select(DiceLog).where(DiceLog.entry_seq > version))).all()
    assert game.version == version + 1
    assert [e.text for e in entries] == [SOVIET_BATTLE]
    assert len(rolls) > 1 and {r.entry_seq for r in rolls} == {version + 1}
    assert [r.purpose for r in rolls][:2] == ["West Russia r1 attacker 2 infantry @1",
                                              "West Russia r1 attacker 1 infantry, 1 artillery @2"]
    assert all(set(r.dice or []) == {3} for r in rolls)


async def test_retried_request_is_applied_once(db: Database) -> None:
    """The same interaction id, retried at once and concurrently, is applied once."""
    service = service_on(db)
    game_id = await started(service)
    replies = await asyncio.gather(
        *[
            service.submit(ALICE, game_id, '/buy units:"1 infantry"', request_id="987654321")
            for _ in range(5)
        ]
    )
    assert all(r == replies[0] and r.ok for r in replies)
    other = service_on(db)  # another process, its own cache and pool
    again = await other.submit(ALICE, game_id, '/buy units:"1 infantry"', request_id="987654321")
    assert again == replies[0]
    state = await other.state(game_id)
    start = state.rules.treasury["soviet_union"]
    assert state.treasury["soviet_union"] == start - 3 and state.purchased == {"infantry": 1}


async def test_concurrent_submitters_never_interleave_or_lose(db: Database) -> None:
    """Two writers with separate pools race on one game, random legal play as the same
    players: every command lands once, in one order, and the log replays to the position."""
    first = GameService(db, AuditableDiceSource(DICE_KEY), snapshot_every=5)
    second = GameService(Database(str(db.url.render_as_string(False))),
                         AuditableDiceSource(DICE_KEY), snapshot_every=5)
    game_id = await started(first)
    heard = Heard()
    playouts = [await ServicePlayout.on(service, "c1", SEATS, n, prefix=f"w{n}",
                                        heard=heard.note)
                for n, service in enumerate((first, second))]
    try:
        await asyncio.gather(*(p.play(15) for p in playouts))
        commands, _ = await check_consistent(db, heard, 0)
        assert commands == sum(p.commands for p in playouts) >= 30
        assert await first.state(game_id) == await second.state(game_id)
    finally:
        await second.db.close()


async def test_different_games_proceed_independently(db: Database) -> None:
    """Commands on many games at once all apply, each game keeping its own order: with the
    same dice, each ends where the same commands take the opening on the engine alone."""
    service = service_on(db)
    ids = [await started(service, f"chan-{i}") for i in range(6)]
    lines = [*SOVIET_ATTACK, SOVIET_BATTLE, "/done"]
    await asyncio.gather(*(play(service, lines, f"chan-{i}") for i in range(6)))
    alone = new_game((await service.state(ids[0])).rules)
    dice = FixedDice([3] * 10_000)
    for line in lines:
        alone = apply(alone, parse_command(line, alone), dice).state
    for game_id in ids:
        assert await service.state(game_id) == alone


async def test_unknown_game_and_non_player(db: Database) -> None:
    """Bad requests get a clear message and change nothing."""
    service = service_on(db)
    game_id = await started(service)
    assert (await service.submit(ALICE, 12345, "/done")).message == "There is no game #12345."
    reply = await service.submit(Actor("mallory"), game_id, "/done")
    assert not reply.ok and "no seat" in reply.message
    async with db.read() as s:
        assert (await s.get(Game, game_id)).version == 7


async def test_two_writer_processes(url: str) -> None:
    """Two OS processes play one game at once; the database lock keeps one order, no loss."""
    from tests.service.test_kill import run_two_writers

    db = Database(url)
    await db.migrate()
    try:
        await started(GameService(db, AuditableDiceSource(DICE_KEY)), "c1")
        heard = await asyncio.to_thread(run_two_writers, url, 10)
        commands, _ = await check_consistent(db, heard, 2)
        assert commands >= 20
    finally:
        await db.close()


async def test_the_wake_time_migration_wakes_every_active_game(url: str) -> None:
    """A game active before wake times existed is looked at by the first tick after upgrade."""
    db = Database(url)
    try:
        async with db.engine.begin() as conn:
            await conn.run_sync(upgrade, "0003")
            for status in ("active", "setup"):
                await conn.execute(text(
                    "INSERT INTO games (channel_id, name, ruleset, options, status, created_by, "
                    "version, created_at, updated_at) VALUES (:c, 'g', 'aa1942-2e', '{}', :s, 'u', "
                    "1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"), {"c": status, "s": status})
        await db.migrate()
        async with db.read() as session:
            rows = (await session.exec(select(Game.status, Game.wake_at))).all()
        woken = {status: wake is not None for status, wake in rows}
        assert woken == {"active": True, "setup": False}
    finally:
        await db.close()
