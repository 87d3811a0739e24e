"""Autocomplete values for slash-command options, read from the game's state (pure).

Names only: spaces, powers and unit types as the board and unit data spell them, matched
against what the player has typed so far. Whether a command is legal stays the engine's
decision when the command arrives; nothing here judges rules.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.names import fold

LIMIT = 25
SPACE_OPTIONS = frozenset({"territory", "to", "from"})
UNIT_OPTIONS = frozenset({"units", "loss"})


def _words_in_order(typed: list[str], name: str) -> bool:
    """Each typed word starts a later word of the name: ``"w rus"`` fits ``"West Russia"``."""
    words = [fold(w) for w in name.split()]
    i = 0
    for part in typed:
        while i < len(words) and not words[i].startswith(part):
            i += 1
        if i == len(words):
            return False
        i += 1
    return True


def ranked(names: Iterable[str], typed: str, limit: int = LIMIT) -> list[str]:
    """Names that start with ``typed`` (ignoring case and punctuation), then names whose words
    start with the typed words, then names containing it.

    >>> ranked(["West Russia", "Russia", "Western Europe", "Germany"], "w rus")
    ['West Russia']
    >>> ranked(["West Russia", "Russia", "Germany"], "russ")
    ['Russia', 'West Russia']
    """
    key = fold(typed)
    parts = [fold(w) for w in typed.split() if fold(w)]
    unique = sorted(set(names))
    tiers: list[list[str]] = [[], [], []]
    for name in unique:
        folded = fold(name)
        if folded.startswith(key):
            tiers[0].append(name)
        elif _words_in_order(parts, name):
            tiers[1].append(name)
        elif key in folded:
            tiers[2].append(name)
    return (tiers[0] + tiers[1] + tiers[2])[:limit]


def _last_item(typed: str, separator: str) -> tuple[str, str]:
    """Split ``"2 infantry, 1 ta"`` into the finished part ``"2 infantry, "`` and ``"1 ta"``."""
    head, sep, tail = typed.rpartition(separator)
    return (head + sep + " " if sep else ""), tail.strip()


def _units(state: Any, typed: str) -> list[str]:
    done, item = _last_item(typed, ",")
    count, _, word = item.partition(" ") if item[:1].isdigit() else ("", "", item)
    kinds = [str(k).replace("_", " ") for k in state.rules.units]
    prefix = f"{done}{count} " if count else done
    return [prefix + kind for kind in ranked(kinds, word)]


def _spaces(state: Any, option: str, typed: str) -> list[str]:
    board = state.rules.board
    if option == "from":
        names = {board.name(u.space) for u in state.units_of(state.actor)}
    else:
        names = {space.name for space in board.spaces.values()}
    return ranked(names, typed)


def _path(state: Any, typed: str) -> list[str]:
    done, item = _last_item(typed, ">")
    names = [space.name for space in state.rules.board.spaces.values()]
    return [done + name for name in ranked(names, item)]


def suggestions(state: Any, option: str, typed: str) -> list[str]:
    """Values to offer for ``option`` given the text typed so far (at most 25)."""
    if option in SPACE_OPTIONS:
        return _spaces(state, option, typed)
    if option in UNIT_OPTIONS:
        return _units(state, typed)
    if option == "path":
        return _path(state, typed)
    if option == "power":
        rules = state.rules
        return ranked([rules.power_name(p) for p in rules.powers], typed)
    return []
