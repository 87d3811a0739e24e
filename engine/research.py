"""Develop Weapons: the phase Revised and Classic open their turn with.

003, Phase 1: "Develop Weapons Sequence 1. Choose a development 2. Buy research dice 3. Roll
research dice 4. Mark developments." One ``/research`` does all four: it names one
development ("You can choose only one development each turn"), pays 5 IPCs a die ("Each
research die you buy costs 5 IPCs"), rolls them at once ("Roll all your dice for the turn
(at the same time)") and breaks through if any die shows the development's number.

Classic reads the dice differently (``method = "table"`` in ``[technology]``): the power
pays for its dice and rolls them all at once (004 §4 item 01), each die showing the
``breakthrough`` number is a breakthrough, and one more die per breakthrough is read on the
die-face table (004 §17); a face naming a development the power already has is rolled
again (README of classic-3e). Every roll is a die of the game's dice, named by its purpose.

AARHE fills progress boxes instead (``method = "boxes"``, ``engine.research_boxes``): dice
bought in Purchase and free dice, assigned to developments, each low die a box.

A breakthrough counts from Mobilize New Units (``effect = "mobilize"``: 003, Phase 1, Step
4), when it joins the power's ``tech``, or at once (``"immediate"``: 004 §4 item 02, "all
of your present units of that type are immediately improved").
"""

from __future__ import annotations

from . import research_boxes, research_share
from .commands import Research as ResearchCommand
from .commands import Share
from .dice import Dice
from .errors import IllegalCommandError
from .events import Event, event
from .ids import PowerId
from .phases import Entered, Phase, register_phase
from .prose import possessive
from .state import GameState
from .technology import Development, Research


def research(state: GameState, cmd: ResearchCommand, dice: Dice) -> tuple[GameState, list[Event]]:
    """Buy ``cmd.dice`` research dice (for ``cmd.development`` where the player chooses)
    and roll them."""
    rules, power = state.rules, state.turn
    name, tech = rules.power_name(power), rules.technology
    if tech.method == "boxes":
        state, events, completed = research_boxes.assign(state, cmd, dice)
        state, now = _in_effect(state, power, completed)
        return state, events + now
    done = state.research
    if done is not None and done.power == power:
        raise IllegalCommandError(
            f"{name} has rolled its research dice this turn; all are bought and rolled at once (004 §4 item 01)."
            if done.development is None else
            f"{name} has researched {tech.development(done.development).name} this turn; one development a turn "
            "(003, Phase 1, Step 1).", reason="research.once")
    chosen = _chosen(state, power, cmd.development)
    if cmd.dice < 1:
        raise IllegalCommandError("Buy at least 1 research die.", reason="research.no_dice")
    cost, have = cmd.dice * tech.die_cost, state.treasury.get(power, 0)
    if cost > have:
        raise IllegalCommandError(f"{cmd.dice} research dice cost {cost} IPCs; {name} has {have}.",
                                  reason="research.too_expensive")
    if chosen is not None:
        faces = tuple(dice.roll(cmd.dice, f"{name} research {chosen.name} @{chosen.roll}"))
        gained: tuple[str, ...] = (chosen.id,) if chosen.roll in faces else ()
        table: list[Event] = []
    else:
        faces = tuple(dice.roll(cmd.dice, f"{name} research @{tech.breakthrough}"))
        gained, table = _read_table(state, power, faces.count(tech.breakthrough), dice)
    treasury = dict(state.treasury)
    treasury[power] = have - cost
    record = Research(power, None if chosen is None else chosen.id, cmd.dice, faces, bool(gained), gained)
    state = state.evolve(treasury=treasury, research=record)
    bought = (f"{name} buys {cmd.dice} research {'die' if cmd.dice == 1 else 'dice'}"
              + (f" for {chosen.name}" if chosen else "") + f" ({cost} IPCs, {have - cost} left) "
              f"and rolls {', '.join(map(str, faces))}: {_result(state, chosen, gained)}.")
    events = [event("research", bought, power=name, development=record.development, dice=cmd.dice, cost=cost,
                    faces=list(faces), breakthrough=bool(gained), gained=list(gained), treasury=have - cost),
              *table]
    if tech.effect == "immediate":
        state, now = _in_effect(state, power, gained)
        events += now
    return state, events


