"""Land battles of Conduct Combat, 1942 Second Edition: what the scenario cases cannot show.

The land battle rules themselves are tested as data in
``tests/scenarios/aa1942-2e/land-combat.case``.
"""

from __future__ import annotations

import pytest

from engine.combat.odds import win_chance


def test_exact_odds_tank_against_infantry() -> None:
    """A tank (hits on 3) against an infantry (hits on 2): per round the tank wins 1/2 x 2/3,
    both die 1/2 x 1/3; so it wins (1/3) / (1 - 1/3) = 1/2."""
    assert win_chance([[3]], [[2]]) == pytest.approx(0.5)
    assert win_chance([[3]], []) == 1.0
    assert win_chance([], [[2]]) == 0.0
