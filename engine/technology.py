"""Weapons development: a rule system's developments, and what a power has researched.

The table is data (``[technology]`` in ``maps/<id>/ruleset.toml``): the price of a
research die, how research is rolled (``method``), when a breakthrough takes effect
(``effect``) and, for each development, its name, its number on the die and what it
takes off the price of units. A rule system without the table (1942 Second Edition) has
no research. The other effects of a development on units are the rule system's hooks;
this module only knows who has what.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from .errors import BoardDataError, NotationError
from .ids import PowerId
from .names import NameIndex


Method = Literal["chosen", "table"]
"""``chosen``: the player names one development and any research die showing its number
breaks through (003, Phase 1). ``table``: the player only buys dice; each die showing the
``breakthrough`` number is a breakthrough, and one more die read on the die-face table says
which development it is (004 §4 item 01, §17)."""

RocketTarget = Literal["industrial_complex", "capital"]
"""What a rocket strikes: an enemy industrial complex, one rocket each, from each territory
one gun (002, Rocket Strikes), or an enemy capital's IPCs with one gun a turn (004 §4 item
07: "gives one of your anti-aircraft guns rocket power once per turn"; §16 note 2: "Attack
the IPCs of enemy capital use one dice only, one use per turn")."""

Effect = Literal["mobilize", "immediate"]
"""When a breakthrough counts: from Mobilize New Units of the same turn (003, Phase 1,
Step 4) or at once, for every unit of the type already on the board (004 §4 item 02)."""


@dataclass(frozen=True, slots=True)
class Development:
    """One weapons development: ``jet_fighters``, "Jet Fighters", succeeds on a 1."""

    id: str
    name: str
    roll: int
    """The number any research die must show for the breakthrough (``chosen``), or the
    face of the die-face table that gives it (``table``)."""
    aliases: tuple[str, ...] = ()
    cost_modifier: int = 0
    """IPCs added to the price of every unit its owner buys (004 §17, Industrial
    Technology: -1)."""


@dataclass(frozen=True, slots=True)
class Technology:
    """The research rules of a rule system: die price, how dice are read, developments."""

    die_cost: int = 0
    developments: tuple[Development, ...] = ()
    method: Method = "chosen"
    effect: Effect = "mobilize"
    breakthrough: int = 6
    """The face that breaks through under the ``table`` method."""
    rocket_target: RocketTarget = "industrial_complex"

    @property
    def offered(self) -> bool:
        return bool(self.developments)

    def development(self, dev_id: str) -> Development:
        return next(d for d in self.developments if d.id == dev_id)

    def on_face(self, face: int) -> Development:
        """The development the die-face table gives for ``face`` (``table`` method)."""
        return next(d for d in self.developments if d.roll == face)

    def unit_cost(self, cost: int, had: tuple[str, ...]) -> int:
        """A unit's price of ``cost`` IPCs for a power with the developments ``had``
        (never below 1 IPC)."""
        return max(1, cost + sum(d.cost_modifier for d in self.developments if d.id in had))

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
        """Read ``[technology]``: ``die_cost``, optional ``method``, ``effect``,
        ``breakthrough`` and ``rocket_target``, and ``developments.<id> = {name, roll, aliases, cost_modifier}``."""
        if not data:
            return cls()
        try:
            developments = tuple(Development(str(i), str(d["name"]), int(d["roll"]), tuple(d.get("aliases", ())),
                                             int(d.get("cost_modifier", 0)))
                                 for i, d in data["developments"].items())
            tech = cls(int(data["die_cost"]), developments, data.get("method", "chosen"),
                       data.get("effect", "mobilize"), int(data.get("breakthrough", 6)),
                       data.get("rocket_target", "industrial_complex"))
        except KeyError as err:
            raise BoardDataError(f"{where}: [technology] needs {err.args[0]!r}") from None
        for name, kind in (("method", Method), ("effect", Effect), ("rocket_target", RocketTarget)):
            if getattr(tech, name) not in get_args(kind):
                raise BoardDataError(f"{where}: [technology] {name} must be one of {', '.join(get_args(kind))}")
        if tech.die_cost < 1 or any(not 1 <= d.roll <= 6 for d in developments) or not 1 <= tech.breakthrough <= 6:
            raise BoardDataError(f"{where}: [technology] die_cost must be positive and each roll 1 to 6")
        if tech.method == "table" and len({d.roll for d in developments}) != len(developments):
            raise BoardDataError(f"{where}: [technology] the die-face table gives each face one development")
        return tech


@dataclass(frozen=True, slots=True)
class Research:
    """What a power researched in its Develop Weapons phase (kept until the next power's):
    the development named (none under the ``table`` method), how many dice, what they
    showed, whether it broke through, and the developments it gained."""

    power: PowerId
    development: str | None
    dice: int
    faces: tuple[int, ...]
    breakthrough: bool
    gained: tuple[str, ...] = ()
