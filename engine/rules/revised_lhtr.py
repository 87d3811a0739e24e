"""Hooks of Axis & Allies Revised with LHTR 2.0 (003, with 002 where 003 is silent).

Where Revised agrees with 1942 the functions are 1942's: victory by the victory cities of
the game's level, plunder of a captured capital, the raid's result by the ``bombing``
switch (IPCs from the treasury). What differs is technology (003, Phase 1, Weapons
Developments): a power's developments are in the state's ``tech`` from its Mobilize New
Units on (003, Phase 1, Step 4), and change its units' values, dice and movement here.
Rockets are a command of their own (``/rocket``, ``engine/combat/rockets.py``), which the
rule system lists in ``commands`` of its ``ruleset.toml``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..ids import PowerId
from ..state import GameState, Unit
from . import aa1942_2e
from .aa1942_2e import bombing_result, on_capital_captured, unit_shots, victory

ID = "revised-lhtr"

__all__ = ["ID", "aa_immune", "bombard_value", "bombing_result", "move_points", "on_capital_captured",
           "raid_damage", "unit_dice", "unit_shots", "unit_values", "victory"]

JET_FIGHTERS = "jet_fighters"
SUPER_SUBMARINES = "super_submarines"
LONG_RANGE_AIRCRAFT = "long_range_aircraft"
COMBINED_BOMBARDMENT = "combined_bombardment"
HEAVY_BOMBERS = "heavy_bombers"

JET_DEFENSE = 5
"""003, Phase 1, Jet Fighters: "Their defense increases to 5"."""
SUPER_SUB_VALUE = 3
"""003, Phase 1, Super Submarines: "Their attack and their defense both increase to 3"."""
LONG_RANGE_FIGHTER, LONG_RANGE_BOMBER = 6, 8
"""003, Phase 1, Long-Range Aircraft: "Your fighters' range increases to 6. Your bombers'
range increases to 8"."""
HEAVY_DICE = 2
"""003, Phase 1, Heavy Bombers: "You roll two dice each on attack or defense and use the
better result of the two dice"."""


def has(state: GameState, power: PowerId, development: str) -> bool:
    """Whether ``power`` has ``development`` in effect."""
    return development in state.tech.get(power, ())


def _fighter(state: GameState, unit: Unit) -> bool:
    return state.rules.spec(unit.kind).carrier_based


def _bomber(state: GameState, unit: Unit) -> bool:
    return state.rules.spec(unit.kind).strategic_bomber


def unit_values(state: GameState, units: Sequence[Unit], side: str) -> dict[int, int]:
    """1942's values (artillery support, 002, Appendix I, Infantry), then technology: jet
    fighters defend at 5, super submarines attack and defend at 3."""
    out = aa1942_2e.unit_values(state, units, side)
    for u in units:
        if state.rules.spec(u.kind).submarine and has(state, u.owner, SUPER_SUBMARINES):
            out[u.id] = SUPER_SUB_VALUE
        elif side == "defender" and _fighter(state, u) and has(state, u.owner, JET_FIGHTERS):
            out[u.id] = JET_DEFENSE
    return out


def move_points(state: GameState, unit: Unit) -> int:
    """The unit table's movement; long-range fighters 6 and bombers 8."""
    if has(state, unit.owner, LONG_RANGE_AIRCRAFT):
        if _fighter(state, unit):
            return LONG_RANGE_FIGHTER
        if _bomber(state, unit):
            return LONG_RANGE_BOMBER
    return aa1942_2e.move_points(state, unit)


def unit_dice(state: GameState, unit: Unit) -> int:
    """Heavy bombers roll two dice and keep the better, on attack, defense and raids."""
    return HEAVY_DICE if _bomber(state, unit) and has(state, unit.owner, HEAVY_BOMBERS) else 1


def raid_damage(state: GameState, unit: Unit, faces: Sequence[int]) -> int:
    """003, Phase 1, Heavy Bombers: "On a strategic bombing raid, roll two dice, take the
    better result, and add "1" to that result" (003 wins over 002's better die alone,
    rulesets.md 6.1 #2); a bomber without it does its one die."""
    bonus = 1 if _bomber(state, unit) and has(state, unit.owner, HEAVY_BOMBERS) else 0
    return max(faces) + bonus


def aa_immune(state: GameState, unit: Unit) -> bool:
    """003, Phase 1, Jet Fighters: "they cannot be hit by antiaircraft gun fire"."""
    return _fighter(state, unit) and has(state, unit.owner, JET_FIGHTERS)


def bombard_value(state: GameState, unit: Unit) -> int:
    """Battleships bombard at their table value; with Combined Bombardment destroyers too,
    at their attack (003, Phase 1: "Like battleships, your destroyers now can conduct
    bombardment during an amphibious assault. (Their attack is 3.)")."""
    spec = state.rules.spec(unit.kind)
    if spec.anti_submarine and has(state, unit.owner, COMBINED_BOMBARDMENT):
        return spec.attack
    return aa1942_2e.bombard_value(state, unit)
