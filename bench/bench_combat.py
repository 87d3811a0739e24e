"""Combat benchmark: resolve a 40-unit land battle to its end with standing orders.

Run: .venv/bin/python bench/bench_combat.py
Goal (issue: scale and speed): under 3 ms per battle, on the full opening board (every
piece of the setup present), from ``/battle`` to the battle's end, for each rule system.
Dice come from a seeded generator so every run fights the same battles; times are CPU time
of this process, so other work on a shared machine does not count.
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
from engine import GameState, RuleSet, Unit, new_game
from engine.combat import battle, start_combat
from engine.commands import Battle
from engine.ids import PowerId, SpaceId, UnitKind


class SeededDice:
    """Reproducible dice for the benchmark (the engine itself never imports random)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def roll(self, count: int, purpose: str) -> list[int]:
        return [self.rng.randint(1, 6) for _ in range(count)]

    sealed = roll  # a sealed draw's faces are dice like any other here


ATTACK = {"infantry": 10, "artillery": 4, "tank": 4, "fighter": 2}
DEFENSE = {"infantry": 12, "artillery": 2, "tank": 4, "fighter": 2}


def _army(rules: RuleSet, army: dict[str, int]) -> dict[str, int]:
    """``army`` in the rule system's units: infantry stands in for a type it lacks (Classic
    has no artillery), so every system fights 40 units."""
    out: dict[str, int] = {}
    for kind, n in army.items():
        kind = kind if kind in rules.units else "infantry"
        out[kind] = out.get(kind, 0) + n
    return out


def position(rules_id: str = "aa1942-2e") -> GameState:
    rules = maps.load_ruleset(rules_id, unplayable=True)
    state = new_game(rules)
    target = SpaceId("karelia_ssr")
    origin = SpaceId("belorussia" if "belorussia" in rules.board.spaces else "eastern_europe")
    state = state.with_units(removed=[u.id for u in state.units_at(target)])
    pieces: list[Unit] = []
    next_id = state.next_id
    for power, army, moved in ((PowerId("germany"), ATTACK, True), (PowerId("soviet_union"), DEFENSE, False)):
        for kind, n in _army(rules, army).items():
            for _ in range(n):
                unit = Unit(next_id, UnitKind(kind), power, target)
                if moved:
                    unit = replace(unit, path=(origin, target), flags=frozenset({"combat_moved"}))
                pieces.append(unit)
                next_id += 1
    state = state.with_units(pieces)
    state = state.evolve(turn=PowerId("germany"), phase="conduct_combat")
    return start_combat(state)[0]


def battle_times(rules_id: str, battles: int = 300) -> tuple[list[float], list[int]]:
    """CPU milliseconds of each battle (sorted) and its number of rounds, one seed each."""
    start = position(rules_id)
    target = SpaceId("karelia_ssr")
    times, rounds = [], []
    for seed in range(battles):
        dice = SeededDice(seed)
        t0 = time.process_time()
        state, events = battle(start, Battle(target), dice)
        times.append((time.process_time() - t0) * 1000)
        assert state.combat.current is None
        rounds.append(next(e.data["rounds"] for e in events if e.type == "battle_end"))
    times.sort()
    return times, rounds


def main() -> None:
    for rules_id in maps.SHIPPED:
        times, rounds = battle_times(rules_id)
        print(f"40-unit land battle to the end ({rules_id}, standing orders, full board): median "
              f"{statistics.median(times):.2f} ms, p95 {times[int(len(times) * 0.95)]:.2f} ms, mean rounds "
              f"{statistics.mean(rounds):.1f} (n={len(times)}, CPU time; goal < 3 ms)")


if __name__ == "__main__":
    main()
