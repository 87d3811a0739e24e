"""Shared fixtures for engine tests: the 1942 rule set and the opening."""

from __future__ import annotations

import pytest

import maps
from engine import GameState, RuleSet, new_game


@pytest.fixture(scope="session")
def rules() -> RuleSet:
    return maps.load_ruleset("aa1942-2e")


@pytest.fixture
def opening(rules: RuleSet) -> GameState:
    """Round 1, Soviet Union, Purchase Units."""
    return new_game(rules)
