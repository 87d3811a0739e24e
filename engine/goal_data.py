"""National goals as data: a rule system's ``goals.toml`` (AARHE's Historical Victory, 001 ›
Appendix: Historical Victory Conditions (optional)), and what a game keeps of them.

Each goal is a small test tree over the state: territories held by someone, income, a
capital taken first, and "always"/"never" conditions that need the game's history. This
module only reads and checks the data; ``engine.goals`` evaluates it. A rule system without
the file has no goals (:data:`NO_GOALS`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Union

from .board import Board
from .errors import BoardDataError
from .ids import PowerId, SpaceId
from .names import NameIndex

Count = Literal["all", "any", "majority", "none"]
COUNTS: tuple[Count, ...] = ("all", "any", "majority", "none")
SIDES = ("Axis", "Allies")
DRAWN = 3
"""001 › Appendix: Historical Victory Conditions: "Three national goals ... per player"."""


@dataclass(frozen=True, slots=True)
class Control:
    """``spaces`` held by ``by`` (``self``, a side, or some powers), ``count`` of them;
    those in ``skipped_while_neutral`` count only once they have an owner."""

    spaces: tuple[SpaceId, ...]
    by: str | tuple[PowerId, ...]
    count: Count
    skipped_while_neutral: frozenset[SpaceId]


@dataclass(frozen=True, slots=True)
class Income:
    """The nation's IPC income (its territories' value) is ``at_least`` or more."""

    at_least: int


@dataclass(frozen=True, slots=True)
class IncomeAbove:
    """The nation's IPC income is higher than ``power``'s."""

    power: PowerId


@dataclass(frozen=True, slots=True)
class Capture:
    """The nation took ``capital``, and none of ``before`` took it earlier."""

    capital: SpaceId
    before: tuple[PowerId, ...]


@dataclass(frozen=True, slots=True)
class Lasting:
    """``test`` has held at the end of every turn so far (``always``), or at the end of none
    (not ``always``: "never"); ``key`` names it in the record's broken tests."""

    test: Test
    key: str
    always: bool


@dataclass(frozen=True, slots=True)
class AllOf:
    tests: tuple[Test, ...]


@dataclass(frozen=True, slots=True)
class AnyOf:
    tests: tuple[Test, ...]


Test = Union[Control, Income, IncomeAbove, Capture, Lasting, AllOf, AnyOf]


@dataclass(frozen=True, slots=True)
class Goal:
    """One national goal: whose, its name and 001's text, the rounds it must stay met
    before it is achieved, and its test."""

    power: PowerId
    id: str
    name: str
    text: str
    hold: int
    test: Test

    @property
    def key(self) -> str:
        """``germany/operation_barbarossa``: how the state's record names it."""
        return f"{self.power}/{self.id}"

    @property
    def historic(self) -> bool:
        """Whether it reads the game's history ("always", "never"): such a goal is settled
        only when the game ends, so it is revealed then (README, Historical Victory)."""
        return _historic(self.test)


def _historic(test: Test) -> bool:
    if isinstance(test, Lasting):
        return True
    if isinstance(test, (AllOf, AnyOf)):
        return any(_historic(t) for t in test.tests)
    return False


@dataclass(frozen=True, slots=True)
class Goals:
    """Every power's goals, in the file's order; empty where the rule system has none."""

    by_power: Mapping[PowerId, tuple[Goal, ...]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.by_power)

    def goal(self, key: str) -> Goal:
        power, _, gid = key.partition("/")
        return next(g for g in self.by_power[PowerId(power)] if g.id == gid)

    def find(self, power: PowerId, text: str) -> str:
        """The id of ``power``'s goal that ``text`` names (its name or id, forgivingly).

        Raises:
            NotationError: no goal of ``power`` is called so (the nearest are suggested).
        """
        goals = self.by_power.get(power, ())
        return NameIndex(f"goal of {power.replace('_', ' ').title()}", {g.id: (g.id.replace("_", " "),) for g in goals},
                         {g.id: g.name for g in goals}).find(text)

    @staticmethod
    def from_dict(where: str, data: Mapping[str, Any], board: Board) -> Goals:
        """Read ``goals.toml``; the goals of a power not on ``board`` (Italy on the standard
        map) are left out, and every name of the others is checked against the board."""
        regions = {str(k): tuple(SpaceId(s) for s in v) for k, v in data.get("regions", {}).items()}
        for name, spaces in regions.items():
            for s in spaces:
                _space(f"{where}: region {name}", board, s)
        out: dict[PowerId, tuple[Goal, ...]] = {}
        for power, goals in data.get("goals", {}).items():
            if power not in board.powers:
                continue
            reader = _Reader(where, board, regions, PowerId(power))
            out[PowerId(power)] = tuple(reader.goal(gid, g) for gid, g in goals.items())
            if len(out[PowerId(power)]) < DRAWN:
                raise BoardDataError(f"{where}: {power} has fewer than {DRAWN} goals")
        return Goals(out)


NO_GOALS = Goals()


def _space(where: str, board: Board, space: str) -> SpaceId:
    if space not in board.spaces:
        raise BoardDataError(f"{where}: unknown territory {space!r}")
    return SpaceId(space)


