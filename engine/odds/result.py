"""What the odds answer: who wins how often, who is left, and what each side loses.

Built from the exact distribution of endings. The IPC value lost counts every unit not
left standing at its cost (a damaged battleship is repaired, so it costs nothing).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..ruleset import RuleSet
from .question import Force, Question, tally
from .sequence import Ending

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
    wins = draw = 0.0
    a_left: dict[str, float] = {}
    d_left: dict[str, float] = {}
    a_loss: dict[int, float] = {}
    d_loss: dict[int, float] = {}
    swing: dict[int, float] = {}
    cost = {k: rules.spec(k).cost for k in rules.units}
    a_cost, d_cost = _cost(cost, question.attack), _cost(cost, question.defend)
    for e, p in norm.items():
        if e.outcome == "none":
            draw += p
        elif won(rules, question, e):
            wins += p
        for kind, n in tally(e.atk).items():
            a_left[kind] = a_left.get(kind, 0.0) + n * p
        for kind, n in tally(e.dfn).items():
            d_left[kind] = d_left.get(kind, 0.0) + n * p
        la, ld = a_cost - _cost(cost, e.atk), d_cost - _cost(cost, e.dfn)
        a_loss[la] = a_loss.get(la, 0.0) + p
        d_loss[ld] = d_loss.get(ld, 0.0) + p
        swing[ld - la] = swing.get(ld - la, 0.0) + p
    ordered = tuple(sorted(norm.items(), key=lambda ep: -ep[1]))
    return Odds(question, ordered, wins, draw, max(0.0, 1.0 - wins - draw), _order(rules, a_left),
                _order(rules, d_left), dict(sorted(a_loss.items())), dict(sorted(d_loss.items())),
                dict(sorted(swing.items())))


def won(rules: RuleSet, question: Question, e: Ending) -> bool:
    """The attacker's win: at sea the outcome alone; on land a unit able to capture."""
    if e.outcome != WON:
        return False
    return question.sea or any(rules.spec(k).can_capture for k, _ in e.atk)


def _cost(cost: Mapping[str, int], units: Force) -> int:
    return sum(cost[k] for k, _ in units)


def _order(rules: RuleSet, counts: Mapping[str, float]) -> dict[str, float]:
    return {k: counts[k] for k in rules.units if k in counts}


def percentile(odds: Odds, attacker_lost: int, defender_lost: int) -> float:
    """Where an actual result falls among all results for the attacker, 0-100: the share
    of endings with a worse swing (defender's IPC loss minus the attacker's) plus half of
    those with the same swing."""
    actual = defender_lost - attacker_lost
    below = sum(p for s, p in odds.swing.items() if s < actual)
    return 100 * (below + odds.swing.get(actual, 0.0) / 2)
