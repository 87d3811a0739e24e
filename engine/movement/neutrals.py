"""What a neutral no power holds lets each side do, read from its track of cooperation
(switch ``neutrals = "cooperation"``; 001 › Phase 8: Diplomacy, Level of cooperation):

    +4  Pro-Allies Neutral, Allies units can enter
    +2  Neutral, Allies air units can fly over
    +1  Neutral, Allies naval units can dock
    -1, -2, -4: the same for the Axis

A position counts for a side as far as it leans towards it (+4 is 4 for the Allies and -4
for the Axis). A neutral off the track (one 001's appendix does not list) stays closed, as
in LHTR (README, ruling 37). A neutral a power holds (it joined a side, or was taken) is an
ordinary territory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ids import SpaceId
from ..neutrals import TOWARD, cooperation, signed, track_of

if TYPE_CHECKING:
    from ..board import Space
    from ..ruleset import RuleSet
    from ..state import GameState
    from .context import Ctx
    from .paths import Mode

DOCK = 1
"""001: "Naval units may “dock” at neutrals with at least 1 level of co-operation towards
your team"."""
FLY_OVER = 2
"""001: "+2 Neutral, Allies air units can fly over"."""
ENTER = 4
"""001: "+4 Pro-Allies Neutral, Allies units can enter"."""


def closed_neutral(rules: RuleSet, space: Space) -> bool:
    """No unit ever enters or flies over ``space``: every neutral where neutrals are
    ``impassable``, and under ``cooperation`` a neutral off the track (003, Set Up, Neutral
    Territories, where 001 gives it no place on the track)."""
    mode = rules.switches.neutrals
    off_track = space.diplomacy is None and space.held_by is None
    return space.neutral and (mode == "impassable" or (mode == "cooperation" and off_track))


def unheld(state: GameState, space: SpaceId) -> bool:
    """A neutral territory on the track that no power holds, under the cooperation rules."""
    return (state.rules.switches.neutrals == "cooperation" and state.rules.board.spaces[space].neutral
            and state.owners.get(space) is None and cooperation(state, space) is not None)


def leaning(state: GameState, space: SpaceId, side: str) -> int:
    """How far the neutral's position leans towards ``side`` (the track runs from the Axis
    at -5 to the Allies at +5)."""
    return (cooperation(state, space) or 0) * TOWARD[side]


def standing(state: GameState, space: SpaceId) -> str:
    """"-2 on the track of cooperation", naming the holder whose track it follows."""
    board = state.rules.board
    position = cooperation(state, space)
    if position is None:
        return "off the track of cooperation"
    holder = track_of(board, space)
    whose = "" if holder == space else f" with {board.spaces[holder].name}"
    return f"{signed(position)} on the track of cooperation{whose}"


def level(side: str, points: int) -> str:
    """A level of the track as seen by ``side``: 4 is "+4" for the Allies, "-4" for the Axis."""
    return f"{points * TOWARD[side]:+d}"


def step_refusal(ctx: Ctx, mode: Mode, space: SpaceId) -> tuple[str, str] | None:
    """Why the mover may not pass into the unheld neutral ``space`` (None: it may): land
    units enter from 4 towards their side, air units fly over from 2. Ending a Combat
    Move in it is an attack on it, judged before the path (``attack.py``)."""
    side = ctx.board.side_of(ctx.power)
    if mode.domain == "air" and leaning(ctx.state, space, side) < FLY_OVER:
        return ("move.neutral_airspace", f"{ctx.name(space)} is neutral ({standing(ctx.state, space)}): {side} air "
                f"units may fly over it only from {level(side, FLY_OVER)}, and ending a Combat Move in it attacks it.")
    return enter_refusal(ctx, space) if mode.domain == "land" else None


def enter_refusal(ctx: Ctx, space: SpaceId) -> tuple[str, str] | None:
    """Why the mover's land units may not enter the unheld neutral ``space`` (None: they may)."""
    side = ctx.board.side_of(ctx.power)
    if leaning(ctx.state, space, side) >= ENTER:
        return None
    return ("move.neutral", f"{ctx.name(space)} is neutral ({standing(ctx.state, space)}): {side} units may enter "
            f"it only from {level(side, ENTER)}, and ending a Combat Move in it attacks it.")


def open_to(ctx: Ctx, space: SpaceId) -> bool:
    """The mover's side may enter the unheld neutral ``space`` as its own: its units stand
    and land there (the neutral keeps its territory, README, ruling 37)."""
    return unheld(ctx.state, space) and leaning(ctx.state, space, ctx.board.side_of(ctx.power)) >= ENTER
