"""Applying commands: the one entry point that validates, changes state and reports.

``apply(state, command, dice)`` returns the new state and the events, or raises a
:class:`RulesError` and changes nothing. It checks the phase, dispatches to the rule
module for the command, keeps the ``/undo`` checkpoint, and runs the automatic steps
between phases (collect income, next power, end of round, victory check).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from . import limits, naval_repair
from . import turn as _turn  # noqa: F401  (registers the phases of the 1942 turn)
from .commands import Command, Done, Focus, Orders, Undo
from .control import capital_lost, missing_capital, settle_liberations
from .dice import SEALED_REVEAL, Dice, NoDice
from .docking import undock
from .errors import IllegalCommandError, OutOfTurnError, RulesError
from .events import Event, event
from .goals import after_turn
from .ids import PowerId
from .lanes import Lane, Waiting, focus, parked_text, passive_sides, swap
from .neutrals import starting_cooperation
from .passive import commands_now, end_part, open_window
from .phases import anytime, phase_entry, phase_title
from .prose import listing
from .ruleset import RuleSet
from .state import GameState, Unit, frozen, step_back
from .teams import Team
from .victory import check_victory


@dataclass(frozen=True, slots=True)
class Outcome:
    """What ``apply`` returns: the new state and what happened, in order."""

    state: GameState
    events: tuple[Event, ...]


def new_game(rules: RuleSet, options: Mapping[str, Any] | None = None) -> GameState:
    """The starting position: round 1, the first power's Purchase phase, of the rules the
    options make (``RuleSet.for_options``: an option may add units or developments)."""
    return opening(rules, options).state


def opening(rules: RuleSet, options: Mapping[str, Any] | None = None) -> Outcome:
    """The starting position with what the first turn's beginning did, for the channel (a
    first Collect Income where the game starts without money: AARHE, 001 › Game Sequence)."""
    resolved = rules.resolve_options(options)
    rules = rules.for_options(resolved)
    units: dict[int, Unit] = {}
    from .serial import units_from_counts

    spaces: dict[str, Any] = {}
    for p in rules.placements:
        entry = spaces.setdefault(rules.board.name(p.space), {"units": {}})
        entry["units"][rules.power_name(p.power)] = dict(p.units)
    units = units_from_counts(rules, spaces)
    owners = {sid: s.original for sid, s in rules.board.spaces.items()}
    team = rules.turns.teams(1)[0]
    state = GameState(
        rules=rules,
        round=1,
        turn=team[0],
        phase=rules.phases[0],
        treasury=frozen(dict(rules.treasury)),
        owners=frozen(owners),
        units=frozen(units),
        turn_start_owners=frozen(owners),
        options=frozen(resolved),
        tech=frozen(dict(rules.variant.tech)),
        cooperation=frozen(starting_cooperation(rules.board)),
        next_id=max(units, default=0) + 1,
    )
    state, events = _begin_team(state, team, [], NoDice())
    return Outcome(state, tuple(events))


class _CountingDice:
    """Wraps the dice so ``apply`` knows whether a command rolled (undo stops there)."""

    def __init__(self, inner: Dice) -> None:
        self.inner = inner
        self.rolled = 0

    def roll(self, count: int, purpose: str) -> list[int]:
        out = self.inner.roll(count, purpose)
        self.rolled += count
        return out

    def sealed(self, count: int, purpose: str) -> list[int]:
        out = self.inner.sealed(count, purpose)
        self.rolled += count
        return out


def apply(state: GameState, command: Command, dice: Dice) -> Outcome:
    """Apply one command.

    Raises:
        OutOfTurnError: the game is over or the command belongs to another phase.
        IllegalCommandError: the rules forbid it now (the message says why).
    """
    if state.is_over:
        raise OutOfTurnError(f"The game is over: the {state.winner} won.", reason="game.over")
    if isinstance(command, Undo):
        return _undo(state)
    if isinstance(command, Focus):
        return _focus(state, command.power)
    if isinstance(command, Orders):
        from .combat import set_orders

        new_state, events = set_orders(state, command, dice)
        return Outcome(new_state, tuple(events))
    counting = _CountingDice(dice)
    if isinstance(command, Done):
        new_state, events = end_phase(state, counting)
    else:
        handler = commands_now(state).get(type(command))
        if handler is None:
            raise _elsewhere(state, command)
        limits.check_before(state, command)
        new_state, events = handler(state, command, counting)
        limits.check_after(state, new_state, command)
    if new_state.lanes and new_state.turn != state.turn and not new_state.is_over:
        new_state = _keep_focus(new_state, state.turn)
    if (counting.rolled or new_state.phase != state.phase or new_state.turn != state.turn or new_state.is_over
            or _owner(new_state) != _owner(state) or any(e.type == SEALED_REVEAL for e in events)):
        # a revealed secret cannot be hidden again: like a roll, a reveal is where /undo stops;
        # nothing is taken back once the game is over
        new_state = new_state.evolve(checkpoint=_strip(new_state), since_checkpoint=(), back=None)
    else:
        from .notation import format_command

        if not _own_history(state):
            state = _strip(state)
        new_state = new_state.evolve(
            checkpoint=state.checkpoint if state.checkpoint is not None else _strip(state),
            since_checkpoint=(*state.since_checkpoint, format_command(command, state)),
            back=step_back(state, new_state),
        )
    return Outcome(new_state, tuple(events))


def _keep_focus(state: GameState, power: PowerId) -> GameState:
    """The teammate who gave the command stays in focus while it still plays its own phase
    (the team turn moved another teammate on, e.g. into Conduct Combat)."""
    lane = state.lanes.get(power)
    return swap(state, power) if lane is not None and lane.waiting is None and lane.chooser() is None else state


def _owner(state: GameState) -> PowerId:
    """Whose commands the ``/undo`` history holds: the passive power acting in a window,
    else the power in focus."""
    return state.window.acting if state.window is not None else state.turn


def _own_history(state: GameState) -> bool:
    """The commands ``/undo`` may take back are the focused power's own: in a team turn the
    history belongs to the teammate whose command made it, and a teammate's command starts
    a new one (``engine.lanes``), so undo never takes a teammate's moves back."""
    return state.checkpoint is None or _owner(state.checkpoint) == _owner(state)


