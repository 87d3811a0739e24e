"""Weapons development: a rule system's developments, and what a power has researched.

The table is data (``[technology]`` in ``maps/<id>/ruleset.toml``): the price of a
research die and, for each development, its name and the number a die must show. A rule
system without the table (1942 Second Edition) has no research. The effects of a
development on units are the rule system's hooks; this module only knows who has what.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import BoardDataError, NotationError
from .ids import PowerId
from .names import NameIndex


@dataclass(frozen=True, slots=True)
class Development:
    """One weapons development: ``jet_fighters``, "Jet Fighters", succeeds on a 1."""

    id: str
    name: str
    roll: int
    """The number any research die must show for the breakthrough."""
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Technology:
    """The research rules of a rule system: die price and developments."""

    die_cost: int = 0
    developments: tuple[Development, ...] = ()

    @property
    def offered(self) -> bool:
        return bool(self.developments)

    def development(self, dev_id: str) -> Development:
        return next(d for d in self.developments if d.id == dev_id)

    def find(self, text: str) -> str:
        """The id of the development called ``text`` (name, id or unique prefix, any case).

        Raises:
            NotationError: no development has that name (the message suggests the nearest),
                or the rule system has no research at all.
        """
        if not self.developments:
            raise NotationError("This game has no weapons development.", reason="research.none")
        names = NameIndex("development", {d.id: (d.name, *d.aliases) for d in self.developments},
                          {d.id: d.id.replace("_", " ") for d in self.developments})
        return names.find(text)

    @classmethod
    def from_dict(cls, where: str, data: Mapping[str, Any]) -> Technology:
        """Read ``[technology]``: ``die_cost`` and ``developments.<id> = {name, roll, aliases}``."""
        if not data:
            return cls()
        try:
            developments = tuple(Development(str(i), str(d["name"]), int(d["roll"]), tuple(d.get("aliases", ())))
                                 for i, d in data["developments"].items())
            tech = cls(int(data["die_cost"]), developments)
        except KeyError as err:
            raise BoardDataError(f"{where}: [technology] needs {err.args[0]!r}") from None
        if tech.die_cost < 1 or any(not 1 <= d.roll <= 6 for d in developments):
            raise BoardDataError(f"{where}: [technology] die_cost must be positive and each roll 1 to 6")
        return tech


@dataclass(frozen=True, slots=True)
class Research:
    """What a power researched in its Develop Weapons phase (kept until the next power's):
    the development, how many dice, what they showed, and whether it broke through."""

    power: PowerId
    development: str
    dice: int
    faces: tuple[int, ...]
    breakthrough: bool
