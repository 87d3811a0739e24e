"""Economic attacks and production interruption: what raids and battles take off a
territory's next income (001, Phase 1: Collect Income; Air Missions, Economic attacks).

Both are kept in the state's ledger when they happen and taken off at the territory's next
Collect Income (:mod:`engine.economy.income`), whoever collects it then (README of aarhe).
"""

from __future__ import annotations

from ..events import Event, event
from ..ids import SpaceId
from ..production import FACTORY
from ..prose import possessive
from ..state import GameState


def economic_attack(state: GameState, target: SpaceId, rolled: int) -> tuple[GameState, Event]:
    """A raid's damage (switch ``bombing`` = ``income``): 001, Economic attacks: "IPC damages
    of SBR and rocket strikes are applied to the territory's income at its next 'Collect
    Income' phase and not reducing below zero. Excess hits is applied to saved IPC in that
    territory. ... In a territory without an Industrial Complex, the maximum reduction ...
    is half of territory's income value rounded down." IPCs are saved at the capital (001,
    Spending or Saving IPC: "IPC to be saved must have a path ... to your capital"), so the
    excess comes off the treasury only when the capital is hit (README of aarhe)."""
    space = state.board.spaces[target]
    victim = state.owners.get(target)
    assert victim is not None, "raids target owned territories"
    factory = any(u.kind == FACTORY for u in state.units_at(target))
    most = space.ipc if factory else space.ipc // 2
    before = state.economy.damage.get(target, 0)
    applied = max(0, min(rolled, most - before))
    excess = rolled - applied
    treasury = dict(state.treasury)
    taken = 0
    if excess and state.board.powers[victim].capital == target:
        taken = min(excess, treasury.get(victim, 0))
        treasury[victim] = treasury.get(victim, 0) - taken
    name, owner = space.name, state.rules.power_name(victim)
    text = (f"{possessive(name)} next income loses {applied} IPCs ({rolled} rolled, at most {most}"
            f"{'' if factory else ', half its value without an industrial complex'}")
    text += f"); {owner} loses {taken} saved IPCs." if taken else ")."
    return (state.evolve(economy=state.economy.added("damage", target, applied), treasury=treasury),
            event("bombing", text, space=name, victim=owner, rolled=rolled, applied=applied,
                  damage=before + applied, cap=most, saved_lost=taken))


def interrupted(state: GameState, territory: SpaceId, cycles: int) -> tuple[GameState, list[Event]]:
    """A land battle fought ``cycles`` cycles in ``territory`` (switch
    ``production_interruption``): 001, Production Interruption: "A territory's income is
    reduced if it was attacked last turn. For every cycle of combat the income is reduced by
    1 IPC. No territory's income can be reduced below zero." """
    if not state.rules.switches.production_interruption or cycles <= 0 or state.board.spaces[territory].ipc <= 0:
        return state, []
    name = state.board.name(territory)
    return state.evolve(economy=state.economy.added("interrupted", territory, cycles)), [
        event("interruption", f"{possessive(name)} next income loses up to {cycles} IPC{'s' if cycles > 1 else ''}: "
              f"{cycles} cycle{'s' if cycles > 1 else ''} of combat there (production interruption).",
              space=name, cycles=cycles)]
