"""The hooks of a rule system: what data cannot express, as plain typed functions.

Modelled on python-chess variants (class data plus a few overridable methods) and godip
variant records (data plus named function slots): a rule system is its ``maps/<id>/``
data and one module under ``engine/rules/`` whose functions satisfy :class:`Hooks`. The
engine calls them through ``state.rules.hooks``; ``engine.rules`` maps each rule system
id to its module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from .events import Event
from .ids import PowerId, SpaceId

if TYPE_CHECKING:
    from .state import GameState, Unit


@dataclass(frozen=True, slots=True)
class Win:
    """A side has won: who, and a sentence saying why, with its figures; or, with
    ``hold_rounds``, a side meets its condition and wins if it still does that many rounds
    later (``engine.victory``)."""

    side: str
    text: str
    data: Mapping[str, object] = field(default_factory=dict)
    hold_rounds: int = 0
    """Rounds the condition must still hold before the side has won (001 › Victory
    Conditions: "maintained for one full game round")."""


class Hooks(Protocol):
    """The functions every rule system's hook module defines."""

    def victory(self, state: GameState) -> Win | None:
        """Whether a side has won now (the engine asks when ``victory_check`` says)."""

    def on_capital_captured(self, state: GameState, capital: SpaceId, captor: PowerId,
                            victim: PowerId) -> tuple[GameState, list[Event]]:
        """What taking an enemy capital does beyond the capture itself (plunder)."""

    def bombing_result(self, state: GameState, target: SpaceId, rolled: int,
                       taken: int) -> tuple[GameState, Event]:
        """What a raid's damage dice (their total, ``rolled``) do to the raided territory,
        ``taken`` IPCs having gone to rockets there this turn."""

    def unit_values(self, state: GameState, units: Sequence[Unit], side: str) -> dict[int, int]:
        """Each unit's attack (``side`` = ``attacker``) or defense value by unit id, in a
        group fighting together: support between units and technology included."""

    def move_points(self, state: GameState, unit: Unit) -> int:
        """How many spaces ``unit`` may move in a turn, technology included."""

    def unit_dice(self, state: GameState, unit: Unit) -> int:
        """How many dice ``unit`` rolls where it would roll one, the best of them counting
        (heavy bombers roll two)."""

    def unit_shots(self, state: GameState, unit: Unit, side: str) -> int:
        """How many times ``unit`` rolls on ``side`` (``attacker`` or ``defender``), each roll
        scoring on its own (Classic's heavy bombers attack with three dice)."""

    def raid_damage(self, state: GameState, unit: Unit, faces: Sequence[int]) -> int:
        """The damage one bomber's raid dice (``unit_dice`` times ``unit_shots`` of them) do."""

    def aa_immune(self, state: GameState, unit: Unit) -> bool:
        """Whether antiaircraft fire cannot hit ``unit`` (jet fighters)."""

    def bombard_value(self, state: GameState, unit: Unit) -> int:
        """What ``unit`` hits on when it bombards in an amphibious assault (0: it cannot)."""
