"""Autocomplete values for slash-command options (pure: a game state in, names out).

What is offered comes from the engine's ``legal_commands(state)`` (units the treasury can buy,
unit groups that can move and where, where purchases can be placed), from the combat phase
in the state (battles waiting, where a retreat may go, the units a pending choice is about)
and from the board's names; nothing here judges a rule. A command only the power whose input
is due may give gets no suggestions for anyone else, and none when it cannot be given now.
The engine still decides when the command arrives, so a suggestion is a convenience, never a
promise.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any

from bot.service.commands import find_command
from engine import RulesError, legal_commands
from engine.commands import Advantage, Diplomacy
from engine.names import fold
from engine.notation import unit_word
from engine.registry import Kind, is_used_by, phases_taking

LIMIT = 25


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
    tiers: list[list[str]] = [[], [], []]
    for name in sorted(set(names)):
        folded = fold(name)
        if folded.startswith(key):
            tiers[0].append(name)
        elif _words_in_order(parts, name):
            tiers[1].append(name)
        elif key in folded:
            tiers[2].append(name)
    return (tiers[0] + tiers[1] + tiers[2])[:limit]


def _split_last(typed: str, separator: str) -> tuple[str, str]:
    """``"2 infantry, 1 ta"`` -> (``"2 infantry, "``, ``"1 ta"``): the done part and the rest."""
    head, sep, tail = typed.rpartition(separator)
    return (head + sep + " " if sep else ""), tail.strip()


def complete_list(typed: str, choices: Iterable[str]) -> list[str]:
    """Complete the last item of a list of ``choices`` (a game option such as
    ``optional_rules:paratroops,two_hit_battleships``), leaving out those already listed.

    >>> complete_list("a, c", ["a", "b", "c", "d"])
    ['a, c']
    >>> complete_list("a,", ["a", "b", "c"])
    ['a, b', 'a, c']
    """
    done, item = _split_last(typed, ",")
    listed = {p.strip() for p in done.split(",")}
    return [done + c for c in ranked([c for c in choices if c not in listed], item)]


def complete_units(typed: str, offers: Iterable[tuple[str, int | None]],
                   numbered: bool = True) -> list[str]:
    """Complete the last item of a unit list from (unit name, count or None) offers.

    >>> complete_units("2 infantry, 1 ta", [("tank", 3), ("infantry", 2)])
    ['2 infantry, 1 tank']
    >>> complete_units("inf", [("infantry", 4)])
    ['4 infantry']
    >>> complete_units("infantry, art", [("artillery", None)], numbered=False)
    ['infantry, artillery']
    """
    done, item = _split_last(typed, ",")
    count, _, word = item.partition(" ") if item[:1].isdigit() else ("", "", item)
    counts = dict(offers)
    out = []
    for name in ranked(counts, word):
        number = count or (str(counts[name]) if counts[name] else "1")
        out.append(f"{done}{number} {name}" if numbered else f"{done}{name}")
    return out


MOVING = ("move", "support", "reinforce")
"""Commands whose ``units``, ``from`` and ``to`` name one of the engine's move groups
(``legal.moves``): ``/move``, and the passive turn's ``/support`` and ``/reinforce``, whose
groups are the window's (``engine.passive``)."""