def _focus(state: GameState, power: PowerId) -> Outcome:
    """``/focus``: the lane where ``power``'s input is due comes into focus (no dice, no undo
    step: the board does not change)."""
    if not state.lanes:
        raise IllegalCommandError(f"{state.rules.power_name(state.actor)} alone is to act now; there is "
                                  "nothing to focus on.", reason="focus.alone")
    from .summary import focus_text

    new = focus(state, power)
    return Outcome(new, (event("focus", focus_text(new), power=new.rules.power_name(new.actor),
                               phase=new.phase),))


def _elsewhere(state: GameState, command: Command) -> RulesError:
    """The refusal of a command the current phase does not take, naming where it belongs."""
    rules = state.rules
    everywhere = type(command) in anytime()
    windows = [phase_entry(p) for p in rules.turns.windows if type(command) in phase_entry(p).handlers]
    taking = [*(phase_entry(p) for p in rules.phases if phase_entry(p).accepts(command, rules)), *windows]
    later = {w.phase: w.after for w in rules.turns.passive}
    wanted = [*(("any phase of a power's own turn",) if everywhere and len(taking) > len(windows) else ()),
              *(e.title if e.id not in later else
                f"{e.title} (in the other team's turn, once it has ended {phase_title(rules, later[e.id])})"
                for e in taking if not everywhere or e in windows)]
    if not wanted:
        return IllegalCommandError(f"{command.name} is not a command of this game.", reason="command.unknown")
    if state.window is None and all(e.sits_out(rules) for e in taking) and missing_capital(state, state.turn):
        return capital_lost(state, command.name)
    now = (f"the {passive_sides(state)}' {phase_title(rules, state.window.phase)}, in the turn of "
           f"{listing(rules.power_name(p) for p in state.team)}" if state.window is not None
           else f"{phase_title(rules, state.phase)} of {rules.power_name(state.turn)}")
    return OutOfTurnError(f"/{command.name} belongs to {' or '.join(wanted)}; it is now {now}.",
                          reason="phase.wrong")


def _strip(state: GameState) -> GameState:
    return state.evolve(checkpoint=None, since_checkpoint=(), back=None)


def _undo(state: GameState) -> Outcome:
    """Step back to the state before the last command since the checkpoint; standing
    orders set since then stay (they are not commands of the phase)."""
    if not state.since_checkpoint or state.checkpoint is None:
        raise IllegalCommandError(
            "Nothing to undo: no command of this phase is left to take back since the last dice roll.",
            reason="undo.nothing",
        )
    if not _own_history(state):
        raise IllegalCommandError(
            f"Nothing to undo for {state.rules.power_name(_owner(state))}: "
            f"{state.rules.power_name(_owner(state.checkpoint))} acted after its last command, and /undo never "
            "takes back a teammate's command.", reason="undo.teammate")
    taken_back = state.since_checkpoint[-1]
    back = state.before
    if back is None:
        back = _replay_back(state.checkpoint, state)
    if back.orders != state.orders:
        back = back.evolve(orders=state.orders)
    return Outcome(back, (event("undo", f"Took back: {taken_back}", command=taken_back),))


