"""Team turns: each teammate's own place in the turn, and which power is in focus.

In a team turn (``engine.teams``) every teammate plays its own phases at its own pace.
The state keeps the power in focus as ``turn`` (every phase handler acts for
``state.turn``, exactly as in a turn of one power) and each other teammate's own "lane"
in ``state.lanes``: its phase, purchases, research result and battles. :func:`focus`
swaps lanes; the board, treasuries and standing orders are shared. ``/undo`` history
belongs to the teammate whose command made it (``engine.game``), so focusing never takes
a teammate's moves back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import OutOfTurnError
from .ids import PowerId, UnitKind
from .phases import phase_title
from .prose import listing, possessive
from .state import GameState
from .technology import Research

Waiting = Literal["start", "gate", "window", "done"]
"""Why a lane waits: ``start``, its phase not begun yet (the team turn is starting, or the
passive side's window before it just closed); ``gate``, it ended the phase before the gate
and waits for every teammate (or its turn to play the gate phase); ``window``, it ended a
phase after which the other side has a window (``engine.passive``) and waits for every
teammate and that window; ``done``, it ended its last phase. None: it is playing its phase."""


@dataclass(frozen=True, slots=True)
class Lane:
    """A teammate's own part of the turn, kept while another teammate is in focus."""

    phase: str
    waiting: Waiting | None = None
    purchased: Mapping[UnitKind, int] = field(default_factory=dict)
    research: Research | None = None
    combat: Any = None
    """Its Conduct Combat phase in progress (``engine.combat``), or None."""

    def chooser(self) -> PowerId | None:
        """The power whose input this lane waits for: a battle's chooser, else its own power
        (None: the lane is waiting, nobody's input is due in it)."""
        if self.waiting is not None:
            return None
        chosen = self.combat.chooser() if self.combat is not None else None
        return PowerId(chosen) if chosen is not None else None


def swap(state: GameState, power: PowerId, waiting: Waiting | None = None) -> GameState:
    """``state`` with ``power``'s lane in focus; the lane that was in focus is kept with
    ``waiting``. Focusing the power already in focus changes nothing."""
    if power == state.turn:
        return state
    lanes = dict(state.lanes)
    lane = lanes.pop(power)
    lanes[state.turn] = Lane(state.phase, waiting, state.purchased, state.research, state.combat)
    return state.evolve(turn=power, phase=lane.phase, purchased=lane.purchased, research=lane.research,
                        combat=lane.combat, lanes=lanes)


def due(state: GameState) -> dict[PowerId, PowerId]:
    """Every power whose input is due now, in turn order, each with the teammate whose lane
    it acts in (a defender choosing casualties acts in the attacker's lane)."""
    if state.is_over:
        return {}
    out: dict[PowerId, PowerId] = {}
    for power in state.rules.turns.team_of(state.round, state.turn):
        if power == state.turn:
            out.setdefault(state.actor, power)
            continue
        lane = state.lanes[power]
        if lane.waiting is None:
            out.setdefault(lane.chooser() or power, power)
    return out


def focus(state: GameState, power: PowerId) -> GameState:
    """``state`` with the lane in focus where ``power``'s input is due.

    Raises:
        OutOfTurnError: nothing is due from ``power`` now (the message names who is due).
    """
    if state.window is not None:
        from .passive import focus as window_focus

        return window_focus(state, power)
    lanes = due(state)
    if power not in lanes:
        names = listing(state.rules.power_name(p) for p in lanes)
        raise OutOfTurnError(f"{state.rules.power_name(power)} has nothing to do now; due: {names}.",
                             reason="focus.not_due")
    return swap(state, lanes[power])


def waiting_for(state: GameState, power: PowerId) -> str | None:
    """Why ``power``, a teammate in this team turn (or a power of the side whose passive
    window is open), has nothing to do now, for a refusal of its command (001 › Round
    Sequence: Conduct Combat "cannot be performed until all players on the team has
    completed 'Combat Move'"; teammates fight one after another, README of maps/aarhe,
    ruling 36); None when it is playing or not in this team turn."""
    rules = state.rules
    name = rules.power_name(power)
    if state.window is not None and power in state.team:
        return (f"{name} waits for the {passive_sides(state)}' {window_title(state)}: "
                f"{listing(rules.power_name(p) for p in state.window.due)} to act.")
    if state.window is not None and power not in state.window.due:
        from .passive import not_asked

        return not_asked(state, power)
    lane = state.lanes.get(power)
    if lane is None or lane.waiting is None or power == state.turn:
        return None
    playing = [p for p in rules.turns.team_of(state.round, state.turn)
               if p == state.turn or (p in state.lanes and state.lanes[p].waiting is None)]
    others = listing(rules.power_name(p) for p in playing)
    if lane.waiting == "done":
        return f"{name} has ended its turn; {others} plays on."
    if lane.waiting == "start":
        return f"{possessive(name)} turn has not begun yet; {others} plays first."
    gate = phase_title(rules, lane.phase)
    phases = rules.phases
    ended = phase_title(rules, phases[phases.index(lane.phase) - 1])
    if lane.waiting == "window":
        return parked_text(state, name, lane.phase, others)
    if any(phases.index(_phase_of(state, p)) < phases.index(lane.phase) for p in playing):
        return f"{name} has ended {ended}; its {gate} waits until {others} has ended {ended} too."
    fighting = listing(rules.power_name(p) for p in playing if _phase_of(state, p) == lane.phase)
    return (f"{possessive(name)} {gate} comes after {possessive(fighting)}: teammates fight one after another, so it begins "
            f"when {fighting} has ended {gate}.")


def windows_ahead(state: GameState, power: PowerId) -> str | None:
    """When ``power``, of a side not moving in this team turn, acts in it: the passive
    windows still to come, for a refusal of its command before then (001 › Phase 3, DAS:
    "after all combat moves ... are declared you may then declare DAS"; › Phase 5; README
    of maps/aarhe, rulings 87 and 89); None where no window is ahead for it."""
    from .combat.orders import orders_of
    from .phases import phase_entry

    rules = state.rules
    if not rules.turns.passive or state.window is not None or power in state.team or state.is_over:
        return None
    phases = rules.phases
    behind = min(phases.index(_phase_of(state, p)) for p in state.team)
    coming = [w for w in rules.turns.passive if rules.turns.window_after(state.round, w.after) is not None
              and phases.index(w.after) >= behind]
    if not coming:
        return None
    team = listing(rules.power_name(p) for p in state.team)
    several = len(state.team) > 1
    first, later = (f"{team} have", "they have") if several else (f"{team} has", "it has")
    whens = [f"{phase_entry(w.phase).title}, once {first if i == 0 else later} ended {phase_title(rules, w.after)}"
             for i, w in enumerate(coming)]
    asked = "" if orders_of(state, power)["passive"] == "ask" else " if asked (/orders passive:ask)"
    return f"{rules.power_name(power)} acts in this turn{asked} in {', and in '.join(whens)}."


def passive_sides(state: GameState) -> str:
    """The sides not moving in this turn, by name ("Allies")."""
    rules = state.rules
    return listing(dict.fromkeys(rules.board.side_of(p) for p in rules.turn_order if p not in state.team))


def window_title(state: GameState) -> str:
    """The title of the passive window in progress."""
    from .phases import phase_entry

    assert state.window is not None
    return phase_entry(state.window.phase).title


def parked_text(state: GameState, name: str, phase: str, others: str) -> str:
    """Why ``name``'s ``phase`` waits: a teammate has not ended the phase before it, after
    which the other side has a window (``engine.passive``)."""
    rules = state.rules
    phases = rules.phases
    after = phases[phases.index(phase) - 1]
    window = rules.turns.window_after(state.round, after)
    ended = phase_title(rules, after)
    sides = passive_sides(state)
    then = f", and then for the {sides}' {phase_title(rules, window.phase)}" if window is not None else ""
    return (f"{name} has ended {ended}; its {phase_title(rules, phase)} waits until {others} has ended "
            f"{ended} too{then}.")


def _phase_of(state: GameState, power: PowerId) -> str:
    """The phase ``power`` is playing in this team turn."""
    return state.phase if power == state.turn else state.lanes[power].phase
