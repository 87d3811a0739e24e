"""The readable ``roll`` lines of a game record, and their agreement with its dice log.

People read ``roll West Russia r1 attacker 6 infantry @1: 1 6 1 6 4 6`` under the command
that rolled it; replay takes its dice from these lines. The ``% dice`` roll records prove the
dice, so verification requires the readable lines to state exactly the records' purposes and
dice, one line per record, in the same order, each under the command whose record follows it.
A sealed draw's line, ``sealed PURPOSE: hidden``, states its dice only once the record holds
its unseal entry (``sealed PURPOSE: 3 5``).
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
    SealedRecord,
    UnsealEntry,
    dice_log_lines,
    entry_from_json,
    load_entry,
)

ROLL_WORD = "roll "
"""A readable roll line starts with this (after indentation and ``{ }`` comments)."""
SEALED_WORD = "sealed "
"""A sealed draw's readable line starts with this."""
HIDDEN = "hidden"
"""What a sealed line states instead of faces while its draw is sealed."""
_COMMENT = re.compile(r"\{[^}]*\}")
_FACES = frozenset("123456")


@dataclass(frozen=True)
class RollLine:
    """One readable roll or sealed line: its number, purpose, dice (None while sealed) and
    the command block it is in."""

    line: int
    purpose: str
    dice: tuple[int, ...] | None
    block: int
    word: str = "roll"

    def __str__(self) -> str:
        if self.word == "roll":
            return format_roll_line(self.purpose, self.dice or ())
        return format_sealed_line(self.purpose, self.dice)


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


def format_sealed_line(purpose: str, dice: Sequence[int] | None) -> str:
    """``sealed PURPOSE: hidden``, or ``sealed PURPOSE: FACES`` once the draw is revealed."""
    return f"{SEALED_WORD}{purpose}: {HIDDEN if dice is None else ' '.join(map(str, dice))}"


def stated_log_lines(entries: Sequence[Entry]) -> list[str]:
    """The ``% dice`` lines with each roll's (and sealed draw's) readable line just before it.

    The smallest text that verifies: a dice log whose rolls are all stated.
    """
    unsealed = _unsealed(entries)
    out: list[str] = []
    for entry, line in zip(entries, dice_log_lines(entries), strict=True):
        if isinstance(entry, RollRecord):
            out.append(format_roll_line(entry.purpose, entry.dice))
        elif isinstance(entry, SealedRecord):
            out.append(format_sealed_line(entry.purpose, unsealed.get(entry.seq)))
        out.append(line)
    return out


def _unsealed(entries: Sequence[Entry]) -> dict[int, tuple[int, ...]]:
    """The revealed dice of each sealed draw the entries unseal, by ``seq``."""
    return {e.seq: e.dice for e in entries if isinstance(e, UnsealEntry)}


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


def parse_sealed_line(text: str) -> tuple[str, tuple[int, ...] | None]:
    """Purpose and dice (None if ``hidden``) of a sealed line; ValueError if malformed."""
    purpose, colon, faces = text[len(SEALED_WORD) :].rpartition(":")
    values = faces.split()
    hidden = values == [HIDDEN]
    if not colon or not purpose.strip() or not values or (
            not hidden and any(v not in _FACES for v in values)):
        raise ValueError(
            f'a sealed line must read "sealed PURPOSE: FACES" with faces 1 to 6, or '
            f'"sealed PURPOSE: {HIDDEN}", found {text!r}'
        )
    return purpose.strip(), None if hidden else tuple(int(v) for v in values)


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
            elif line.startswith(SEALED_WORD):
                rolls.append(RollLine(number, *parse_sealed_line(line), block=block, word="sealed"))
            elif line:
                block += 1
        except ValueError as err:
            raise DiceLogError(number, str(err)) from None
        blocks.append(block)
    return RecordLines(entries, rolls, blocks)


