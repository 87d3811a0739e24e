"""Benchmark the GameService on one SQLite file with the real 1942 Second Edition rules.

1. Paced: 100 games, each submitting one command per second from a random offset (100
   commands/s in all), closer to how real games load a server; latency percentiles.
2. Saturation: the same games, each submitting its next command as soon as the last one is
   answered; commands per second and latency percentiles.
3. Cold load: a game with 2,000 logged commands, loaded by a fresh service (no cache).

Commands alternate ``/buy units:"1 infantry"`` and ``/undo`` in each game's first purchase
phase, so every one is accepted and stored. Goals: p99 under 25 ms, cold load under 100 ms.

Saturation latency is mostly queueing: SQLite has one writer, so with 100 requests waiting
the last waits for the other 99. ``AAREF_SQLITE_SYNCHRONOUS=NORMAL`` shows what the per-commit
fsync costs on the machine at hand.

``--auditable`` rolls auditable dice, as a bot does by default: each command then also reads
where the game's dice chain stands.

Run: ``python bench/bench_service.py [--games 100] [--commands 30] [--rate 100] [--auditable]``
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.service import Actor, AuditableDiceSource, FixedDiceSource, GameService
from bot.service.dice import DiceSource
from bot.store import Database, database_url

LINES = ('/buy units:"1 infantry"', "/undo")


async def start_game(service: GameService, channel: str, user: Actor) -> int:
    reply = await service.create_game(user, channel, ruleset="aa1942-2e", name=channel)
    assert reply.ok and reply.game_id is not None, reply.message
    for power in service.rules.load_ruleset("aa1942-2e").powers:
        assert (await service.join(user, reply.game_id, power)).ok
    assert (await service.start(user, reply.game_id)).ok
    return reply.game_id


async def play(
    service: GameService,
    game_id: int,
    user: Actor,
    count: int,
    interval: float,
    latencies: list[float],
) -> None:
    """Submit ``count`` commands, one every ``interval`` seconds at most."""
    loop = asyncio.get_running_loop()
    next_at = loop.time() + random.uniform(0, interval)  # games do not move in lockstep
    for i in range(count):
        if interval:
            await asyncio.sleep(max(0.0, next_at - loop.time()))
            next_at += interval
        began = time.perf_counter()
        reply = await service.submit(user, game_id, LINES[i % 2])
        latencies.append(time.perf_counter() - began)
        assert reply.ok, reply.message


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def dice(auditable: bool) -> DiceSource:
    return AuditableDiceSource(b"bench-key" * 4) if auditable else FixedDiceSource([])


async def run(games: int, commands: int, rate: float, workdir: Path, auditable: bool) -> None:
    db = Database(database_url(workdir / "bench.sqlite3"))
    await db.migrate()
    service = GameService(db, dice(auditable))
    users = [Actor(f"player{i}") for i in range(games)]
    ids = [await start_game(service, f"chan-{i}", users[i]) for i in range(games)]

    paced: list[float] = []
    began, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(
        *(play(service, g, u, commands, games / rate, paced) for g, u in zip(ids, users))
    )
    elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
    print(
        f"paced: {games} games, {rate:.0f} commands/s offered ({len(paced) / elapsed:.0f} served):"
        f" latency p50 {percentile(paced, 0.5) * 1000:.1f} ms,"
        f" p99 {percentile(paced, 0.99) * 1000:.1f} ms; CPU {cpu / len(paced) * 1000:.2f} ms"
        " per command"
    )

    latencies: list[float] = []
    began, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(
        *(play(service, g, u, commands, 0.0, latencies) for g, u in zip(ids, users))
    )
    elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
    print(
        f"saturation: {games} games x {commands} commands = {len(latencies)} in {elapsed:.2f} s:"
        f" {len(latencies) / elapsed:.0f} commands/s; latency p50"
        f" {percentile(latencies, 0.5) * 1000:.1f} ms, p99 {percentile(latencies, 0.99) * 1000:.1f} ms;"
        f" CPU {cpu / len(latencies) * 1000:.2f} ms per command (at most"
        f" {len(latencies) / cpu:.0f} commands/s on one free core)"
    )

    big = await start_game(service, "long-game", users[0])
    for i in range(2_000):
        assert (await service.submit(users[0], big, LINES[i % 2])).ok
    loads = []
    for _ in range(7):
        fresh = GameService(db, dice(auditable))
        t = time.perf_counter()
        await fresh.state(big)
        loads.append(time.perf_counter() - t)
    print(
        f"cold load of a 2,000-command game: median {statistics.median(loads) * 1000:.1f} ms,"
        f" worst {max(loads) * 1000:.1f} ms (fresh service, snapshot every"
        f" {service.ledger.snapshot_every} entries)"
    )
    await db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--commands", type=int, default=30, help="per game and phase")
    parser.add_argument("--rate", type=float, default=100.0, help="commands/s offered, paced")
    parser.add_argument("--auditable", action="store_true", help="auditable dice, as a bot's")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="aaref-bench-") as tmp:
        asyncio.run(run(args.games, args.commands, args.rate, Path(tmp), args.auditable))


if __name__ == "__main__":
    main()
