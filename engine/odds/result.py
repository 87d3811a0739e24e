"""What the odds answer: who wins how often, who is left, and what each side loses.

Built from the exact distribution of endings. The IPC value lost counts every unit not
left standing at its cost (a damaged battleship is repaired, so it costs nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..ids import UnitKind
from ..ruleset import RuleSet
from .question import Force, Question, tally
from .arena import Ending

WON = "attacker"


@dataclass(frozen=True, slots=True)
class Odds:
    """Probabilities of a battle's endings and what they leave."""

    question: Question
    endings: tuple[tuple[Ending, float], ...]
    attacker_wins: float
    """The territory taken (a land unit able to capture it survives) or, at sea, every
    defender destroyed or gone."""
    draw: float
    """Both sides destroyed."""
    defender_holds: float
    attacker_left: Mapping[str, float]
    defender_left: Mapping[str, float]
    """Expected surviving units per kind."""
    attacker_loss: Mapping[int, float]
    defender_loss: Mapping[int, float]
    """IPC value lost -> probability."""
    swing: Mapping[int, float]
    """Defender's IPC loss minus the attacker's -> probability (the attacker's luck scale)."""

    @property
    def attacker_expected_loss(self) -> float:
        return sum(v * p for v, p in self.attacker_loss.items())

    @property
    def defender_expected_loss(self) -> float:
        return sum(v * p for v, p in self.defender_loss.items())


def summarise(rules: RuleSet, question: Question, endings: Mapping[Ending, float]) -> Odds:
    total = sum(endings.values())
    norm = {e: p / total for e, p in endings.items()}
    wins = sum(p for e, p in norm.items() if won(rules, question, e))
    draw = sum(p for e, p in norm.items() if e.outcome == "none")
    cost = {k: rules.spec(k).cost for k in rules.units}
    a_cost, d_cost = _cost(cost, question.attack), _cost(cost, question.defend)
    a_left: dict[Force, float] = {}
    d_left: dict[Force, float] = {}
    losses: dict[tuple[int, int], float] = {}
    for e, p in norm.items():
        a_left[e.atk] = a_left.get(e.atk, 0.0) + p
        d_left[e.dfn] = d_left.get(e.dfn, 0.0) + p
        key = (a_cost - _cost(cost, e.atk), d_cost - _cost(cost, e.dfn))
        losses[key] = losses.get(key, 0.0) + p
    ordered = tuple(sorted(norm.items(), key=lambda ep: -ep[1]))
    return Odds(question, ordered, wins, draw, max(0.0, 1.0 - wins - draw), _expected(rules, a_left),
                _expected(rules, d_left), _margin(losses, lambda la, ld: la),
                _margin(losses, lambda la, ld: ld), _margin(losses, lambda la, ld: ld - la))


def _expected(rules: RuleSet, left: Mapping[Force, float]) -> dict[str, float]:
    """Expected units left per kind, in the unit table's order."""
    out: dict[str, float] = {}
    for units, p in left.items():
        for kind, n in tally(units).items():
            out[kind] = out.get(kind, 0.0) + n * p
    return {k: out[k] for k in rules.units if k in out}


def _margin(losses: Mapping[tuple[int, int], float], of: Callable[[int, int], int]) -> dict[int, float]:
    out: dict[int, float] = {}
    for (la, ld), p in losses.items():
        out[of(la, ld)] = out.get(of(la, ld), 0.0) + p
    return dict(sorted(out.items()))


def won(rules: RuleSet, question: Question, e: Ending) -> bool:
    """The attacker's win: at sea the outcome alone; on land a unit able to capture."""
    if e.outcome != WON:
        return False
    return question.sea or any(rules.spec(k).can_capture for k, _ in e.atk)


def _cost(cost: Mapping[UnitKind, int], units: Force) -> int:
    return sum(cost[k] for k, _ in units)


def percentile(odds: Odds, attacker_lost: int, defender_lost: int) -> float:
    """Where an actual result falls among all results for the attacker, 0-100: the share
    of endings with a worse swing (defender's IPC loss minus the attacker's) plus half of
    those with the same swing."""
    actual = defender_lost - attacker_lost
    below = sum(p for s, p in odds.swing.items() if s < actual)
    return 100 * (below + odds.swing.get(actual, 0.0) / 2)