class Completer:
    """Suggestions for one state; the other options already filled narrow them."""

    def __init__(self, state: Any, given: Mapping[str, str]) -> None:
        self.state = state
        self.board = state.rules.board
        self.given = given

    @cached_property
    def legal(self) -> Any:
        """The engine's options for the power whose input is due (computed when needed)."""
        return legal_commands(self.state)

    def _space(self, text: str | None) -> str | None:
        if not text:
            return None
        try:
            return str(self.board.find_space(text))
        except RulesError:
            return None

    def _names(self, spaces: Iterable[str]) -> list[str]:
        return [self.board.name(s) for s in spaces]

    def _groups(self) -> list[Any]:
        origin = self._space(self.given.get("from"))
        return [g for g in self.legal.moves if origin is None or g.origin == origin]

    def spaces(self, command: str, option: str) -> list[str]:
        if command in MOVING and option == "from":
            return self._names({g.origin for g in self.legal.moves})
        if command in MOVING and option in ("to", "path"):
            return self._names({d for g in self._groups() for d in g.destinations})
        if command == "rocket":
            return self._names(dict.fromkeys(pair[option == "target"] for pair in self.legal.rockets))
        if command == "place":
            return self._names(self.legal.placements)
        if command == "repair":
            return self._names(s for s, damage in self.state.ic_damage.items() if damage)
        if command == Diplomacy.name:
            return self._names(self._neutral_offers(option))
        if command == "battle":
            return self._names(self.legal.battles)
        if command == Advantage.name and self.legal.advantages:
            return self._names(dict.fromkeys(site for _, site in self.legal.advantages))
        if command == "retreat":
            return self._names(self.legal.retreats)
        if command == "submerge" and option == "to":
            return self._names(self.legal.withdrawals)
        return [s.name for s in self.board.spaces.values()]

    def _neutral_offers(self, option: str) -> list[str]:
        """The neutrals ``/diplomacy`` may name now; for ``sea``, where the ships of the one
        named (or of any) could join."""
        neutrals = self.legal.neutrals
        if option == "neutral":
            return list(neutrals)
        named = self._space(self.given.get("neutral"))
        return [z for n, zones in neutrals.items() if named not in neutrals or n == named for z in zones]

    def units(self, command: str) -> list[tuple[str, int | None]]:
        """The unit types ``command`` could name now, by the rule system's names (Classic's
        "armor"), each with how many there are where that is known."""
        return [(unit_word(self.state.rules, k, 1), n) for k, n in self._unit_offers(command)]

    def _unit_offers(self, command: str) -> list[tuple[str, int | None]]:
        if command == "buy":
            return [(k, None) for k in self.legal.buyable]
        if command in MOVING:
            return [(kind, n) for g in self._groups() for kind, n in g.units]
        if command == "place":
            return [(k, n) for k, n in self.state.purchased.items() if n]
        pending = self._pending()
        if command in ("casualties", "submerge") and pending is not None:
            kinds = [self.state.units[uid].kind for uid in pending.among]
            due = sum(count for count, _ in pending.hits) or len(kinds)
            return [(k, min(kinds.count(k), due)) for k in dict.fromkeys(kinds)]
        return [(k, None) for k in self.state.rules.units]

    def _pending(self) -> Any:
        """The choice the battle in progress waits for, if any."""
        combat = self.state.combat
        if combat is None or combat.current is None:
            return None
        return combat.current.pending


def suggestions(state: Any, command: str, option: str, typed: str,
                given: Mapping[str, str], may_act: bool = True) -> list[str]:
    """Values to offer for ``option`` of ``/command`` given the text typed so far, by the
    option's kind in the command registry.

    ``may_act`` says whether the one asking plays the power whose input is due (or referees);
    if not, commands given in a phase (those of the power due) offer nothing: there is
    nothing they could pick. Neither does a command the game's rule system does not use.
    """
    spec = find_command(command)
    found = [o for o in spec.options if o.name == option] if spec is not None else []
    if spec is None or not found or not is_used_by(state.rules, spec):
        return []
    if not may_act and phases_taking(state.rules, spec) is not None:
        return []
    kind = found[0].kind
    completer = Completer(state, given)
    if kind == Kind.SPACE:
        return ranked(completer.spaces(command, option), typed)
    if kind == Kind.PATH:
        done, item = _split_last(typed, ">")
        return [done + name for name in ranked(completer.spaces(command, option), item)]
    if kind in (Kind.UNITS, Kind.LOSSES, Kind.UNIT_TYPES):
        return complete_units(typed, completer.units(command), numbered=kind != Kind.UNIT_TYPES)
    if kind == Kind.DEVELOPMENT:
        return ranked([d.name for d in state.rules.technology.developments], typed)
    if kind == Kind.MISSION:
        return ranked([state.rules.missions.shown(m) for m in state.rules.missions.ids()], typed)
    return []
