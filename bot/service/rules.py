"""The service's seam to the rules engine: a typed :class:`Engine` protocol and the real one.

The service holds the engine through :class:`Engine` (architecture.md, "Variants,
concretely": parse, apply, legal options, state to and from JSON), never through ``Any``;
``maps`` supplies ``load_ruleset`` because the engine itself reads no files. This module
is checked with ``mypy --strict`` (tests/test_types.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

import engine
import maps
from engine import Command, Dice, GameState, LegalCommands, Outcome, RuleSet
from engine.advantages import hand_text
from engine.commands import Focus
from engine.ids import PowerId, SpaceId
from engine.lanes import focus
from engine.notation import command_spec
from engine.registry import CommandSpec


class Engine(Protocol):
    """What the service asks of the rules engine."""

    @property
    def RulesError(self) -> type[engine.RulesError]:  # noqa: N802 (the engine's class name)
        """Raised, with a message for the player, by every refusal."""

    @property
    def Orders(self) -> type[Command]:  # noqa: N802
        """The standing-orders command, which the service records but never times."""

    def state_from_json(self, data: Mapping[str, Any], rules: RuleSet) -> GameState:
        """A stored state (``GameState.to_json``) back, under ``rules``."""

    def load_ruleset(self, name: str) -> RuleSet: ...

    def new_game(self, rules: RuleSet, options: Mapping[str, Any] | None = None) -> GameState: ...

    def opening(self, rules: RuleSet, options: Mapping[str, Any] | None = None) -> Outcome:
        """The starting position and what its first turn's beginning did (a first income)."""

    def command_spec(self, text: str) -> CommandSpec:
        """The registry entry of a line's command word, read before any game has a position."""

    def parse_command(self, text: str, state: GameState) -> Command: ...

    def format_command(self, command: Command, state: GameState) -> str: ...

    def apply(self, state: GameState, command: Command, dice: Dice) -> Outcome: ...

    def weighs_odds(self, state: GameState) -> bool:
        """Whether a command in ``state`` may work out exact odds (seconds in a big battle)."""

    def legal_commands(self, state: GameState) -> LegalCommands: ...

    def concede(self, state: GameState, side: str) -> Outcome: ...

    def phase_title(self, rules: RuleSet, phase_id: str) -> str: ...

    def side_scores(self, state: GameState) -> dict[str, tuple[int, int]]: ...

    def final_places(self, state: GameState) -> dict[str, int]:
        """Power -> place where the game ranked its nations (Historical Victory); else empty."""

    def focus_command(self, power: str) -> Command:
        """``/focus power:<power>``: the lane of a team turn where ``power`` is due."""

    def focus(self, state: GameState, power: str) -> GameState:
        """``state`` with the lane where ``power``'s input is due in focus (``engine.lanes``)."""

    def due_text(self, state: GameState) -> str:
        """Whose input is due and why, as ``/game status`` says it."""

    def economy_lines(self, state: GameState) -> list[str]:
        """Treasuries with production, and the victory cities each side holds."""

    def private_lines(self, state: GameState, powers: Iterable[str]) -> list[str]:
        """What ``/game status`` shows the player of ``powers`` alone (secret national goals)."""

    def space_text(self, state: GameState, space: SpaceId) -> str:
        """One space, its holder and value, and every power's units there."""

    def hand_text(self, state: GameState, power: str) -> str:
        """``/advantage`` alone: the power's National Advantages, secret ones included, for
        its player only."""


class _RealEngine:
    """The ``engine`` package's functions with ``maps.load_ruleset``."""

    RulesError = engine.RulesError
    Orders: type[Command] = engine.Orders

    @staticmethod
    def load_ruleset(name: str) -> RuleSet:
        return maps.load_ruleset(name)

    new_game = staticmethod(engine.new_game)
    opening = staticmethod(engine.opening)
    command_spec = staticmethod(command_spec)
    parse_command = staticmethod(engine.parse_command)
    format_command = staticmethod(engine.format_command)
    apply = staticmethod(engine.apply)
    weighs_odds = staticmethod(engine.weighs_odds)
    legal_commands = staticmethod(engine.legal_commands)
    concede = staticmethod(engine.concede)
    phase_title = staticmethod(engine.phase_title)
    side_scores = staticmethod(engine.side_scores)
    final_places = staticmethod(engine.final_places)
    due_text = staticmethod(engine.due_text)

    @staticmethod
    def focus_command(power: str) -> Command:
        return Focus(PowerId(power))

    @staticmethod
    def focus(state: GameState, power: str) -> GameState:
        return focus(state, PowerId(power))
    economy_lines = staticmethod(engine.economy_lines)
    private_lines = staticmethod(engine.private_lines)
    space_text = staticmethod(engine.space_text)

    @staticmethod
    def hand_text(state: GameState, power: str) -> str:
        return hand_text(state, PowerId(power))

    @staticmethod
    def state_from_json(data: Mapping[str, Any], rules: RuleSet) -> GameState:
        return GameState.from_json(data, rules)


def engine_rules() -> Engine:
    """The real engine, as the service sees it."""
    return _RealEngine()
