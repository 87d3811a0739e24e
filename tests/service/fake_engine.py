"""A tiny stand-in for the rules engine with the same public surface, for service tests.

Five powers take turns through three phases; ``/buy`` spends IPCs, ``/battle`` rolls two
dice, ``/undo`` takes back the purchases of the current phase, ``/win`` ends the game. It lets
the storage, locking and idempotency tests run without depending on real rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

POWERS = ("soviet_union", "germany", "united_kingdom", "japan", "united_states")
SIDES = {
    "soviet_union": "Allies",
    "germany": "Axis",
    "united_kingdom": "Allies",
    "japan": "Axis",
    "united_states": "Allies",
}
PHASES = ("purchase", "combat", "mobilize")


class RulesError(ValueError):
    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class NotationError(RulesError):
    pass


class IllegalCommandError(RulesError):
    pass


@dataclass(frozen=True)
class Orders:
    """Standing orders: the fake engine never reads any, so no command is one."""


class Board:
    id: str = "fake"

    def side_of(self, power: str) -> str:
        return SIDES[power]


@dataclass(frozen=True)
class RuleSet:
    id: str = "fake"
    name: str = "Fake rules"
    board: Board = field(default_factory=Board)

    @property
    def powers(self) -> tuple[str, ...]:
        return POWERS

    @property
    def units(self) -> dict[str, Any]:
        """No unit types: the fake's events hold no battles to name units in."""
        return {}

    def power_name(self, power: str) -> str:
        return power.replace("_", " ").title()

    def find_power(self, text: str) -> str:
        key = text.strip().lower().replace(" ", "_")
        matches = [p for p in POWERS if p.startswith(key)] if key else []
        if len(matches) != 1:
            raise NotationError(f"No power called {text!r}.", reason="power.unknown")
        return matches[0]

    @property
    def options(self) -> dict[str, Any]:
        return {"bid": 0}

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        if set(given) - {"bid"}:
            raise NotationError(f"Unknown options {sorted(given)}.", reason="options.unknown")
        return {"bid": 0, **given}


RULES = RuleSet()


def load_ruleset(name: str) -> RuleSet:
    if name != "fake":
        raise NotationError(f"No rule set called {name!r}.", reason="ruleset.unknown")
    return RULES


@dataclass(frozen=True)
class GameState:
    rules: RuleSet = field(compare=False)
    round: int = 1
    turn: str = POWERS[0]
    phase: str = PHASES[0]
    treasury: tuple[int, ...] = (24, 40, 30, 30, 42)
    bought: int = 0
    dice_total: int = 0
    winner: str | None = None

    @property
    def actor(self) -> str:
        return self.turn

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": "fake",
            "round": self.round,
            "turn": self.rules.power_name(self.turn),
            "turn_id": self.turn,
            "phase": self.phase,
            "treasury": {self.rules.power_name(p): t for p, t in zip(POWERS, self.treasury)},
            "bought": self.bought,
            "dice_total": self.dice_total,
            "winner": self.winner,
        }

    @staticmethod
    def from_json(data: dict[str, Any], rules: RuleSet) -> GameState:
        return GameState(
            rules,
            data["round"],
            data["turn_id"],
            data["phase"],
            tuple(data["treasury"].values()),
            data["bought"],
            data["dice_total"],
            data["winner"],
        )


@dataclass(frozen=True)
class Event:
    kind: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "text": self.text}


@dataclass(frozen=True)
class Outcome:
    state: GameState
    events: tuple[Event, ...]


def state_from_json(data: dict[str, Any], rules: RuleSet) -> GameState:
    return GameState.from_json(data, rules)


def phase_title(rules: RuleSet, phase: str) -> str:
    return phase.capitalize()


def due_text(state: GameState) -> str:
    return f"{state.rules.power_name(state.actor)} to act ({phase_title(state.rules, state.phase)})."


def economy_lines(state: GameState) -> list[str]:
    return [f"Treasuries: {', '.join(map(str, state.treasury))}."]


def space_text(state: GameState, space: str) -> str:
    return f"{space}: no units."


def new_game(rules: RuleSet, options: dict[str, Any] | None = None) -> GameState:
    return GameState(rules)


def parse_command(text: str, state: GameState) -> tuple[str, str]:
    match = re.fullmatch(r'/(buy|battle|done|undo|win)(?:\s+\w+:"?([^"]*)"?)?\s*', text.strip())
    if not match:
        raise NotationError(f"Cannot read {text!r}.", reason="notation.unknown")
    return match.group(1), match.group(2) or ""


def format_command(command: tuple[str, str], state: GameState) -> str:
    word, arg = command
    names = {"buy": "units", "battle": "territory", "win": "side"}
    return f'/{word} {names[word]}:"{arg}"' if arg else f"/{word}"


def apply(state: GameState, command: tuple[str, str], dice: Any) -> Outcome:
    word, arg = command
    index = POWERS.index(state.turn)
    if word == "buy":
        if state.phase != "purchase":
            raise IllegalCommandError("Buy in the purchase phase.", reason="phase.wrong")
        count = int(arg.split()[0])
        treasury = list(state.treasury)
        if 3 * count > treasury[index]:
            raise IllegalCommandError("Not enough IPCs.", reason="buy.too_expensive")
        treasury[index] -= 3 * count
        new = replace(state, treasury=tuple(treasury), bought=state.bought + count)
        return Outcome(new, (Event("purchase", f"bought {count} infantry"),))
    if word == "undo":
        treasury = list(state.treasury)
        treasury[index] += 3 * state.bought
        return Outcome(
            replace(state, treasury=tuple(treasury), bought=0), (Event("undo", "undone"),)
        )
    if word == "battle":
        rolled = dice.roll(2, f"{arg} attacker")
        return Outcome(
            replace(state, dice_total=state.dice_total + sum(rolled)),
            (Event("battle", f"rolled {rolled}"),),
        )
    if word == "win":
        return Outcome(replace(state, winner=arg), (Event("victory", f"{arg} win"),))
    phase = PHASES.index(state.phase) + 1
    if phase < len(PHASES):
        return Outcome(
            replace(state, phase=PHASES[phase], bought=0), (Event("phase", "next phase"),)
        )
    nxt = (index + 1) % len(POWERS)
    new = replace(
        state,
        phase=PHASES[0],
        turn=POWERS[nxt],
        bought=0,
        round=state.round + (1 if nxt == 0 else 0),
    )
    return Outcome(new, (Event("turn", f"{state.rules.power_name(POWERS[nxt])} begins"),))


def concede(state: GameState, side: str) -> Outcome:
    other = "Allies" if side == "Axis" else "Axis"
    return Outcome(replace(state, winner=other), (Event("concede", f"The {side} concede."),))


def side_scores(state: GameState) -> dict[str, tuple[int, int]]:
    """Per side: no victory cities on the fake board; the treasuries stand in for production."""
    totals = {"Allies": 0, "Axis": 0}
    for power, ipcs in zip(POWERS, state.treasury, strict=True):
        totals[SIDES[power]] += ipcs
    return {side: (0, total) for side, total in totals.items()}
