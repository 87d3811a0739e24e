"""Hooks of Axis & Allies Revised with LHTR 2.0 (003, with 002 where 003 is silent).

Where Revised agrees with 1942 today the functions are 1942's: victory by the victory
cities of the game's level, plunder of a captured capital, the raid's result by the
``bombing`` switch (IPCs from the treasury), unit values and movement from the unit
table. Technology (003, Develop Weapons: jet fighters, long range aircraft, heavy
bombers ...) changes ``unit_values`` and ``move_points`` here when it is played.
"""

from __future__ import annotations

from .aa1942_2e import bombing_result, move_points, on_capital_captured, unit_values, victory

ID = "revised-lhtr"

__all__ = ["ID", "bombing_result", "move_points", "on_capital_captured", "unit_values", "victory"]
