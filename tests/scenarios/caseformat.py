"""Reading scenario case files (``tests/scenarios/README.md`` describes the format).

The reader only checks the shape of a file: keywords, their order, numbers and quotes.
Names of spaces, powers and unit types are resolved against the rule system when the
case runs (``runner.py``), which reports a bad name with the same file-and-line precision.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path


class CaseFormatError(Exception):
    """A case file that cannot be read; the message starts with ``file:line:``."""

    def __init__(self, path: Path | str, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path = str(path)
        self.line = line


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of an ``EXPECT`` or ``UNITS`` block, or one check (``EVENT``...), with its line."""

    line: int
    keyword: str
    text: str


@dataclass(slots=True)
class Step:
    """A command line and what follows it: its dice and what is expected of it."""

    line: int
    command: str
    dice: list[int] | None = None
    rolls: list[tuple[str, list[int]]] | None = None
    refused: tuple[str, str | None] | None = None
    refused_line: int = 0
    checks: list[Entry] = field(default_factory=list)


@dataclass(slots=True)
class Case:
    path: Path
    line: int
    id: str
    ruleset: str = ""
    sources: list[str] = field(default_factory=list)
    start: tuple[int, str, str] | None = None
    """``(round, power, phase)``, or None for the rule system's opening position."""
    start_line: int = 0
    options: list[Entry] = field(default_factory=list)
    treasury: list[Entry] = field(default_factory=list)
    owners: list[Entry] = field(default_factory=list)
    damage: list[Entry] = field(default_factory=list)
    """Industrial complex damage markers, ``<territory>: <n>``."""
    tech: list[Entry] = field(default_factory=list)
    """``TECH <power>: <development>, ...``: developments in effect at the start."""
    builds: list[Entry] = field(default_factory=list)
    """``BUILD <power>: <n> <unit type> paid <IPCs each> laid <round>``: units laid down and
    partly paid for (two-round builds)."""
    progress: list[Entry] = field(default_factory=list)
    """``PROGRESS <power>: <development> <boxes>, ...``: progress boxes filled at the start."""
    cooperation: list[Entry] = field(default_factory=list)
    """``COOPERATION <neutral>: <position> [<power>]``: a neutral's place on the track of
    cooperation, and the power its income goes to."""
    drawn: list[Entry] = field(default_factory=list)
    """``DRAWN <power>: <item>, ...``: National Advantages drawn and not yet revealed;
    ``REVEALED <power>: <item>, ...``: drawn and revealed (in force)."""
    revealed: list[Entry] = field(default_factory=list)
    goals: list[Entry] = field(default_factory=list)
    """``GOALS <power>: <goal>, ...``: a nation's national goals (Historical Victory)."""
    docked: list[Entry] = field(default_factory=list)
    """``DOCKED <power>: <sea zone> at <neutral>, ...``: where a power's ships are docked."""
    built: list[Entry] = field(default_factory=list)
    """``BUILT <space>: <power> <n> <unit type> with <development>``: units of the position
    built with a development that improves the units built after it (AARHE's jets)."""
    arsenal: list[Entry] = field(default_factory=list)
    """``ARSENAL <power>: <round>, ...``: atomic bombs bought in those rounds and not loaded."""
    armed: list[Entry] = field(default_factory=list)
    """``ARMED <space>: <power> <n> bomber``: bombers of the position carrying an atomic bomb."""
    captured: list[Entry] = field(default_factory=list)
    """``CAPTURED <capital>, ...``: capitals an enemy has captured at least once before the start."""
    units: list[Entry] = field(default_factory=list)
    checks: list[Entry] = field(default_factory=list)
    """Checks on the starting position, before any command."""
    steps: list[Step] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{self.path.parent.name}/{self.path.name}::{self.id}"


HEADER = ("RULESET", "SOURCE", "START", "OPTION", "TREASURY", "OWNER", "DAMAGE", "TECH", "BUILD", "PROGRESS",
          "COOPERATION", "DRAWN", "REVEALED", "GOALS", "DOCKED", "CAPTURED", "BUILT", "ARSENAL", "ARMED", "UNITS")
CHECKS = ("EVENTS", "EVENT", "NO EVENT", "EXPECT")
AFTER_COMMAND = ("DICE", "ROLL", "REFUSED")
_ID = re.compile(r"[A-Za-z0-9][\w.\-/]*")
_SEED = re.compile(r"00\d_[0-9a-f]+\.txt\b|00\d\b")


def strip_comment(text: str) -> str:
    """Drop a ``#`` comment (at the start or after a blank, outside double quotes)."""
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted and (i == 0 or text[i - 1].isspace()):
            return text[:i].rstrip()
    return text.rstrip()


