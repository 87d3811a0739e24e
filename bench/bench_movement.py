"""Movement benchmark: validating and applying /move, and listing every legal move.

Run: .venv/bin/python bench/bench_movement.py
Goals (rules engine, movement; scale and speed): median time to validate and apply a /move
from the opening under 0.35 ms; listing the destinations of every unit group
(``reachable``) of the power to move in the opening under 50 ms. Every sample starts from a
fresh copy of the state, so no cached analysis of an earlier sample helps it (as for a real
command, which always meets a new state; the copy keeps the by-space index, as every new
state does). Times are CPU time of this process, so other work on a shared machine does
not count.
"""

from __future__ import annotations

import os
import statistics
import time

import maps
from engine import GameState, Move, NoDice, new_game
from engine.ids import SpaceId, UnitKind
from engine.movement import apply_move, reachable

MOVES = {
    "soviet_union": [("infantry", 3, "karelia_ssr", "west_russia"), ("tank", 2, "russia", "ukraine_ssr"),
                     ("fighter", 1, "russia", "west_russia"), ("infantry", 1, "karelia_ssr", "baltic_states")],
    "germany": [("tank", 2, "germany", "karelia_ssr"), ("fighter", 1, "norway", "sz_07"),
                ("bomber", 1, "germany", "russia"), ("infantry", 2, "germany", "sz_05")],
}


def fresh(state: GameState) -> GameState:
    return state.evolve()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def time_moves(rules_id: str = "aa1942-2e", rounds: int = 300) -> list[float]:
    rules = maps.load_ruleset(rules_id)
    samples: list[float] = []
    for power, moves in MOVES.items():
        state = new_game(rules).evolve(turn=power, phase="combat_move")
        commands = [Move(((UnitKind(k), n),), SpaceId(a), SpaceId(b)) for k, n, a, b in moves]
        for cmd in commands:
            apply_move(fresh(state), cmd, NoDice())  # legal, or this raises
        for _ in range(rounds):
            for cmd in commands:
                s = fresh(state)
                start = time.process_time()
                apply_move(s, cmd, NoDice())
                samples.append((time.process_time() - start) * 1000)
    return samples


def time_listing(power: str, phase: str, rounds: int = 30) -> tuple[float, int, int]:
    rules = maps.load_ruleset("aa1942-2e")
    state = new_game(rules).evolve(turn=power, phase=phase)
    samples: list[float] = []
    groups = destinations = 0
    for _ in range(rounds):
        s = fresh(state)
        start = time.process_time()
        groups = destinations = 0
        for space, kind in sorted({(u.space, u.kind) for u in s.units_of(s.turn)}):
            if rules.spec(kind).structure:
                continue
            groups += 1
            destinations += len(reachable(s, space, ((kind, 1),)))
        samples.append((time.process_time() - start) * 1000)
    return statistics.median(samples), groups, destinations


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    samples = time_moves()
    print(f"/move validate+apply from the opening ({len(samples)} samples): "
          f"median {statistics.median(samples):.3f} ms, p99 {percentile(samples, 99):.3f} ms (goal: median < 0.35 ms)")
    rules = maps.load_ruleset("aa1942-2e")
    for power in rules.turn_order:
        for phase in ("combat_move", "noncombat_move"):
            ms, groups, dests = time_listing(power, phase)
            print(f"all legal moves, {rules.power_name(power)}, {phase}: {groups} unit groups, "
                  f"{dests} destinations in {ms:.1f} ms (goal: < 50 ms)")


if __name__ == "__main__":
    main()
