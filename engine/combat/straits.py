"""Strait Interdiction: the holders of a strait's territories fire at the enemy ships that
passed it (the board's ``[[strait]]``; AARHE's README, rulings 8 and 82).

001 › Phase 3, Strait Interdiction: "You may fire at hostile non-Submarine naval units moving
between certain sea zones if you control the specific territories. Roll 1 die against each
unit destroying it on success roll." Each guarding territory an enemy of the mover holds
fires on its own, at its value (``guarded_by``), one die at each of the mover's
non-submarine sea units whose path this turn crossed between the two zones; a ship sunk
takes its cargo with it. The fire comes as Conduct Combat begins, after the fire at
overflights and before the battles are listed, as the guns' fire at aircraft that flew over
them does: nothing else happens between the move and then. Movement: ``engine.movement.straits``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board import Strait
from ..dice import Dice
from ..events import Event, event
from ..ids import PowerId, SpaceId
from ..prose import possessive
from ..state import GameState, Unit
from .losses import destroy
from .report import counts, unit_text
from .sides import at_war


def guarding(state: GameState, power: PowerId, a: SpaceId, b: SpaceId) -> tuple[Strait | None, list[tuple[SpaceId, int]]]:
    """The strait between ``a`` and ``b``, and its guarding territories an enemy of ``power``
    holds now, each with its die's hit value."""
    strait = state.board.strait_between(a, b)
    if strait is None:
        return None, []
    return strait, [(t, v) for t, v in strait.guarded_by if at_war(state, state.owners.get(t), power)]


def fired_at(state: GameState, unit: Unit) -> bool:
    """A "non-Submarine naval unit"."""
    spec = state.rules.spec(unit.kind)
    return spec.is_sea and not spec.submarine


def guarded_on(state: GameState, power: PowerId, path: Sequence[SpaceId]) -> bool:
    """Whether ``path`` passes a strait an enemy of ``power`` guards."""
    return any(guarding(state, power, a, b)[1] for a, b in zip(path, path[1:]))


def strait_fire(state: GameState, dice: Dice) -> tuple[GameState, list[Event]]:
    """Per strait crossed and guarding territory (in the order of the straits on the board
    and their guards), one die at each ship that crossed it, in the order of their ids."""
    power = state.turn
    ships = sorted((u for u in state.units_of(power) if fired_at(state, u) and len(u.path) > 1), key=lambda u: u.id)
    events: list[Event] = []
    for strait in state.board.straits:
        a, b = strait.sea_zones
        crossed = [u for u in ships if any({x, y} == {a, b} for x, y in zip(u.path, u.path[1:]))]
        for territory, hits_on in guarding(state, power, a, b)[1]:
            aimed = [u for u in crossed if u.id in state.units]
            if aimed:
                state, fired = _volley(state, dice, strait, territory, hits_on, aimed)
                events.append(fired)
    return state, events


def _volley(state: GameState, dice: Dice, strait: Strait, territory: SpaceId, hits_on: int,
            aimed: list[Unit]) -> tuple[GameState, Event]:
    name = state.board.name(territory)
    holder = state.rules.power_name(state.owners.get(territory) or state.turn)
    victim = state.rules.power_name(state.turn)
    why = f"{strait.name}: {name} fires at {unit_text(state, counts(state, aimed))} @{hits_on}"
    faces = dice.roll(len(aimed), why)
    sunk = [u for u, f in zip(aimed, faces, strict=True) if f <= hits_on]
    state, cargo = destroy(state, [u.id for u in sunk], state.turn)
    text = f"{why}: {' '.join(map(str, faces))}"
    text += f"; {holder} sinks {possessive(victim)} {unit_text(state, counts(state, sunk))}" if sunk else "; no ship sunk"
    text += f" and the cargo {unit_text(state, counts(state, cargo))}." if cargo else "."
    return state, event("strait", text, strait=strait.name, space=name, power=holder, victim=victim, value=hits_on,
                        dice=list(faces), units=counts(state, sunk), cargo=counts(state, cargo), purpose=why)
