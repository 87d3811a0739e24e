"""Command lines: the canonical text of every command, and a forgiving reader for it.

The words are those of the Discord slash commands, so a line typed in the console works
the same in Discord::

    /move units:"2 infantry, 1 tank" from:Germany to:Poland path:"Germany > Poland"

Reading accepts any case, aliases and unique prefixes (``/mo u:"2 inf" from:ger to:pol``
is not accepted because ``/mo`` could be move or mobilize: the error says so), never
guesses between two meanings, and suggests the nearest name for a misspelling.
``parse_command(format_command(c, s), s) == c`` for every command.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .commands import Command, UnitCounts
from .errors import NotationError
from .examples import example_in, units_example
from .ids import UnitKind
from .names import NameIndex, shown
from .registry import (
    ENGINE_COMMANDS,
    CommandSpec,
    Kind,
    OptionSpec,
    number_problem,
    read_count,
    refuse_unused,
    resolve_options,
)
from .state import GameState
from .tokens import quote, tokenize

if TYPE_CHECKING:
    from .ruleset import RuleSet

_BY_NAME: dict[str, CommandSpec] = {c.name: c for c in ENGINE_COMMANDS}
_BY_CLASS: dict[type[Command], CommandSpec] = {
    c.command: c for c in ENGINE_COMMANDS if c.command is not None}
_COMMANDS = NameIndex("command", {c.name: c.aliases for c in ENGINE_COMMANDS},
                      {c.name: c.name for c in ENGINE_COMMANDS})

def split_line(text: str) -> tuple[str, dict[str, str], list[str]]:
    """Split ``/name opt:value opt:"two words"`` into name, options and loose words
    (:func:`engine.tokens.tokenize` reads the tokens).

    Raises:
        NotationError: a quote left open, an option given twice, or no command word.
    """
    options: dict[str, str] = {}
    loose: list[str] = []
    for token in tokenize(text.strip().removeprefix("/")):
        if token.key is None:
            loose.append(token.value)
        elif token.key in options:
            raise NotationError(f'Option "{token.key}" is given twice.', reason="notation.duplicate_option", text=text)
        else:
            options[token.key] = token.value
    if not loose:
        raise NotationError("Start with a command, e.g. /move or /buy.", reason="notation.empty", text=text)
    return loose[0], options, loose[1:]


def command_names() -> list[str]:
    return list(_BY_NAME)


def command_spec(text: str) -> CommandSpec:
    """The registry entry of a line's command word (or alias), read without a position.

    Raises:
        NotationError: no command word, or one no command has.
    """
    return _BY_NAME[_COMMANDS.find(split_line(text)[0])]


def parse_command(text: str, state: GameState) -> Command:
    """Read one command line.

    Raises:
        NotationError: not a command, unknown or missing option, unknown name.
        AmbiguousCommandError: a name or the command word fits several things.
    """
    word, options, loose = split_line(text)
    spec = _BY_NAME[_COMMANDS.find(word)]
    refuse_unused(state.rules, spec, text)
    if loose:
        raise NotationError(
            f'/{spec.name} takes named options ({", ".join(f"{o.name}:" for o in spec.options) or "none"}); '
            f'"{shown(" ".join(loose))}" has no option name.',
            reason="notation.loose_words",
            text=text,
        )
    values: dict[str, Any] = {}
    for name, raw in resolve_options(spec, options, text, example=example_in(state.rules, spec)).items():
        option = spec.option(name)
        if option.kind == Kind.LOSSES:
            values[option.target], values["damaged"] = parse_losses(raw, state)
        else:
            values[option.target] = _read(option, raw, state)
    assert spec.command is not None
    return spec.command(**values)


def format_command(command: Command, state: GameState) -> str:
    """The canonical line for ``command`` (what the game record stores)."""
    spec = _BY_CLASS[type(command)]
    parts = [f"/{spec.name}"]
    for option in spec.options:
        value = getattr(command, option.target)
        if option.kind == Kind.LOSSES:
            value = (value, getattr(command, "damaged"))
        if value is None:
            continue
        parts.append(f"{option.name}:{quote(_write(option.kind, value, state))}")
    return " ".join(parts)


# -- reading and writing option values --------------------------------------------------

def _read(option: OptionSpec, raw: str, state: GameState) -> Any:
    kind = option.kind
    if kind == Kind.UNITS:
        return parse_units(raw, state)
    if kind == Kind.SPACE:
        return state.board.find_space(raw)
    if kind == Kind.POWER:
        return state.rules.find_power(raw)
    if kind == Kind.DEVELOPMENT:
        return state.rules.technology.find(raw)
    if kind == Kind.MISSION:
        return state.rules.missions.find(raw)
    if kind == Kind.PATH:
        steps = [s for s in re.split(r"\s*(?:>|->|→|,)\s*", raw.strip()) if s]
        if not steps:
            raise NotationError("A path lists spaces separated by >.", reason="notation.path")
        return tuple(state.board.find_space(s) for s in steps)
    if kind == Kind.INTEGER:
        return read_count(option.name, raw, option.minimum)
    if kind == Kind.UNIT_TYPES:
        return tuple(state.rules.find_unit(w) for w in re.split(r"\s*(?:,|>|\s+then\s+)\s*", raw.strip()) if w)
    if kind == Kind.TEXT:
        return raw.strip()
    choices = NameIndex(option.name, {c: () for c in option.choices}, {c: c for c in option.choices})
    try:
        return choices.find(raw)
    except NotationError:
        raise NotationError(
            f'{option.name}: takes {", ".join(option.choices)}, not "{shown(raw)}".', reason="notation.bad_choice"
        ) from None


def _write(kind: Kind, value: Any, state: GameState) -> str:
    if kind == Kind.UNITS:
        return format_units(state.rules, value)
    if kind == Kind.LOSSES:
        whole, damaged = value
        return ", ".join(p for p in (format_units(state.rules, whole), format_units(state.rules, damaged, "damaged "))
                         if p)
    if kind == Kind.SPACE:
        return str(state.board.name(value))
    if kind == Kind.POWER:
        return state.rules.power_name(value)
    if kind == Kind.DEVELOPMENT:
        return state.rules.technology.development(value).name
    if kind == Kind.PATH:
        return " > ".join(state.board.name(s) for s in value)
    if kind == Kind.UNIT_TYPES:
        return ", ".join(unit_word(state.rules, k, 1) for k in value)
    return str(value)


_COUNTED = re.compile(r"^(\d+)\s*[x×*]?\s*(.+)$|^(.+?)\s*[x×*]\s*(\d+)$")
_RUNS = re.compile(r"(\d+)\s*[x×*]?\s*([^\d,]+)")


def parse_units(text: str, state: GameState) -> UnitCounts:
    """Read ``"3 infantry, 1 tank"`` (also ``"3 inf 1 tnk"``, ``"inf x3"``, ``"tank"``).

    Raises:
        NotationError: a word that is no unit type, a zero count, or nothing at all.
    """
    counts: dict[UnitKind, int] = {}
    parts = [p for p in re.split(r"\s*(?:,|;|\+|\band\b)\s*", text.strip()) if p]
    if not parts:
        raise NotationError(f'List units, e.g. "{units_example(state.rules)}".', reason="notation.no_units", text=text)
    for part in parts:
        _check_count(part, text)
        runs = _RUNS.findall(part)
        pieces = [(int(n), w) for n, w in runs] if len(runs) > 1 else None
        if pieces is None:
            m = _COUNTED.match(part)
            if m and m.group(1):
                pieces = [(int(m.group(1)), m.group(2))]
            elif m:
                pieces = [(int(m.group(4)), m.group(3))]
            else:
                pieces = [(1, part)]
        for n, word in pieces:
            kind = _find_counted(word.strip(), part, text, state)
            if n <= 0:
                raise NotationError(f'Count units from 1: "{shown(part)}".', reason="notation.zero_units", text=text)
            counts[kind] = counts.get(kind, 0) + n
    order = list(state.rules.units)
    return tuple(sorted(counts.items(), key=lambda kv: order.index(kv[0])))


_LEADING_NUMBER = re.compile(r"\s*([-+]?(?:\d+(?:[.,]\d+)?(?:[eE][-+]?\d+)?|[.,]\d+))")


def _check_count(part: str, text: str) -> None:
    """Refuse a count that is not a whole number from 1, saying what is wrong with it."""
    m = _LEADING_NUMBER.match(part)
    problem = number_problem(m.group(1)) if m else None
    if m and problem is not None:
        raise NotationError(
            f'Count units in whole numbers from 1: "{shown(m.group(1))}" in "{shown(part)}" '
            f"is {problem}.", reason="notation.bad_count", text=text)


def _find_counted(word: str, part: str, text: str, state: GameState) -> UnitKind:
    """The unit type ``word`` names. When a part without a count names none but does once
    a word is dropped from either end (``"x armor"``, ``"two tanks"``, ``"armor 2"``),
    that word stands where the count goes, and the refusal says so, not "no such unit"."""
    try:
        return state.rules.find_unit(word)
    except NotationError:
        words = word.split()
        if word != part.strip() or len(words) < 2:
            raise
        for count, rest in ((words[0], words[1:]), (words[-1], words[:-1])):
            try:
                kind = state.rules.find_unit(" ".join(rest))
            except NotationError:
                continue
            example = f'"2 {unit_word(state.rules, kind, 2)}"'
            problem = number_problem(count)
            raise NotationError(
                f'Count units in whole numbers from 1: "{shown(count)}" in "{shown(part)}" is '
                f"{problem} (e.g. {example})." if problem else
                f'Put the count before the unit: {example}, not "{shown(part)}".',
                reason="notation.bad_count", text=text) from None
        raise


_DAMAGED = re.compile(r"^(\d*\s*[x×*]?\s*)damaged\s+", re.IGNORECASE)


def parse_losses(text: str, state: GameState) -> tuple[UnitCounts, UnitCounts]:
    """Read casualties where a part may name damaged units: ``"1 damaged battleship, 2 inf"``
    -> (``2 infantry``, ``1 battleship`` damaged). Parts are separated by commas.

    Raises:
        NotationError: as :func:`parse_units`.
    """
    parts = [p for p in re.split(r"\s*(?:,|;|\+|\band\b)\s*", text.strip()) if p]
    if not parts:
        return parse_units(text, state), ()
    hurt = [_DAMAGED.sub(r"\1", p) for p in parts if _DAMAGED.match(p)]
    whole = [p for p in parts if not _DAMAGED.match(p)]
    return (parse_units(", ".join(whole), state) if whole else (),
            parse_units(", ".join(hurt), state) if hurt else ())


def unit_word(rules: RuleSet, kind: str, count: int) -> str:
    """The rule system's name for ``count`` units of ``kind`` (:meth:`UnitSpec.word`)."""
    return rules.spec(kind).word(count)


def format_units(rules: RuleSet, units: UnitCounts | Mapping[UnitKind, int] | Mapping[str, int],
                 prefix: str = "") -> str:
    """``"2 infantry, 1 tank"`` in the rule system's unit names (with ``prefix`` before each
    unit word: ``"1 damaged battleship"``)."""
    items = units.items() if isinstance(units, Mapping) else units
    return ", ".join(f"{n} {prefix}{unit_word(rules, k, n)}" for k, n in items)

