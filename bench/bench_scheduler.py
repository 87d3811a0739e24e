"""Benchmark the deadline scheduler's tick on one SQLite file with 100 active games.

1. Idle tick: every game has a 24-hour deadline, nothing is due; what each tick costs the
   bot in steady state (it reads every active game's clock, settings, vacations, notices).
2. Reminder tick: the clock is moved 12 hours on; one tick writes 100 reminders.
3. Expiry tick: the clock is moved past every deadline with the ``end_turn`` policy; one
   tick ends 100 Soviet turns through the engine (one transaction each).

4. Idle ticks at scale: the first game's rows copied into 1,000 and 10,000 idle games (each
   with its wake time hours ahead), the tick's time and the worst event-loop stall a probe
   task sees while it runs (the bot serves Discord on the same loop).

Run: ``python bench/bench_scheduler.py [--games 100] [--ticks 50] [--idle 1000,10000]``
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import insert, select

from bot.scheduler.clock import ManualClock
from bot.service import Actor, FixedDiceSource, GameService
from bot.store import Database, Game, Seat, Setting, database_url


async def start_game(service: GameService, channel: str, user: Actor) -> None:
    reply = await service.create_game(user, channel, ruleset="aa1942-2e", name=channel)
    assert reply.ok and reply.game_id is not None, reply.message
    for power in service.rules.load_ruleset("aa1942-2e").powers:
        assert (await service.join(user, reply.game_id, power)).ok
    settings = "/game settings deadline_hours:24 reminders:12 policy:end_turn"
    assert (await service.execute(user, channel, settings)).ok
    assert (await service.start(user, reply.game_id)).ok


async def timed(service: GameService) -> tuple[float, int]:
    began = time.perf_counter()
    done = await service.deadlines.tick()
    return (time.perf_counter() - began) * 1000, done


async def main(games: int, ticks: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(database_url(Path(tmp) / "bench.sqlite3"))
        await db.migrate()
        clock = ManualClock(datetime(2026, 1, 1, tzinfo=UTC))
        service = GameService(db, FixedDiceSource([1] * 100), clock=clock)
        user = Actor("bench", referee=True)
        for i in range(games):
            await start_game(service, f"c{i}", user)
        await service.deadlines.tick()                    # the turn notices, once
        await service.deadlines.claim_unsent(limit=games)
        idle = [(await timed(service))[0] for _ in range(ticks)]
        print(f"{games} games, idle tick: median {statistics.median(idle):.1f} ms, "
              f"worst {max(idle):.1f} ms over {ticks} ticks")
        clock.advance(hours=12)
        ms, done = await timed(service)
        print(f"reminder tick: {done} reminders written in {ms:.0f} ms "
              f"({ms / max(done, 1):.1f} ms each)")
        began = time.perf_counter()
        sent = await service.deadlines.claim_unsent(limit=games)
        print(f"claiming {len(sent)} notices to send: {(time.perf_counter() - began) * 1000:.0f} ms")
        clock.advance(hours=13)
        ms, done = await timed(service)
        print(f"expiry tick: {done} turns ended by standing orders in {ms:.0f} ms "
              f"({ms / max(done, 1):.1f} ms each)")
        await db.close()


async def copy_idle_games(db: Database, total: int) -> None:
    """Fill the database with ``total`` copies of game 1 (its seats and settings too)."""
    async with db.write() as session:
        game = (await session.exec(select(Game).where(Game.id == 1))).one()[0]
        seats = [s[0] for s in (await session.exec(select(Seat).where(Seat.game_id == 1))).all()]
        settings = [r[0] for r in (await session.exec(
            select(Setting).where(Setting.scope == "game:1"))).all()]
        fields = {c: getattr(game, c) for c in Game.model_fields if c != "id"}
        start = int((await session.exec(select(Game.id).order_by(Game.id.desc()))).first()[0]) + 1
        ids = range(start, total + 1)
        connection = await session.connection()
        await connection.execute(insert(Game), [{**fields, "id": i, "channel_id": f"idle{i}"}
                                                for i in ids])
        await connection.execute(insert(Seat), [{"game_id": i, "power": s.power,
                                                 "user_id": s.user_id} for i in ids for s in seats])
        await connection.execute(insert(Setting), [{"scope": f"game:{i}", "key": r.key,
                                                    "value": r.value} for i in ids for r in settings])


async def probed_tick(service: GameService) -> tuple[float, float]:
    """One tick's time and the longest the event loop was kept from a 1 ms sleeper meanwhile."""
    stop = asyncio.Event()
    worst = 0.0

    async def probe() -> None:
        nonlocal worst
        while not stop.is_set():
            began = time.perf_counter()
            await asyncio.sleep(0.001)
            worst = max(worst, time.perf_counter() - began - 0.001)

    watcher = asyncio.create_task(probe())
    await asyncio.sleep(0.005)
    ms, _ = await timed(service)
    stop.set()
    await watcher
    return ms, worst * 1000


async def idle_at_scale(sizes: list[int], ticks: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(database_url(Path(tmp) / "idle.sqlite3"))
        await db.migrate()
        clock = ManualClock(datetime(2026, 1, 1, tzinfo=UTC))
        service = GameService(db, FixedDiceSource([1] * 100), clock=clock)
        await start_game(service, "c1", Actor("bench", referee=True))
        await service.deadlines.tick()                   # game 1 now sleeps until its reminder
        for size in sizes:
            await copy_idle_games(db, size)
            runs = [await probed_tick(service) for _ in range(ticks)]
            print(f"{size} idle games: tick median {statistics.median(r[0] for r in runs):.1f} ms, "
                  f"worst {max(r[0] for r in runs):.1f} ms; worst event-loop stall "
                  f"{max(r[1] for r in runs):.1f} ms ({ticks} ticks)")
        await db.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--ticks", type=int, default=50)
    parser.add_argument("--idle", default="1000,10000", help="idle game counts, comma-separated")
    args = parser.parse_args()
    asyncio.run(main(args.games, args.ticks))
    asyncio.run(idle_at_scale([int(n) for n in args.idle.split(",") if n], args.ticks))