def _chosen(state: GameState, power: PowerId, development: str | None) -> Development | None:
    """The development the player names where the rules let it choose (refusing a name where
    the table decides, and a development already had); None under the table."""
    rules, name = state.rules, state.rules.power_name(state.turn)
    tech, had = rules.technology, state.tech.get(power, ())
    if tech.method == "table":
        if development is not None:
            raise IllegalCommandError(
                f"In {rules.name} the die-face table picks the development: buy dice only, e.g. /research dice:2 "
                "(004 §4 item 01, §17).", reason="research.table_picks")
        if all(d.id in had for d in tech.developments):
            raise IllegalCommandError(f"{name} has every development already.", reason="research.known")
        return None
    if development is None:
        raise IllegalCommandError("Name the development you research, e.g. /research tech:jets dice:2 "
                                  "(003, Phase 1, Step 1: choose one development).", reason="research.choose")
    dev = tech.development(development)
    if dev.id in had:
        raise IllegalCommandError(f"{name} already has {dev.name}.", reason="research.known")
    return dev


def _read_table(state: GameState, power: PowerId, breakthroughs: int, dice: Dice) -> tuple[tuple[str, ...], list[Event]]:
    """One die on the die-face table per breakthrough, rolled again while it names a
    development the power has (or gained from an earlier die of this roll); with every
    development had, the remaining breakthroughs give nothing."""
    tech, name = state.rules.technology, state.rules.power_name(power)
    had, gained, events = set(state.tech.get(power, ())), [], []
    for n in range(1, breakthroughs + 1):
        while len(had) < len(tech.developments):
            face = dice.roll(1, f"{name} breakthrough {n} on the development table")[0]
            dev = tech.on_face(face)
            if dev.id not in had:
                had.add(dev.id)
                gained.append(dev.id)
                events.append(event("breakthrough", f"{possessive(name)} breakthrough {n}: {face} on the development table "
                                    f"is {dev.name}.", power=name, face=face, development=dev.id))
                break
            events.append(event("breakthrough", f"{possessive(name)} breakthrough {n}: {face} on the development table is "
                                f"{dev.name}, which {name} has; it rolls again.", power=name, face=face,
                                development=None))
    return tuple(gained), events


def _result(state: GameState, chosen: Development | None, gained: tuple[str, ...]) -> str:
    tech = state.rules.technology
    if not gained:
        return f"no {chosen.roll if chosen else tech.breakthrough}, no breakthrough"
    if tech.effect == "immediate":
        return "breakthrough, in effect at once"
    return "breakthrough, in effect from Mobilize New Units"


def enter_develop_weapons(state: GameState, dice: Dice) -> Entered:
    """With less than one die's price in the treasury there is nothing to do here (where
    research fills boxes: with no die due or nothing left to research)."""
    tech = state.rules.technology
    if tech.method == "boxes":
        return research_boxes.enter(state)
    if state.treasury.get(state.turn, 0) >= tech.die_cost:
        return state, [], False
    name = state.rules.power_name(state.turn)
    return state, [event("skip", f"{name} cannot buy a research die ({tech.die_cost} IPCs).",
                         phase="develop_weapons")], True


def _in_effect(state: GameState, power: PowerId, gained: tuple[str, ...]) -> tuple[GameState, list[Event]]:
    """``gained`` joins the power's developments: its units of the type are improved from
    now on, those already on the board included (the hooks read ``tech``)."""
    new = tuple(d for d in gained if d not in state.tech.get(power, ()))
    if not new:
        return state, []
    tech = dict(state.tech)
    tech[power] = (*tech.get(power, ()), *new)
    name = state.rules.power_name(power)
    return state.evolve(tech=tech), [
        event("development", f"{name} now has {state.rules.technology.development(d).name}.", power=name,
              development=d) for d in new]


def take_effect(state: GameState, dice: Dice) -> Entered:
    """Mobilize New Units begins: this turn's breakthrough is in effect from now on
    (003, Phase 1, Step 4). Nothing happens in a rule system without research, or where
    breakthroughs took effect at once."""
    r = state.research
    if r is None or r.power != state.turn:
        return state, [], False
    state, events = _in_effect(state, r.power, r.gained)
    return state, events, False


def end_develop_weapons(state: GameState) -> tuple[GameState, list[Event]]:
    """``/done``: where research fills boxes, dice left unassigned are not rolled."""
    if state.rules.technology.method == "boxes":
        return research_boxes.leave(state)
    return state, []


DEVELOP_WEAPONS = register_phase(Phase(
    "develop_weapons", "Develop Weapons", {ResearchCommand: research}, on_enter=enter_develop_weapons,
    on_end=end_develop_weapons, optional={Share: research_share.share}))
