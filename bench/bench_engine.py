"""Engine benchmark, the same figures for every rule system: a /move, listing the legal
options, a 40-unit battle, replaying a first round and whole random games.

Run: .venv/bin/python bench/bench_engine.py
Goals (issue: scale and speed): median parse+validate+apply of a /move in the opening's
Combat Move under 0.35 ms; a 40-unit battle under 3 ms; a random game of 10 rounds under
1.2 s. Issue (Revised with LHTR): no figure of Revised more than 20% slower than 1942's;
the last lines compare each later system (Revised, Classic) with 1942 (random games per
command, since the systems' games differ in length). Times are CPU time of this process
(``time.process_time``), so other work on a shared machine does not count; the load
average is printed with them.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import maps  # noqa: E402
from bench_combat import battle_times  # noqa: E402
from engine import FixedDice, GameState, ScriptedDice, apply, legal_commands, new_game, parse_command  # noqa: E402
from tests.engine.playout import Playout  # noqa: E402

MOVE = '/move units:"3 infantry, 1 artillery" from:Russia to:"West Russia"'
MOVES = {"classic-3e": '/move units:"3 infantry, 1 armor" from:Karelia to:"Ukraine S.S.R."'}
"""The Soviet opening attack of four units where the board has no West Russia (Classic)."""


def cpu_ms(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        out.append((time.process_time() - start) * 1000)
    return sorted(out)


def _apply_fresh(state: GameState, line: str) -> None:
    """Apply to a fresh copy of the state, so no per-state cache is reused between runs."""
    fresh = state.evolve()
    apply(fresh, parse_command(line, fresh), FixedDice([]))


def measure(rules_id: str) -> dict[str, float]:
    rules = maps.load_ruleset(rules_id, unplayable=True)
    opening = new_game(rules)
    state = opening
    while state.phase != "combat_move":
        state = apply(state, parse_command("/done", state), FixedDice([])).state
    figures: dict[str, float] = {}
    ms = cpu_ms(lambda: _apply_fresh(state, MOVES.get(rules_id, MOVE)), 2000)
    figures["move"] = statistics.median(ms)
    print(f"[{rules_id}] /move parse+validate+apply: median {figures['move']:.3f} ms, "
          f"p99 {ms[int(len(ms) * 0.99)]:.3f} ms (n={len(ms)}; goal median < 0.35 ms)")
    listing = cpu_ms(lambda: legal_commands(state.evolve()), 50)
    figures["options"] = statistics.median(listing)
    groups = legal_commands(state).moves
    print(f"[{rules_id}] legal options of {rules.power_name(state.turn)} in Combat Move: {len(groups)} unit "
          f"groups, {sum(len(g.destinations) for g in groups)} destinations; median {figures['options']:.1f} ms, "
          f"max {listing[-1]:.1f} ms (goal < 50 ms)")
    times, rounds = battle_times(rules_id)
    figures["battle"] = statistics.median(times)
    print(f"[{rules_id}] 40-unit land battle to the end: median {figures['battle']:.2f} ms, "
          f"p95 {times[int(len(times) * 0.95)]:.2f} ms, mean rounds {statistics.mean(rounds):.1f} (goal < 3 ms)")

    lines, rolls = _first_round(opening)

    def replay() -> None:
        s = opening
        dice = ScriptedDice(rolls)
        for text in lines:
            s = apply(s, parse_command(text, s), dice).state

    runs = cpu_ms(replay, 10)
    print(f"[{rules_id}] replay of a first round ({len(lines)} commands, {sum(len(d) for _, d in rolls)} dice): "
          f"median {statistics.median(runs):.1f} ms, {statistics.median(runs) / len(lines):.2f} ms per command")
    games, per_command = _random_games(rules_id, opening)
    figures["game"] = statistics.median(games)
    figures["game per command"] = statistics.median(per_command)
    return figures


def _random_games(rules_id: str, opening: GameState) -> tuple[list[float], list[float]]:
    """Whole random games of 10 rounds (goal under 1.2 s each): seconds, and ms per command."""
    games, per_command = [], []
    for seed in (1, 2, 3):
        start = time.process_time()
        play = Playout(opening, random.Random(seed))
        play.play_rounds(10)
        took = time.process_time() - start
        games.append(took)
        per_command.append(took * 1000 / play.commands)
        print(f"[{rules_id}] random game, seed {seed}: {play.state.round - 1} rounds, {play.commands} commands, "
              f"{play.dice.rolled} dice in {took:.2f} s, {per_command[-1]:.2f} ms per command (goal < 1.2 s)")
    return games, per_command


def _first_round(opening: GameState) -> tuple[list[str], list[tuple[str, list[int]]]]:
    """A first round of random legal play (fixed seed), with its dice, to replay."""
    rolls: list[tuple[str, list[int]]] = []
    play = Playout(opening, random.Random(2024))
    roll = play.dice.roll

    def recording(count: int, purpose: str) -> list[int]:
        faces = roll(count, purpose)
        rolls.append((purpose, faces))
        return faces

    play.dice.roll = recording  # type: ignore[method-assign]
    play.play_rounds(1)
    return play.history, rolls


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; CPU time of this process")
    base, *others = maps.SHIPPED
    results = {rules_id: measure(rules_id) for rules_id in maps.SHIPPED}
    for rules_id in others:
        ratios = ", ".join(f"{name} {results[rules_id][name] / results[base][name]:.2f}"
                           for name in ("move", "options", "battle", "game", "game per command"))
        print(f"{rules_id} / {base} (goal: none above 1.20): {ratios}")


if __name__ == "__main__":
    main()
