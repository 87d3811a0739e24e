"""Standing orders: how a power's battle choices are made while it is away.

Stored in ``GameState.orders[power]`` as a plain mapping:

- ``loss``: unit kinds in the order they are given up (unlisted kinds follow, cheapest
  first). Always: a battleship's first hit is taken before any unit is lost, transports
  go last, and an attacker keeps its last unit able to capture the territory.
- ``retreat_below``: the attacker retreats when fewer than this many attacking units
  remain in the battle; where the defender may retreat too (AARHE's land cycle,
  ``land_retreat``), the defender likewise.
- ``retreat_odds``: the attacker retreats when its estimated chance of winning
  (``odds.win_chance``) falls below this percentage.
- ``submerge``: ``never`` (default: make the surprise strike), ``always``, or
  ``when_outnumbered`` (the enemy has more units in the battle).
- ``decide``: ``orders`` (default) or ``self``: stop and ask this power in person.
- ``passive``: ``pass`` (default) or ``ask``: in a window of the other team's turn
  (``engine.passive``: AARHE's Defensive Air Support and Reinforcement), pass, or be asked
  to act in person, for one's units or a National Advantage used there (README of
  maps/aarhe, rulings 89 and 135).
- ``bomb``: ``income`` (default) or ``capacity``: what the power's bombers reduce on a
  raid where the rules let them choose (AARHE's Strategic Bombing Raid, 001 › Air
  Missions: "reduce the territory's income, or reduce unit production capacity at its
  Industrial Complex"); a power deciding in person is asked instead (``missions``).
"""

from __future__ import annotations

from typing import Any

from ..commands import Orders
from ..dice import Dice
from ..errors import IllegalCommandError
from ..events import Event, event
from ..ids import PowerId
from ..state import GameState

IN_PERSON, BY_ORDERS, NO_CHOICE = "in person", "standing orders", "no choice"
"""How a battle choice was made, as its event tells (``by``)."""

DEFAULTS: dict[str, Any] = {
    "loss": [], "retreat_below": 0, "retreat_odds": 0, "submerge": "never", "decide": "orders", "passive": "pass",
    "bomb": "income"}
SUBMERGE = ("never", "always", "when_outnumbered")
DECIDE = ("orders", "self")
PASSIVE = ("pass", "ask")
BOMB = ("income", "capacity")


def orders_of(state: GameState, power: PowerId) -> dict[str, Any]:
    """A power's standing orders with defaults filled in."""
    out = dict(DEFAULTS)
    out.update(state.orders.get(power, {}))
    return out


def weighs_odds(state: GameState) -> bool:
    """Whether a battle's choices may work out exact odds now: some power's standing order
    ``retreat_odds`` is set. The odds of a big battle take seconds, so a caller that must stay
    responsive runs such a command apart (``bot.service``)."""
    return any(orders.get("retreat_odds") for orders in state.orders.values())


def in_person(state: GameState, power: PowerId) -> bool:
    return bool(orders_of(state, power)["decide"] == "self")


def set_orders(state: GameState, cmd: Orders, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/orders``: set some of a power's standing orders; with no options, show them."""
    power = cmd.power if cmd.power is not None else state.actor
    name = state.rules.power_name(power)
    given: dict[str, Any] = {}
    if cmd.loss is not None:
        unknown = [k for k in cmd.loss if k not in state.rules.units]
        if unknown:
            raise IllegalCommandError(f"Unknown unit type in the order of loss: {', '.join(unknown)}.",
                                      reason="orders.unit")
        given["loss"] = list(dict.fromkeys(cmd.loss))
    if cmd.retreat_below is not None:
        if cmd.retreat_below < 0:
            raise IllegalCommandError("retreat_below is a number of units, 0 or more.", reason="orders.value")
        given["retreat_below"] = cmd.retreat_below
    if cmd.retreat_odds is not None:
        if not 0 <= cmd.retreat_odds <= 100:
            raise IllegalCommandError("retreat_odds is a percentage from 0 to 100.", reason="orders.value")
        given["retreat_odds"] = cmd.retreat_odds
    if cmd.passive is not None and not state.rules.turns.passive:
        raise IllegalCommandError(f"passive: {state.rules.name} gives the other side no window in a turn, so "
                                  "there is nothing to pass or decide.", reason="orders.no_window")
    for option, value, choices in (("submerge", cmd.submerge, SUBMERGE), ("decide", cmd.decide, DECIDE),
                                   ("passive", cmd.passive, PASSIVE), ("bomb", cmd.bomb, BOMB)):
        if value is None:
            continue
        if value not in choices:
            raise IllegalCommandError(f"{option} is one of {', '.join(choices)}.", reason="orders.value")
        given[option] = value
    if given:
        stored = {**dict(state.orders.get(power, {})), **given}
        orders = dict(state.orders)
        orders[power] = stored
        state = state.evolve(orders=orders)
    current = orders_of(state, power)
    verb = "sets" if given else "has"
    return state, [event("orders", f"{name} {verb} standing orders: {describe(state, power)}.",
                         power=name, orders=current, changed=sorted(given))]


def loss_order(state: GameState, power: PowerId) -> list[str]:
    """``power``'s order of loss in the rule system's unit names (Classic's "armor")."""
    return [state.rules.spec(k).word() for k in orders_of(state, power)["loss"]]


def describe(state: GameState, power: PowerId) -> str:
    """``power``'s standing orders as the event announcing them says them."""
    orders = orders_of(state, power)
    loss = ", ".join(loss_order(state, power)) or "cheapest first"
    parts = [f"lose {loss}"]
    if orders["retreat_below"]:
        parts.append(f"retreat below {orders['retreat_below']} units")
    if orders["retreat_odds"]:
        parts.append(f"retreat below {orders['retreat_odds']}% odds")
    parts.append(f"submerge {orders['submerge'].replace('_', ' ')}")
    if orders["bomb"] != DEFAULTS["bomb"]:
        parts.append(f"bomb {orders['bomb']}")
    parts.append("ask me" if orders["decide"] == "self" else "orders decide")
    if state.rules.turns.passive:
        parts.append("in the other side's turn: " + ("ask me" if orders["passive"] == "ask" else "pass"))
    return "; ".join(parts)
