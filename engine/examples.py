"""Examples shown to players, in the words of their game's rule system.

The registry writes its examples once, in 1942's words (``/move units:"2 infantry, 1 tank"
from:"West Russia" to:Ukraine``). A game of Classic shows ``1 armor`` and a move between
spaces its board has (``from:Caucasus to:"Ukraine S.S.R."``), as its unit table and board
name them; front ends print what :func:`example_in` gives and keep no rule words of their own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .commands import Research
from .errors import NotationError
from .ids import SpaceId
from .registry import UNITS_EXAMPLE, CommandSpec, Kind
from .tokens import quote, tokenize

if TYPE_CHECKING:
    from .ruleset import RuleSet


def example_in(rules: RuleSet | None, spec: CommandSpec) -> str:
    """``spec``'s example as a game of ``rules`` plays it: ``/research`` by its research
    table (Classic's takes no development); units, developments, spaces and powers by the
    rule system's names, a unit type it lacks left out and a space its board lacks replaced
    by a neighbour of one it has. Without a game (``rules`` None): the registry's example."""
    if rules is None:
        return spec.example
    if spec.command is Research and rules.technology.offered:
        return rules.technology.example()
    kinds = {o.name: o.kind for o in spec.options}
    tokens = tokenize(spec.example)
    named = [s for t in tokens if t.key and kinds.get(t.key) == Kind.SPACE
             for s in _spaces(rules, t.value)]
    return " ".join(t.raw if t.key is None or kinds.get(t.key) not in _REWRITTEN else
                    f"{t.key}:{quote(_written(rules, kinds[t.key], t.value, named))}" for t in tokens)


_REWRITTEN = (Kind.UNITS, Kind.LOSSES, Kind.UNIT_TYPES, Kind.SPACE, Kind.DEVELOPMENT, Kind.POWER)
"""The kinds of option value a rule system names in its own words."""


def units_example(rules: RuleSet) -> str:
    """A list of units as a refusal shows it, in the rule system's names (``2 infantry, 1 armor``)."""
    return _units(rules, UNITS_EXAMPLE, counted=True) or UNITS_EXAMPLE


def _written(rules: RuleSet, kind: Kind, value: str, named: list[SpaceId]) -> str:
    """One option's value in the rule system's words (``named``: the example's spaces
    the board has, taken in turn as a missing space is replaced)."""
    if kind in (Kind.UNITS, Kind.LOSSES, Kind.UNIT_TYPES):
        return _units(rules, value, counted=kind != Kind.UNIT_TYPES) or value
    if kind == Kind.SPACE:
        return rules.board.name(_space(rules, value, named))
    if kind == Kind.DEVELOPMENT and rules.technology.developments:
        try:
            return rules.technology.development(rules.technology.find(value)).name
        except NotationError:
            return rules.technology.developments[0].name
    if kind == Kind.POWER:
        try:
            return rules.power_name(rules.find_power(value))
        except NotationError:
            return value
    return value


def _units(rules: RuleSet, value: str, counted: bool) -> str:
    """``"2 infantry, 1 tank"`` (or ``"infantry, tank"``) by the rule system's unit names,
    without the types it does not have."""
    out = []
    for item in value.split(", "):
        count, word = item.split(" ", 1) if counted else ("1", item)
        try:
            spec = rules.spec(rules.find_unit(word))
        except NotationError:
            continue
        out.append(f"{count} {spec.word(int(count))}" if counted else spec.word())
    return ", ".join(out)


def _spaces(rules: RuleSet, value: str) -> list[SpaceId]:
    try:
        return [rules.board.find_space(value)]
    except NotationError:
        return []


def _space(rules: RuleSet, value: str, named: list[SpaceId]) -> SpaceId:
    """The space ``value`` names on the board, or else a neighbour of the example's other
    spaces of the same kind (land or sea), or else the first power's capital."""
    board = rules.board
    found = _spaces(rules, value)
    if found:
        return found[0]
    near = [n for s in named for n in board.neighbours(s)
            if n not in named and board[n].is_land == board[s].is_land and not board[n].impassable]
    choice = near[0] if near else board.powers[rules.powers[0]].capital
    named.append(choice)
    return choice
