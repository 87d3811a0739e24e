"""Applying commands: the one entry point that validates, changes state and reports.

``apply(state, command, dice)`` returns the new state and the events, or raises a
:class:`RulesError` and changes nothing. It checks the phase, dispatches to the rule
module for the command, keeps the ``/undo`` checkpoint, and runs the automatic steps
between phases (collect income, next power, end of round, victory check).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from . import mobilize, purchase
from .commands import (
    Battle,
    Buy,
    Casualties,
    Command,
    Done,
    Move,
    Orders,
    Place,
    Press,
    Repair,
    Retreat,
    Submerge,
    Undo,
)
from .control import holds_capital, income, settle_liberations, victory_cities
from .dice import Dice, NoDice
from .errors import IllegalCommandError, OutOfTurnError
from .events import Event, event
from .ruleset import RuleSet
from .state import GameState, Unit, frozen

Handler = Callable[[GameState, Any, Dice], tuple[GameState, list[Event]]]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What ``apply`` returns: the new state and what happened, in order."""

    state: GameState
    events: tuple[Event, ...]


def new_game(rules: RuleSet, options: Mapping[str, Any] | None = None) -> GameState:
    """The starting position: round 1, the first power's Purchase phase."""
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
        options=frozen(rules.resolve_options(options)),
        next_id=max(units, default=0) + 1,
    )
    return _enter_phase(state, state.phase, [])[0]


# -- dispatch ------------------------------------------------------------------------

def _move(state: GameState, cmd: Move, dice: Dice) -> tuple[GameState, list[Event]]:
    from .movement import apply_move

    return apply_move(state, cmd, dice)


def _combat(name: str) -> Handler:
    """A Conduct Combat command handler, imported when first used (combat imports game's siblings)."""

    def handler(state: GameState, cmd: Any, dice: Dice) -> tuple[GameState, list[Event]]:
        from . import combat

        result: tuple[GameState, list[Event]] = getattr(combat, name)(state, cmd, dice)
        return result

    return handler


_HANDLERS: dict[type[Command], tuple[tuple[str, ...], Handler]] = {
    Buy: (("purchase",), purchase.buy),
    Repair: (("purchase",), purchase.repair),
    Move: (("combat_move", "noncombat_move"), _move),
    Place: (("mobilize",), mobilize.place),
    Battle: (("conduct_combat",), _combat("battle")),
    Casualties: (("conduct_combat",), _combat("casualties")),
    Retreat: (("conduct_combat",), _combat("retreat")),
    Press: (("conduct_combat",), _combat("press")),
    Submerge: (("conduct_combat",), _combat("submerge")),
}

PHASE_NAMES = {
    "purchase": "Purchase Units",
    "combat_move": "Combat Move",
    "conduct_combat": "Conduct Combat",
    "noncombat_move": "Noncombat Move",
    "mobilize": "Mobilize New Units",
    "collect_income": "Collect Income",
}


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
        entry = _HANDLERS.get(type(command))
        if entry is None:
            raise IllegalCommandError(f"{command.name} is not a command of this game.", reason="command.unknown")
        phases, handler = entry
        if state.phase not in phases:
            wanted = " or ".join(PHASE_NAMES.get(p, p) for p in phases)
            raise OutOfTurnError(
                f"/{command.name} belongs to {wanted}; it is now {PHASE_NAMES.get(state.phase, state.phase)} "
                f"of {state.rules.power_name(state.turn)}.",
                reason="phase.wrong",
            )
        new_state, events = handler(state, command, counting)
    if counting.rolled or new_state.phase != state.phase or new_state.turn != state.turn:
        new_state = new_state.evolve(checkpoint=_strip(new_state), since_checkpoint=())
    else:
        from .notation import format_command

        new_state = new_state.evolve(
            checkpoint=state.checkpoint if state.checkpoint is not None else _strip(state),
            since_checkpoint=(*state.since_checkpoint, format_command(command, state)),
        )
    return Outcome(new_state, tuple(events))


def _strip(state: GameState) -> GameState:
    return state.evolve(checkpoint=None, since_checkpoint=())


