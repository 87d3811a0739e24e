"""How lucky a battle was: where its result falls among all results the exact odds allow.

Read from the battle's own events as the game stored them (``Event.to_json``:
``battle_start`` first, ``battle_end`` last): the forces at the start, the ships that
bombarded, who retreated or submerged, who was left. The luck of a side over a game is the
IPC value its units destroyed against the value they were expected to destroy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..combat import air
from ..combat.fire import low_luck
from ..combat.orders import orders_of
from ..ids import UnitKind
from ..state import GameState
from . import calculate
from .question import Question, force_of
from .result import percentile
from .sequence import not_covered

Stored = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Luck:
    """One battle's luck: the attacker's percentile, and each side's IPC value destroyed,
    actual and expected."""

    space: str
    attacker: str
    """The attacking power's display name."""
    defender: str
    """The first defending power's display name."""
    percentile: float
    """Where the attacker's result (defender's loss minus its own) falls, 0-100."""
    destroyed: tuple[int, int]
    """IPC value destroyed by the attacker, by the defender."""
    expected: tuple[float, float]


def battles(events: Sequence[Stored]) -> list[list[Stored]]:
    """The land and sea battles the events tell from start to end, each as its events."""
    out: list[list[Stored]] = []
    open_: dict[str, list[Stored]] = {}
    for e in events:
        space = e.get("space")
        if e.get("type") == "battle_start" and e.get("combat") in ("land", "sea"):
            open_[str(space)] = [e]
        elif space in open_:
            open_[str(space)].append(e)
            if e.get("type") == "battle_end":
                out.append(open_.pop(str(space)))
    return out


def battle_luck(state: GameState, events: Sequence[Stored]) -> Luck | None:
    """The luck of one battle (its events from ``battle_start`` to ``battle_end``), with the
    game's rules, dice options and the powers' standing orders; None for a battle the odds
    do not cover (AARHE's sea battles), which has no luck to tell. The implicit
    Infrastructure Defenses are those standing in the territory now (an industrial complex
    stays where it is)."""
    start, end = events[0], events[-1]
    rules = state.rules
    attacker = rules.find_power(str(start["attacker"]))
    defending = [rules.find_power(str(p)) for p in start.get("defenders", {})]
    theirs = orders_of(state, defending[0]) if defending else orders_of(state, attacker)
    sea = start.get("combat") == "sea"
    if not_covered(rules, "sea" if sea else "land", bool(start.get("amphibious")), int(theirs["retreat_below"])):
        return None
    space = state.board.find_space(str(start["space"]))
    attack, defend = dict(start["attackers"]), _merged(start.get("defenders", {}).values())
    ships = [UnitKind(k) for e in events if e.get("type") == "roll" and e.get("source") == "bombard"
             for k, n in e.get("units", {}).items() for _ in range(int(n))]
    mine = orders_of(state, attacker)
    question = Question(
        force_of(attack), force_of(defend), sea=sea, bombard=tuple(ships),
        amphibious=bool(start.get("amphibious")),
        attacker_loss=tuple(mine["loss"]), defender_loss=tuple(theirs["loss"]),
        retreat_below=int(mine["retreat_below"]), attacker_submerge=str(mine["submerge"]),
        defender_submerge=str(theirs["submerge"]),
        terrain=state.board.spaces[space].terrain or "",
        implicit_guns=0 if sea else air.implicit_guns(state, space, None),
        dice="low_luck" if low_luck(state, "fire") else "standard",
        aa_dice="low_luck" if low_luck(state, "antiaircraft") else "standard")
    odds = calculate(rules, question)
    a_left, d_left = dict(end.get("attackers", {})), dict(end.get("defenders", {}))
    for e in events:
        if _attackers_gone(e, str(start["attacker"])):
            a_left = _merged([a_left, e.get("units", {})])
        elif e.get("type") in ("submerge", "retreat"):
            d_left = _merged([d_left, e.get("units", {})])
        if e.get("type") == "anti_air" and e.get("side") == "attacker":
            a_left = _merged([a_left, e.get("retreating", {})])
    if end.get("outcome") == "attacker":
        d_left = {}
    # Units captured with the territory (an AA gun, AARHE's Infrastructure Defense) are listed
    # with the attacker's survivors: only the units that attacked count.
    a_left = {k: min(n, attack.get(k, 0)) for k, n in a_left.items()}
    a_lost, d_lost = _cost(state, attack) - _cost(state, a_left), _cost(state, defend) - _cost(state, d_left)
    name = rules.power_name
    return Luck(str(start["space"]), name(attacker), name(defending[0]) if defending else "",
                percentile(odds, a_lost, d_lost), (d_lost, a_lost),
                (odds.defender_expected_loss, odds.attacker_expected_loss))


def _attackers_gone(e: Stored, attacker: str) -> bool:
    """An event of attacking units leaving the battle alive: a retreat the attacker made
    (AARHE's defender retreats too, its events name its side or its power), its submarines
    submerging."""
    if e.get("type") == "retreat":
        return bool(e.get("side", "attacker" if e.get("chosen_by") == attacker else "defender") == "attacker")
    return e.get("type") == "submerge" and e.get("side") == "attacker"


def _merged(counts: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in counts:
        for k, n in dict(c).items():
            out[k] = out.get(k, 0) + int(n)
    return out


def _cost(state: GameState, counts: Mapping[str, int]) -> int:
    return sum(state.rules.spec(k).cost * n for k, n in counts.items())
