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
from typing import Any

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
    Research,
    Retreat,
    Submerge,
    Undo,
    UnitCounts,
)
from .errors import NotationError
from .ids import UnitKind
from .names import NameIndex
from .state import GameState

MISSIONS = ("attack", "raid", "escort", "bombard", "ignore")
SUBMERGE_CHOICES = ("always", "never", "when_outnumbered")
DECIDE_CHOICES = ("orders", "self")

# option kinds: how each option's text is read and written
_UNITS, _SPACE, _INT, _PATH, _POWER, _KINDS = "units", "space", "int", "path", "power", "kinds"
_TECH = "development"
"""A weapons development of the rule system, by name or id."""
_LOSSES = "losses"
"""Units that may be named ``damaged``: read into the ``units`` and ``damaged`` fields."""

# command name -> (class, aliases, {option name: (field name, option kind or choices, required)})
_SPEC: dict[str, tuple[type[Command], tuple[str, ...], dict[str, tuple[str, Any, bool]]]] = {
    "buy": (Buy, ("purchase",), {"units": ("units", _UNITS, True)}),
    "repair": (Repair, (), {"territory": ("territory", _SPACE, True), "points": ("points", _INT, True)}),
    "research": (Research, ("develop",), {"tech": ("development", _TECH, True), "dice": ("dice", _INT, True)}),
    "move": (Move, (), {
        "units": ("units", _UNITS, True),
        "from": ("origin", _SPACE, True),
        "to": ("destination", _SPACE, True),
        "path": ("path", _PATH, False),
        "mission": ("mission", MISSIONS, False),
    }),
    "place": (Place, ("mobilize",), {"units": ("units", _UNITS, True), "territory": ("territory", _SPACE, True)}),
    "done": (Done, ("end", "next", "end_phase"), {}),
    "undo": (Undo, ("takeback",), {}),
    "battle": (Battle, ("fight",), {"territory": ("territory", _SPACE, True)}),
    "casualties": (Casualties, ("losses", "lose"), {"units": ("units", _LOSSES, True)}),
    "retreat": (Retreat, (), {"to": ("to", _SPACE, True)}),
    "press": (Press, ("continue",), {}),
    "submerge": (Submerge, ("dive",), {"units": ("units", _UNITS, True)}),
    "orders": (Orders, ("standing_orders",), {
        "power": ("power", _POWER, False),
        "loss": ("loss", _KINDS, False),
        "retreat_below": ("retreat_below", _INT, False),
        "retreat_odds": ("retreat_odds", _INT, False),
        "submerge": ("submerge", SUBMERGE_CHOICES, False),
        "decide": ("decide", DECIDE_CHOICES, False),
    }),
}
_BY_CLASS = {cls: name for name, (cls, _, _) in _SPEC.items()}
_COMMANDS = NameIndex("command", {n: a for n, (_, a, _) in _SPEC.items()}, {n: n for n in _SPEC})

_TOKEN = re.compile(r"""\s*(?:([A-Za-z_][\w-]*)\s*[:=]\s*)?("(?:[^"\\]|\\.)*"|'[^']*'|“[^”]*”|[^\s"']+)""")


def split_line(text: str) -> tuple[str, dict[str, str], list[str]]:
    """Split ``/name opt:value opt:"two words"`` into name, options and loose words.

    Raises:
        NotationError: unbalanced quotes, an option given twice, or no command word.
    """
    line = text.strip()
    line = line.removeprefix("/")
    if line.count('"') % 2:
        raise NotationError(f"Unbalanced quotes in: {text}", reason="notation.quotes", text=text)
    options: dict[str, str] = {}
    loose: list[str] = []
    pos = 0
    while pos < len(line):
        m = _TOKEN.match(line, pos)
        if not m or m.end() == pos:
            if line[pos:].strip():
                raise NotationError(f"Cannot read {line[pos:].strip()!r} in: {text}", reason="notation.syntax", text=text)
            break
        key, value = m.group(1), m.group(2)
        if value[:1] in "\"'“":
            value = value[1:-1].replace('\\"', '"')
        if key is None:
            loose.append(value)
        else:
            key = key.lower().replace("-", "_")
            if key in options:
                raise NotationError(f'Option "{key}" is given twice.', reason="notation.duplicate_option", text=text)
            options[key] = value
        pos = m.end()
    if not loose:
        raise NotationError("Start with a command, e.g. /move or /buy.", reason="notation.empty", text=text)
    return loose[0], options, loose[1:]


def command_names() -> list[str]:
    return list(_SPEC)


