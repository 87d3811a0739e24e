"""Taking units off the board, with what they carry.

Cargo is "lost with the ship carrying it" (000, General Combat, Step 1); that includes
an ally's fighters carried by an attacking carrier (Aircraft Carriers: "always treated
as cargo"). Fighters of a defending carrier are in the air and survive its loss; so do
the attacker's own fighters on its carrier, which "launch before combat" (Fighters).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ..ids import PowerId
from ..state import GameState, Unit


def destroy(state: GameState, ids: Iterable[int], attacker: PowerId) -> tuple[GameState, list[Unit]]:
    """Remove ``ids``; return the new state and the cargo lost with them."""
    removed = set(ids)
    lost: list[Unit] = []
    launched: list[Unit] = []
    for uid in list(removed):
        ship = state.units.get(uid)
        if ship is None:
            continue
        spec = state.rules.spec(ship.kind)
        if not spec.is_transport and not spec.carrier_capacity:
            continue
        for rider in state.cargo_of(uid):
            if rider.id in removed:
                continue
            defending = ship.owner != attacker
            if state.rules.spec(rider.kind).is_air and (defending or rider.owner == attacker):
                launched.append(replace(rider, aboard=None))
            else:
                lost.append(rider)
    removed.update(u.id for u in lost)
    if not removed:
        return state, lost
    return state.with_units(launched, removed), lost
