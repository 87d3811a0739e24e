"""The "end the turn" deadline policy: which command the referee gives for a silent seat.

Nothing is decided here that the player would have decided: a pending battle choice gets
the answer of the power's standing orders (even if it asked to decide in person), a battle
moved into is fought, units already bought are placed (they must enter play: rulebook
000_fc7e3a790a753b06.txt, "Phase 5: Mobilize New Units"), and otherwise the phase simply
ends (``/done``). Nothing is bought or moved. Pure: a state in, a command line out; the
engine judges it as usual.
"""

from __future__ import annotations

from typing import Any

from engine import (
    Battle,
    Casualties,
    NoDice,
    Place,
    Press,
    Retreat,
    RulesError,
    Submerge,
    apply,
    format_command,
    legal_commands,
)
from engine.combat.choices import by_orders
from engine.combat.orders import orders_of


def end_turn_step(state: Any) -> str:
    """The next command that ends ``state.actor``'s input by standing orders and nothing else."""
    combat = state.combat
    if combat is not None and combat.chooser() is not None:
        return format_command(_standing_answer(state), state)
    if state.phase == "conduct_combat" and combat is not None and combat.entries:
        return format_command(Battle(territory=combat.entries[0].space), state)
    if state.phase == "mobilize" and any(state.purchased.values()):
        placing = _placement(state)
        if placing is not None:
            return format_command(placing, state)
    return "/done"


def _placement(state: Any) -> Any:
    """The first placement of bought units the engine accepts: the factory that can take the
    most first, then the sea zones next to the factories; None when nothing fits."""
    room = legal_commands(state).placements
    factories = sorted(room, key=lambda space: (-room[space], space))
    zones = [z for f in factories for z in sorted(state.board.neighbours(f))
             if not state.board.spaces[z].is_land]
    for kind, count in sorted(state.purchased.items()):
        for space in [*factories, *dict.fromkeys(zones)]:
            for n in dict.fromkeys((count, 1)):
                command = Place(units=((kind, n),), territory=space)
                try:
                    apply(state, command, NoDice())
                except RulesError:
                    continue
                return command
    return None


def _standing_answer(state: Any) -> Any:
    """The command that gives the pending choice the answer of the chooser's standing orders."""
    combat = state.combat
    chooser = combat.chooser()
    orders = dict(state.orders)
    orders[chooser] = {**orders_of(state, chooser), "decide": "orders"}
    answer = by_orders(state.evolve(orders=orders), combat)
    assert answer is not None, "standing orders always answer once decide is 'orders'"
    kind, value, _by, _note = answer
    if kind == "casualties":
        return Casualties(units=tuple((k, n) for k, n in value.items() if n))
    if kind == "retreat" and value is not None:
        return Retreat(to=value)
    if kind == "submerge" and value:
        pool = [state.units[i] for i in combat.current.pending.among if i in state.units]
        sub = next(u.kind for u in pool if state.rules.spec(u.kind).submarine)
        return Submerge(units=((sub, int(value)),))
    return Press()