def _undo(state: GameState) -> Outcome:
    """Replay everything since the checkpoint except the last command."""
    from .notation import parse_command

    if not state.since_checkpoint or state.checkpoint is None:
        raise IllegalCommandError(
            "Nothing to undo: no command of this phase is left to take back since the last dice roll.",
            reason="undo.nothing",
        )
    taken_back = state.since_checkpoint[-1]
    replay = state.checkpoint
    for text in state.since_checkpoint[:-1]:
        replay = apply(replay, parse_command(text, replay), NoDice()).state
    return Outcome(replay, (event("undo", f"Took back: {taken_back}", command=taken_back),))


# -- phases ----------------------------------------------------------------------------

def end_phase(state: GameState, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/done``: finish the current phase's obligations and move to the next phase."""
    events: list[Event] = []
    if state.phase == "combat_move":
        from .movement import end_combat_move

        state, events = end_combat_move(state)
    elif state.phase == "conduct_combat":
        from .combat import end_conduct_combat

        state, events = end_conduct_combat(state)
    elif state.phase == "noncombat_move":
        from .movement import end_noncombat_move

        state, events = end_noncombat_move(state)
    elif state.phase == "mobilize":
        from .mobilize import end_mobilize

        state, events = end_mobilize(state)
    return _advance(state, events, dice)


def _advance(state: GameState, events: list[Event], dice: Dice) -> tuple[GameState, list[Event]]:
    phases = state.rules.phases
    index = phases.index(state.phase)
    if index + 1 < len(phases):
        return _enter_phase(state, phases[index + 1], events, dice)
    return _next_turn(state, events, dice)


def _skips(state: GameState, phase: str) -> bool:
    """Phases a power sits out: all but the movement and combat phases while its capital is
    held by the enemy (000, "Capturing and Liberating Capitals")."""
    if phase in ("combat_move", "conduct_combat", "noncombat_move"):
        return False
    return not holds_capital(state, state.turn)


def _enter_phase(state: GameState, phase: str, events: list[Event], dice: Dice | None = None) -> tuple[GameState, list[Event]]:
    state = state.evolve(phase=phase)
    if _skips(state, phase):
        events.append(event("skip", f"{state.rules.power_name(state.turn)} skips "
                            f"{PHASE_NAMES.get(phase, phase)}: its capital is in enemy hands.",
                            phase=phase))
        return _advance(state, events, dice or NoDice())
    if phase == "conduct_combat":
        from .combat import start_combat

        state, started = start_combat(state)
        events.extend(started)
        if state.combat is None:
            return _advance(state, events, dice or NoDice())
    elif phase == "collect_income":
        state, collected = _collect_income(state)
        events.extend(collected)
        return _advance(state, events, dice or NoDice())
    events.append(event("phase", f"{state.rules.power_name(state.turn)}: {PHASE_NAMES.get(phase, phase)}.",
                        power=state.rules.power_name(state.turn), phase=phase))
    return state, events


def _collect_income(state: GameState) -> tuple[GameState, list[Event]]:
    """Phase 6: collect the national production level (000, Phase 6: Collect Income)."""
    power = state.turn
    amount = income(state, power)
    treasury = dict(state.treasury)
    treasury[power] = treasury.get(power, 0) + amount
    name = state.rules.power_name(power)
    return state.evolve(treasury=treasury), [
        event("income", f"{name} collects {amount} IPCs (treasury {treasury[power]}).",
              power=name, ipcs=amount, treasury=treasury[power])
    ]


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
    (``"end_of_turn"``), a side holding enough victory cities wins (000, "How the War Is Won")."""
    level = state.options.get("victory", state.rules.victory.get("default", "standard"))
    needed = int(state.rules.victory["cities"][level])
    for side in ("Axis", "Allies"):
        held = victory_cities(state, side)
        if len(held) >= needed:
            return state.evolve(winner=side), [
                event("victory", f"The {side} win: they hold {len(held)} victory cities "
                      f"({level} victory needs {needed}).", side=side, cities=len(held))
            ]
    return state, []


def concede(state: GameState, side: str) -> Outcome:
    """A side gives up; the other side wins."""
    other = "Allies" if side == "Axis" else "Axis"
    return Outcome(state.evolve(winner=other), (event("concede", f"The {side} concede; the {other} win.",
                                                      side=side, winner=other),))
