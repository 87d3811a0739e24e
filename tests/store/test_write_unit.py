"""A writer's unit: the common statements run without the ORM, prepared on the driver's
connection (sqlite3's, asyncpg's), and store and read what the ORM stores and reads."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest
from sqlalchemy.exc import IntegrityError
from sqlmodel import func, select

from bot.store import Database, Game, Request, Setting
from bot.store import repo


class Refused(Exception):
    """A writer that gives up inside its transaction."""


async def new_game(db: Database) -> int:
    async with db.write() as session:
        game = Game(channel_id="c1", name="Unit", ruleset="aa1942-2e", created_by="alice",
                    options={"bid": 12, "tech": False}, status="active", version=4,
                    due_power="germany", due_seq=4,
                    due_at=datetime(2026, 3, 1, 12, 30, 15, 123456, tzinfo=UTC))
        session.add(game)
        await session.flush()
        assert game.id is not None
        return game.id


async def test_a_game_read_for_a_write_equals_the_orms(db: Database) -> None:
    """Every column, the JSON options, the time zone of times and the NULLs: the same values
    whether the ORM loads the row or the unit reads it (on SQLite without the ORM)."""
    game_id = await new_game(db)
    async with db.read() as session:
        loaded = await session.get(Game, game_id)
        assert loaded is not None
        expected = loaded.model_dump()
    async with db.unit() as unit:
        row = await repo.game_row(unit, game_id)
        locked = await repo.game_row(unit, game_id, lock=True)
        missing = await repo.game_row(unit, game_id + 1)
    assert row is not None and locked is not None
    assert row.model_dump() == expected == locked.model_dump()
    assert row.due_at == datetime(2026, 3, 1, 12, 30, 15, 123456, tzinfo=UTC)
    assert missing is None


async def test_the_version_swap_and_the_log_entry_store_what_the_orm_reads(db: Database) -> None:
    """A version compare-and-swap moves the row once and refuses a stale version; the log
    entry's events come back as they went in."""
    game_id = await new_game(db)
    events = [{"type": "bought", "units": {"infantry": 2}, "note": "ü"}]
    async with db.unit() as unit:
        game = await repo.game_row(unit, game_id)
        assert game is not None
        await repo.bump_version(unit, game, 5, status="finished", result="Allies win")
        await repo.add_entry(unit, game_id, 5, kind="play", user_id="alice", power="germany",
                             text="/buy", events=events)
        stale = await repo.game_row(unit, game_id)
        assert stale is not None
        stale.version = 4
        try:
            await repo.bump_version(unit, stale, 5, status="active", result=None)
        except repo.ConcurrentWriteError:
            refused = True
        else:
            refused = False
    assert refused
    async with db.read() as session:
        game = await session.get(Game, game_id)
        entries = await repo.log_entries(session, game_id)
    assert game is not None and (game.version, game.status, game.result) == (
        5, "finished", "Allies win")
    assert [(e.seq, e.text, e.events) for e in entries] == [(5, "/buy", events)]


async def test_a_failing_writer_takes_back_its_statements_and_its_session_rows(
        db: Database) -> None:
    """Writers at once, some running statements through the unit, some through the session
    as well: the one that fails leaves neither kind of row, every other writer's rows stay
    (on SQLite they share a commit, each in its own savepoint)."""

    async def writer(n: int) -> None:
        try:
            async with db.unit() as unit:
                await repo.add_request(unit, f"r{n}", None, {"n": n})
                if n % 2:
                    unit.session.add(Setting(scope="test", key=f"k{n}", value=str(n)))
                    await unit.session.flush()
                await asyncio.sleep(0)  # let the others queue behind the lock
                if n == 7:
                    raise Refused
        except Refused:
            pass

    await asyncio.gather(*(writer(n) for n in range(12)))
    async with db.read() as session:
        requests = {r.request_id: r.reply for r in (await session.exec(select(Request))).all()}
        settings = {s.key for s in (await session.exec(select(Setting))).all()}
    assert requests == {f"r{n}": {"n": n} for n in range(12) if n != 7}
    assert settings == {f"k{n}" for n in range(12) if n % 2 and n != 7}
    async with db.unit() as unit:
        assert await repo.stored_reply(unit, "r3") == {"n": 3}
        assert await repo.stored_reply(unit, "r7") is None


async def test_the_newest_dice_entry_of_a_type_is_read_back_as_stored(db: Database) -> None:
    """The dice log read that every auditable roll continues from: the newest entry, or the
    newest of one type, with its body as it was added."""
    game_id = await new_game(db)
    bodies = [{"type": "commit", "period": "1-r1-germany", "commitment": "ab" * 32},
              {"type": "roll", "purpose": "attack", "dice": [3, 6], "seq": 1, "hash": "cd" * 32},
              {"type": "roll", "purpose": "defence", "dice": [1], "seq": 2, "hash": "ef" * 32}]
    async with db.unit() as unit:
        assert await repo.last_dice(unit, game_id) is None
        for pos, body in enumerate(bodies, start=1):
            await repo.add_dice(unit, game_id, pos, 5, body)
    async with db.unit() as unit:
        newest = await repo.last_dice(unit, game_id)
        commit = await repo.last_dice(unit, game_id, "commit")
        reveal = await repo.last_dice(unit, game_id, "reveal")
    assert newest is not None and commit is not None and reveal is None
    assert (newest.pos, newest.type, newest.dice, newest.body) == (3, "roll", [1], bodies[2])
    assert (commit.pos, commit.period, commit.body) == (1, "1-r1-germany", bodies[0])
    async with db.read() as session:
        assert [d.body for d in await repo.dice_log(session, game_id)] == bodies


async def test_a_request_id_stored_twice_is_refused_as_the_orm_refuses_it(db: Database) -> None:
    """The once-only request id: a second insert of the same id fails with SQLAlchemy's
    IntegrityError (which the service answers with the stored reply), whichever driver ran it,
    and the transaction that tried stores nothing."""
    async with db.unit() as unit:
        await repo.add_request(unit, "once", None, {"n": 1})
    with pytest.raises(IntegrityError):
        async with db.unit() as unit:
            await repo.add_request(unit, "twice", None, {"n": 2})
            await repo.add_request(unit, "once", None, {"n": 3})
    async with db.unit() as unit:
        assert await repo.stored_reply(unit, "once") == {"n": 1}
        assert await repo.stored_reply(unit, "twice") is None


async def test_a_writer_cancelled_mid_statement_leaves_later_writers_whole(db: Database) -> None:
    """A command cancelled while the server runs its statement (an interaction given up, a
    process stopping) stores nothing, and the writers after it, on the same pooled
    connections, commit: none is handed on inside a transaction that nobody ends."""
    if db.is_sqlite:
        pytest.skip("SQLite runs a writer's statements on the event loop's thread, whole")
    started = asyncio.Event()

    async def slow() -> None:
        async with db.unit() as unit:
            await repo.add_request(unit, "cancelled", None, {"n": 0})
            started.set()
            await unit.run(select(func.pg_sleep(30)), {})

    task = asyncio.create_task(slow())
    await started.wait()
    await asyncio.sleep(0.2)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    for n in range(25):
        async with db.unit() as unit:
            await repo.add_request(unit, f"after{n}", None, {"n": n})
    elsewhere = Database(db.url.render_as_string(hide_password=False))  # a pool of its own
    try:
        async with elsewhere.unit() as unit:
            assert await repo.stored_reply(unit, "cancelled") is None
            assert [await repo.stored_reply(unit, f"after{n}") for n in range(25)] == [
                {"n": n} for n in range(25)]
    finally:
        await elsewhere.close()
