"""Hooks of Axis and Allies Revised: Historical Edition (001), on top of LHTR 2.0.

001, Introduction: AARHE "is designed to work on top of LHTR 2.0. Game rules not covered
are addressed under LHTR", so where AARHE has not yet changed a hook it is Revised's:
bombardment and the raid's result by the ``bombing`` switch (neither reads an AARHE
development). A captured capital is 1942's hook, which plunders only
while the switch ``capital_plunder`` is on; AARHE turns it off (001 › Turn Sequence).
What differs here: victory by victory city points held a round (or the economic mode), and
what AARHE's technologies do to units. Each area keeps its own section.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..advantages import move_points as move_points_given
from ..control import side_scores
from ..events import Event
from ..goals import record_capture
from ..hooks import Win
from ..ids import PowerId, SpaceId
from ..state import GameState, Unit
from ..victory import victory_points
from . import aa1942_2e, revised_lhtr
from .revised_lhtr import bombard_value, bombing_result, raid_damage, unit_shots

ID = "aarhe"

__all__ = ["ID", "aa_immune", "bombard_value", "bombing_result", "move_points", "on_capital_captured",
           "raid_damage", "unit_dice", "unit_shots", "unit_values", "victory"]


# -- victory ------------------------------------------------------------------------

def on_capital_captured(state: GameState, capital: SpaceId, captor: PowerId,
                        victim: PowerId) -> tuple[GameState, list[Event]]:
    """1942's hook (no plunder while ``capital_plunder`` is off), and in a game of
    Historical Victory the capture kept in order: "Capture Germany before US or UK" (001 ›
    Appendix: Historical Victory Conditions)."""
    state, events = aa1942_2e.on_capital_captured(state, capital, captor, victim)
    return record_capture(state, capital, captor), events


def victory(state: GameState) -> Win | None:
    """By the game's mode (option ``victory``, 001 › Victory Conditions): victory city points
    held for a full round (``[victory]`` of ruleset.toml: the points each side needs and the
    rounds to hold them), or, in the economic mode, the richer side once the rounds bid are
    played; in the historical mode no side wins by points (README, rulings on victory)."""
    if state.options.get("victory") == "economic":
        return _economic(state)
    if state.options.get("victory") == "historical":
        return None      # the nations' goals decide (engine.goals, through state.goals)
    hold = int(state.rules.victory["hold_rounds"])
    for side, needed in state.rules.victory["points"].items():
        held = victory_points(state, side)
        if held >= needed:
            return Win(side, f"The {side} win: they have held {needed} or more victory city points for a full round "
                       f"({held} now).", {"points": held, "needed": needed}, hold_rounds=hold)
    return None


def _economic(state: GameState) -> Win | None:
    """001 › Victory Conditions, Economic Victory: "The team controlling the majority of
    territory IPC at the end wins the game"; the end is the round the winning bid named."""
    if state.round < int(state.options["economic_rounds"]):
        return None
    worth = {side: production for side, (_cities, production) in side_scores(state).items()}
    (first, most), (_second, next_) = sorted(worth.items(), key=lambda kv: -kv[1])[:2]
    if most == next_:
        return None
    return Win(first, f"The {first} win: after round {state.round} their territories are worth {most} IPCs, "
               f"the other side's {next_}.", {"ipcs": most})


# -- research
# What the twelve technologies of 001 › Phase 7 do to units. Research itself (boxes, dice,
# head starts) is data: [technology] in maps/aarhe/ruleset.toml, read by engine/research_boxes.py.
# Jets' dogfight values and Advanced Radar are unit data (units.toml: jet_dogfight,
# infrastructure_fire), read by engine/combat/air.py; Advanced ASW's and Advanced
# Submarine's ASW values too (asw, asw_evasion), read by engine/combat/naval.py.
# Not here (README, ruling 32): Atomic Weaponry's bombs (engine/atomic.py,
# engine/combat/atomic.py), the units of Heavy Tank and Self-propelled Artillery (optional
# units) and Underground Factory's immunity to production interruption.

JET_PLANE = "jet_plane"
LONG_RANGE_AIRCRAFT = "long_range_aircraft"
HEAVY_BOMBER = "heavy_bomber"
ADVANCED_SUBMARINE = "advanced_submarine"

JET_VALUES = {"fighter": (4, 5), "bomber": (3, 3)}
"""001 › Phase 7, Jet Plane: the table "Fighter 4 4 5", "Bomber 6 3 3" (move, attack,
defense), for the units built with it."""
EXTRA_MOVE = 2
"""001 › Phase 7: Long Range Aircraft, "Air units gain an addition two movement points";
Heavy Bomber, "Bombers gain an additional two movement points"."""
HEAVY_DICE = 2
"""001 › Phase 7, Heavy Bomber: "Roll two dice instead of one and the rolling player picks the
favorable of the two results"."""


def _has(state: GameState, unit: Unit, development: str) -> bool:
    return development in state.tech.get(unit.owner, ())


def unit_values(state: GameState, units: Sequence[Unit], side: str) -> dict[int, int]:
    """Revised's values (artillery support), then AARHE's technology: fighters and bombers
    built with Jet Plane fight at its values; Advanced Submarine: "Submarine's attack and
    defense value is increases by 1" (001 › Phase 7)."""
    out = revised_lhtr.unit_values(state, units, side)
    for u in units:
        spec = state.rules.spec(u.kind)
        jet = JET_VALUES.get("fighter" if spec.carrier_based else "bomber" if spec.strategic_bomber else "")
        if jet is not None and JET_PLANE in u.built_with:
            out[u.id] = jet[0] if side == "attacker" else jet[1]
        elif spec.submarine and _has(state, u, ADVANCED_SUBMARINE):
            out[u.id] += 1
    return out


def aa_immune(state: GameState, unit: Unit) -> bool:
    """Jet Plane: "Fighters and Bombers built after getting Jet Plane technology are immune
    to Infrastructure Defense fire" (001 › Phase 7); so is a type the unit table says is
    (the Amerika Bomber, 001 › Appendix: National Advantages, Germany 16)."""
    spec = state.rules.spec(unit.kind)
    return spec.is_air and (JET_PLANE in unit.built_with or spec.aa_immune)


def move_points(state: GameState, unit: Unit) -> int:
    """The unit table's movement (or what a National Advantage in force gives the type:
    Mounted Infantry, 001 › Appendix: National Advantages), two more for air units with Long
    Range Aircraft and two more for bombers with Heavy Bomber (001 › Phase 7); a damaged
    carrier or cruiser moves at its ``damaged_move`` (001 › Phase 3, Naval Movement: "Damaged
    Aircraft Carrier and Cruiser move at 2") unless an item gives its type movement
    (Battlecruisers, "Your Cruisers may move 3 spaces", names every cruiser: README, ruling
    125)."""
    spec = state.rules.spec(unit.kind)
    given = move_points_given(state, unit)
    if unit.hits and spec.damaged_move is not None and given is None:
        return spec.damaged_move
    extra = 0
    if spec.is_air and _has(state, unit, LONG_RANGE_AIRCRAFT):
        extra += EXTRA_MOVE
    if spec.strategic_bomber and _has(state, unit, HEAVY_BOMBER):
        extra += EXTRA_MOVE
    return (given if given is not None else aa1942_2e.move_points(state, unit)) + extra


def unit_dice(state: GameState, unit: Unit) -> int:
    """Bombers with Heavy Bomber roll two dice and keep the better (001 › Phase 7)."""
    return HEAVY_DICE if state.rules.spec(unit.kind).strategic_bomber and _has(state, unit, HEAVY_BOMBER) else 1
