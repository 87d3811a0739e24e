"""AARHE's amphibious assault, 1st cycle (001 › Land Combat: Amphibious Assault Sequence, 1st
cycle; Offshore bombardment): after the air combat of the opening fire, "Shore Bombardment:
1. Offshore bombardment. Remove casualties 2. Defending Artillery fire. Remove casualties."

- Offshore bombardment: the attacking ships roll (``amphibious.shore_bombard``); "Defending
  Infrastructure Defense performs offshore bombardment against ships involved in this
  amphibious assault (ships rolling for offshore bombardment or enemy Transport offloading
  units). The procedure is the same as Anti-Air" (step ``anti_ship``: ``air.fire`` at those
  ships; a destroyed ship sinks, with what it carries; one forced to retreat has done its
  part already and stays in its zone, README ruling 62).
- Defending artillery (``assault_artillery`` units) fires before the other land units
  (step ``assault_artillery``); the attacker's casualties are removed at once.

The values of the cycle (attacking land units at 1, or 0 in mountains; a bombarding ship's
and an ID's +1 to an infantry) are ``land_cycle.land_values``'.
"""

from __future__ import annotations

from ..dice import Dice
from ..events import event
from ..state import OFFLOADED, GameState, Unit
from . import air
from .flow import Result, current
from .land_cycle import fire_units, land_units
from .losses import destroy
from .phase import CombatPhase
from .report import counts, unit_text
from .sides import attackers, defenders


def involved_ships(state: GameState, phase: CombatPhase) -> list[Unit]:
    """The ships "involved in this amphibious assault": those that rolled for offshore
    bombardment and the attacker's transports that offloaded into the territory."""
    b = current(phase)
    out = [state.units[i] for i in b.bombarding if i in state.units]
    for zone in state.board.neighbours(b.space):
        out += [u for u in state.units_at(zone) if u.owner == b.attacker and u.has(OFFLOADED)
                and u.target == b.space and state.rules.spec(u.kind).is_transport and u not in out]
    return out


def anti_ship(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """The defender's Infrastructure Defenses fire at the ships involved, as at aircraft."""
    b = current(phase)
    guns = air.guns(state, b.space, defenders(state, b, phase))
    ships = involved_ships(state, phase)
    result = air.fire(state, dice, b.space, b.round, "defender", guns, ships)
    events = list(result.events)
    if not result.destroyed:
        return state, phase, events
    sunk = [state.units[i] for i in result.destroyed]
    state, cargo = destroy(state, result.destroyed, b.attacker)
    name = state.board.name(b.space)
    events.append(event("anti_air", f"{name}: Infrastructure Defense fire: {state.rules.power_name(b.attacker)} "
                        f"{unit_text(state, counts(state, sunk))} sunk"
                        f"{' with ' + unit_text(state, counts(state, cargo)) if cargo else ''}.", space=name,
                        round=b.round, side="attacker", units=counts(state, sunk), cargo=counts(state, cargo),
                        retreating={}))
    return state, phase, events


def defending_artillery(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """"Defending artillery fires before other land units" (001 › Amphibious Assault Sequence)."""
    b = current(phase)
    land = land_units(state, defenders(state, b, phase))
    early = [u for u in land if state.rules.spec(u.kind).assault_artillery]
    return fire_units(state, phase, dice, "defender", early, land, attackers(state, b))
