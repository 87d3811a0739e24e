"""Phase 1, Purchase Units: order units and repair industrial complexes.

000, "Phase 1: Purchase Units": buy any units you can afford (all units on the
mobilization chart, industrial complexes included); pay for them and for repairs of
damaged industrial complexes at 1 IPC a point, effective immediately. A development may
change the price of units (:func:`price`).
"""

from __future__ import annotations

from .commands import Buy, Repair
from .dice import Dice
from .errors import IllegalCommandError
from .events import Event, event
from .ids import PowerId
from .notation import format_units
from .state import GameState


def price(state: GameState, power: PowerId, kind: str) -> int:
    """What one unit of ``kind`` costs ``power`` now: the unit table's price with what the
    power's developments add or take off (004 §17, Industrial Technology: 1 IPC less)."""
    return state.rules.technology.unit_cost(kind, state.rules.spec(kind).cost, state.tech.get(power, ()))


def buy(state: GameState, cmd: Buy, dice: Dice) -> tuple[GameState, list[Event]]:
    power = state.turn
    cost = sum(price(state, power, k) * n for k, n in cmd.units)
    have = state.treasury.get(power, 0)
    if cost > have:
        raise IllegalCommandError(
            f"{format_units(state.rules, cmd.units)} cost {cost} IPCs; {state.rules.power_name(power)} has {have}.",
            reason="buy.too_expensive",
        )
    purchased = dict(state.purchased)
    for kind, n in cmd.units:
        purchased[kind] = purchased.get(kind, 0) + n
    treasury = dict(state.treasury)
    treasury[power] = have - cost
    name = state.rules.power_name(power)
    return state.evolve(purchased=purchased, treasury=treasury), [
        event("purchase", f"{name} buys {format_units(state.rules, cmd.units)} for {cost} IPCs ({have - cost} left).",
              power=name, units=dict(cmd.units), cost=cost, treasury=have - cost)
    ]


def repair(state: GameState, cmd: Repair, dice: Dice) -> tuple[GameState, list[Event]]:
    power = state.turn
    where = state.board.name(cmd.territory)
    has_ic = any(u.kind == "industrial_complex" for u in state.units_at(cmd.territory))
    if not has_ic or state.owners.get(cmd.territory) != power:
        raise IllegalCommandError(f"{state.rules.power_name(power)} has no industrial complex in {where}.",
                                  reason="repair.no_complex")
    damage = state.ic_damage.get(cmd.territory, 0)
    if cmd.points < 1 or cmd.points > damage:
        raise IllegalCommandError(f"The industrial complex in {where} has {damage} damage; "
                                  f"repair 1 to {damage} points." if damage else
                                  f"The industrial complex in {where} is not damaged.",
                                  reason="repair.bad_points")
    have = state.treasury.get(power, 0)
    if cmd.points > have:
        raise IllegalCommandError(f"Repairing {cmd.points} points costs {cmd.points} IPCs; "
                                  f"{state.rules.power_name(power)} has {have}.", reason="repair.too_expensive")
    treasury = dict(state.treasury)
    treasury[power] = have - cmd.points
    ic_damage = dict(state.ic_damage)
    ic_damage[cmd.territory] = damage - cmd.points
    name = state.rules.power_name(power)
    return state.evolve(treasury=treasury, ic_damage=ic_damage), [
        event("ic_repair", f"{name} repairs {cmd.points} damage in {where} ({damage - cmd.points} left).",
              power=name, space=where, points=cmd.points, damage=damage - cmd.points)
    ]
