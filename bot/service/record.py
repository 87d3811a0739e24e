"""The game record: a PGN-like text export of a game, and replay from it.

```
[Event "sunday"]
[Date "2026.11.22"]
[RuleSet "aa1942-2e"]
[Setup "standard"]
[Players "soviet_union=@alice; germany=@bob; ..."]
[Dice "hmac-sha256 commit-reveal"]
[Result "*"]
[GameId "1"]

1 soviet_union
  /buy units:"3 infantry"
  /battle territory:Ukraine
    roll Ukraine r1 attacker 3 infantry @1: 1 4 2
% dice {"type":"roll",...}
*
```

Tags come in a fixed order, then any others alphabetically. The movetext is one canonical
command per line, exactly as the engine formats it, each followed by its ``roll`` lines, so a
replay needs only the recorded rolls. A ``N power`` line opens each power's turn; ``{ }`` holds
comments (referee corrections, concessions). Auditable games also carry their dice log as
``% dice`` lines for the standalone verifier. Positions are never written, only derived.
Export is canonical (byte-stable); import collects errors with line numbers and keeps the
prefix up to the first command that does not apply.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.dice.log import dice_log_lines, entry_from_json
from bot.dice.readable import (
    ROLL_WORD,
    SEALED_WORD,
    format_roll_line,
    format_sealed_line,
    parse_roll_line,
    parse_sealed_line,
    readable,
)
from bot.service.bidcmd import record_bid
from bot.service.dice import RecordedRoll, ReplayMismatchError
from bot.service.replay import replay_step
from bot.service.rules import Engine
from bot.store.models import DiceLog, Game, LogEntry, Seat
from bot.store.repo import ENGINE_KINDS
from engine import GameState

TAG_ORDER = ("Event", "Date", "RuleSet", "Setup", "Players", "Dice", "Result")
_TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')
_TURN = re.compile(r"^\d+ [a-z_]+$")
_RESULTS = ("*", "Axis", "Allies", "draw")
AUDITABLE_DICE = "hmac-sha256 commit-reveal"
"""The ``Dice`` tag of a record that carries its dice log."""


class RecordError(ValueError):
    """A record line that could not be read or replayed; ``line`` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.detail = message


@dataclass
class Replayed:
    """A record read back: its tags, the final state, and any error that stopped it."""

    tags: dict[str, str]
    state: GameState
    commands: int = 0
    errors: list[RecordError] = field(default_factory=list)

    def summary(self, engine: Engine) -> str:
        """What ``aaref replay`` prints: the commands replayed and whose input is due at the
        end, every power of a team turn, in the words of /game status (``due_text``)."""
        return f"{self.commands} commands replayed. {engine.due_text(self.state)}"


def write_record(
    engine: Engine,
    start: GameState | None,
    game: Game,
    seats: Sequence[Seat],
    entries: Sequence[LogEntry],
    dice: Sequence[DiceLog],
) -> str:
    """The record of a stored game; ``start`` is its state when it started (None in setup)."""
    rolls: dict[int, list[DiceLog]] = {}
    for d in dice:
        rolls.setdefault(d.entry_seq, []).append(d)
    unsealed = {d.purpose for d in dice if d.type == "unseal"}
    auditable = any(d.type == "commit" for d in dice)
    tags = {
        "Event": game.name,
        "Date": game.created_at.strftime("%Y.%m.%d"),
        "RuleSet": game.ruleset,
        "Setup": "standard",
        "Players": "; ".join(f"{s.power}=@{s.user_id}" for s in seats),
        "Dice": AUDITABLE_DICE if auditable else "fixed",
        "Result": _result_tag(game.result),
        "GameId": str(game.id),
    }
    if game.options:
        tags["Options"] = json.dumps(game.options, sort_keys=True, separators=(",", ":"))
    if game.status == "abandoned":
        tags["Termination"] = "abandoned"
    out = [_tag_line(name, tags[name]) for name in _ordered(tags)]
    out.append("")
    state = start
    period: tuple[int, str] | None = None
    for entry in entries:
        mine = rolls.get(entry.seq, [])
        if entry.kind in ENGINE_KINDS and state is not None:
            if (state.round, state.turn) != period:
                period = (state.round, state.turn)
                out.append(f"{state.round} {state.turn}")
            note = f" {{ correction by @{entry.user_id} }}" if entry.kind == "correction" else ""
            out.append(f"  {entry.text}{note}")
            dice_rolls = [r for r in mine if r.type in ("roll", "sealed")]
            out += [f"    {_stated(r, unsealed)}" for r in dice_rolls]
            state = replay_step(engine, state, entry.text, [r.dice or [] for r in dice_rolls])
        elif entry.kind == "admin" and entry.seq > 1 and not entry.text.startswith("/game join"):
            out.append(f"{{ @{entry.user_id}: {entry.text} }}")
        if auditable:
            out += dice_log_lines(entry_from_json(r.body) for r in mine)
    out.append(tags["Result"])
    return "\n".join(out) + "\n"


