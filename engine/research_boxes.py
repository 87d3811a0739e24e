"""Research by progress boxes (``method = "boxes"`` in ``[technology]``): AARHE's research.

001 › Purchase Developments: "Each purchasable die costs 5 IPC", up to the power's
"Purchasable" count, besides its "Free Dice". 001 › Phase 7: Develop Weapons: "Assign all
free and purchased dice to technologies before rolling. Each die hits on a 2 or less. Tick
off one progress box for each hit." A technology whose boxes are all filled is in effect
at once ("Technologies researched are effective immediately").

Dice are bought with ``/research dice:N`` in Purchase (an optional command of that phase,
listed in the rule system's ``commands``), and assigned in Develop Weapons with
``/research tech:<development> dice:N``; once every die is assigned they are rolled together,
one roll per development. Each power's dice of the round are its ``Lab`` in the state's
``labs``, so teammates acting at once keep their own.
"""

from __future__ import annotations

from dataclasses import replace

from .commands import Research as ResearchCommand
from .control import holds_capital
from .dice import Dice
from .errors import IllegalCommandError
from .events import Event, event
from .ids import PowerId
from .prose import possessive
from .state import GameState
from .technology import Development, Lab

SOURCE = "001 › Phase 7: Develop Weapons"


def lab(state: GameState, power: PowerId) -> Lab:
    """``power``'s research dice of this round (none bought or assigned yet in a new round)."""
    mine = state.labs.get(power)
    return mine if mine is not None and mine.round == state.round else Lab(state.round)


def dice_due(state: GameState, power: PowerId) -> int:
    """All the dice ``power`` rolls this round: its free dice and those it bought."""
    return state.rules.technology.dice_of(power).free + lab(state, power).bought


def open_developments(state: GameState, power: PowerId) -> list[Development]:
    """The developments ``power`` has not completed."""
    tech = state.rules.technology
    return [d for d in tech.developments if tech.filled(state.progress, power, d.id) < d.boxes]


def buy_dice(state: GameState, cmd: ResearchCommand, dice: Dice) -> tuple[GameState, list[Event]]:
    """Purchase: buy ``cmd.dice`` research dice at the die price, within the power's
    purchasable count for the turn (001 › Purchase Developments)."""
    rules, power = state.rules, state.turn
    name, tech = rules.power_name(power), rules.technology
    if cmd.development is not None:
        raise IllegalCommandError(
            f"In {rules.name} research dice are bought in Purchase and assigned to technologies in Develop "
            f"Weapons: buy them now with /research dice:{cmd.dice} ({SOURCE}: \"Assign all free and purchased "
            "dice ... before rolling\").", reason="research.assign_later")
    if not holds_capital(state, power):
        raise IllegalCommandError(f"{name} skips Develop Weapons while its capital is in enemy hands, so research "
                                  "dice bought now would never roll (001 › Turn Sequence).", reason="research.no_capital")
    mine, most = lab(state, power), tech.dice_of(power).purchasable
    if cmd.dice < 1:
        raise IllegalCommandError("Buy at least 1 research die.", reason="research.no_dice")
    if mine.bought + cmd.dice > most:
        already = f" and has bought {mine.bought}" if mine.bought else ""
        raise IllegalCommandError(
            f"{name} may buy at most {most} research {'die' if most == 1 else 'dice'} a turn{already}; you asked for "
            f"{cmd.dice}{' more' if mine.bought else ''} (001 › Purchase Developments).", reason="research.too_many")
    cost, have = cmd.dice * tech.die_cost, state.treasury.get(power, 0)
    if cost > have:
        raise IllegalCommandError(f"{cmd.dice} research dice cost {cost} IPCs; {name} has {have}.",
                                  reason="research.too_expensive")
    treasury = dict(state.treasury)
    treasury[power] = have - cost
    labs = dict(state.labs)
    labs[power] = replace(mine, bought=mine.bought + cmd.dice)
    state = state.evolve(treasury=treasury, labs=labs)
    due = dice_due(state, power)
    return state, [event(
        "research_dice", f"{name} buys {_dice(cmd.dice)} ({cost} IPCs, {have - cost} left); with its free dice it "
        f"rolls {_dice(due)} in Develop Weapons.", power=name, dice=cmd.dice, cost=cost, treasury=have - cost,
        due=due)]


def assign(state: GameState, cmd: ResearchCommand, dice: Dice) -> tuple[GameState, list[Event], tuple[str, ...]]:
    """Develop Weapons: put ``cmd.dice`` of this round's dice on one development; when the
    last die is assigned, all are rolled, each hit filling a box (001 › Phase 7). Returns
    the developments completed too."""
    rules, power = state.rules, state.turn
    name, tech = rules.power_name(power), rules.technology
    mine, due = lab(state, power), dice_due(state, power)
    if mine.rolled:
        raise IllegalCommandError(f"{name} has rolled its research dice this turn.", reason="research.once")
    if cmd.development is None:
        raise IllegalCommandError(f"Name the technology the dice go to, e.g. /research tech:\"{_example(state)}\" "
                                  f"dice:{due - mine.used} ({SOURCE}: assign all dice before rolling).",
                                  reason="research.choose")
    dev = tech.development(cmd.development)
    filled = tech.filled(state.progress, power, dev.id)
    if filled >= dev.boxes:
        raise IllegalCommandError(f"{name} has completed {dev.name} ({dev.boxes} of {dev.boxes} boxes).",
                                  reason="research.known")
    left = due - mine.used
    if not 1 <= cmd.dice <= left:
        raise IllegalCommandError(
            f"{name} has {_dice(left)} left to assign this turn" + (f" ({_dice(due)} in all: free ones and those "
                                                                  "bought in Purchase)" if due else "")
            + f"; you asked for {cmd.dice}.", reason="research.too_many")
    assigned = dict(mine.assigned)
    assigned[dev.id] = assigned.get(dev.id, 0) + cmd.dice
    mine = replace(mine, assigned=tuple(assigned.items()))
    labs = dict(state.labs)
    labs[power] = mine
    state = state.evolve(labs=labs)
    if mine.used < due:
        return state, [event("research_assign", f"{name} assigns {_dice(cmd.dice)} to {dev.name} ({filled} of "
                             f"{dev.boxes} boxes); {_dice(due - mine.used)} left to assign. All roll together once "
                             "the last is assigned.", power=name, development=dev.id, dice=cmd.dice,
                             left=due - mine.used)], ()
    return _roll(state, power, mine, dice)


