"""Applying commands: the one entry point that validates, changes state and reports.

``apply(state, command, dice)`` returns the new state and the events, or raises a
:class:`RulesError` and changes nothing. It checks the phase, dispatches to the rule
module for the command, keeps the ``/undo`` checkpoint, and runs the automatic steps
between phases (collect income, next power, end of round, victory check).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import limits
from . import turn as _turn  # noqa: F401  (registers the phases of the 1942 turn)
from .commands import Command, Done, Orders, Undo
from .control import capital_lost, holds_capital, settle_liberations
from .dice import Dice, NoDice
from .errors import IllegalCommandError, OutOfTurnError, RulesError
from .events import Event, event
from .phases import phase_entry, phase_title
from .ruleset import RuleSet
from .state import GameState, Unit, frozen, step_back


@dataclass(frozen=True, slots=True)
class Outcome:
    """What ``apply`` returns: the new state and what happened, in order."""

    state: GameState
    events: tuple[Event, ...]


def new_game(rules: RuleSet, options: Mapping[str, Any] | None = None) -> GameState:
    """The starting position: round 1, the first power's Purchase phase, of the rules the
    options make (``RuleSet.for_options``: an option may add units or developments)."""
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
    first = rules.turn_order[0]
    state = GameState(
        rules=rules,
        round=1,
        turn=first,
        phase=rules.phases[0],
        treasury=frozen(dict(rules.treasury)),
        owners=frozen(owners),
        units=frozen(units),
        turn_start_owners=frozen(owners),
        options=frozen(resolved),
        tech=frozen(dict(rules.variant.tech)),
        next_id=max(units, default=0) + 1,
    )
    return _enter_phase(state, state.phase, [])[0]


class _CountingDice:
    """Wraps the dice so ``apply`` knows whether a command rolled (undo stops there)."""

    def __init__(self, inner: Dice) -> None:
        self.inner = inner
        self.rolled = 0

    def roll(self, count: int, purpose: str) -> list[int]:
        out = self.inner.roll(count, purpose)
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
    if isinstance(command, Orders):
        from .combat import set_orders

        new_state, events = set_orders(state, command, dice)
        return Outcome(new_state, tuple(events))
    counting = _CountingDice(dice)
    if isinstance(command, Done):
        new_state, events = end_phase(state, counting)
    else:
        handler = phase_entry(state.phase).taken(state.rules).get(type(command))
        if handler is None:
            raise _elsewhere(state, command)
        limits.check_before(state, command)
        new_state, events = handler(state, command, counting)
        limits.check_after(state, new_state, command)
    if counting.rolled or new_state.phase != state.phase or new_state.turn != state.turn:
        new_state = new_state.evolve(checkpoint=_strip(new_state), since_checkpoint=(), back=None)
    else:
        from .notation import format_command

        new_state = new_state.evolve(
            checkpoint=state.checkpoint if state.checkpoint is not None else _strip(state),
            since_checkpoint=(*state.since_checkpoint, format_command(command, state)),
            back=step_back(state, new_state),
        )
    return Outcome(new_state, tuple(events))


def _elsewhere(state: GameState, command: Command) -> RulesError:
    """The refusal of a command the current phase does not take, naming where it belongs."""
    rules = state.rules
    taking = [phase_entry(p) for p in rules.phases if phase_entry(p).accepts(command, rules)]
    wanted = [e.title for e in taking]
    if not wanted:
        return IllegalCommandError(f"{command.name} is not a command of this game.", reason="command.unknown")
    if all(e.needs_capital for e in taking) and not holds_capital(state, state.turn):
        return capital_lost(state, command.name)
    return OutOfTurnError(
        f"/{command.name} belongs to {' or '.join(wanted)}; it is now {phase_title(rules, state.phase)} "
        f"of {rules.power_name(state.turn)}.",
        reason="phase.wrong",
    )


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
    """``/done``: finish the current phase's obligations (its ``on_end``) and move on."""
    events: list[Event] = []
    on_end = phase_entry(state.phase).on_end
    if on_end is not None:
        state, events = on_end(state)
    return _advance(state, events, dice)


def _advance(state: GameState, events: list[Event], dice: Dice) -> tuple[GameState, list[Event]]:
    phases = state.rules.phases
    index = phases.index(state.phase)
    if index + 1 < len(phases):
        return _enter_phase(state, phases[index + 1], events, dice)
    return _next_turn(state, events, dice)


def _enter_phase(state: GameState, phase: str, events: list[Event], dice: Dice | None = None) -> tuple[GameState, list[Event]]:
    """Enter ``phase``: sit it out without a capital if the entry says so, run its
    ``on_enter``, and go straight on when that leaves nothing for a player to do."""
    state = state.evolve(phase=phase)
    entry = phase_entry(phase)
    name = state.rules.power_name(state.turn)
    if entry.needs_capital and not holds_capital(state, state.turn):
        events.append(event("skip", f"{name} skips {entry.title}: its capital is in enemy hands.", phase=phase))
        return _advance(state, events, dice or NoDice())
    if entry.on_enter is not None:
        state, entered, finished = entry.on_enter(state, dice or NoDice())
        events.extend(entered)
        if finished:
            return _advance(state, events, dice or NoDice())
    events.append(event("phase", f"{name}: {entry.title}.", power=name, phase=phase))
    return state, events


def _next_turn(state: GameState, events: list[Event], dice: Dice) -> tuple[GameState, list[Event]]:
    state = settle_liberations(state)
    order = state.rules.turn_order
    index = order.index(state.turn)
    round_ = state.round
    last = index + 1 == len(order)
    if last or state.rules.switches.victory_check == "end_of_turn":
        state, won = _check_victory(state)
        events.extend(won)
        if state.is_over:
            return state, events
    if last:
        round_ += 1
        nxt = order[0]
    else:
        nxt = order[index + 1]
    fresh = {uid: u.fresh() for uid, u in state.units.items()}
    state = state.evolve(round=round_, turn=nxt, units=fresh, turn_start_owners=dict(state.owners),
                         purchased={}, combat=None)
    events.append(event("turn", f"Round {round_}: {state.rules.power_name(nxt)} to move.",
                        round=round_, power=state.rules.power_name(nxt)))
    return _enter_phase(state, state.rules.phases[0], events, dice)


def _check_victory(state: GameState) -> tuple[GameState, list[Event]]:
    """After the last power's turn (``victory_check = "end_of_round"``: 000, "Winning the
    Game"; 002 Errata: "not at the end of each power's turn"), or after every turn
    (``"end_of_turn"``), the rule system's ``victory`` hook says whether a side has won."""
    won = state.rules.hooks.victory(state)
    if won is None:
        return state, []
    return state.evolve(winner=won.side), [event("victory", won.text, side=won.side, **won.data)]


def concede(state: GameState, side: str) -> Outcome:
    """A side gives up; the other side wins."""
    other = "Allies" if side == "Axis" else "Axis"
    return Outcome(state.evolve(winner=other), (event("concede", f"The {side} concede; the {other} win.",
                                                      side=side, winner=other),))
