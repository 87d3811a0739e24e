"""Battles read back from the engine's event JSON: one :class:`BattleLog` per battle.

The engine reports a battle as a run of events (``battle_start`` ... ``battle_end``, see
``engine.combat``) that may span several commands when a player decides in person. This
module only regroups those events; the text and picture renderers read the result, so
they never parse event sentences.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.render.unitkey import UnitKey

Counts = dict[str, int]

# Events a battle is made of; any other type (phase, move, ...) closes nothing.
INSIDE = frozenset({
    "roll", "casualties", "removed", "submerge", "withdraw", "intercept", "press", "retreat", "repair",
    "landing", "destroyed", "bombing", "capture", "liberate", "plunder", "reland", "anti_air",
    "detected", "targets", "asw", "break_off", "capacity", "rail", "interdiction", "raid_bonus",
    "atomic", "atomic_groups", "atomic_strike", "atomic_losses",
})
# What a battle seen only from its middle must be, told by an event type or a dice source.
KIND_HINTS = {"submerge": "sea", "withdraw": "sea", "surprise": "sea", "intercept": "raid", "raid_defense": "raid",
              "bombing": "raid", "detected": "sea", "targets": "sea", "asw": "sea", "break_off": "sea"}
# Events that can only come from a battle in progress, so they continue one when the
# given events begin mid-battle (a capture or landing alone is not a battle).
MIDWAY = frozenset({"roll", "casualties", "removed", "submerge", "withdraw", "intercept", "press", "retreat",
                    "bombing", "anti_air", "detected", "targets", "asw", "break_off"})


@dataclass
class Roll:
    """One roll of dice for units sharing a value (``value`` is None for bombing damage)."""

    value: int | None
    units: Counts
    dice: list[int]
    hits: int


@dataclass
class Volley:
    """One side's dice for one source (``fire``, ``antiaircraft``, ``surprise``, ...)."""

    side: str
    source: str
    rolls: list[Roll] = field(default_factory=list)
    label: str = ""
    """What the rule system calls the units rolling, where its data names them (a National
    Advantage's ``suicide boat``); "" for the source's own name."""

    @property
    def hits(self) -> int:
        return sum(r.hits for r in self.rolls)


@dataclass
class Note:
    """Anything else said during a round: casualties, retreats, submerging, interceptors."""

    type: str
    data: dict[str, Any]


Entry = Volley | Note


@dataclass
class Round:
    number: int
    entries: list[Entry] = field(default_factory=list)


@dataclass
class BattleLog:
    """A battle as far as the given events tell it.

    ``started`` is false when the events begin in the middle of the battle (a later
    command after a choice); ``end`` is the ``battle_end`` data, or None while the battle
    goes on, in which case ``waiting`` says for whom and what, where it can be told.
    """

    space: str
    units: UnitKey
    """How the game's rule system names its units."""
    kind: str | None = None
    """``land``, ``sea`` or ``raid``; None while the events have not told."""
    amphibious: bool = False
    attacker: str | None = None
    defender: str | None = None
    attackers: Counts = field(default_factory=dict)
    defenders: dict[str, Counts] = field(default_factory=dict)
    seaborne: Counts = field(default_factory=dict)
    started: bool = False
    rounds: list[Round] = field(default_factory=list)
    after: list[Note] = field(default_factory=list)
    end: dict[str, Any] | None = None

    @property
    def finished(self) -> bool:
        return self.end is not None

    @property
    def side_names(self) -> dict[str, str]:
        return {"attacker": self.attacker or "Attacker", "defender": self.defender or "Defender"}

    @property
    def waiting(self) -> str | None:
        return None if self.finished else waiting_for(self)

    def round(self, number: int) -> Round:
        if not self.rounds or self.rounds[-1].number != number:
            self.rounds.append(Round(number))
        return self.rounds[-1]


def battle_logs(events: Sequence[Mapping[str, Any]], units: UnitKey) -> list[BattleLog]:
    """One log per battle in the events of a command or a turn, in the order fought."""
    return partition(events, units)[0]