def read_cases(path: Path) -> list[Case]:
    """Every case in ``path``, in file order.

    Raises:
        CaseFormatError: the first thing in the file that does not fit the format.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise CaseFormatError(path, 1, f"not UTF-8 text ({err.reason} at byte {err.start})") from None
    return _Reader(path).read(text.splitlines())


class _Reader:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.cases: list[Case] = []
        self.case: Case | None = None
        self.block: tuple[str, int, list[Entry], int] | None = None
        """The indented block being filled: keyword, its line, the list its lines go to,
        and that list's length when the block began."""

    def fail(self, line: int, message: str) -> CaseFormatError:
        return CaseFormatError(self.path, line, message)

    def read(self, lines: list[str]) -> list[Case]:
        for number, raw in enumerate(lines, 1):
            text = strip_comment(raw)
            if not text.strip():
                continue
            if raw[:1].isspace():
                self.indented(number, text.strip())
            else:
                self.close_block()
                self.keyword(number, text.strip())
        self.close_block()
        if self.case is not None:
            raise self.fail(self.case.line, f"case {self.case.id} has no END")
        if not self.cases:
            raise self.fail(1, "no case in this file (a case starts with CASE <id>)")
        return self.cases

    def indented(self, number: int, text: str) -> None:
        if self.block is None:
            raise self.fail(number, f"indented line outside a UNITS or EXPECT block: {text!r}")
        keyword, _, entries, _ = self.block
        entries.append(Entry(number, keyword, text))

    def close_block(self) -> None:
        if self.block is not None:
            keyword, line, entries, before = self.block
            if len(entries) == before:
                raise self.fail(line, f"{keyword} with no indented line below it")
        self.block = None

    def keyword(self, number: int, text: str) -> None:
        if text.startswith("/"):
            self.command(number, text)
            return
        word, _, rest = text.partition(" ")
        rest = rest.strip()
        if word == "NO" and rest.split(" ", 1)[0] == "EVENT":
            word, rest = "NO EVENT", rest[len("EVENT"):].strip()
        if word == "CASE":
            self.start_case(number, rest)
            return
        case = self.case
        if case is None:
            raise self.fail(number, f"{word!r} outside a case; a case starts with CASE <id>")
        if word == "END":
            self.end_case(number, case)
        elif word in HEADER:
            self.header(number, case, word, rest)
        elif word in AFTER_COMMAND:
            self.after_command(number, case, word, rest)
        elif word in CHECKS:
            self.check(number, case, word, rest)
        else:
            known = ", ".join(("CASE", *HEADER, *AFTER_COMMAND, *CHECKS, "END"))
            raise self.fail(number, f"unknown keyword {word!r}; a line starts with /command or one of {known}")

    def start_case(self, number: int, rest: str) -> None:
        if self.case is not None:
            raise self.fail(number, f"CASE inside case {self.case.id} (line {self.case.line}): END it first")
        if not _ID.fullmatch(rest):
            raise self.fail(number, f"CASE needs one id of letters, digits, - _ . /, not {rest!r}")
        if any(c.id == rest for c in self.cases):
            raise self.fail(number, f"case id {rest} is used twice in this file")
        self.case = Case(self.path, number, rest)

    def end_case(self, number: int, case: Case) -> None:
        for word, missing in (("RULESET", not case.ruleset), ("SOURCE", not case.sources),
                              ("START", not case.start_line)):
            if missing:
                raise self.fail(number, f"case {case.id} has no {word} line")
        if not case.steps and not case.checks:
            raise self.fail(number, f"case {case.id} has no command and no EXPECT: it tests nothing")
        self.cases.append(case)
        self.case = None

    def header(self, number: int, case: Case, word: str, rest: str) -> None:
        if case.steps or case.checks:
            raise self.fail(number, f"{word} after the first command or check; the position comes first")
        if word == "UNITS":
            if rest:
                raise self.fail(number, "UNITS takes no value; list the spaces on indented lines below it")
            self.block = ("UNITS", number, case.units, len(case.units))
            return
        if not rest:
            raise self.fail(number, f"{word} needs a value")
        if word == "RULESET":
            if case.ruleset:
                raise self.fail(number, "RULESET given twice")
            case.ruleset = rest
        elif word == "SOURCE":
            if not _SEED.match(rest):
                raise self.fail(number, f"SOURCE starts with the seed file (e.g. 000_fc7e3a790a753b06.txt), not {rest!r}")
            case.sources.append(rest)
        elif word == "START":
            if case.start_line:
                raise self.fail(number, "START given twice")
            case.start_line = number
            case.start = None if rest == "opening" else self.start_position(number, rest)
        else:
            {"OPTION": case.options, "TREASURY": case.treasury, "OWNER": case.owners,
             "DAMAGE": case.damage, "TECH": case.tech, "BUILD": case.builds, "PROGRESS": case.progress,
             "COOPERATION": case.cooperation, "DRAWN": case.drawn, "REVEALED": case.revealed, "GOALS": case.goals,
             "DOCKED": case.docked, "CAPTURED": case.captured, "BUILT": case.built, "ARSENAL": case.arsenal,
             "ARMED": case.armed}[word].append(
                Entry(number, word, rest))

    def start_position(self, number: int, rest: str) -> tuple[int, str, str]:
        parts = rest.split()
        if len(parts) < 3 or not parts[0].isdigit():
            raise self.fail(number, f"START takes 'opening' or '<round> <power> <phase>', not {rest!r}")
        return int(parts[0]), " ".join(parts[1:-1]), parts[-1]

    def command(self, number: int, text: str) -> None:
        if self.case is None:
            raise self.fail(number, "a command outside a case")
        if not self.case.start_line:
            raise self.fail(number, "a command before START")
        self.case.steps.append(Step(number, text))

    def last_step(self, number: int, case: Case, word: str) -> Step:
        if not case.steps:
            raise self.fail(number, f"{word} before any command; it belongs after the command it is for")
        return case.steps[-1]

    def after_command(self, number: int, case: Case, word: str, rest: str) -> None:
        step = self.last_step(number, case, word)
        if step.checks:
            raise self.fail(number, f"{word} after the checks of line {step.line}'s command; put it right below the command")
        if word == "REFUSED":
            if step.refused is not None:
                raise self.fail(number, "REFUSED given twice for one command")
            step.refused, step.refused_line = self.refusal(number, rest), number
            return
        if step.refused is not None:
            raise self.fail(number, f"{word} after REFUSED; a refused command rolls nothing")
        if word == "DICE":
            if step.rolls is not None:
                raise self.fail(number, "DICE and ROLL for one command; use one or the other")
            if step.dice is not None:
                raise self.fail(number, "DICE given twice for one command; list all its dice on one line")
            step.dice = self.faces(number, rest.replace("|", " "))
        else:
            if step.dice is not None:
                raise self.fail(number, "DICE and ROLL for one command; use one or the other")
            purpose, colon, faces = rest.rpartition(":")
            if not colon or not purpose.strip():
                raise self.fail(number, f"ROLL takes '<purpose>: <dice>', not {rest!r}")
            step.rolls = (step.rolls or []) + [(purpose.strip(), self.faces(number, faces))]

    def faces(self, number: int, text: str) -> list[int]:
        words = text.split()
        if not words:
            raise self.fail(number, "no dice given")
        for w in words:
            if w not in ("1", "2", "3", "4", "5", "6"):
                raise self.fail(number, f"a die shows 1 to 6, not {w!r}")
        return [int(w) for w in words]

    def refusal(self, number: int, rest: str) -> tuple[str, str | None]:
        try:
            words = shlex.split(rest)
        except ValueError:
            raise self.fail(number, f"unbalanced quotes: {rest!r}") from None
        if not words or len(words) > 2 or not re.fullmatch(r"[a-z_]+\.[a-z_.]+", words[0]):
            raise self.fail(number, f'REFUSED takes a reason key and an optional "message fragment", not {rest!r}')
        return words[0], words[1] if len(words) == 2 else None

    def check(self, number: int, case: Case, word: str, rest: str) -> None:
        target = case.steps[-1].checks if case.steps else case.checks
        if word == "EXPECT":
            if rest:
                raise self.fail(number, "EXPECT takes no value; list what to check on indented lines below it")
            self.block = ("EXPECT", number, target, len(target))
            return
        if not case.steps:
            raise self.fail(number, f"{word} before any command; events belong to a command")
        if case.steps[-1].refused is not None:
            raise self.fail(number, f"{word} after REFUSED; a refused command has no events")
        if not rest:
            raise self.fail(number, f"{word} needs a value")
        if word != "EVENTS":
            try:
                words = shlex.split(rest)
            except ValueError:
                raise self.fail(number, f"unbalanced quotes: {rest!r}") from None
            if not words or len(words) > (2 if word == "EVENT" else 1):
                form = '<type> ["text fragment"]' if word == "EVENT" else "<type>"
                raise self.fail(number, f"{word} takes {form}, not {rest!r}")
        target.append(Entry(number, word, rest))

