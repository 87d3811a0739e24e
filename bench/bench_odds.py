"""Exact odds benchmark: the four land battles aacalc2 was timed on, side by side.

Run: .venv/bin/python bench/bench_odds.py
aacalc2 (TypeScript, 1942 rules, node 20) was measured on this 2-core machine,
calculation alone, median of 5 (issue: Battle odds). Goal: under half its time with the
same probability that the attacker wins. Losses: the attacker gives up infantry,
artillery, tanks, fighters, bombers and keeps one land unit (not in the last battle, which
is fought to the end); the defender AAA, infantry, artillery, tanks, bombers, fighters.
Also timed: the largest sea battles of the 1942 setup (whole fleets with their aircraft),
through the general solver; goal: every /odds answer under 500 ms; and two AARHE land
battles (its cycle through the general solver).
"""

from __future__ import annotations

import os

# Small matrices gain nothing from BLAS threads, and on a busy 2-core machine the
# threads fight each other (a 150x150 solve goes from 0.3 ms to 10 ms).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import maps  # noqa: E402
from engine import RuleSet  # noqa: E402
from engine.odds import Question, calculate, force_of  # noqa: E402

ATTACKER_LOSS = ("infantry", "artillery", "tank", "fighter", "bomber")
DEFENDER_LOSS = ("aaa", "infantry", "artillery", "tank", "bomber", "fighter")

BATTLES = [
    # name, attack, defend, keep a land unit, aacalc2 ms, aacalc2 attacker wins
    ("13 v 12", {"infantry": 8, "artillery": 2, "tank": 3}, {"infantry": 10, "tank": 2}, True, 15, 0.5679),
    ("40 v 40 with AAA", {"infantry": 20, "artillery": 8, "tank": 8, "fighter": 4},
     {"infantry": 25, "artillery": 8, "tank": 5, "fighter": 2, "aaa": 1}, True, 46, 0.2909),
    ("100 v 100", {"infantry": 40, "artillery": 20, "tank": 30, "fighter": 10},
     {"infantry": 60, "artillery": 15, "tank": 15, "fighter": 10}, True, 152, 0.3611),
    ("150 v 149 perftest", {"infantry": 100, "artillery": 40, "fighter": 10},
     {"infantry": 100, "artillery": 40, "fighter": 6, "aaa": 3}, False, 5600, 0.0701),
]


JAPAN_FLEET = {"battleship": 2, "carrier": 2, "cruiser": 1, "destroyer": 2, "submarine": 1, "fighter": 4,
               "transport": 2}
SEA_BATTLES = [
    # The largest fleets of the 1942 setup, each power's whole navy and air force against
    # an enemy's whole navy with the fighters its carriers hold: the slowest /odds answers
    # a game can ask for (goal: under 500 ms each).
    ("Japan v US fleet", {"battleship": 2, "carrier": 2, "cruiser": 1, "destroyer": 2, "submarine": 1,
                          "fighter": 6, "bomber": 1},
     {"battleship": 1, "carrier": 1, "cruiser": 1, "destroyer": 3, "submarine": 1, "fighter": 2, "transport": 3}),
    ("Germany v UK fleet", {"battleship": 1, "cruiser": 1, "submarine": 4, "fighter": 6, "bomber": 1},
     {"battleship": 1, "carrier": 1, "cruiser": 3, "destroyer": 2, "submarine": 1, "fighter": 2, "transport": 4}),
    ("UK v Japan fleet", {"battleship": 1, "carrier": 1, "cruiser": 3, "destroyer": 2, "submarine": 1, "fighter": 4,
                          "bomber": 1}, JAPAN_FLEET),
    ("US v Japan fleet", {"battleship": 1, "carrier": 1, "cruiser": 1, "destroyer": 3, "submarine": 1, "fighter": 5,
                          "bomber": 1}, JAPAN_FLEET),
]


AARHE_BATTLES = [
    # AARHE's land cycle, through the general solver (hits on land units or aircraft only):
    # a dogfight, air supremacy, an Infrastructure Defense.
    ("AARHE 8 v 6 dogfight", {"infantry": 4, "artillery": 1, "tank": 2, "fighter": 1},
     {"infantry": 4, "tank": 1, "fighter": 1}),
    ("AARHE 11 v 9 with ID", {"infantry": 5, "artillery": 2, "tank": 2, "fighter": 2},
     {"infantry": 6, "artillery": 1, "fighter": 1, "infrastructure_defense": 1}),
]


def timed(rules: RuleSet, q: Question) -> tuple[float, float, float]:
    """(wall ms, CPU ms, attacker wins), medians of 5."""
    times, cpu = [], []
    for _ in range(5):
        t, c = time.perf_counter(), time.process_time()
        odds = calculate(rules, q)
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    return statistics.median(times), statistics.median(cpu), odds.attacker_wins


def text(army: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in army.items())


def main() -> None:
    rules = maps.load_ruleset("aa1942-2e")
    calculate(rules, Question(force_of({"tank": 1}), force_of({"infantry": 1})))  # numpy loaded once
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores "
          "(wall time suffers when the machine is shared; CPU time much less)")
    print(f"{'battle':<20} {'ms (median of 5)':>16} {'CPU ms':>7} {'aacalc2 ms':>11} {'goal ms':>8} "
          f"{'attacker wins':>14} {'aacalc2':>8}")
    for name, attack, defend, keep, their_ms, their_p in BATTLES:
        q = Question(force_of(attack), force_of(defend), attacker_loss=ATTACKER_LOSS,
                     defender_loss=DEFENDER_LOSS, keep_land=keep)
        ms, cpu, wins = timed(rules, q)
        print(f"{name:<20} {ms:>16.1f} {cpu:>7.1f} {their_ms:>11} {their_ms / 2:>8.1f} {wins:>14.4f} {their_p:>8.4f}")
        print(f"    attack: {text(attack)}\n    defend: {text(defend)}")
    print(f"\n{'sea battle':<20} {'ms (median of 5)':>16} {'CPU ms':>7} {'goal ms':>8} {'attacker wins':>14}")
    for name, attack, defend in SEA_BATTLES:
        ms, cpu, wins = timed(rules, Question(force_of(attack), force_of(defend), sea=True))
        print(f"{name:<20} {ms:>16.1f} {cpu:>7.1f} {500:>8} {wins:>14.4f}")
        print(f"    attack: {text(attack)}\n    defend: {text(defend)}")
    aarhe = maps.load_ruleset("aarhe", unplayable=True)
    print(f"\n{'AARHE land battle':<20} {'ms (median of 5)':>16} {'CPU ms':>7} {'goal ms':>8} {'attacker wins':>14}")
    for name, attack, defend in AARHE_BATTLES:
        ms, cpu, wins = timed(aarhe, Question(force_of(attack), force_of(defend)))
        print(f"{name:<20} {ms:>16.1f} {cpu:>7.1f} {500:>8} {wins:>14.4f}")
        print(f"    attack: {text(attack)}\n    defend: {text(defend)}")


if __name__ == "__main__":
    main()