class _Reader:
    """Reads one power's goals, numbering its always/never tests for the record."""

    def __init__(self, where: str, board: Board, regions: Mapping[str, tuple[SpaceId, ...]], power: PowerId) -> None:
        self.where, self.board, self.regions, self.power = where, board, regions, power
        self.at = where
        self.historic = 0

    def goal(self, gid: str, g: Mapping[str, Any]) -> Goal:
        self.at, self.historic = f"{self.where}: goal {self.power}.{gid}", 0
        hold = int(g.get("hold", 1))
        if hold < 1:
            raise BoardDataError(f"{self.at}: hold is at least 1, not {hold}")
        return Goal(self.power, gid, str(g["name"]), str(g["text"]), hold, self.test(g["test"], f"{self.power}/{gid}"))

    def test(self, t: Mapping[str, Any], key: str) -> Test:
        kinds = [k for k in ("control", "income", "income_above", "capture", "always", "never", "all", "any") if k in t]
        if len(kinds) != 1:
            raise BoardDataError(f"{self.at}: a test has one of control, income, income_above, capture, always, "
                                 f"never, all, any; found {sorted(t)}")
        kind = kinds[0]
        if kind == "control":
            return self.control(t)
        if kind == "income":
            return Income(int(t["income"]))
        if kind == "income_above":
            return IncomeAbove(self.one_power(t["income_above"]))
        if kind == "capture":
            return Capture(_space(self.at, self.board, t["capture"]),
                           tuple(self.one_power(p) for p in t.get("before", ())))
        if kind in ("always", "never"):
            self.historic += 1
            inner = self.test(t[kind], key)
            return Lasting(inner, f"{key}#{self.historic}", kind == "always")
        tests = tuple(self.test(x, key) for x in t[kind])
        return AllOf(tests) if kind == "all" else AnyOf(tests)

    def one_power(self, p: str) -> PowerId:
        if p not in self.board.powers:
            raise BoardDataError(f"{self.at}: unknown power {p!r}")
        return PowerId(p)

    def control(self, t: Mapping[str, Any]) -> Control:
        spaces: list[SpaceId] = []
        skipped = {_space(self.at, self.board, s) for s in t.get("if_not_neutral", ())}
        for s in t["control"]:
            if s == "@original":
                spaces += [sid for sid, sp in self.board.spaces.items() if sp.original == self.power]
            elif s.startswith("@"):
                if s[1:] not in self.regions:
                    raise BoardDataError(f"{self.at}: unknown region {s!r}")
                spaces += self.regions[s[1:]]
                skipped |= {sid for sid in self.regions[s[1:]] if self.board.spaces[sid].original is None}
            else:
                spaces.append(_space(self.at, self.board, s))
        by = t.get("by", "self")
        if isinstance(by, list):
            by = tuple(PowerId(p) for p in by if p in self.board.powers)
        elif by != "self" and by not in SIDES:
            raise BoardDataError(f"{self.at}: by is self, Axis, Allies or a list of powers, not {by!r}")
        count = t.get("count", "all")
        if count not in COUNTS:
            raise BoardDataError(f"{self.at}: count is one of {', '.join(COUNTS)}, not {count!r}")
        return Control(tuple(dict.fromkeys(spaces)), by, count, frozenset(skipped))


@dataclass(frozen=True, slots=True)
class Record:
    """What a game of Historical Victory keeps (``GameState.goals``): each nation's goals,
    since which round each has been met, those revealed, the always/never tests broken,
    who took each capital in order, and the final places."""

    drawn: Mapping[PowerId, tuple[str, ...]] = field(default_factory=dict)
    """Each nation's goals (ids), secret from the others until revealed."""
    since: Mapping[str, int] = field(default_factory=dict)
    """Goal key -> the round at whose end it was first met, while it still is."""
    revealed: Mapping[str, int] = field(default_factory=dict)
    """Goal key -> the round at whose end it was achieved and made public."""
    broken: frozenset[str] = frozenset()
    """Keys of always/never tests that failed at the end of some turn."""
    captures: Mapping[SpaceId, tuple[PowerId, ...]] = field(default_factory=dict)
    """Capital -> the powers that took it, first taker first, each once."""
    places: Mapping[PowerId, int] = field(default_factory=dict)
    """Once the game is decided: each nation's place (1 is first; equal places tie)."""
    draws: Mapping[str, tuple[str, int]] = field(default_factory=dict)
    """Goal key -> the purpose and face of the sealed draw that chose it (engine.dice), to
    reveal that draw with the goal; none for goals chosen or set otherwise."""


def goals_to_json(record: Record) -> dict[str, Any]:
    """The record as JSON (``docs/state.md``): power and space ids, goal keys as written."""
    return {"drawn": {p: list(ids) for p, ids in record.drawn.items()}, "since": dict(record.since),
            "revealed": dict(record.revealed), "broken": sorted(record.broken),
            "captures": {s: list(ps) for s, ps in record.captures.items()}, "places": dict(record.places),
            "draws": {k: [purpose, face] for k, (purpose, face) in record.draws.items()}}


def goals_from_json(data: Mapping[str, Any]) -> Record:
    return Record(
        drawn={PowerId(p): tuple(str(i) for i in ids) for p, ids in data.get("drawn", {}).items()},
        since={str(k): int(v) for k, v in data.get("since", {}).items()},
        revealed={str(k): int(v) for k, v in data.get("revealed", {}).items()},
        broken=frozenset(str(k) for k in data.get("broken", ())),
        captures={SpaceId(s): tuple(PowerId(p) for p in ps) for s, ps in data.get("captures", {}).items()},
        places={PowerId(p): int(v) for p, v in data.get("places", {}).items()},
        draws={str(k): (str(d[0]), int(d[1])) for k, d in data.get("draws", {}).items()},
    )
