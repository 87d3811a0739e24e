"""Naval repair in port (switch ``ship_repair = "in_port"``; AARHE, 001 › Phase 1, Naval
repair): "Damaged ships are repaired at sea zones adjacent to friendly industrial complex or
victory city. Damaged ships are returned upright at the beginning of any turn if it did not
move in the last turn."

A ship that moves keeps the flag ``SAILED`` from the end of that turn until its owner's next
turn begins (:func:`log_moves`); as a power's turn begins, its damaged ships without the
flag in a sea zone next to a friendly industrial complex or victory city are returned
upright, and the flag is cleared (:func:`repair`). So a battleship damaged in its owner's
attack is not repaired as that power's next turn begins, but at the start of the turn after
one in which it did not move (rulesets.md 7.3 #53; README, ruling 73).
"""

from __future__ import annotations

from dataclasses import replace

from .events import Event, event
from .ids import PowerId, SpaceId
from .combat.report import counts, unit_text
from .production import FACTORY
from .state import SAILED, GameState, Unit


def _in_port(state: GameState) -> bool:
    return state.rules.switches.ship_repair == "in_port"


def log_moves(state: GameState) -> GameState:
    """As a turn ends: every sea unit that moved in it is flagged ``SAILED``."""
    if not _in_port(state):
        return state
    moved = [u.with_flags(SAILED) for u in state.units.values()
             if u.path and state.rules.spec(u.kind).is_sea and not u.has(SAILED)]
    return state.with_units(moved) if moved else state


def _port(state: GameState, zone: SpaceId, power: PowerId) -> bool:
    """The zone touches a territory held by ``power`` or an ally with an industrial complex
    or a victory city."""
    for s in state.board.neighbours(zone):
        space = state.board.spaces[s]
        if space.is_sea or not state.board.allies(state.owners.get(s), power):
            continue
        if space.victory_points or any(u.kind == FACTORY for u in state.units_at(s)):
            return True
    return False


def repair(state: GameState, power: PowerId) -> tuple[GameState, list[Event]]:
    """As ``power``'s turn begins: its damaged ships that did not sail since its last turn
    began, in port, are returned upright; the ``SAILED`` flags of its ships are cleared."""
    if not _in_port(state):
        return state, []
    mine = [u for u in state.units.values() if u.owner == power and state.rules.spec(u.kind).is_sea]
    fixed = [u for u in mine if u.hits and not u.has(SAILED) and _port(state, u.space, power)]
    changed: list[Unit] = [replace(u, hits=0) for u in fixed]
    changed += [replace(u, flags=u.flags - {SAILED}) for u in mine if u.has(SAILED)]
    state = state.with_units(changed) if changed else state
    events: list[Event] = []
    for zone in sorted({u.space for u in fixed}, key=state.board.name):
        tally = counts(state, [u for u in fixed if u.space == zone])
        name = state.board.name(zone)
        events.append(event("repair", f"{name}: {state.rules.power_name(power)} {unit_text(state, tally)} "
                            f"repaired in port.", space=name, power=state.rules.power_name(power), units=tally))
    return state, events
