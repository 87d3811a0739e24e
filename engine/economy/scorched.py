"""AARHE's scorched earth: a power selects one of its own industrial complexes for
destruction in Purchase and loses it when Mobilize New Units begins (001, Phase 2,
Scorched Earth: "Industrial complex can be selected for destruction. Remove it at the
beginning of 'Mobilise New Units' phase this turn. No units can be mobilised there this
turn."). Classic's scorched earth, where the loser of a territory destroys what it holds,
is ``engine.control.scorch``.
"""

from __future__ import annotations

from ..commands import Scorch
from ..dice import Dice
from ..errors import IllegalCommandError
from ..events import Event, event
from ..production import FACTORY
from ..state import GameState, Unit

SCORCHED = "scorched"
"""An industrial complex selected for destruction this turn (a unit flag)."""


def select(state: GameState, cmd: Scorch, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/scorch``: mark the power's complex in the territory; ``/undo`` takes it back."""
    power = state.turn
    name, where = state.rules.power_name(power), state.board.name(cmd.territory)
    factory = next((u for u in state.units_at(cmd.territory) if u.kind == FACTORY and u.owner == power), None)
    if factory is None:
        raise IllegalCommandError(f"{name} has no industrial complex in {where} to destroy.",
                                  reason="scorch.no_complex")
    if factory.has(SCORCHED):
        raise IllegalCommandError(f"The industrial complex in {where} is already selected for destruction.",
                                  reason="scorch.again")
    return state.with_units([factory.with_flags(SCORCHED)]), [
        event("scorch", f"{name} selects its industrial complex in {where} for destruction: it is removed when "
              "Mobilize New Units begins, and nothing is placed there this turn.", power=name, space=where)]


def burn(state: GameState) -> tuple[GameState, list[Event]]:
    """Mobilize New Units begins: the power's selected complexes are removed."""
    chosen: list[Unit] = [u for u in state.units_of(state.turn) if u.has(SCORCHED)]
    events = [event("scorched", f"{state.rules.power_name(u.owner)} destroys its industrial complex in "
                    f"{state.board.name(u.space)} (scorched earth).", space=state.board.name(u.space),
                    power=state.rules.power_name(u.owner)) for u in sorted(chosen, key=lambda u: u.space)]
    if not chosen:
        return state, []
    gone = {u.space for u in chosen}
    ic_damage = {s: n for s, n in state.ic_damage.items() if s not in gone}
    return state.with_units(removed=[u.id for u in chosen], ic_damage=ic_damage), events