def partition(events: Sequence[Mapping[str, Any]],
              units: UnitKey) -> tuple[list[BattleLog], list[Mapping[str, Any]]]:
    """The battles, and the events that belong to none (in their order), so a channel
    can show the latter as sentences and the former as logs; ``units`` is the game's
    rule system's unit key."""
    logs: list[BattleLog] = []
    others: list[Mapping[str, Any]] = []
    open_: BattleLog | None = None
    for raw in events:
        e = dict(raw)
        kind = e.get("type")
        if kind == "battle_start":
            open_ = _start(e, units)
            logs.append(open_)
        elif kind == "battle_end":
            if open_ is None or open_.space != e.get("space"):
                open_ = BattleLog(space=str(e.get("space", "?")), units=units)
                logs.append(open_)
            open_.end = e
            open_ = None
        elif kind in INSIDE and (open_ is not None or kind in MIDWAY):
            if open_ is None:
                open_ = BattleLog(space=str(e.get("space", "?")), units=units)
                logs.append(open_)
            _add(open_, e)
        else:
            others.append(raw)
    return logs, others


def _start(e: dict[str, Any], units: UnitKey) -> BattleLog:
    defenders = {str(p): dict(c) for p, c in (e.get("defenders") or {}).items()}
    return BattleLog(space=str(e.get("space", "?")), units=units, kind=str(e.get("combat", "land")),
                     amphibious=bool(e.get("amphibious")), attacker=e.get("attacker"),
                     defender=" & ".join(defenders) or None,
                     attackers=dict(e.get("attackers") or {}), defenders=defenders,
                     seaborne=dict(e.get("seaborne") or {}), started=True)


def _add(log: BattleLog, e: dict[str, Any]) -> None:
    kind = e["type"]
    _learn_names(log, e)
    if log.kind is None:
        log.kind = KIND_HINTS.get(kind) or KIND_HINTS.get(str(e.get("source")))
    if kind in ("capture", "liberate", "plunder", "destroyed", "reland", "landing", "repair"):
        log.after.append(Note(kind, e))
        return
    number = int(e.get("round") or (log.rounds[-1].number if log.rounds else 1))
    rnd = log.round(number)
    if kind == "roll":
        roll = Roll(e.get("value"), dict(e.get("units") or {}), list(e.get("dice") or []),
                    int(e.get("hits") or 0))
        last = rnd.entries[-1] if rnd.entries else None
        side, source = str(e.get("side")), str(e.get("source", "fire"))
        if not (isinstance(last, Volley) and (last.side, last.source) == (side, source)):
            last = Volley(side, source, label=str(e.get("label") or ""))
            rnd.entries.append(last)
        last.rolls.append(roll)
    elif kind != "removed":  # the strip's removal repeats casualties already shown
        rnd.entries.append(Note(kind, e))


def _learn_names(log: BattleLog, e: dict[str, Any]) -> None:
    """A log that starts mid-battle learns the powers from who chose what."""
    who = e.get("chosen_by")
    if not who:
        return
    if (e["type"] in ("press", "retreat") and e.get("side") != "defender") or (
            e["type"] in ("casualties", "submerge", "withdraw", "targets", "asw", "break_off")
            and e.get("side") == "attacker"):
        log.attacker = log.attacker or str(who)
    elif e["type"] == "intercept" or e.get("side") == "defender":
        log.defender = log.defender or str(who)


SUBMERGE = "waiting for a choice to submerge submarines or strike"


def waiting_for(log: BattleLog) -> str | None:
    """What an unfinished battle waits for, told from its last events (the engine stops
    only for casualties, press or retreat, submerging, or interceptors)."""
    names = {"attacker": log.attacker or "the attacker", "defender": log.defender or "the defender"}
    entries = log.rounds[-1].entries if log.rounds else []
    last = entries[-1] if entries else None
    retreat = f"waiting for {names['attacker']} to press on or retreat"
    if isinstance(last, Volley):
        if last.hits and last.source not in ("bombing", "asw_search"):  # a search's hits find, not sink
            victim = "defender" if last.side == "attacker" else "attacker"
            return f"waiting for {names[victim]} to choose casualties"
        return retreat if (last.side, last.source) == ("defender", "fire") else None
    if last is None:
        if log.kind == "raid":
            return f"waiting for {names['defender']} to choose interceptors"
        return SUBMERGE if log.kind == "sea" else None
    if last.type == "press" or last.type == "submerge":
        return SUBMERGE if log.kind == "sea" else None
    if last.type == "casualties" and last.data.get("side") == "attacker" \
            and last.data.get("source") == "fire":
        return retreat
    return None
