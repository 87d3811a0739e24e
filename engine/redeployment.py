"""Strategic Redeployment's rail points (``[redeployment]`` of ruleset.toml), an optional rule
a game turns on (``engine.variants``: the behaviour ``strategic_redeployment``).

001 › Phase 5, Strategic Redeployment (optional): "You have a number of free “rail” points
per turn. Each point allows for one land units to move between any two friendly victory
cities", with each nation's points ("Germany 8 UK 5 ... Japan 4 USA 8 Soviet Union 5").
A point is spent by each land unit redeployed this turn (its flag ``redeployed``), so the
points left are counted from the board; the moves are ``engine.movement.redeploy``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .board import Board
from .errors import BoardDataError
from .ids import PowerId
from .state import REDEPLOYED, GameState
from .variants import STRATEGIC_REDEPLOYMENT


@dataclass(frozen=True, slots=True)
class Redeployment:
    """``[redeployment]``: ``points``, each power's rail points a turn (none: no redeployment)."""

    points: Mapping[PowerId, int] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, where: str, data: Mapping[str, Any], board: Board) -> Redeployment:
        unknown = sorted(set(data) - {"points"})
        if unknown:
            raise BoardDataError(f"{where} [redeployment]: unknown key {unknown[0]!r}; known: points")
        points: dict[PowerId, int] = {}
        for power, n in data.get("points", {}).items():
            if power not in board.powers:
                raise BoardDataError(f"{where} [redeployment]: unknown power {power!r}")
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise BoardDataError(f"{where} [redeployment]: points of {power} = {n!r} must be a whole number from 0")
            points[PowerId(power)] = n
        return cls(points)


def played(state: GameState) -> bool:
    """Whether the game plays Strategic Redeployment (an option turns it on)."""
    return state.rules.variant.enabled(STRATEGIC_REDEPLOYMENT)


def points_left(state: GameState, power: PowerId) -> int:
    """The power's rail points a turn less those bombing took for this turn (001 › Strategic
    Bombing Raid: "SR points reduced"; the ledger's ``rail``) and one for each of its land
    units redeployed this turn."""
    used = sum(1 for u in state.units.values()
               if u.owner == power and u.has(REDEPLOYED) and state.rules.spec(u.kind).is_land)
    bombed = state.economy.rail.get(power, 0)
    return max(0, state.rules.redeployment.points.get(power, 0) - bombed - used)


def rail_lines(state: GameState) -> list[str]:
    """``/game status``: the rail points left to the powers playing their turn."""
    if not played(state):
        return []
    playing = [state.turn, *state.lanes]
    table = state.rules.redeployment.points
    left = ", ".join(f"{state.rules.power_name(p)} {points_left(state, p)} of {table.get(p, 0)}" for p in playing)
    return [f"Strategic Redeployment, rail points left this turn: {left}."]
