"""Exact battle odds from the engine's own combat rules (no Monte Carlo).

``calculate(rules, question)`` gives the probabilities of every ending of a battle: the
attacker wins, the defender holds, both destroyed, expected survivors and the distribution
of IPC value lost. The battle sequence is read from the rule system's data by ``sequence``
(the only module that knows the order of steps); land battles are solved over hit points
lost by each side (``ladder``, vectorised), any other battle over whole positions
(``general``). ``from_battle`` asks about a battle of a game in progress.
"""

from __future__ import annotations

from ..ruleset import RuleSet
from . import general, ladder
from .ask import ask, side
from .battle import battle_at, from_battle, proposed
from .question import DICE_MODES, Force, Question, force, force_of, tally
from .result import Odds, percentile, summarise
from .sequence import check_covered, not_covered, unmodelled
from .arena import Arena

__all__ = ["DICE_MODES", "Force", "Odds", "Question", "ask", "battle_at", "calculate", "check_covered", "force",
           "force_of", "not_covered", "from_battle", "percentile", "proposed", "side", "tally", "unmodelled"]


def calculate(rules: RuleSet, question: Question) -> Odds:
    """The odds of ``question``; refused (``odds.not_covered``) for a battle the model does
    not cover, rather than numbers of another game (AARHE's sea battles). Land battles where
    every hit may fall on anyone go by ``ladder``; AARHE's land cycles, whose hits fall on
    land units or aircraft only, by ``general``."""
    check_covered(rules, "sea" if question.sea else "land", question.amphibious, question.defender_retreat_below)
    arena = Arena(rules, question)
    solver = general if question.sea or arena.cycles else ladder
    return summarise(rules, question, solver.endings(arena))