def parse_command(text: str, state: GameState) -> Command:
    """Read one command line.

    Raises:
        NotationError: not a command, unknown or missing option, unknown name.
        AmbiguousCommandError: a name or the command word fits several things.
    """
    word, options, loose = split_line(text)
    name = _COMMANDS.find(word)
    cls, _, spec = _SPEC[name]
    if loose:
        raise NotationError(
            f'/{name} takes named options ({", ".join(f"{o}:" for o in spec) or "none"}); '
            f'"{" ".join(loose)}" has no option name.',
            reason="notation.loose_words",
            text=text,
        )
    values: dict[str, Any] = {}
    index = NameIndex("option", {o: () for o in spec}, {o: o for o in spec}) if spec else None
    for key, raw in options.items():
        if index is None:
            raise NotationError(f"/{name} takes no options.", reason="notation.unknown_option", text=text)
        try:
            option = index.find(key)
        except NotationError:
            raise NotationError(
                f'/{name} has no option "{key}"; it takes {", ".join(f"{o}:" for o in spec)}.',
                reason="notation.unknown_option",
                text=text,
            ) from None
        field_name, kind, _ = spec[option]
        if kind == _LOSSES:
            values[field_name], values["damaged"] = parse_losses(raw, state)
        else:
            values[field_name] = _read(kind, raw, option, state)
    for option, (field_name, _, required) in spec.items():
        if required and field_name not in values:
            raise NotationError(f"/{name} needs {option}:", reason="notation.missing_option", text=text)
    return cls(**values)


def format_command(command: Command, state: GameState) -> str:
    """The canonical line for ``command`` (what the game record stores)."""
    name = _BY_CLASS[type(command)]
    _, _, spec = _SPEC[name]
    parts = [f"/{name}"]
    for option, (field_name, kind, _) in spec.items():
        value = getattr(command, field_name)
        if kind == _LOSSES:
            value = (value, getattr(command, "damaged"))
        if value is None:
            continue
        parts.append(f"{option}:{_quote(_write(kind, value, state))}")
    return " ".join(parts)


# -- reading and writing option values --------------------------------------------------

def _read(kind: Any, raw: str, option: str, state: GameState) -> Any:
    if kind == _UNITS:
        return parse_units(raw, state)
    if kind == _SPACE:
        return state.board.find_space(raw)
    if kind == _POWER:
        return state.rules.find_power(raw)
    if kind == _TECH:
        return state.rules.technology.find(raw)
    if kind == _PATH:
        steps = [s for s in re.split(r"\s*(?:>|->|→|,)\s*", raw.strip()) if s]
        if not steps:
            raise NotationError("A path lists spaces separated by >.", reason="notation.path")
        return tuple(state.board.find_space(s) for s in steps)
    if kind == _INT:
        if not re.fullmatch(r"\s*\d+\s*", raw):
            raise NotationError(f'{option}: must be a whole number, not "{raw}".', reason="notation.not_a_number")
        return int(raw)
    if kind == _KINDS:
        return tuple(state.rules.find_unit(w) for w in re.split(r"\s*(?:,|>|\s+then\s+)\s*", raw.strip()) if w)
    choices = NameIndex(option, {c: () for c in kind}, {c: c for c in kind})
    try:
        return choices.find(raw)
    except NotationError:
        raise NotationError(
            f'{option}: takes {", ".join(kind)}, not "{raw}".', reason="notation.bad_choice"
        ) from None


def _write(kind: Any, value: Any, state: GameState) -> str:
    if kind == _UNITS:
        return format_units(value)
    if kind == _LOSSES:
        whole, damaged = value
        return ", ".join(p for p in (format_units(whole), format_units(damaged, "damaged ")) if p)
    if kind == _SPACE:
        return str(state.board.name(value))
    if kind == _POWER:
        return state.rules.power_name(value)
    if kind == _TECH:
        return state.rules.technology.development(value).name
    if kind == _PATH:
        return " > ".join(state.board.name(s) for s in value)
    if kind == _KINDS:
        return ", ".join(k.replace("_", " ") for k in value)
    return str(value)


def _quote(text: str) -> str:
    return text if re.fullmatch(r"[\w.\-]+", text) else '"' + text.replace('"', '\\"') + '"'


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
        raise NotationError("List units, e.g. \"2 infantry, 1 tank\".", reason="notation.no_units", text=text)
    for part in parts:
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
            kind = state.rules.find_unit(word.strip())
            if n <= 0:
                raise NotationError(f"Count units from 1: {part!r}.", reason="notation.zero_units", text=text)
            counts[kind] = counts.get(kind, 0) + n
    order = list(state.rules.units)
    return tuple(sorted(counts.items(), key=lambda kv: order.index(kv[0])))


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


def unit_word(kind: str, count: int) -> str:
    """``"infantry"``, ``"tank"``/``"tanks"``, ``"industrial complex"``/``"...complexes"``."""
    word = kind.replace("_", " ")
    if count == 1 or word in ("infantry", "artillery", "aaa"):
        return word
    return word + ("es" if word.endswith("x") else "s")


def format_units(units: UnitCounts | Mapping[UnitKind, int] | Mapping[str, int], prefix: str = "") -> str:
    """``"2 infantry, 1 tank"`` (with ``prefix`` before each unit word: ``"1 damaged battleship"``)."""
    items = units.items() if isinstance(units, Mapping) else units
    return ", ".join(f"{n} {prefix}{unit_word(k, n)}" for k, n in items)

