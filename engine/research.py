"""Develop Weapons: the phase Revised opens its turn with (003, Phase 1: Develop Weapons).

"Develop Weapons Sequence 1. Choose a development 2. Buy research dice 3. Roll research
dice 4. Mark developments." One ``/research`` does all four: it names one development
("You can choose only one development each turn"), pays 5 IPCs a die ("Each research
die you buy costs 5 IPCs"), rolls them at once ("Roll all your dice for the turn (at the
same time)") and breaks through if any die shows the development's number. A
breakthrough "becomes effective during Phase 6: Mobilize New Units of your turn": it
joins the power's ``tech`` when that phase begins.
"""

from __future__ import annotations

from .commands import Research as ResearchCommand
from .dice import Dice
from .errors import IllegalCommandError
from .events import Event, event
from .phases import Entered, Phase, register_phase
from .state import GameState
from .technology import Research


def research(state: GameState, cmd: ResearchCommand, dice: Dice) -> tuple[GameState, list[Event]]:
    """Buy ``cmd.dice`` research dice for ``cmd.development`` and roll them."""
    rules, power = state.rules, state.turn
    name = rules.power_name(power)
    dev = rules.technology.development(cmd.development)
    if state.research is not None and state.research.power == power:
        done = rules.technology.development(state.research.development).name
        raise IllegalCommandError(f"{name} has researched {done} this turn; one development a turn "
                                  "(003, Phase 1, Step 1).", reason="research.once")
    if dev.id in state.tech.get(power, ()):
        raise IllegalCommandError(f"{name} already has {dev.name}.", reason="research.known")
    if cmd.dice < 1:
        raise IllegalCommandError("Buy at least 1 research die.", reason="research.no_dice")
    cost, have = cmd.dice * rules.technology.die_cost, state.treasury.get(power, 0)
    if cost > have:
        raise IllegalCommandError(f"{cmd.dice} research dice cost {cost} IPCs; {name} has {have}.",
                                  reason="research.too_expensive")
    faces = tuple(dice.roll(cmd.dice, f"{name} research {dev.name} @{dev.roll}"))
    success = dev.roll in faces
    treasury = dict(state.treasury)
    treasury[power] = have - cost
    result = "breakthrough, in effect from Mobilize New Units" if success else f"no {dev.roll}, no breakthrough"
    return state.evolve(treasury=treasury, research=Research(power, dev.id, cmd.dice, faces, success)), [
        event("research", f"{name} buys {cmd.dice} research {'die' if cmd.dice == 1 else 'dice'} for {dev.name} "
              f"({cost} IPCs, {have - cost} left) and rolls {', '.join(map(str, faces))}: {result}.",
              power=name, development=dev.id, dice=cmd.dice, cost=cost, faces=list(faces),
              breakthrough=success, treasury=have - cost)
    ]


def enter_develop_weapons(state: GameState, dice: Dice) -> Entered:
    """With less than one die's price in the treasury there is nothing to do here."""
    tech = state.rules.technology
    if state.treasury.get(state.turn, 0) >= tech.die_cost:
        return state, [], False
    name = state.rules.power_name(state.turn)
    return state, [event("skip", f"{name} cannot buy a research die ({tech.die_cost} IPCs).",
                         phase="develop_weapons")], True


def take_effect(state: GameState, dice: Dice) -> Entered:
    """Mobilize New Units begins: this turn's breakthrough is in effect from now on
    (003, Phase 1, Step 4). Nothing happens in a rule system without research."""
    r = state.research
    if r is None or r.power != state.turn or not r.breakthrough or r.development in state.tech.get(r.power, ()):
        return state, [], False
    tech = dict(state.tech)
    tech[r.power] = (*tech.get(r.power, ()), r.development)
    name, dev = state.rules.power_name(r.power), state.rules.technology.development(r.development).name
    return state.evolve(tech=tech), [event("development", f"{name} now has {dev}.", power=name,
                                           development=r.development)], False


DEVELOP_WEAPONS = register_phase(Phase(
    "develop_weapons", "Develop Weapons", {ResearchCommand: research}, on_enter=enter_develop_weapons, undo=False))
