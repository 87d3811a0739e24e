"""aaref's rules engine: pure Axis & Allies rules (no I/O, no clock, no randomness).

State + command + dice in, new state + events out. Board and rule data come in as plain
dicts (``maps`` reads the files); dice are injected (:class:`Dice`).
"""

from __future__ import annotations

from .board import Board, Space
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
from .combat import weighs_odds
from .control import side_scores
from .dice import Dice, DiceExhausted, FixedDice, NoDice, ScriptedDice
from .errors import (
    AmbiguousCommandError,
    BoardDataError,
    IllegalCommandError,
    NotationError,
    OutOfTurnError,
    RulesError,
)
from .events import Event
from .game import Outcome, apply, concede, new_game, opening
from .goals import final_places
from .notation import format_command, parse_command
from .options import LegalCommands, MoveGroup, legal_commands
from .phases import Phase, phase_title
from .ruleset import RuleSet
from .state import GameState, Unit
from .summary import due_text, economy_lines, private_lines, space_text

__all__ = [
    "AmbiguousCommandError", "Battle", "Board", "BoardDataError", "Buy", "Casualties", "Command", "Dice",
    "DiceExhausted", "Done", "Event", "FixedDice", "GameState", "IllegalCommandError", "LegalCommands", "Move",
    "MoveGroup", "NoDice", "NotationError", "Orders", "OutOfTurnError", "Outcome", "Phase", "Place", "Press", "Repair",
    "Retreat", "RuleSet", "RulesError", "ScriptedDice", "Space", "Submerge", "Undo", "Unit", "apply", "concede",
    "format_command", "legal_commands", "new_game", "opening", "parse_command", "phase_title", "side_scores",
    "due_text", "economy_lines", "private_lines", "space_text", "final_places", "weighs_odds",
]