def _replay_back(checkpoint: GameState, state: GameState) -> GameState:
    """The state before the last command since the checkpoint, by replaying the others
    from the checkpoint: for a state that does not know its ``before`` (one read from JSON
    without it). The replayed states know theirs, so later undos do not replay again."""
    from .notation import parse_command

    replay = checkpoint
    for text in state.since_checkpoint[:-1]:
        replay = apply(replay, parse_command(text, replay), NoDice()).state
    return replay


# -- phases ----------------------------------------------------------------------------

def end_phase(state: GameState, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/done``: finish the current phase's obligations (its ``on_end``) and move on; in a
    passive window, the acting power's part of it (the team goes on when it closes)."""
    events: list[Event] = []
    if state.window is not None:
        state, events = end_part(state)
        return (state, events) if state.window is not None else _resume(state, events, dice)
    on_end = phase_entry(state.phase).on_end
    if on_end is not None:
        state, events = on_end(state)
    return _advance(state, events, dice)


def _advance(state: GameState, events: list[Event], dice: Dice) -> tuple[GameState, list[Event]]:
    phases = state.rules.phases
    index = phases.index(state.phase)
    window = state.rules.turns.window_after(state.round, state.phase) if index + 1 < len(phases) else None
    if not state.lanes:
        if window is not None:
            return _passive(state.evolve(phase=phases[index + 1]), window.phase, events, dice)
        if index + 1 < len(phases):
            return _enter_phase(state, phases[index + 1], events, dice)
        return _next_turn(state, events, dice)
    if index + 1 == len(phases):
        return _settle(state, "done", events, dice)
    if window is not None:
        return _settle(state.evolve(phase=phases[index + 1]), "window", events, dice)
    if phases[index + 1] == _gate(state):
        return _settle(state.evolve(phase=phases[index + 1]), "gate", events, dice)
    state, events = _enter_phase(state, phases[index + 1], events, dice)
    return _settle(state, None, events, dice)


def _gate(state: GameState) -> str | None:
    gate = state.rules.turns.gate
    return gate if gate in state.rules.phases else None


def _settle(state: GameState, waiting: Waiting | None, events: list[Event],
            dice: Dice) -> tuple[GameState, list[Event]]:
    """After the lane in focus moved on (now ``waiting``, or playing when None): begin a
    teammate's first phase, open the gate phase to the next teammate in turn order once
    every teammate has reached it (001 › Round Sequence: Conduct Combat "cannot be
    performed until all players on the team has completed Combat Move"), end the team turn
    when every lane is done, and keep a playing lane in focus."""
    if state.is_over:
        return state, events
    team = state.rules.turns.team_of(state.round, state.turn)
    lanes = {**state.lanes, state.turn: Lane(state.phase, waiting)}
    phases = state.rules.phases
    starting = next((p for p in team if lanes[p].waiting == "start"), None)
    if starting is not None:
        state = swap(state, starting, waiting)
        state, events = _enter_phase(state, state.phase, events, dice)
        return _settle(state, None, events, dice)
    parked = [lane.waiting for lane in lanes.values()]
    if "window" in parked and all(w in ("window", "done") for w in parked):
        after = phases[phases.index(state.phase) - 1]
        window = state.rules.turns.window_after(state.round, after)
        assert window is not None, "a lane waits for a window only after a phase that has one"
        return _passive(state, window.phase, events, dice)
    gate = _gate(state)
    if gate is not None:
        at = phases.index(gate)
        fighting = any(lane.waiting is None and lane.phase == gate for lane in lanes.values())
        reached = all(lane.waiting in ("gate", "done") or phases.index(lane.phase) > at for lane in lanes.values())
        nxt = next((p for p in team if lanes[p].waiting == "gate"), None)
        if nxt is not None and reached and not fighting:
            state = swap(state, nxt, waiting)
            state, events = _enter_phase(state, gate, events, dice)
            return _settle(state, None, events, dice)
    if all(lane.waiting == "done" for lane in lanes.values()):
        return _next_turn(state, events, dice)
    if waiting is not None:
        events.append(_waits(state, waiting, [p for p in team if lanes[p].waiting is None]))
        state = swap(state, next(p for p in team if lanes[p].waiting is None), waiting)
    return state, events


def _passive(state: GameState, phase: str, events: list[Event], dice: Dice) -> tuple[GameState, list[Event]]:
    """Every teammate has ended the phase before ``phase``'s window (the lanes wait at the
    next phase, not begun): open it to the passive side, or go on at once when nobody there
    is asked (``engine.passive``)."""
    state, opened = open_window(state, phase)
    events.extend(opened)
    return (state, events) if state.window is not None else _resume(state, events, dice)


def _resume(state: GameState, events: list[Event], dice: Dice) -> tuple[GameState, list[Event]]:
    """The passive window closed: the team to move goes on. Each lane begins the phase it
    waited at (the gate phase one teammate after another, as ever)."""
    if not state.lanes:
        return _enter_phase(state, state.phase, events, dice)
    gate = _gate(state)

    def going_on(lane: Lane) -> Lane:
        return replace(lane, waiting="gate" if lane.phase == gate else "start") if lane.waiting == "window" else lane

    lanes = {p: going_on(lane) for p, lane in state.lanes.items()}
    return _settle(state.evolve(lanes=lanes), "gate" if state.phase == gate else "start", events, dice)


def _enter_phase(state: GameState, phase: str, events: list[Event], dice: Dice | None = None) -> tuple[GameState, list[Event]]:
    """Enter ``phase``: sit it out without a capital if the entry says so, run its
    ``on_enter``, and go straight on when that leaves nothing for a player to do."""
    state = state.evolve(phase=phase)
    entry = phase_entry(phase)
    name = state.rules.power_name(state.turn)
    missing = missing_capital(state, state.turn) if entry.sits_out(state.rules) else None
    if missing:
        events.append(event("skip", f"{name} skips {entry.title}: {missing}.", phase=phase))
        return _advance(state, events, dice or NoDice())
    if entry.on_enter is not None:
        state, entered, finished = entry.on_enter(state, dice or NoDice())
        events.extend(entered)
        if finished:
            return _advance(state, events, dice or NoDice())
    events.append(event("phase", f"{name}: {entry.title}.", power=name, phase=phase))
    return state, events


def _waits(state: GameState, waiting: Waiting, playing: list[PowerId]) -> Event:
    """What the lane that just stopped waits for, naming the teammates still playing."""
    rules = state.rules
    name, others = rules.power_name(state.turn), listing(rules.power_name(p) for p in playing)
    if waiting == "gate":
        phases = rules.phases
        ended = phase_title(rules, phases[phases.index(state.phase) - 1])
        text = (f"{name} has ended {ended}; its {phase_title(rules, state.phase)} waits until {others} "
                f"has ended {ended} too.")
    elif waiting == "window":
        text = parked_text(state, name, state.phase, others)
    else:
        text = f"{name} has ended its turn; {others} plays on."
    return event("wait", text, power=name, waiting=waiting)


def _next_turn(state: GameState, events: list[Event], dice: Dice) -> tuple[GameState, list[Event]]:
    """After a turn (a team's, where teammates play together): victory where the switch
    says, then the next team of the round, or round + 1 (after a special opening round,
    the normal rounds' teams: 001 › Round Sequence)."""
    state, drawn = after_turn(settle_liberations(state), dice)
    events.extend(drawn)
    teams = state.rules.turns.teams(state.round)
    index = next(i for i, t in enumerate(teams) if state.turn in t)
    round_ = state.round
    last = index + 1 == len(teams)
    if last or state.rules.switches.victory_check == "end_of_turn":
        state, won = check_victory(state)
        events.extend(won)
        if state.is_over:
            return state, events
    if last:
        round_ += 1
        team = state.rules.turns.teams(round_)[0]
    else:
        team = teams[index + 1]
    state = naval_repair.log_moves(state)
    fresh = {uid: u.fresh() for uid, u in state.units.items()}
    economy = state.economy.turn_ended(state.owners.get, set(teams[index]))
    state = state.evolve(round=round_, units=fresh, turn_start_owners=dict(state.owners), economy=economy,
                         purchased={}, combat=None, research=state.research if len(team) == 1 else None)
    names = [state.rules.power_name(p) for p in team]
    events.append(event("turn", f"Round {round_}: {listing(names)} to move.",
                        round=round_, power=names[0], powers=names))
    state, undocked = undock(state, team)
    events.extend(undocked)
    return _begin_team(state, team, events, dice)


def _begin_team(state: GameState, team: Team, events: list[Event], dice: Dice) -> tuple[GameState, list[Event]]:
    """The turn of ``team`` begins: each teammate enters the first phase, in turn order."""
    first = state.rules.phases[0]
    state = state.evolve(turn=team[0], phase=first, lanes={p: Lane(first, "start") for p in team[1:]})
    if len(team) == 1:
        return _enter_phase(state, first, events, dice)
    state, events = _settle(state, "start", events, dice)
    lead = state.lanes.get(team[0])
    if lead is not None and lead.waiting is None and state.turn in team:
        state = swap(state, team[0])
    return state, events


def concede(state: GameState, side: str) -> Outcome:
    """A side gives up; the other side wins."""
    other = "Allies" if side == "Axis" else "Axis"
    return Outcome(state.evolve(winner=other), (event("concede", f"The {side} concede; the {other} win.",
                                                      side=side, winner=other),))
