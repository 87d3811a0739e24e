"""The "end the turn" deadline policy: which command the referee gives for a silent seat.

The engine says what that is (``engine.deadline``: a pending battle choice gets the answer
of the power's standing orders, a battle moved into is fought, bought units are placed);
otherwise the phase simply ends (``/done``). Nothing is decided here and no phase is named:
a state in, a command line out; the engine judges it as usual.
"""

from __future__ import annotations

from engine import GameState, format_command
from engine.deadline import default_command


def end_turn_step(state: GameState) -> str:
    """The next command that ends ``state.actor``'s input by standing orders and nothing else."""
    command = default_command(state)
    return format_command(command, state) if command is not None else "/done"
