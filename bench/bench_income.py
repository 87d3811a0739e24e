"""Collect Income benchmark where IPCs travel by paths (AARHE): the account of every power,
and a /lendlease.

Run: .venv/bin/python bench/bench_income.py
Collect Income searches the board for each power's IPC paths (001 › Phase 1, Spending or
Saving IPC; Convoy Raid) once a turn, and a /lendlease once more for its own path, so both
stay a small part of a command (goal: a power's account under 2 ms, a /lendlease under
2 ms, in the opening and in positions of random games). Every sample starts from a fresh
copy of the state, so no per-state cache of an earlier sample helps it. Times are CPU time
of this process, so other work on a shared machine does not count.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import maps  # noqa: E402
from engine import GameState, NoDice, apply, new_game, parse_command  # noqa: E402
from engine.economy.income import statement  # noqa: E402
from engine.ids import PowerId  # noqa: E402
from tests.engine.playout import Playout  # noqa: E402

LEND = '/lendlease ipcs:4 to:"Soviet Union"'


def positions() -> list[GameState]:
    """The opening and the positions of three random games after 2, 4 and 6 rounds."""
    opening = new_game(maps.load_ruleset("aarhe"))
    out = [opening]
    for seed in (1, 2, 3):
        play = Playout(opening, random.Random(seed))
        for rounds in (2, 2, 2):
            play.play_rounds(rounds)
            out.append(play.state)
    return out


def time_accounts(states: list[GameState], repeat: int = 20) -> list[float]:
    """Milliseconds of one power's account, each power of each position."""
    samples = []
    for state in states:
        for power in state.rules.turn_order:
            for _ in range(repeat):
                fresh = state.evolve()
                start = time.process_time()
                statement(fresh, power)
                samples.append((time.process_time() - start) * 1000)
    return sorted(samples)


def time_lend(states: list[GameState], repeat: int = 20) -> list[float]:
    """Milliseconds of parsing and applying a /lendlease of the United States in its
    Collect Income, in each position where the Soviet Union still holds Moscow."""
    us = PowerId("united_states")
    samples = []
    for state in states:
        collecting = state.evolve(turn=us, phase="collect_income", lanes={}, combat=None,
                                  treasury={**state.treasury, us: 40}, economy=state.economy.without("lent", {us}))
        if collecting.owners.get(collecting.board.powers[PowerId("soviet_union")].capital) != "soviet_union":
            continue
        for _ in range(repeat):
            fresh = collecting.evolve()
            start = time.process_time()
            apply(fresh, parse_command(LEND, fresh), NoDice())
            samples.append((time.process_time() - start) * 1000)
    return sorted(samples)


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; CPU time of this process")
    states = positions()
    accounts = time_accounts(states)
    print(f"[aarhe] Collect Income account of one power ({len(states)} positions): median "
          f"{statistics.median(accounts):.3f} ms, p95 {accounts[int(len(accounts) * 0.95)]:.3f} ms, "
          f"max {accounts[-1]:.3f} ms (n={len(accounts)}; goal < 2 ms)")
    lends = time_lend(states)
    print(f"[aarhe] /lendlease parse+validate+apply: median {statistics.median(lends):.3f} ms, "
          f"p95 {lends[int(len(lends) * 0.95)]:.3f} ms (n={len(lends)}; goal < 2 ms)")


if __name__ == "__main__":
    main()
