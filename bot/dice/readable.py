"""The readable ``roll`` lines of a game record, and their agreement with its dice log.

People read ``roll West Russia r1 attacker 6 infantry @1: 1 6 1 6 4 6`` under the command
that rolled it; replay takes its dice from these lines. The ``% dice`` roll records prove the
dice, so verification requires the readable lines to state exactly the records' purposes and
dice, one line per record, in the same order, each under the command whose record follows it.
``tools/verify_dice.py`` implements the same checks and words them identically.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.dice.log import (
    DICE_PREFIX,
    DiceLogError,
    Entry,
    RollRecord,
    dice_log_lines,
    entry_from_json,
    load_entry,
)

ROLL_WORD = "roll "
"""A readable roll line starts with this (after indentation and ``{ }`` comments)."""
_COMMENT = re.compile(r"\{[^}]*\}")
_FACES = frozenset("123456")


@dataclass(frozen=True)
class RollLine:
    """One readable roll line: its number, purpose, dice and the command block it is in."""

    line: int
    purpose: str
    dice: tuple[int, ...]
    block: int

    def __str__(self) -> str:
        return format_roll_line(self.purpose, self.dice)


@dataclass(frozen=True)
class RecordLines:
    """What verification reads from a record: dice entries, roll lines, each line's block."""

    entries: list[tuple[int, Entry]]
    rolls: list[RollLine]
    blocks: list[int]
    """Block of each line (index = line - 1); a line that is neither a roll line, a dice
    line, a comment nor blank starts a new block, so a roll line and its record share one
    only when no command, turn or tag line separates them."""


def format_roll_line(purpose: str, dice: Sequence[int]) -> str:
    """``roll PURPOSE: FACES`` as a record writes it (without its indentation)."""
    return f"{ROLL_WORD}{purpose}: {' '.join(map(str, dice))}"


def stated_log_lines(entries: Sequence[Entry]) -> list[str]:
    """The ``% dice`` lines with each roll's readable line just before it.

    The smallest text that verifies: a dice log whose rolls are all stated.
    """
    out: list[str] = []
    for entry, line in zip(entries, dice_log_lines(entries), strict=True):
        if isinstance(entry, RollRecord):
            out.append(format_roll_line(entry.purpose, entry.dice))
        out.append(line)
    return out


def readable(raw: str) -> str:
    """A record line without its ``{ }`` comments and surrounding whitespace."""
    return _COMMENT.sub("", raw).strip()


def parse_roll_line(text: str) -> tuple[str, tuple[int, ...]]:
    """Purpose and dice of a readable roll line; ValueError naming the line's text if malformed."""
    purpose, colon, faces = text[len(ROLL_WORD) :].rpartition(":")
    values = faces.split()
    if not colon or not purpose.strip() or not values or any(v not in _FACES for v in values):
        raise ValueError(
            f'a roll line must read "roll PURPOSE: FACES" with faces 1 to 6, found {text!r}'
        )
    return purpose.strip(), tuple(int(v) for v in values)


def read_record_lines(text: str) -> RecordLines:
    """Dice entries and roll lines of a record, numbered from 1.

    :raises DiceLogError: at the first malformed ``% dice`` or roll line.
    """
    entries: list[tuple[int, Entry]] = []
    rolls: list[RollLine] = []
    blocks: list[int] = []
    block = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = readable(raw)
        try:
            if raw.startswith(DICE_PREFIX):
                entries.append((number, entry_from_json(load_entry(raw[len(DICE_PREFIX) :]))))
            elif line.startswith(ROLL_WORD):
                rolls.append(RollLine(number, *parse_roll_line(line), block=block))
            elif line:
                block += 1
        except ValueError as err:
            raise DiceLogError(number, str(err)) from None
        blocks.append(block)
    return RecordLines(entries, rolls, blocks)


def roll_lines_discrepancy(record: RecordLines) -> tuple[int, str] | None:
    """The first roll line that does not state its roll record, as (line, message), or None."""
    records = [(n, e) for n, e in record.entries if isinstance(e, RollRecord)]
    lines = record.rolls
    for k in range(max(len(lines), len(records))):
        if k >= len(records):
            return _unrecorded(lines[k], len(records))
        number, roll = records[k]
        if k >= len(lines):
            return number, f"{_name(roll)} has no roll line in the record (a roll line was removed)"
        found = _mismatch(lines, records, k)
        if found is not None:
            return found
        if number < lines[k].line or record.blocks[number - 1] != lines[k].block:
            return lines[k].line, (
                f"the roll line of {_name(roll)} is not under the command that rolled it "
                f"(its record is on line {number})"
            )
    return None


def _mismatch(
    lines: Sequence[RollLine], records: Sequence[tuple[int, RollRecord]], k: int
) -> tuple[int, str] | None:
    """Why roll line ``k`` does not state roll record ``k``, naming the likely edit."""
    line, (number, roll) = lines[k], records[k]
    if _states(line, roll):
        return None
    if line.purpose == roll.purpose:
        return line.line, (
            f"the roll line states dice {_faces(line.dice)} for {_name(roll)}, "
            f"but its record on line {number} has {_faces(roll.dice)}"
        )
    ahead = k + 1 < len(lines) and _states(lines[k + 1], roll)
    if k + 1 < len(records) and _states(line, records[k + 1][1]):
        if ahead:
            return line.line, (
                f"the roll lines on lines {line.line} and {lines[k + 1].line} are swapped: "
                f"{_name(roll)} comes first in the dice log"
            )
        return line.line, (
            f"{_name(roll)} (record on line {number}) has no roll line: "
            "it was removed before this line"
        )
    if ahead:
        return line.line, f"the roll line {str(line)!r} states no recorded roll (it was added)"
    return line.line, (
        f"the roll line {str(line)!r} does not state {_name(roll)} (record on line {number}), "
        f"which reads {format_roll_line(roll.purpose, roll.dice)!r}"
    )


def _unrecorded(line: RollLine, recorded: int) -> tuple[int, str]:
    if recorded == 0:
        return line.line, (
            f"the roll line {str(line)!r} has no roll record: the record has no dice log "
            "(its dice were not auditable)"
        )
    return line.line, (
        f"the roll line {str(line)!r} has no roll record in the dice log "
        f"(it has {recorded} rolls; a roll line was added)"
    )


def _states(line: RollLine, roll: RollRecord) -> bool:
    return line.purpose == roll.purpose and line.dice == roll.dice


def _name(roll: RollRecord) -> str:
    return f"roll #{roll.seq} ({roll.purpose})"


def _faces(dice: Sequence[int]) -> str:
    return " ".join(map(str, dice))
