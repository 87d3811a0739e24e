"""Antiaircraft guns firing at aircraft that flew over them in Combat Move (switch
``aa_fires_at_overflight``; off in 1942: 000, Phase 2, Air Units, no fire at overflights).

002, Phase 3, Anti-aircraft Guns: "whenever an air unit moves over or into a hostile
territory containing an anti-aircraft gun, the anti-aircraft gun gets a chance to shoot it
down during the conduct combat phase"; "resolve combat separately in each space along its
path, starting with the first anti-aircraft gun encountered"; "the anti-aircraft gun gets
to shoot once at each air unit that enters. (Only one anti-aircraft gun per territory can
fire, however.) If the gun misses, the air unit may continue its planned attack." Fighter
dice are rolled before bomber dice (002, Step 2; rulesets.md 7.2 #26).

The fire comes when Conduct Combat begins, before the list of battles is made, so a
battle or raid whose aircraft were all shot down is not fought. A gun in the territory
the aircraft attack fires in that battle, not here; the spaces flown over are those
between the start and the end of the aircraft's Combat Move path.
"""

from __future__ import annotations

from ..dice import Dice
from ..events import Event, event
from ..ids import PowerId, SpaceId
from ..prose import possessive
from ..state import COMBAT_MOVED, GameState, Unit
from .report import counts, unit_text
from .sides import at_war


def overflight_fire(state: GameState, dice: Dice) -> tuple[GameState, list[Event]]:
    """Each territory's gun fires once at each of the mover's aircraft flying over it."""
    if not state.rules.switches.aa_fires_at_overflight:
        return state, []
    planes = [u for u in state.units.values() if u.owner == state.turn and u.has(COMBAT_MOVED)
              and state.rules.spec(u.kind).is_air and len(u.path) > 2 and not state.rules.hooks.aa_immune(state, u)]
    lost: set[int] = set()
    events: list[Event] = []
    for step in range(1, max((len(u.path) - 1 for u in planes), default=1)):
        over: dict[SpaceId, list[Unit]] = {}
        for u in planes:
            if u.id not in lost and step < len(u.path) - 1:
                over.setdefault(u.path[step], []).append(u)
        for space in sorted(over):
            hits_on = _gun(state, space, state.turn)
            if hits_on:
                down, fired = _fire(state, dice, space, hits_on, over[space])
                lost.update(u.id for u in down)
                events.append(fired)
    return state.with_units(removed=sorted(lost)), events


def _gun(state: GameState, space: SpaceId, mover: PowerId) -> int:
    """What the enemy gun in ``space`` hits on (0: no enemy gun there)."""
    if not state.board.spaces[space].is_land:
        return 0
    guns = [state.rules.spec(u.kind).antiaircraft_hits_on for u in state.units_at(space)
            if at_war(state, u.owner, mover) and state.rules.spec(u.kind).antiaircraft_shots]
    return max(guns, default=0)


def _fire(state: GameState, dice: Dice, space: SpaceId, hits_on: int, planes: list[Unit]) -> tuple[list[Unit], Event]:
    targets = sorted(planes, key=lambda u: (state.rules.spec(u.kind).strategic_bomber, u.id))
    name = state.board.name(space)
    tally = counts(state, targets)
    why = f"{name} antiaircraft fire at {unit_text(state, tally)} flying over @{hits_on}"
    faces = dice.roll(len(targets), why)
    down = [u for u, face in zip(targets, faces, strict=True) if face <= hits_on]
    power = state.rules.power_name(state.turn)
    result = f"{unit_text(state, counts(state, down))} shot down" if down else "no hit"
    return down, event("overflight_fire", f"Antiaircraft fire over {name} at {possessive(power)} {unit_text(state, tally)}: "
                       f"{' '.join(map(str, faces))}: {result}.", space=name, power=power, units=tally,
                       dice=list(faces), hits_on=hits_on, lost=counts(state, down), purpose=why)


def return_flight_fire(state: GameState, dice: Dice, planes: list[Unit],
                       path: tuple[SpaceId, ...]) -> tuple[GameState, list[Event]]:
    """Noncombat Move, where the game's options make guns always active (004 §15, Always
    Active AA Guns: "or coming back through to a friendly territory"): each enemy gun in a
    territory between the ends of ``path`` fires once at each of ``planes`` still flying."""
    lost: set[int] = set()
    events: list[Event] = []
    for space in path[1:-1]:
        flying = [u for u in planes if u.id not in lost and not state.rules.hooks.aa_immune(state, u)]
        hits_on = _gun(state, space, state.turn)
        if hits_on and flying:
            down, fired = _fire(state, dice, space, hits_on, flying)
            lost.update(u.id for u in down)
            events.append(fired)
    return state.with_units(removed=sorted(lost)), events
