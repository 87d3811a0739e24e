"""Who may act, and for which power: one power due at a time, or several in a team turn.

In a team turn (``engine.lanes``) every teammate playing its own phase is due at once, so
a command acts for the submitter's power: the one in focus if they hold it, else their
only power due; a player holding several powers due (two-player games hold a whole team)
names one with ``/focus power:<power>``, and the service sends that ``/focus`` before the
command of a teammate out of focus, so the log replays in the same lanes.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.ledger import Holder
from bot.service.reply import Actor, Refusal
from bot.service.rules import Engine
from engine import GameState
from engine.ids import PowerId
from engine.lanes import waiting_for, windows_ahead
from engine.prose import listing, possessive


def acting_power(actor: Actor, label: str, seats: Sequence[Holder], state: GameState,
                 named: PowerId | None = None) -> tuple[PowerId, bool]:
    """The power a command of ``actor`` acts for, and whether it is a referee's correction.

    ``named`` is the power a ``/focus`` names. Refuses, naming the powers the actor may act
    for, a player with no power due or with several due and none in focus."""
    rules = state.rules
    mine = [PowerId(s.power) for s in seats if s.user_id == actor.user_id]
    due = list(state.due)
    if named is not None:
        if named in mine:
            return named, False
        if actor.referee:
            return named, True
        raise Refusal(f"You do not play {rules.power_name(named)}; {_yours(state, mine, due)}",
                      "service.not_your_power")
    if state.actor in mine:
        return state.actor, False
    held = [p for p in due if p in mine]
    if len(held) == 1:
        return held[0], False
    if held:
        names = [rules.power_name(p) for p in held]
        raise Refusal(f"You play {listing(names)}, all due now: say which acts with /focus power:"
                      f"{names[0]} (or {', '.join(names[1:])}).", "service.which_power")
    if actor.referee:
        return state.actor, True
    if not mine:
        raise Refusal(f"You have no seat in {label}.", "service.not_player")
    waiting = next((w for w in (waiting_for(state, p) for p in mine) if w), None)
    if waiting:
        raise Refusal(waiting, "service.not_your_turn")
    ahead = next((a for a in (windows_ahead(state, p) for p in mine) if a), None)
    raise Refusal(f"It is {possessive(listing(rules.power_name(p) for p in due))} move; you play "
                  f"{', '.join(rules.power_name(p) for p in mine)}.{f' {ahead}' if ahead else ''}",
                  "service.not_your_turn")


def _yours(state: GameState, mine: Sequence[PowerId], due: Sequence[PowerId]) -> str:
    """What a player may act for now, for a refusal."""
    names = [state.rules.power_name(p) for p in due if p in mine]
    return f"you may act for {listing(names)}." if names else "none of your powers is due now."


def newly_due(before: Sequence[str], state: GameState) -> list[PowerId]:
    """The powers due in ``state`` that were not due before, in turn order."""
    return [] if state.is_over else [p for p in state.due if p not in before]


def to_act(engine: Engine, state: GameState, powers: Sequence[PowerId]) -> list[str]:
    """``"Japan to act (Purchase Units)."`` for each of ``powers``, each in its own phase."""
    rules = state.rules
    out = []
    for p in powers:
        focused = engine.focus(state, p) if state.lanes or state.window is not None else state
        phase = focused.window.phase if focused.window is not None else focused.phase
        out.append(f"{rules.power_name(p)} to act ({engine.phase_title(rules, phase)}).")
    return out
