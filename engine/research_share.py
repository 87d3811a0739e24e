"""Passing progress boxes between allies, where research fills boxes.

001 › Phase 7, Technology Deployment: "One progress box of a minor technology (3 or less
progress boxes) may be selected for transfer between US/UK and Germany/Italy/Japan per
direction per turn. Note the sender do not lose the progress box. Transferred technologies
are effective from beginning of the receivers' next turn." The groups and what counts as
minor are data (``share`` in ``[technology]``). ``/share`` in Develop Weapons ticks the box
at once; a technology it completes joins the receiver's developments when the receiver's
next turn begins (:func:`receive`, from Collect Income on).
"""

from __future__ import annotations

from dataclasses import replace

from .commands import Share
from .dice import Dice
from .errors import IllegalCommandError
from .events import Event, event
from .ids import PowerId
from .phases import Entered
from .prose import possessive
from .research_boxes import lab
from .state import GameState

SOURCE = "001 › Phase 7, Technology Deployment"


def share(state: GameState, cmd: Share, dice: Dice) -> tuple[GameState, list[Event]]:
    """Pass one box of ``cmd.development`` to ``cmd.power``: a partner of the giver, a minor
    technology, once a turn to each partner, a box the giver has and the taker lacks."""
    rules, giver, taker = state.rules, state.turn, cmd.power
    tech, name, to = rules.technology, rules.power_name(state.turn), rules.power_name(cmd.power)
    dev = tech.development(cmd.development)
    if not tech.partners(giver, taker):
        raise IllegalCommandError(f"{name} cannot pass progress boxes to {to}: boxes pass only between "
                                  f"{_groups(state)} ({SOURCE}).", reason="share.not_partner")
    if dev.boxes > tech.minor_boxes:
        raise IllegalCommandError(f"{dev.name} has {dev.boxes} progress boxes; only a minor technology "
                                  f"({tech.minor_boxes} boxes or fewer) passes to an ally ({SOURCE}).",
                                  reason="share.not_minor")
    mine = lab(state, giver)
    if taker in mine.shared:
        raise IllegalCommandError(f"{name} has passed a progress box to {to} this turn; one a turn each way "
                                  f"({SOURCE}: \"per direction per turn\").", reason="share.once")
    have, lacks = tech.filled(state.progress, giver, dev.id), tech.filled(state.progress, taker, dev.id)
    if lacks >= dev.boxes or have <= lacks:
        raise IllegalCommandError(f"{name} has {have} of {possessive(dev.name)} {dev.boxes} boxes and {to} {lacks}: "
                                  f"{name} has no box to pass that {to} lacks.", reason="share.no_box")
    progress = {p: dict(b) for p, b in state.progress.items()}
    progress.setdefault(taker, {})[dev.id] = lacks + 1
    labs = dict(state.labs)
    labs[giver] = replace(mine, shared=(*mine.shared, taker))
    done = lacks + 1 >= dev.boxes
    text = (f"{name} passes {'an' if dev.name[0] in 'AEIOU' else 'a'} {dev.name} box to {to} ({lacks + 1} of {dev.boxes}" +
            (f"; complete, in effect from the beginning of {possessive(to)} next turn)." if done else ")."))
    return state.evolve(progress={p: dict(b) for p, b in progress.items()}, labs=labs), [
        event("share", text, power=name, to=to, development=dev.id, boxes=lacks + 1, complete=done)]


def receive(state: GameState, dice: Dice) -> Entered:
    """A power's turn begins: technologies whose boxes a partner's box filled join its
    developments now ("effective from beginning of the receivers' next turn")."""
    tech, power = state.rules.technology, state.turn
    had = state.tech.get(power, ())
    new = tuple(d.id for d in tech.developments if tech.share_groups and d.id not in had
                and tech.filled(state.progress, power, d.id) >= d.boxes)
    if not new:
        return state, [], False
    techs = dict(state.tech)
    techs[power] = (*had, *new)
    name = state.rules.power_name(power)
    return state.evolve(tech=techs), [event("development", f"{name} now has {tech.development(d).name}, from an "
                                            "ally's progress box.", power=name, development=d, shared=True) for d in new], False


def _groups(state: GameState) -> str:
    name = state.rules.power_name
    return " and between ".join("/".join(name(PowerId(p)) for p in g) for g in state.rules.technology.share_groups)
