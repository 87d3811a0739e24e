"""What the referee enters for a seat whose deadline passed: only what the player had no
say in, so a silent seat never decides anything.

A pending battle choice gets the answer of the power's standing orders (even if it asked
to decide in person); otherwise the phase's registry entry says what its ``default`` step is
(a battle moved into is fought, units already bought are placed: they must enter play,
000 "Phase 5: Mobilize New Units"); with none, the phase simply ends. Nothing is bought or
moved. The scheduler asks :func:`default_command` and names no phase itself.

A passive window of a team turn (``engine.passive``) is a choice to act, never an
obligation: at its deadline it closes for the silent power with no move, whatever the
game's policy (:func:`lapses`; README of maps/aarhe, ruling 89).
"""

from __future__ import annotations

from .combat.choices import by_orders
from .combat.orders import orders_of
from .commands import Battle, Casualties, Command, Place, Press, Retreat, Submerge
from .dice import NoDice
from .errors import RulesError
from .ids import UnitKind
from .ids import PowerId
from .options import place_offers
from .phases import phase_entry
from .state import GameState


def default_command(state: GameState) -> Command | None:
    """The next command that moves ``state.actor``'s input on by standing orders and nothing
    else, or None when ending the phase (``/done``) is all that is left."""
    combat = state.combat
    if combat is not None and combat.chooser() is not None:
        return standing_answer(state)
    default = phase_entry(state.phase).default
    return default(state) if default is not None else None


def lapses(state: GameState, power: PowerId) -> bool:
    """``power``'s input ends at its deadline under every policy, by ``/done`` alone: its part
    of a passive window, where passing decides nothing and waiting would stall the team to
    move."""
    return state.window is not None and power in state.window.due


def standing_answer(state: GameState) -> Command:
    """The command that gives the pending battle choice the answer of the chooser's
    standing orders."""
    combat = state.combat
    assert combat is not None and combat.current is not None and combat.current.pending is not None
    chooser = combat.current.pending.chooser
    orders = dict(state.orders)
    orders[chooser] = {**orders_of(state, chooser), "decide": "orders"}
    answer = by_orders(state.evolve(orders=orders), combat)
    assert answer is not None, "standing orders always answer once decide is 'orders'"
    kind, value, _by, _note = answer
    if kind == "casualties":
        return Casualties(units=tuple((k, n) for k, n in value.items() if n))
    if kind == "retreat" and value is not None:
        return Retreat(to=value)
    if kind == "naval_retreat" and value[0] is not None:
        return Retreat(to=value[0])
    if kind in ("targets", "asw"):
        whole: dict[UnitKind, int] = {}
        hurt: dict[UnitKind, int] = {}
        for u in (state.units[i] for i in value):
            tally = hurt if u.hits else whole
            tally[u.kind] = tally.get(u.kind, 0) + 1
        return Casualties(units=tuple(whole.items()), damaged=tuple(hurt.items())) if value else Press()
    if kind == "submerge" and value:
        pool = [state.units[i] for i in combat.current.pending.among if i in state.units]
        sub = next(u.kind for u in pool if state.rules.spec(u.kind).submarine)
        return Submerge(units=((sub, int(value)),))
    return Press()


def first_battle(state: GameState) -> Command | None:
    """Conduct Combat's default: fight the first battle still listed."""
    combat = state.combat
    return Battle(territory=combat.entries[0].space) if combat is not None and combat.entries else None


def first_placement(state: GameState) -> Command | None:
    """Mobilize's default: the first placement of bought units the engine accepts, the
    factory that can take the most first, then the sea zones next to the factories; None
    when nothing is bought or nothing fits."""
    from .game import apply  # the game module registers the phases that name this function

    room = place_offers(state).placements
    factories = sorted(room, key=lambda space: (-room[space], space))
    zones = [z for f in factories for z in sorted(state.board.neighbours(f))
             if not state.board.spaces[z].is_land]
    for kind, count in sorted((k, n) for k, n in state.purchased.items() if n):
        for space in [*factories, *dict.fromkeys(zones)]:
            for n in dict.fromkeys((count, 1)):
                command = Place(units=((kind, n),), territory=space)
                try:
                    apply(state, command, NoDice())
                except RulesError:
                    continue
                return command
    return None
