"""The real engine whose Revised plays in team turns (tests/engine/teams_kit.py), for the
service, console and Discord tests of several powers due at once, until the AARHE map ships."""

from __future__ import annotations

from bot.service.rules import Engine, engine_rules
from engine import RuleSet
from tests.engine.teams_kit import team_rules

TEAM_SEATS = {"Soviet Union": "carol", "Germany": "alice", "Japan": "bob", "United Kingdom": "carol",
              "United States": "carol"}
"""Two players of one team (alice Germany, bob Japan); carol holds the whole Allied team."""


class TeamEngine:
    """The real engine, but ``revised-lhtr`` is read with a ``[turns]`` table."""

    def __init__(self) -> None:
        self.real: Engine = engine_rules()

    def __getattr__(self, name: str) -> object:
        return getattr(self.real, name)

    def load_ruleset(self, name: str) -> RuleSet:
        return team_rules() if name == "revised-lhtr" else self.real.load_ruleset(name)
