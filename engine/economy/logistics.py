"""Logistics fees (switch ``logistics_fees``): 001, Phase 1, Logistics: "Pay 1 IPC for each
Transport offloading in Combat Move ... Pay 1 IPC for every land unit ending your last turn
on a Transport. These amounts are refunded if you do not carry these actions."

The referee charges a fee when the action is carried out, so nothing is paid ahead and
nothing is refunded (README of aarhe; rulesets.md 6.4 #22): a transport's offload in Combat
Move and a land unit's move into desert cost the mover 1 IPC each when made (refused when
the treasury cannot pay); a land unit still aboard a transport when its owner's turn begins
costs 1 IPC at that Collect Income, as a line of the account; an airborne unit dropped by
Airborne Drop costs 1 IPC when dropped ("each Airborne Infantry offloading via Airborne drop").
"""

from __future__ import annotations

from ..commands import Move
from ..dice import Dice
from ..errors import IllegalCommandError
from ..events import Event, event
from ..ids import PowerId
from ..movement import apply_move
from ..phases import phase_entry
from ..state import DROPPED, OFFLOADED, GameState

DESERT = "desert"
"""The board's terrain that costs a land unit 1 IPC to enter (``Space.terrain``)."""


def aboard(state: GameState, power: PowerId) -> int:
    """The power's land units aboard transports: 1 IPC each at its Collect Income."""
    if not state.rules.switches.logistics_fees:
        return 0
    return sum(1 for u in state.units_of(power) if u.aboard is not None and state.rules.spec(u.kind).is_land
               and state.rules.spec(state.units[u.aboard].kind).is_transport)


def move(state: GameState, cmd: Move, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/move``, then its fees: 1 IPC for each transport that offloaded with it in Combat
    Move, 1 IPC for each land unit it brought into desert (001, Logistics: "each land unit
    to desert terrain ... this turn"). Refused, changing nothing, when the treasury cannot
    pay them."""
    after, events = apply_move(state, cmd, dice)
    if not state.rules.switches.logistics_fees:
        return after, events
    fees = _fees(state, after)
    fee = sum(n for n, _ in fees)
    if not fee:
        return after, events
    power = state.turn
    name, have = state.rules.power_name(power), state.treasury.get(power, 0)
    what = ", ".join(text for _, text in fees)
    if fee > have:
        raise IllegalCommandError(f"Logistics: this move costs {fee} IPC{'s' if fee > 1 else ''} ({what}); "
                                  f"{name} has {have}.", reason="logistics.too_expensive")
    treasury = dict(after.treasury)
    treasury[power] = have - fee
    return after.evolve(treasury=treasury), [*events, event(
        "logistics", f"{name} pays {fee} IPC{'s' if fee > 1 else ''} of logistics ({what}; {have - fee} left).",
        power=name, ipcs=fee, treasury=have - fee)]


def _fees(before: GameState, after: GameState) -> list[tuple[int, str]]:
    """What the move just made costs: (IPCs, what for) pairs."""
    rules, board = after.rules, after.board
    out: list[tuple[int, str]] = []
    if phase_entry(before.phase).movement == "combat":
        offloaded = sum(1 for uid, u in after.units.items()
                        if u.has(OFFLOADED) and not (uid in before.units and before.units[uid].has(OFFLOADED)))
        if offloaded:
            out.append((offloaded, f"{offloaded} transport{'s' if offloaded > 1 else ''} offloading in Combat Move"))
    dropped = sum(1 for uid, u in after.units.items()
                  if u.has(DROPPED) and not (uid in before.units and before.units[uid].has(DROPPED)))
    if dropped:
        out.append((dropped, f"{dropped} airborne unit{'s' if dropped > 1 else ''} offloading via Airborne Drop"))
    desert = sum(1 for uid, u in after.units.items()
                 if rules.spec(u.kind).is_land and u.aboard is None and board.spaces[u.space].terrain == DESERT
                 and (uid not in before.units or before.units[uid].space != u.space))
    if desert:
        out.append((desert, f"{desert} land unit{'s' if desert > 1 else ''} into desert"))
    return out
