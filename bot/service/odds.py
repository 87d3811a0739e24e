"""Battle odds for people: a small text table and a JSON object from ``engine.odds``.

Used by ``aaref odds`` on the command line and by ``/odds`` in a game; the numbers all
come from the engine's exact calculator.
"""

from __future__ import annotations

from typing import Any

from engine import RuleSet
from engine.odds import Odds


def as_json(rules: RuleSet, odds: Odds) -> dict[str, Any]:
    """The figures, rounded to 6 decimals; unit kinds by their ids."""
    q = odds.question
    return {
        "ruleset": rules.id,
        "sea": q.sea,
        "dice": q.dice,
        "attacker_wins": _r(odds.attacker_wins),
        "defender_holds": _r(odds.defender_holds),
        "draw": _r(odds.draw),
        "attacker_survivors": {k: _r(v) for k, v in odds.attacker_left.items()},
        "defender_survivors": {k: _r(v) for k, v in odds.defender_left.items()},
        "attacker_units_left": _r(sum(odds.attacker_left.values())),
        "defender_units_left": _r(sum(odds.defender_left.values())),
        "attacker_ipc_lost": _r(odds.attacker_expected_loss),
        "defender_ipc_lost": _r(odds.defender_expected_loss),
        "attacker_ipc_lost_distribution": {str(v): _r(p) for v, p in odds.attacker_loss.items()},
        "defender_ipc_lost_distribution": {str(v): _r(p) for v, p in odds.defender_loss.items()},
    }


def table(rules: RuleSet, odds: Odds) -> str:
    """A monospace table: outcome chances, then expected survivors and IPC lost per side."""
    kinds = [k for k in rules.units if k in odds.attacker_left or k in odds.defender_left]
    names = [rules.spec(k).plural for k in kinds]
    w = max([16, *(len(n) + 1 for n in names)])
    rows = [("attacker wins", odds.attacker_wins), ("defender holds", odds.defender_holds),
            ("both destroyed", odds.draw)]
    lines = [f"{name:<{w}}{100 * p:>9.1f}%" for name, p in rows]
    lines += ["", f"{'expected left':<{w}}{'attacker':>10}{'defender':>10}"]
    for k, name in zip(kinds, names):
        lines.append(f"{name:<{w}}{_num(odds.attacker_left.get(k)):>10}{_num(odds.defender_left.get(k)):>10}")
    lines.append(f"{'IPC lost':<{w}}{odds.attacker_expected_loss:>10.1f}{odds.defender_expected_loss:>10.1f}")
    return "\n".join(lines)


def _r(x: float) -> float:
    return round(x, 6)


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"
