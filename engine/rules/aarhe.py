"""Hooks of Axis and Allies Revised: Historical Edition (001), on top of LHTR 2.0.

001, Introduction: AARHE "is designed to work on top of LHTR 2.0. Game rules not covered
are addressed under LHTR", so where AARHE has not yet changed a hook it is Revised's:
unit values, movement, dice and bombardment with Revised's developments, the raid's
result by the ``bombing`` switch. A captured capital is 1942's hook, which plunders only
while the switch ``capital_plunder`` is on; AARHE turns it off (001 › Turn Sequence).
What differs here: victory by victory city points. Each area keeps its own section.
"""

from __future__ import annotations

from ..control import victory_cities
from ..hooks import Win
from ..state import GameState
from .aa1942_2e import on_capital_captured
from .revised_lhtr import (aa_immune, bombard_value, bombing_result, move_points, raid_damage, unit_dice,
                           unit_shots, unit_values)

ID = "aarhe"

__all__ = ["ID", "aa_immune", "bombard_value", "bombing_result", "move_points", "on_capital_captured",
           "raid_damage", "unit_dice", "unit_shots", "unit_values", "victory"]


# -- victory ------------------------------------------------------------------------

POINTS_TO_WIN = {"Axis": 45, "Allies": 55}
"""001 › Victory Conditions: "Axis wins if they control 45 VCP (Victory City Points).
Allies win if they control 55 VCP."."""


def victory_points(state: GameState, side: str) -> int:
    """The victory city points (``victory_points`` of the board) of the cities ``side`` holds."""
    return sum(state.board.spaces[s].victory_points for s in victory_cities(state, side))


def victory(state: GameState) -> Win | None:
    """A side holding its victory city points wins (001 › Victory Conditions), counted at the
    end of a round (switch ``victory_check``). Holding them "for one full game round" is
    pending (README, "Pending")."""
    for side, needed in POINTS_TO_WIN.items():
        held = victory_points(state, side)
        if held >= needed:
            return Win(side, f"The {side} win: they hold {held} victory city points (they need {needed}).",
                       {"points": held})
    return None
