"""Where each neutral no power holds leans on the track of cooperation, in the terms a
picture of the board shows it (001 › Phase 8: Diplomacy, Level of cooperation): which side,
how far towards its end, and whether that side's units may enter it already. Front ends
draw these marks and keep no rule of their own about the track.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import TRACK_END
from .ids import SpaceId
from .movement.neutrals import ENTER, unheld
from .neutrals import TOWARD, cooperation, signed, starting_cooperation
from .ruleset import RuleSet
from .state import GameState


@dataclass(frozen=True, slots=True)
class Leaning:
    """A place on the track as one neutral stands there."""

    position: int
    """-5 (the Axis' end) to +5 (the Allies')."""
    side: str | None
    """The side it leans towards; None in the middle."""
    share: float
    """How far along towards that side's end: 0 in the middle, 1 at the end."""
    open: bool
    """That side's units may enter it (001: "+4 Pro-Allies Neutral, Allies units can enter")."""

    @property
    def text(self) -> str:
        """``"+2"``, ``"-3"`` or ``"0"``, as ``/game status`` writes a position."""
        return signed(self.position)


def leaning_at(position: int) -> Leaning:
    """The mark of ``position`` on the track."""
    side = next((s for s, way in TOWARD.items() if way * position > 0), None)
    return Leaning(position, side, abs(position) / TRACK_END, abs(position) >= ENTER)


def leanings(state: GameState) -> dict[SpaceId, Leaning]:
    """Each unheld neutral on the track, those following a holder's position (Rio de Oro
    with Spain) included; none where the rule system has no track. A neutral a power holds
    is that power's territory and has no mark."""
    found = {}
    for space in state.board.spaces:
        position = cooperation(state, space)
        if position is not None and unheld(state, space):
            found[space] = leaning_at(position)
    return found


def key(rules: RuleSet) -> tuple[Leaning, ...]:
    """One mark for each place a neutral no power holds can stand, from the Axis' side to the
    Allies' (the ends, where it has joined, excluded), for a legend; empty where the rule
    system has no track."""
    if rules.switches.neutrals != "cooperation" or not starting_cooperation(rules.board):
        return ()
    return tuple(leaning_at(p) for p in range(-TRACK_END + 1, TRACK_END))
