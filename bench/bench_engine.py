"""Engine benchmark: command latency, legal-move listing, replaying a first round.

Run: .venv/bin/python bench/bench_engine.py
Goals (issue: rules engine part 1): median parse+validate+apply of a /move from the
opening under 1 ms; listing all legal moves of the power to move in the opening under
50 ms; replaying a whole first round (random legal play, fixed seed) printed for reference.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import maps  # noqa: E402
from engine import FixedDice, ScriptedDice, apply, legal_commands, new_game, parse_command  # noqa: E402
from tests.engine.playout import Playout  # noqa: E402


def _time(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def _apply_fresh(state, line: str) -> None:
    """Apply to a fresh copy of the state, so no per-state cache is reused between runs."""
    fresh = state.evolve()
    apply(fresh, parse_command(line, fresh), FixedDice([]))


def main() -> None:
    rules = maps.load_ruleset("aa1942-2e")
    opening = new_game(rules)
    state = opening
    for line in ("/done",):
        state = apply(state, parse_command(line, state), FixedDice([])).state
    line = '/move units:"3 infantry, 1 artillery" from:Russia to:"West Russia"'
    ms = [t * 1000 for t in _time(lambda: _apply_fresh(state, line), 2000)]
    ms.sort()
    print(f"/move parse+validate+apply: median {statistics.median(ms):.3f} ms, "
          f"p99 {ms[int(len(ms) * 0.99)]:.3f} ms (n={len(ms)}; goal median < 1 ms)")
    listing = [t * 1000 for t in _time(lambda: legal_commands(state.evolve()), 50)]
    groups = legal_commands(state).moves
    print(f"legal moves of {rules.power_name(state.turn)} in the opening: {len(groups)} unit groups, "
          f"{sum(len(g.destinations) for g in groups)} destinations; median {statistics.median(listing):.1f} ms, "
          f"max {max(listing):.1f} ms (goal < 50 ms)")

    lines, rolls = _first_round(opening)

    def replay() -> None:
        s = opening
        dice = ScriptedDice(rolls)
        for text in lines:
            s = apply(s, parse_command(text, s), dice).state

    runs = [t * 1000 for t in _time(replay, 20)]
    print(f"replay of a first round ({len(lines)} commands, {sum(len(d) for _, d in rolls)} dice): "
          f"median {statistics.median(runs):.1f} ms, {statistics.median(runs) / len(lines):.2f} ms per command")
    _random_games(opening)


def _random_games(opening) -> None:
    """Whole random games of 10 rounds (issue: engine part 2, goal under 2 s each)."""
    for seed in (1, 2, 3):
        start = time.perf_counter()
        play = Playout(opening, random.Random(seed))
        play.play_rounds(10)
        took = time.perf_counter() - start
        print(f"random game, seed {seed}: {play.state.round - 1} rounds, {play.commands} commands, "
              f"{play.dice.rolled} dice in {took:.2f} s (goal < 2 s)")


def _first_round(opening):
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


if __name__ == "__main__":
    main()
