"""Whether a side has won: the rule system's ``victory`` hook, and conditions held a while.

The engine asks when the switch ``victory_check`` says (after the last power's turn: 000,
"Winning the Game"; 002 Errata: "not at the end of each power's turn"). A hook's ``Win``
usually ends the game; one with ``hold_rounds`` only starts a count: the side wins if the
hook still says so that many rounds later, and the count starts again once it does not
(001 › Victory Conditions: "Victory is achieved if victory conditions are maintained for
one full game round"). The round a side first met its condition is kept in the state's
``victory_since``.
"""

from __future__ import annotations

from .control import victory_cities
from .events import Event, event
from .goals import public_lines, round_end
from .hooks import Win
from .state import GameState


def check_victory(state: GameState) -> tuple[GameState, list[Event]]:
    """The state with its winner set if a side has won, and the events saying so (or that a
    side now holds its condition and must keep it). In a game of Historical Victory
    (``state.goals``) the nations' goals decide instead (``engine.goals``)."""
    if state.goals is not None:
        return round_end(state)
    won = state.rules.hooks.victory(state)
    if won is None or not won.hold_rounds:
        state = state.evolve(victory_since={})
        if won is None:
            return state, []
        return state.evolve(winner=won.side), [event("victory", won.text, side=won.side, **won.data)]
    first = state.victory_since.get(won.side, state.round)
    state = state.evolve(victory_since={won.side: first})
    if state.round - first >= won.hold_rounds:
        return state.evolve(winner=won.side), [event("victory", won.text, side=won.side, since=first, **won.data)]
    until = first + won.hold_rounds
    return state, [event("victory_pending", f"The {won.side} meet their victory condition at the end of round "
                         f"{state.round}{_figures(won)}; they win if they still do at the end of round {until}.",
                         side=won.side, since=first, until=until, **won.data)]


def _figures(won: Win) -> str:
    return f" ({', '.join(f'{k} {v}' for k, v in won.data.items())})" if won.data else ""


def victory_points(state: GameState, side: str) -> int:
    """The victory city points (the board's ``victory_points``) of the cities ``side`` holds."""
    return sum(state.board.spaces[s].victory_points for s in victory_cities(state, side))


def standing_lines(state: GameState) -> list[str]:
    """For ``/game status``: the victory city points each side holds, on a board that counts
    them, a side holding its victory condition that must keep it, and the national goals
    revealed (Historical Victory)."""
    sides = list(dict.fromkeys(state.board.side_of(p) for p in state.rules.powers))
    lines = []
    if any(s.victory_points for s in state.board.spaces.values()):
        lines.append("Victory city points: " + ", ".join(f"{side} {victory_points(state, side)}" for side in sides)
                     + ".")
    for side, since in state.victory_since.items():
        lines.append(f"The {side} have met their victory condition since the end of round {since}.")
    return lines + public_lines(state)
