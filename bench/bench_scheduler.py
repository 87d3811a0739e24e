"""Benchmark the deadline scheduler's tick on one SQLite file with 100 active games.

1. Idle tick: every game has a 24-hour deadline, nothing is due; what each tick costs the
   bot in steady state (it reads every active game's clock, settings, vacations, notices).
2. Reminder tick: the clock is moved 12 hours on; one tick writes 100 reminders.
3. Expiry tick: the clock is moved past every deadline with the ``end_turn`` policy; one
   tick ends 100 Soviet turns through the engine (one transaction each).

Run: ``python bench/bench_scheduler.py [--games 100] [--ticks 50]``
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bot.scheduler.clock import ManualClock
from bot.service import Actor, FixedDiceSource, GameService
from bot.store import Database, database_url


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


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--ticks", type=int, default=50)
    args = parser.parse_args()
    asyncio.run(main(args.games, args.ticks))
