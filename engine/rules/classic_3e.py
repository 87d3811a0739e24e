"""Hooks of Axis & Allies Classic, 3rd Edition (004).

Where Classic agrees with 1942 the functions are 1942's: plunder of a captured capital (004
§13: "You lose all your IPCs you must surrender them to the capturing player"), the raid's
result by the ``bombing`` switch (IPCs from the treasury), one die a unit, the table's
bombardment. What differs: there is no standard victory condition (§15 offers only
optional ones, evaluated here while the game's options turn them on), and technology (§4
item 02, §17) improves every unit of its type at once: heavy bombers attack with three
dice, each scoring, and a raid does their total.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..hooks import Win
from ..state import GameState, Unit
from . import aa1942_2e
from .aa1942_2e import bombard_value, bombing_result, on_capital_captured, unit_dice
from .revised_lhtr import HEAVY_BOMBERS, JET_DEFENSE, JET_FIGHTERS, LONG_RANGE_AIRCRAFT, SUPER_SUBMARINES, has

ID = "classic-3e"

__all__ = ["ID", "aa_immune", "bombard_value", "bombing_result", "move_points", "on_capital_captured",
           "raid_damage", "unit_dice", "unit_shots", "unit_values", "victory"]

SUPER_SUB_ATTACK = 3
"""004 §4 item 06: "each sub to attack by rolling a "3" or less ...; each sub continues to
defend by rolling a "2" or less"."""
LONG_RANGE_FIGHTER, LONG_RANGE_BOMBER = 5, 7
"""004 §17, Long Range Aircraft: "Fighters will have their Movement up to 5. Bombers will
have their Movement up to 7"."""


# -- victory: only the optional conditions of 004 §15, as the game's option "victory" chose --

ALLIES_IPCS = 110
"""004 §15, IPC Victory for Allies: "They will need 110 IPC's (totald from your territory
holdings and NOT your bankroll) to be declared the victors at the end of a round of play"."""
SIDES = ("Axis", "Allies")


def victory(state: GameState) -> Win | None:
    """No side wins by a standard condition: 004 has none (README, ruling 13). The game's
    ``victory`` option may choose §15's World Domination, IPC Victory for Allies, or both
    (README, ruling 29), checked at the end of a round (switch ``victory_check``)."""
    option = state.rules.options.get("victory")
    chosen = option.picked(state.options.get("victory", option.default)) if option is not None else ()
    if "world_domination" in chosen:
        for side in SIDES:
            won = _dominates(state, side)
            if won is not None:
                return won
    if "allies_ipcs" in chosen:
        worth = sum(sp.ipc for s, sp in state.board.spaces.items()
                    if (owner := state.owners.get(s)) is not None and state.board.side_of(owner) == "Allies")
        if worth >= ALLIES_IPCS:
            return Win("Allies", f"The Allies win: their territories are worth {worth} IPCs "
                       f"(IPC victory needs {ALLIES_IPCS}).", {"ipcs": worth})
    return None


def _dominates(state: GameState, side: str) -> Win | None:
    """004 §15, World Domination Victory: a side wins "PROVIDED they capture ALL territories
    that their opposition own", its own "liberated": it holds every territory a power held
    at the start (README, ruling 29)."""
    board = state.board
    owned = [s for s, sp in board.spaces.items() if sp.is_land and sp.original is not None]
    if any((o := state.owners.get(s)) is None or board.side_of(o) != side for s in owned):
        return None
    return Win(side, f"The {side} win: they hold all {len(owned)} territories the powers held at the start "
               "(world domination).", {"territories": len(owned)})


def unit_values(state: GameState, units: Sequence[Unit], side: str) -> dict[int, int]:
    """The table's values (no artillery, so no support), then technology: jet power fighters
    defend at 5 (§4 item 05), super subs attack at 3 (§4 item 06)."""
    out = aa1942_2e.unit_values(state, units, side)
    for u in units:
        spec = state.rules.spec(u.kind)
        if side == "attacker" and spec.submarine and has(state, u.owner, SUPER_SUBMARINES):
            out[u.id] = SUPER_SUB_ATTACK
        elif side == "defender" and spec.carrier_based and has(state, u.owner, JET_FIGHTERS):
            out[u.id] = JET_DEFENSE
    return out


def move_points(state: GameState, unit: Unit) -> int:
    """The unit table's movement; long range fighters 5 and bombers 7 (§17)."""
    spec = state.rules.spec(unit.kind)
    if has(state, unit.owner, LONG_RANGE_AIRCRAFT):
        if spec.carrier_based:
            return LONG_RANGE_FIGHTER
        if spec.strategic_bomber:
            return LONG_RANGE_BOMBER
    return spec.move


def aa_immune(state: GameState, unit: Unit) -> bool:
    """Every aircraft can be hit: Classic's jet power only raises defense (§4 item 05)."""
    return False


# -- research, economy, capitals and victory (004 §4, §13, §15, §17) ----------------------

HEAVY_BOMBER_DICE = 3
"""004 §4 item 04: "each bomber to attack with three dice instead of one die, either in a
regular combat situation or in a strategic bombing raid ...; each heavy bomber continues to
defend with one die" (§16 note 3 and §17 say four: README, ruling 31)."""


def unit_shots(state: GameState, unit: Unit, side: str) -> int:
    """Heavy bombers attack with three dice, each scoring on its own; they defend with one
    (§4 item 04)."""
    if side == "attacker" and state.rules.spec(unit.kind).strategic_bomber and has(state, unit.owner, HEAVY_BOMBERS):
        return HEAVY_BOMBER_DICE
    return 1


def raid_damage(state: GameState, unit: Unit, faces: Sequence[int]) -> int:
    """A bomber's raid does the total of its dice: one die, three for a heavy bomber (§4
    item 04: "in a strategic bombing raid against an industrial complex")."""
    return sum(faces)