def roll_lines_discrepancy(record: RecordLines) -> tuple[int, str] | None:
    """The first roll line that does not state its roll record, as (line, message), or None.

    Roll and sealed lines pair with roll and sealed records, in chain order."""
    unsealed = {e.seq: (n, e.dice) for n, e in record.entries if isinstance(e, UnsealEntry)}
    records = [
        _Stated(n, e, _word(e), _record_dice(e, unsealed), unsealed.get(e.seq, (None,))[0])
        for n, e in record.entries if isinstance(e, (RollRecord, SealedRecord))
    ]
    lines = record.rolls
    for k in range(max(len(lines), len(records))):
        if k >= len(records):
            return _unrecorded(lines[k], len(records))
        roll = records[k]
        number = roll.number
        if k >= len(lines):
            return number, (f"{roll.name} has no {roll.word} line in the record "
                            f"(a {roll.word} line was removed)")
        found = _mismatch(lines, records, k)
        if found is not None:
            return found
        if number < lines[k].line or record.blocks[number - 1] != lines[k].block:
            return lines[k].line, (
                f"the {roll.word} line of {roll.name} is not under the command that rolled it "
                f"(its record is on line {number})"
            )
    return None


@dataclass(frozen=True)
class _Stated:
    """A chained record as its readable line must state it."""

    number: int
    record: RollRecord | SealedRecord
    word: str
    dice: tuple[int, ...] | None
    unsealed_on: int | None

    @property
    def purpose(self) -> str:
        return self.record.purpose

    @property
    def name(self) -> str:
        kind = "roll" if self.word == "roll" else "sealed draw"
        return f"{kind} #{self.record.seq} ({self.record.purpose})"

    def has(self) -> str:
        """What the record says of the dice, for a line stating others."""
        if self.word == "roll":
            return f"its record on line {self.number} has {_faces(self.dice)}"
        if self.dice is None:
            return f"its record on line {self.number} is still sealed (no unseal entry)"
        return f"its unseal entry on line {self.unsealed_on} has {_faces(self.dice)}"


def _word(record: RollRecord | SealedRecord) -> str:
    return "roll" if isinstance(record, RollRecord) else "sealed"


def _record_dice(
    record: RollRecord | SealedRecord, unsealed: dict[int, tuple[int, tuple[int, ...]]]
) -> tuple[int, ...] | None:
    if isinstance(record, RollRecord):
        return record.dice
    found = unsealed.get(record.seq)
    return None if found is None else found[1]


def _mismatch(lines: Sequence[RollLine], records: Sequence[_Stated], k: int) -> tuple[int, str] | None:
    """Why roll line ``k`` does not state roll record ``k``, naming the likely edit."""
    line, roll = lines[k], records[k]
    if _states(line, roll):
        return None
    if line.purpose == roll.purpose and line.word == roll.word:
        return line.line, (
            f"the {line.word} line states {_stating(line.dice)} for {roll.name}, but {roll.has()}"
        )
    ahead = k + 1 < len(lines) and _states(lines[k + 1], roll)
    if k + 1 < len(records) and _states(line, records[k + 1]):
        if ahead:
            return line.line, (
                f"the roll lines on lines {line.line} and {lines[k + 1].line} are swapped: "
                f"{roll.name} comes first in the dice log"
            )
        return line.line, (
            f"{roll.name} (record on line {roll.number}) has no {roll.word} line: "
            "it was removed before this line"
        )
    if ahead:
        return line.line, f"the {line.word} line {str(line)!r} states no recorded roll (it was added)"
    return line.line, (
        f"the {line.word} line {str(line)!r} does not state {roll.name} (record on line "
        f"{roll.number}), which reads {_line_of(roll)!r}"
    )


def _unrecorded(line: RollLine, recorded: int) -> tuple[int, str]:
    if recorded == 0:
        return line.line, (
            f"the {line.word} line {str(line)!r} has no roll record: the record has no dice log "
            "(its dice were not auditable)"
        )
    return line.line, (
        f"the {line.word} line {str(line)!r} has no roll record in the dice log "
        f"(it has {recorded} rolls; a {line.word} line was added)"
    )


def _states(line: RollLine, roll: _Stated) -> bool:
    return line.word == roll.word and line.purpose == roll.purpose and line.dice == roll.dice


def _line_of(roll: _Stated) -> str:
    if roll.word == "roll":
        return format_roll_line(roll.purpose, roll.dice or ())
    return format_sealed_line(roll.purpose, roll.dice)


def _stating(dice: Sequence[int] | None) -> str:
    return "them hidden" if dice is None else f"dice {_faces(dice)}"


def _faces(dice: Sequence[int] | None) -> str:
    return " ".join(map(str, dice or ()))
