"""Revised with team turns, until a shipped rule system plays them: the ``[turns]`` table
of 001 › Game Sequence › Round Sequence (a special opening round of the Soviet Union, then
the Axis team and the Allies team, Conduct Combat waiting for every teammate's Combat
Move) added to Revised's data."""

from __future__ import annotations

from functools import cache

import maps
from engine.ruleset import RuleSet

TURNS = {"opening": ["soviet_union"], "teams": ["Axis", "Allies"], "gate": "conduct_combat"}


@cache
def team_rules() -> RuleSet:
    """Revised (its phases, board and setup) whose rounds are played by teams."""
    data = maps.load_rule_data("revised-lhtr")
    data["ruleset"] = {**data["ruleset"], "turns": TURNS}
    return RuleSet.from_data(**data)