def _stated(row: DiceLog, unsealed: set[str | None]) -> str:
    """A roll's line; a sealed draw's line shows its faces only if the log unseals it."""
    if row.type == "roll":
        return format_roll_line(str(row.purpose), row.dice or [])
    return format_sealed_line(str(row.purpose), row.dice if row.purpose in unsealed else None)


def replay_record(engine: Engine, text: str) -> Replayed:
    """Rebuild a game from its record; stops at the first line that does not apply.

    Each roll line's dice go to the command above it, and the rules must roll for the
    purpose the line states; each ``N power`` line must name the round and power the game is
    at there; a finished replay must end as the ``Result`` tag says.
    """
    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    lines = text.splitlines()
    number = 0
    for number, line in enumerate(lines, start=1):
        match = _TAG.match(line.strip())
        if not match:
            break
        tags[match.group(1)] = match.group(2).replace('\\"', '"').replace("\\\\", "\\")
        tag_lines[match.group(1)] = number
    if "RuleSet" not in tags:
        raise RecordError(1, 'a record starts with tags such as [RuleSet "aa1942-2e"]')
    options = json.loads(tags["Options"]) if "Options" in tags else None
    rules = engine.load_ruleset(tags["RuleSet"])
    result = Replayed(tags, record_bid(engine.new_game(rules, options), lines))
    pending: tuple[int, str, list[RecordedRoll]] | None = None
    ending: tuple[int, str] | None = None

    def flush() -> bool:
        nonlocal pending
        if pending is None:
            return True
        where, command, rolls = pending
        pending = None
        try:
            result.state = replay_step(engine, result.state, command, rolls)
        except ReplayMismatchError as err:
            if err.line is None:
                result.errors.append(RecordError(where, f"{command}: {err}"))
            else:
                under = f"{err} (under {command}, line {where})"
                result.errors.append(RecordError(err.line, under))
            return False
        except (engine.RulesError, RuntimeError) as err:
            result.errors.append(RecordError(where, f"{command}: {err}"))
            return False
        result.commands += 1
        return True

    for offset, raw in enumerate(lines[number - 1 :], start=number):
        line = readable(raw)
        if line in _RESULTS:
            ending = (offset, line)
        if _TURN.match(line):
            if not flush():
                return result
            due = f"{result.state.round} {result.state.turn}"
            if line != due:
                where = f'the record says "{line}" here, but the game is at "{due}"'
                result.errors.append(RecordError(offset, where))
                return result
            continue
        if not line or line.startswith("%") or line in _RESULTS:
            continue
        if line.startswith(ROLL_WORD):
            if pending is None:
                result.errors.append(RecordError(offset, "a roll line before any command"))
                return result
            try:
                purpose, dice = parse_roll_line(line)
            except ValueError as err:
                result.errors.append(RecordError(offset, str(err)))
                return result
            pending[2].append(RecordedRoll(dice, purpose, offset))
        elif line.startswith(SEALED_WORD):
            try:
                purpose, faces = parse_sealed_line(line)
            except ValueError as err:
                result.errors.append(RecordError(offset, str(err)))
                return result
            if pending is None or faces is None:
                why = ("a sealed line before any command" if pending is None else
                       f"the sealed draw {purpose} is still hidden in this record, so the game "
                       "replays only up to here (export it again once the draw is revealed or "
                       "the game has ended)")
                result.errors.append(RecordError(offset, why))
                return result
            pending[2].append(RecordedRoll(faces, purpose, offset))
        elif line.startswith("/"):
            if not flush():
                return result
            pending = (offset, line, [])
        else:
            result.errors.append(RecordError(offset, f"cannot read {line!r}"))
            return result
    if flush():
        _check_result(result, tag_lines.get("Result", 1), ending)
    return result


def _check_result(result: Replayed, tag_line: int, ending: tuple[int, str] | None) -> None:
    """The ``Result`` tag and the closing result line must say how the replayed game ended."""
    winner = result.state.winner
    expected = winner or "*"
    stated = result.tags.get("Result", "*")
    if stated != expected:
        how = f"the {winner} won" if winner else "nobody has won"
        result.errors.append(
            RecordError(tag_line, f'[Result "{stated}"], but in the replayed game {how}')
        )
    elif ending is not None and ending[1] != stated:
        result.errors.append(
            RecordError(ending[0], f'the record ends "{ending[1]}", but [Result "{stated}"]')
        )


def _result_tag(result: str | None) -> str:
    if result is None or result == "abandoned":
        return "*"
    return next((r for r in ("Axis", "Allies") if result.startswith(r)), "draw")


def _ordered(tags: dict[str, str]) -> list[str]:
    return [t for t in TAG_ORDER if t in tags] + sorted(t for t in tags if t not in TAG_ORDER)


def _tag_line(name: str, value: str) -> str:
    return f'[{name} "{value.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"]'
