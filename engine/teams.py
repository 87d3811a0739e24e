"""Who plays together in a round: the ``[turns]`` table of a rule system.

Most rule systems give each power a turn of its own, in turn order. A rule system may
instead let the powers of one side play a team turn, each teammate in its own phases at
its own pace (``001 › Game Sequence › Round Sequence``: "Players on the same team perform
turn sequence at their own rate"), and open the game with a special round in which only
some powers play ("Special opening round: 1. Soviet Union"). ``engine.game`` asks
:meth:`Turns.teams` for the teams of a round; ``engine.lanes`` keeps each teammate's own
phase while another is in focus. A rule system may also give the other side a window in
the team's turn (:class:`Window`, its ``passive`` turn: ``engine.passive``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import BoardDataError
from .ids import PowerId

Team = tuple[PowerId, ...]
"""The powers of one turn, in turn order; one power where each plays alone."""


@dataclass(frozen=True, slots=True)
class Window:
    """A window of the passive side in a team turn: once every teammate has ended ``after``,
    the powers of the other teams may act in the registered phase ``phase`` before the
    team goes on (001 › Phase 3, Defensive Air Support: "after all combat moves ... are
    declared you may then declare DAS"; › Phase 5, Reinforcement)."""

    after: str
    phase: str


@dataclass(frozen=True, slots=True)
class Turns:
    """The turns of a round: ``normal`` teams in order, and the ``opening`` round's if any."""

    normal: tuple[Team, ...]
    opening: tuple[Team, ...] = ()
    """The teams of round 1 where the rule system opens with a special round; empty: round 1
    is a normal round."""
    gate: str | None = None
    """The phase no teammate begins until every teammate has ended the phase before it;
    teammates then play it one after another, in turn order (``001 › Round Sequence``:
    "Conduct Combat phase cannot be performed until all players on the team has completed
    Combat Move phase"; ruling in ``maps/aarhe/README.md``). None: no phase waits."""
    passive: tuple[Window, ...] = ()
    """The other side's windows in a team turn, in the order of their ``after`` phases; none
    in the opening round (001 › DAS: "This may not be performed during USSR player's special
    opening-turn", and the same of Reinforcement)."""

    def teams(self, round_: int) -> tuple[Team, ...]:
        """The teams playing round ``round_``, in order."""
        return self.opening if round_ == 1 and self.opening else self.normal

    def team_of(self, round_: int, power: PowerId) -> Team:
        """The team ``power`` plays with in round ``round_``."""
        return next(t for t in self.teams(round_) if power in t)

    def window_after(self, round_: int, phase: str) -> Window | None:
        """The passive side's window that follows ``phase`` in round ``round_``, if any."""
        if round_ == 1 and self.opening:
            return None
        return next((w for w in self.passive if w.after == phase), None)

    @property
    def windows(self) -> tuple[str, ...]:
        """The phase ids of the passive windows."""
        return tuple(w.phase for w in self.passive)

    @property
    def together(self) -> bool:
        """Some turn has several powers acting at once."""
        return any(len(t) > 1 for t in (*self.normal, *self.opening))

    @classmethod
    def alone(cls, turn_order: Sequence[PowerId]) -> Turns:
        """Each power its own turn, in turn order: every rule system without ``[turns]``."""
        return cls(tuple((p,) for p in turn_order))

    @classmethod
    def from_dict(cls, where: str, data: Mapping[str, Any], turn_order: Sequence[PowerId],
                  sides: Mapping[PowerId, str], phases: Sequence[str]) -> Turns:
        """Read ``[turns]``: ``teams``, the sides in the order they play (each side's powers
        form a team, in turn order; absent: each power alone), ``opening``, the powers that
        alone play round 1, one after another, ``gate``, a phase id, and ``passive``, the
        other side's windows (``{after = phase id, phase = window phase id}``; the window's
        phase is checked against the registry with the rule system's phases). Unknown keys,
        sides, powers or phases fail at load, naming them."""
        stray = set(data) - {"teams", "opening", "gate", "passive"}
        if stray:
            raise BoardDataError(f"{where}: [turns] has unknown keys {', '.join(sorted(stray))}")
        known_sides = list(dict.fromkeys(sides[p] for p in turn_order))
        listed = [str(s) for s in data.get("teams", ())]
        for side in listed:
            if side not in known_sides:
                raise BoardDataError(f"{where}: [turns] teams names {side!r}, not a side "
                                     f"({', '.join(known_sides)})")
        if listed and sorted(listed) != sorted(known_sides):
            raise BoardDataError(f"{where}: [turns] teams must list each side once: {', '.join(known_sides)}")
        normal = (tuple(tuple(p for p in turn_order if sides[p] == s) for s in listed) if listed
                  else cls.alone(turn_order).normal)
        opening = []
        for name in data.get("opening", ()):
            if PowerId(str(name)) not in turn_order:
                raise BoardDataError(f"{where}: [turns] opening names {name!r}, not a power of the turn order")
            opening.append((PowerId(str(name)),))
        gate = data.get("gate")
        if gate is not None and gate not in phases:
            raise BoardDataError(f"{where}: [turns] gate {gate!r} is not one of its phases")
        passive = []
        for entry in data.get("passive", ()):
            after, phase = str(entry.get("after", "")), str(entry.get("phase", ""))
            if after not in phases or after == phases[-1]:
                raise BoardDataError(f"{where}: [turns] passive window {phase!r} follows {after!r}, not one of "
                                     "its phases but the last")
            if phase in phases or not phase:
                raise BoardDataError(f"{where}: [turns] passive window {phase!r} must be a phase of its own, not "
                                     "one of the turn's phases")
            passive.append(Window(after, phase))
        passive.sort(key=lambda w: list(phases).index(w.after))
        return cls(normal, tuple(opening), None if gate is None else str(gate), tuple(passive))