def _roll(state: GameState, power: PowerId, mine: Lab, dice: Dice) -> tuple[GameState, list[Event], tuple[str, ...]]:
    """Roll every assigned die, one roll per development, and fill a box per hit; a
    development whose last box fills is in effect at once."""
    tech, name = state.rules.technology, state.rules.power_name(power)
    progress = {p: dict(b) for p, b in state.progress.items()}
    mine_progress = progress.setdefault(power, {})
    events: list[Event] = []
    gained: list[str] = []
    for dev_id, n in mine.assigned:
        dev = tech.development(dev_id)
        faces = dice.roll(n, f"{name} research {dev.name} @{tech.hit}")
        before = tech.filled(state.progress, power, dev_id)
        hits = sum(1 for f in faces if f <= tech.hit)
        after = min(dev.boxes, before + hits)
        mine_progress[dev_id] = after
        done = after >= dev.boxes
        if done:
            gained.append(dev_id)
        events.append(event(
            "research_roll", f"{name} rolls {_dice(n)} for {dev.name}: {', '.join(map(str, faces))}: {_hits(hits)}, "
            f"{after} of {dev.boxes} boxes" + (f"; {dev.name} is complete, in effect at once." if done else "."),
            power=name, development=dev_id, dice=n, faces=list(faces), hits=hits, boxes=after, of=dev.boxes,
            complete=done))
    labs = dict(state.labs)
    labs[power] = replace(mine, rolled=True)
    return state.evolve(progress={p: dict(b) for p, b in progress.items()}, labs=labs), events, tuple(gained)


def enter(state: GameState) -> tuple[GameState, list[Event], bool]:
    """Develop Weapons begins: say how many dice are due, or move on when there are none
    or nothing is left to research."""
    power = state.turn
    name, due = state.rules.power_name(power), dice_due(state, power)
    if due == 0 or not open_developments(state, power):
        why = "has no research dice this turn" if due == 0 else "has completed every technology"
        return state, [event("skip", f"{name} {why}.", phase="develop_weapons")], True
    return state, [event("research_due", f"{name} has {_dice(due)} to assign: /research tech:<technology> dice:<n>; "
                         "they roll together once all are assigned.", power=name, dice=due)], False


def leave(state: GameState) -> tuple[GameState, list[Event]]:
    """``/done`` in Develop Weapons: dice not rolled by now are lost, since dice roll only
    once all are assigned (001 › Phase 7)."""
    power = state.turn
    mine, due = lab(state, power), dice_due(state, power)
    if mine.rolled or due == 0:
        return state, []
    name = state.rules.power_name(power)
    return state, [event("research_unrolled", f"{name} ends Develop Weapons with {_dice(due - mine.used)} of "
                         f"{due} unassigned: its research dice are not rolled this turn.", power=name, dice=due)]


def _example(state: GameState) -> str:
    open_ = open_developments(state, state.turn)
    return open_[0].name if open_ else "technology"


def _dice(n: int) -> str:
    return f"{n} research {'die' if n == 1 else 'dice'}"


def _hits(n: int) -> str:
    return "no hit" if n == 0 else f"{n} {'hit' if n == 1 else 'hits'}"


def progress_lines(state: GameState) -> list[str]:
    """For ``/game status``: each power's boxes filled in the developments it has started,
    and the dice of the power to move this round, of each teammate in a team turn (none where
    research does not fill boxes)."""
    rules = state.rules
    tech = rules.technology
    if tech.method != "boxes":
        return []
    parts = []
    for power in rules.powers:
        had = state.tech.get(power, ())
        started = [(d, tech.filled(state.progress, power, d.id)) for d in tech.developments]
        shown_ = [f"{d.name} {n}/{d.boxes}" + (" (complete)" if d.id in had else " (from next turn)" if n >= d.boxes
                                                else "") for d, n in started if n]
        parts.append(f"{rules.power_name(power)}: {', '.join(shown_) if shown_ else 'none'}")
    lines = [f"Research boxes filled: {'; '.join(parts)}."]
    for power in (state.team if state.lanes else (state.turn,)):    # teammates playing at once: each
        mine = lab(state, power)
        lines.append(f"{possessive(rules.power_name(power))} research dice this round: {tech.dice_of(power).free} free, "
                     f"{mine.bought} bought (at most {tech.dice_of(power).purchasable}), "
                     + ("rolled." if mine.rolled else f"{mine.used} assigned."))
    return lines
