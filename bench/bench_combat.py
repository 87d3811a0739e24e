"""Combat benchmark: resolve a 40-unit land battle to its end with standing orders.

Run: .venv/bin/python bench/bench_combat.py
Goal (issue: Conduct Combat): under 5 ms per battle, on the full opening board (every
piece of the 1942 setup present), from ``/battle`` to the battle's end. Dice come from a
seeded generator so every run fights the same battles.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import maps
from engine import GameState, Unit, new_game
from engine.combat import battle, start_combat
from engine.commands import Battle
from engine.ids import PowerId, SpaceId, UnitKind


class SeededDice:
    """Reproducible dice for the benchmark (the engine itself never imports random)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def roll(self, count: int, purpose: str) -> list[int]:
        return [self.rng.randint(1, 6) for _ in range(count)]


ATTACK = {"infantry": 10, "artillery": 4, "tank": 4, "fighter": 2}
DEFENSE = {"infantry": 12, "artillery": 2, "tank": 4, "fighter": 2}


def position() -> GameState:
    rules = maps.load_ruleset("aa1942-2e")
    state = new_game(rules)
    target, origin = SpaceId("karelia_ssr"), SpaceId("belorussia")
    state = state.with_units(removed=[u.id for u in state.units_at(target)])
    pieces: list[Unit] = []
    next_id = state.next_id
    for power, army, moved in ((PowerId("germany"), ATTACK, True), (PowerId("soviet_union"), DEFENSE, False)):
        for kind, n in army.items():
            for _ in range(n):
                unit = Unit(next_id, UnitKind(kind), power, target)
                if moved:
                    unit = replace(unit, path=(origin, target), flags=frozenset({"combat_moved"}))
                pieces.append(unit)
                next_id += 1
    state = state.with_units(pieces)
    state = state.evolve(turn=PowerId("germany"), phase="conduct_combat")
    return start_combat(state)[0]


def main() -> None:
    start = position()
    target = SpaceId("karelia_ssr")
    times, rounds = [], []
    for seed in range(300):
        dice = SeededDice(seed)
        t0 = time.perf_counter()
        state, events = battle(start, Battle(target), dice)
        times.append((time.perf_counter() - t0) * 1000)
        assert state.combat.current is None
        rounds.append(next(e.data["rounds"] for e in events if e.type == "battle_end"))
    times.sort()
    print(f"40-unit land battle to the end (standing orders, full board): median {statistics.median(times):.2f} ms, "
          f"p95 {times[int(len(times) * 0.95)]:.2f} ms, mean rounds {statistics.mean(rounds):.1f} "
          f"(n={len(times)}; goal < 5 ms)")


if __name__ == "__main__":
    main()
