"""Benchmark the write path with several bot processes on one database (PostgreSQL by default).

Starts a throwaway PostgreSQL server with ``fsync`` on (as a real one runs; Debian's
``postgresql`` package must be installed), or uses ``--url``. Each of ``--processes``
processes opens its own service on the database, starts its share of the games and submits
commands in all of them back to back (saturation), as ``bench_service.py`` does on SQLite.
Prints the commands per second of all processes together and the CPU time per command.

Run: ``python bench/bench_service_processes.py [--processes 2] [--games 100] [--commands 30]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_service import play, start_game  # noqa: E402

from bot.service import Actor, FixedDiceSource, GameService  # noqa: E402
from bot.store import Database  # noqa: E402


async def worker(url: str, prefix: str, games: int, commands: int) -> dict[str, float]:
    """One process's share: start its games, then saturate them; its figures as a dict."""
    db = Database(url)
    service = GameService(db, FixedDiceSource([]))
    users = [Actor(f"{prefix}-player{i}") for i in range(games)]
    ids = [await start_game(service, f"{prefix}-{i}", users[i]) for i in range(games)]
    print("ready", flush=True)
    sys.stdin.readline()  # all processes begin together
    latencies: list[float] = []
    began, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(play(service, g, u, commands, 0.0, latencies)
                           for g, u in zip(ids, users)))
    elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
    await db.close()
    return {"commands": len(latencies), "elapsed": elapsed, "cpu": cpu}


def run(url: str, processes: int, games: int, commands: int) -> None:
    asyncio.run(_migrate(url))
    children = [
        subprocess.Popen([sys.executable, __file__, "--worker", url, "--prefix", f"p{n}",
                          "--games", str(games // processes), "--commands", str(commands)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for n in range(processes)
    ]
    for child in children:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    began = time.perf_counter()
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    results = [json.loads(child.communicate()[0].strip().splitlines()[-1]) for child in children]
    elapsed = time.perf_counter() - began
    done = sum(r["commands"] for r in results)
    cpu = sum(r["cpu"] for r in results)
    print(f"saturation, {processes} processes x {games // processes} games x {commands} commands"
          f" = {done} in {elapsed:.2f} s: {done / elapsed:.0f} commands/s; bot CPU"
          f" {cpu / done * 1000:.2f} ms per command")


async def _migrate(url: str) -> None:
    db = Database(url)
    await db.migrate()
    await db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--games", type=int, default=100, help="in all processes together")
    parser.add_argument("--commands", type=int, default=30, help="per game")
    parser.add_argument("--url", help="a database URL instead of a throwaway PostgreSQL server")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--prefix", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        figures = asyncio.run(worker(args.worker, args.prefix, args.games, args.commands))
        print(json.dumps(figures))
        return
    if args.url:
        run(args.url, args.processes, args.games, args.commands)
        return
    from tests.store.postgres import postgres_server

    for base in postgres_server(fsync=True):
        run(f"{base}/postgres", args.processes, args.games, args.commands)


if __name__ == "__main__":
    main()
