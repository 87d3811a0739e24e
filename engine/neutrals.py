"""Where each neutral stands on its track of cooperation (001 › Phase 8: Diplomacy, Level of
cooperation), the one fact about neutrals that changes during a game.

The track runs from -5 (the neutral has joined the Axis) to +5 (it has joined the Allies);
a board gives each neutral on it a starting position (``Space.diplomacy``). A neutral held
by another (``Space.held_by``: Rio de Oro by Spain) has no position of its own and moves
with its holder's. Neutrals with neither are off the track: no diplomacy reaches them.
"""

from __future__ import annotations

from collections.abc import Mapping

from .board import TRACK_END, Board
from .ids import SpaceId
from .state import GameState, frozen


def starting_cooperation(board: Board) -> dict[SpaceId, int]:
    """Each neutral's position at the start of a game, from the board."""
    return {sid: s.diplomacy for sid, s in board.spaces.items() if s.diplomacy is not None}


def track_of(board: Board, space: SpaceId) -> SpaceId:
    """The neutral whose position ``space`` follows: its holder's, or its own."""
    return board.spaces[space].held_by or space


def cooperation(state: GameState, space: SpaceId) -> int | None:
    """The position of ``space`` on the track, or None where it has no place on it."""
    return state.cooperation.get(track_of(state.rules.board, space))


def with_cooperation(state: GameState, changes: Mapping[SpaceId, int]) -> GameState:
    """The state with some neutrals moved on the track; a position beyond an end stops there."""
    clamped = {track_of(state.rules.board, s): max(-TRACK_END, min(TRACK_END, v)) for s, v in changes.items()}
    return state.evolve(cooperation=frozen({**state.cooperation, **clamped}))
