"""The passive side's windows in a team turn: who is asked, who acts, when a window closes.

A rule system's ``[turns]`` may give the other side a window (``engine.teams.Window``)
once every teammate of the team to move has ended a phase: AARHE's Defensive Air Support
after Combat Move and Reinforcement after Noncombat Move (001 › Phase 3, "Defensive Air
Support (DAS)": "During your enemies' turn (your passive turn), after all combat moves
(including Air Missions) are declared you may then declare DAS"; › Phase 5,
"Reinforcement"). The window is a registered phase of its own (``engine.phases``: its
title, commands and offers); ``engine.game`` opens it and, when it closes, lets the team
go on. While it is open the state keeps an :class:`OpenWindow`: the passive powers still
to declare (``state.due``) and the one whose commands apply (``state.actor``).

A passive power is asked only when one of its units can take part or it may use a National
Advantage there (the window's offers name a move or an item) and its standing orders say
``passive: ask``; by default it passes
(``maps/aarhe/README.md``, ruling 89), so a team turn of an absent side never waits.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .combat.orders import orders_of
from .combat.strikes import launchable
from .errors import OutOfTurnError
from .events import Event, event
from .ids import PowerId
from .phases import Handler, phase_entry
from .prose import listing
from .state import GameState

if TYPE_CHECKING:
    from .commands import Command


@dataclass(frozen=True, slots=True)
class OpenWindow:
    """A passive window in progress: ``phase`` (a registered window phase), the powers still
    to declare in turn order, and the one whose commands apply now."""

    phase: str
    due: tuple[PowerId, ...]
    acting: PowerId


def commands_now(state: GameState) -> Mapping[type[Command], Handler]:
    """The commands taken now besides ``/done``, ``/undo``, ``/orders`` and ``/focus``: in an
    open window only the window's own (a power acting in another team's turn buys, places
    and reveals nothing there), else those of the phase in focus."""
    if state.window is not None:
        return phase_entry(state.window.phase).handlers
    return phase_entry(state.phase).taken(state.rules)


def acting_view(state: GameState, power: PowerId) -> GameState:
    """``state`` as ``power`` sees it while it acts in a window: the power to move for the
    movement code (``engine.movement.context``), the window unchanged."""
    return state.evolve(turn=power)


def able(state: GameState, phase: str, power: PowerId) -> bool:
    """Some unit of ``power`` could take part in the window ``phase`` now, or it could use an
    item there (its offers name a move or a National Advantage: ``engine.advantages_asked``),
    or launch a National Advantage's attacks there (``combat.strikes``)."""
    entry = phase_entry(phase).offers
    offers = entry(acting_view(state, power)) if entry is not None else None
    return (offers is not None and bool(offers.moves or offers.advantages)) or launchable(state, phase, power)


def open_window(state: GameState, phase: str) -> tuple[GameState, list[Event]]:
    """Open the window ``phase`` to the passive powers that can and want to act; the state
    has no window when none does (the event says why)."""
    rules = state.rules
    title = phase_entry(phase).title
    team = state.team
    passive = [p for p in rules.turn_order if p not in team]
    capable = [p for p in passive if able(state, phase, p)]
    asked = tuple(p for p in capable if orders_of(state, p)["passive"] == "ask")
    names = listing(rules.power_name(p) for p in asked)
    if asked:
        text = (f"{title}: {names} may act now ({'each ends' if len(asked) > 1 else 'it ends'} with /done; "
                f"{listing(rules.power_name(p) for p in team)} wait{'s' if len(team) == 1 else ''})."
                + "".join(_items_offered(state, phase, p) for p in asked))
        return (state.evolve(window=OpenWindow(phase, asked, asked[0])),
                [event("window", text, phase=phase, powers=[rules.power_name(p) for p in asked])])
    why = []
    passing = [rules.power_name(p) for p in capable]
    if passing:
        why.append(f"{listing(passing)} pass{'es' if len(passing) == 1 else ''} by standing orders "
                   "(/orders passive:ask to be asked)")
    idle = [rules.power_name(p) for p in passive if p not in capable]
    if idle:
        why.append(f"no unit of {listing(idle)} can take part")
    return state, [event("window", f"{title}: nobody is asked; {'; '.join(why)}.", phase=phase, powers=[])]


def _items_offered(state: GameState, phase: str, power: PowerId) -> str:
    """What National Advantages in force ``power`` may use in the window and where (they are
    known to all), as a sentence of the event opening it; empty where none."""
    entry = phase_entry(phase).offers
    offered = entry(acting_view(state, power)).advantages if entry is not None else ()
    if not offered:
        return ""
    items = state.rules.advantages
    uses = listing(f"{items.item(i).title()} in {state.board.name(s)}" for i, s in offered)
    return f" {state.rules.power_name(power)} may use {uses}: /advantage use:<item> at:<territory>."


def not_asked(state: GameState, power: PowerId) -> str:
    """Why ``power``, of the side whose window is open, is not due in it, for a refusal of
    its command."""
    window = state.window
    assert window is not None
    rules = state.rules
    name, title = rules.power_name(power), phase_entry(window.phase).title
    due = listing(rules.power_name(p) for p in window.due)
    if not able(state, window.phase, power):
        why = "none of its units can take part"
    elif orders_of(state, power)["passive"] == "ask":
        why = "it has ended its part"
    else:
        why = "its standing orders pass (/orders passive:ask to be asked from the next window)"
    return f"{name} is not asked in this {title}: {why}; {due} to act."


def focus(state: GameState, power: PowerId) -> GameState:
    """``state`` with ``power``'s part of the open window in focus.

    Raises:
        OutOfTurnError: ``power`` has nothing to do in the window (the message names who does).
    """
    window = state.window
    assert window is not None
    if power not in window.due:
        rules = state.rules
        raise OutOfTurnError(f"{rules.power_name(power)} has nothing to do now; due: "
                             f"{listing(rules.power_name(p) for p in window.due)} "
                             f"({phase_entry(window.phase).title}).", reason="focus.not_due")
    return state.evolve(window=replace(window, acting=power))


def end_part(state: GameState) -> tuple[GameState, list[Event]]:
    """``/done`` in a window: the acting power has declared; the window passes to the next
    power due, or closes (``state.window`` None) after the last."""
    window = state.window
    assert window is not None
    rules = state.rules
    title = phase_entry(window.phase).title
    left = tuple(p for p in window.due if p != window.acting)
    name = rules.power_name(window.acting)
    if left:
        return (state.evolve(window=replace(window, due=left, acting=left[0])),
                [event("window_done", f"{name} ends its {title}; {listing(rules.power_name(p) for p in left)} "
                       "still to act.", power=name, phase=window.phase)])
    return state.evolve(window=None), [event("window_done", f"{name} ends its {title}; the window closes.",
                                             power=name, phase=window.phase)]
