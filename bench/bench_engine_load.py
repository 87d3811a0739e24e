"""Engine benchmark: /undo at any depth, and loading a long game from its latest snapshot.

Run: .venv/bin/python bench/bench_engine_load.py [--commands 10000]
Goals (issue: scale and speed, incremental engine): ``/undo`` under 1 ms at any depth (the
state keeps the one before each command, and its JSON keeps them too, so neither a running
bot nor a restarted one replays); cold load of a 10,000-command game under 50 ms.

1. /undo after 1 to 1,000 commands since the last roll, on the state as played and on the
   state read back from its JSON (a restart).
2. Snapshot + replay: every 25th state of random 10-round games (the service stores a
   snapshot every 25 log entries) read from JSON text, then the next 24 commands replayed
   with their dice: what a cold load costs in the engine, worst case included; and what
   writing each of those snapshots costs (``to_json`` and the text), and its size.
3. A fresh GameService loading a game of ``--commands`` logged commands from a SQLite file.

Times are CPU time of this process (``time.process_time``), so other work on a shared
machine does not count; the load average is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import maps  # noqa: E402
from bench_engine import cpu_ms  # noqa: E402
from engine import FixedDice, GameState, NoDice, Undo, apply, new_game, parse_command  # noqa: E402
from tests.engine.playout import Playout  # noqa: E402

SNAPSHOT_EVERY = 25


def undo_at_depth(rules_id: str) -> None:
    rules = maps.load_ruleset(rules_id, unplayable=True)
    state = new_game(rules)
    rich = {p: 10**6 for p in rules.turn_order}
    state = state.evolve(treasury=rich)
    while state.phase != "purchase":  # Revised opens with Develop Weapons
        state = apply(state, parse_command("/done", state), NoDice()).state
    buy = parse_command('/buy units:"1 infantry"', state)
    depth = 0
    for target in (1, 10, 100, 1000):
        while depth < target:
            state = apply(state, buy, NoDice()).state
            depth += 1
        played = state
        text = json.dumps(played.to_json())
        reads = cpu_ms(lambda: GameState.from_json(json.loads(text), rules), 5)
        restored = GameState.from_json(json.loads(text), rules)
        live = cpu_ms(lambda: apply(played, Undo(), NoDice()), 200)
        cold = cpu_ms(lambda: apply(restored, Undo(), NoDice()), 200)
        print(f"/undo after {depth} commands since the last roll ({rules_id}): median "
              f"{statistics.median(live):.3f} ms; read back from JSON {statistics.median(cold):.3f} ms "
              f"(goal < 1 ms); reading that state: {statistics.median(reads):.1f} ms")


def snapshot_loads(rules_id: str, seeds: tuple[int, ...] = (1, 2, 3)) -> None:
    rules = maps.load_ruleset(rules_id, unplayable=True)
    samples: list[float] = []
    writes: list[tuple[float, int]] = []
    for seed in seeds:
        snapshots, steps, written = _recorded_game(rules_id, seed)
        writes.extend(written)
        gc.collect()
        for at, text in snapshots.items():
            tail = steps[at:at + SNAPSHOT_EVERY - 1]

            def load(text: str = text, tail: list[tuple[str, list[int]]] = tail) -> None:
                state = GameState.from_json(json.loads(text), rules)
                for line, rolled in tail:
                    state = apply(state, parse_command(line, state), FixedDice(rolled)).state

            samples.extend(cpu_ms(load, 3))
    samples.sort()
    print(f"snapshot read from JSON text + {SNAPSHOT_EVERY - 1} commands replayed ({rules_id}, "
          f"{len(samples)} loads from random games): median {statistics.median(samples):.1f} ms, "
          f"worst {samples[-1]:.1f} ms (goal < 50 ms)")
    times = sorted(ms for ms, _ in writes)
    print(f"snapshot written to JSON text ({rules_id}, {len(writes)} snapshots): median "
          f"{statistics.median(times):.2f} ms, worst {times[-1]:.2f} ms; median size "
          f"{statistics.median(size for _, size in writes) / 1000:.0f} kB")


def _recorded_game(rules_id: str, seed: int) -> tuple[dict[int, str], list[tuple[str, list[int]]],
                                                   list[tuple[float, int]]]:
    """A random 10-round game as the service would store it: each accepted command with its
    dice, and the state's JSON text before every 25th command (kept as text only, so the
    game's states do not stay in memory for the collector to walk while loads are timed),
    with the CPU time of writing that text (median of 3) and its length."""
    play = Playout(new_game(maps.load_ruleset(rules_id, unplayable=True)), random.Random(seed))
    steps: list[tuple[str, list[int]]] = []
    snapshots: dict[int, str] = {}
    written: list[tuple[float, int]] = []
    roll, send = play.dice.roll, play.send
    faces: list[int] = []

    def recording(count: int, purpose: str) -> list[int]:
        out = roll(count, purpose)
        faces.extend(out)
        return out

    def sending(line: str) -> bool:
        before = play.state
        faces.clear()
        if not send(line):
            return False
        if len(steps) % SNAPSHOT_EVERY == 0:
            snapshots[len(steps)] = json.dumps(before.to_json())
            spent = cpu_ms(lambda: json.dumps(before.to_json()), 3)[1]
            written.append((spent, len(snapshots[len(steps)])))
        steps.append((line, list(faces)))
        return True

    play.dice.roll = recording  # type: ignore[method-assign]
    play.send = sending  # type: ignore[method-assign]
    play.play_rounds(10)
    return {at: text for at, text in snapshots.items() if at + SNAPSHOT_EVERY <= len(steps)}, steps, written


async def service_load(commands: int, workdir: Path) -> None:
    from bot.service import Actor, FixedDiceSource, GameService
    from bot.store import Database, database_url

    db = Database(database_url(workdir / "bench.sqlite3"))
    await db.migrate()
    service = GameService(db, FixedDiceSource([]))
    user = Actor("player")
    reply = await service.create_game(user, "long-game", ruleset="aa1942-2e", name="long")
    assert reply.ok and reply.game_id is not None, reply.message
    game = reply.game_id
    for power in service.rules.load_ruleset("aa1942-2e").powers:
        assert (await service.join(user, game, power)).ok
    assert (await service.start(user, game)).ok
    lines = ('/buy units:"1 infantry"', "/undo")
    for i in range(commands):
        assert (await service.submit(user, game, lines[i % 2])).ok
    loads = []
    for _ in range(7):
        fresh = GameService(db, FixedDiceSource([]))
        start = time.process_time()
        await fresh.state(game)
        loads.append((time.process_time() - start) * 1000)
    print(f"cold load of a {commands:,}-command game (fresh GameService, SQLite): median "
          f"{statistics.median(loads):.1f} ms, worst {max(loads):.1f} ms (goal < 50 ms)")
    await db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=10_000, help="logged commands of the long game")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; CPU time of this process")
    for rules_id in maps.SHIPPED:
        undo_at_depth(rules_id)
    for rules_id in maps.SHIPPED:
        snapshot_loads(rules_id)
    with tempfile.TemporaryDirectory(prefix="aaref-bench-") as tmp:
        asyncio.run(service_load(args.commands, Path(tmp)))


if __name__ == "__main__":
    main()
