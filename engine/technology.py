"""Weapons development: a rule system's developments, and what a power has researched.

The table is data (``[technology]`` in ``maps/<id>/ruleset.toml``): the price of a
research die, how research is rolled (``method``), when a breakthrough takes effect
(``effect``) and, for each development, its name, its number on the die (or its progress
boxes and head starts), what it takes off the price of units and which units get it only
when built afterwards. A rule system without the table (1942 Second Edition) has no
research. The other effects of a development on units are the rule system's hooks; this
module only knows who has what.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from .errors import BoardDataError, NotationError
from .ids import PowerId
from .names import NameIndex


Method = Literal["chosen", "table", "boxes"]
"""``chosen``: the player names one development and any research die showing its number
breaks through (003, Phase 1). ``table``: the player only buys dice; each die showing the
``breakthrough`` number is a breakthrough, and one more die read on the die-face table says
which development it is (004 §4 item 01, §17). ``boxes``: each power has free dice and buys
more in Purchase (up to its ``purchasable``), assigns them all to developments, and each
die of ``hit`` or less fills one of the development's progress boxes; the last box
completes it (001 › Purchase Developments, › Phase 7: Develop Weapons)."""

RocketTarget = Literal["industrial_complex", "capital"]
"""What a rocket strikes: an enemy industrial complex, one rocket each, from each territory
one gun (002, Rocket Strikes), or an enemy capital's IPCs with one gun a turn (004 §4 item
07: "gives one of your anti-aircraft guns rocket power once per turn"; §16 note 2: "Attack
the IPCs of enemy capital use one dice only, one use per turn")."""

Effect = Literal["mobilize", "immediate"]
"""When a breakthrough counts: from Mobilize New Units of the same turn (003, Phase 1,
Step 4) or at once, for every unit of the type already on the board (004 §4 item 02)."""


@dataclass(frozen=True, slots=True)
class ResearchDice:
    """A power's research dice a turn under the ``boxes`` method: free ones, and how many
    more it may buy (001 › Purchase Developments, the table of "Free Dice" and
    "Purchasable")."""

    free: int
    purchasable: int


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
    unit_costs: tuple[tuple[str, int], ...] = ()
    """IPCs added to the price of some unit types only (001 › Phase 7, Advanced Production:
    fighters 1 less, battleships 3 less)."""
    boxes: int = 0
    """Progress boxes to fill (``boxes`` method)."""
    head_start: tuple[tuple[str, int], ...] = ()
    """Boxes a power has filled when the game begins (001 › Phase 7: "Germany starts at 1")."""
    new_units: tuple[str, ...] = ()
    """Unit types that get the development only when built after it was gained; units
    already on the board stay as they were (001 › Phase 7, Jet Plane: "Fighters and
    Bombers built after getting Jet Plane technology")."""

    def started(self, power: str) -> int:
        """The boxes ``power`` has filled at the start of the game."""
        return dict(self.head_start).get(power, 0)


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
    hit: int = 0
    """Under the ``boxes`` method a die of this or less fills a box (001 › Phase 7: "Each
    die hits on a 2 or less")."""
    dice: Mapping[str, ResearchDice] = field(default_factory=dict)
    """Each power's free and purchasable dice (``boxes`` method), by power id."""
    rockets_move_first: bool = False
    """With Rockets, AA guns may move in Combat Move and fire from where they went (004 §4
    item 07: "Unlike an anti-aircraft gun, a rocket can move before combat and fire during
    combat")."""
    rockets_every_launcher: bool = False
    """Every launcher in a territory may strike, not only one (001 › Phase 7, Rockets: "Each
    Infrastructure Defense in a territory may perform rocket strike")."""
    rockets_repeat_targets: bool = False
    """A complex may be the target of several rockets in a turn, not only one (001 › Phase 7,
    Rockets: "An industrial complex may be targeted multiple times per turn")."""
    share_groups: tuple[tuple[str, ...], ...] = ()
    """Powers that pass progress boxes among themselves (001 › Phase 7, Technology
    Deployment: "between US/UK and Germany/Italy/Japan")."""
    minor_boxes: int = 0
    """Only a technology of this many boxes or fewer passes between them ("a minor technology
    (3 or less progress boxes)")."""

    @property
    def offered(self) -> bool:
        return bool(self.developments)

    def example(self) -> str:
        """A ``/research`` line as this table is played: dice alone where the die-face table
        picks the development (004 §4 item 01, §17), a development named where the player
        chooses one (003, Phase 1)."""
        if self.method == "table":
            return "/research dice:2"
        return f'/research tech:"{self.developments[0].name}" dice:3'

    def development(self, dev_id: str) -> Development:
        return next(d for d in self.developments if d.id == dev_id)

    def on_face(self, face: int) -> Development:
        """The development the die-face table gives for ``face`` (``table`` method)."""
        return next(d for d in self.developments if d.roll == face)

    def unit_cost(self, kind: str, cost: int, had: tuple[str, ...]) -> int:
        """The price of a unit of ``kind`` listed at ``cost`` IPCs for a power with the
        developments ``had`` (never below 1 IPC)."""
        return max(1, cost + sum(d.cost_modifier + dict(d.unit_costs).get(kind, 0)
                                 for d in self.developments if d.id in had))

    def dice_of(self, power: str) -> ResearchDice:
        """``power``'s free and purchasable research dice (none where the table lists none)."""
        return self.dice.get(power, ResearchDice(0, 0))

    def filled(self, progress: Mapping[PowerId, Mapping[str, int]], power: PowerId, dev_id: str) -> int:
        """The progress boxes ``power`` has filled in ``dev_id``: its head start until it rolls."""
        return progress.get(power, {}).get(dev_id, self.development(dev_id).started(power))

    def partners(self, giver: str, taker: str) -> bool:
        """Whether ``giver`` may pass progress boxes to ``taker`` (one of its share group)."""
        return giver != taker and any(giver in g and taker in g for g in self.share_groups)

    def built_with(self, kind: str, had: tuple[str, ...]) -> frozenset[str]:
        """The developments of ``had`` a unit of ``kind`` built now carries for good
        (:attr:`Development.new_units`)."""
        return frozenset(d.id for d in self.developments if d.id in had and kind in d.new_units)

    def find(self, text: str) -> str:
        """The id of the development called ``text`` (name, id or unique prefix, any case).

        Raises:
            NotationError: no development has that name (the message suggests the nearest),
                or the rule system has no research at all.
        """
        if not self.developments:
            raise NotationError("This game has no weapons development.", reason="research.none")
        names = NameIndex("development", {d.id: (d.name, *d.aliases) for d in self.developments},
                          {d.id: d.name for d in self.developments})
        return names.find(text)

    @classmethod
    def from_dict(cls, where: str, data: Mapping[str, Any]) -> Technology:
        """Read ``[technology]``: ``die_cost``, optional ``method``, ``effect``,
        ``breakthrough``, ``rocket_target``, ``rockets_move_first``, ``rockets_every_launcher``,
        ``rockets_repeat_targets``, ``hit``,
        ``dice.<power> = {free, purchasable}``, ``share = {groups, minor_boxes}``
        and ``developments.<id> = {name, roll, aliases, cost_modifier, unit_costs, boxes,
        head_start, new_units}``."""
        if not data:
            return cls()
        try:
            developments = tuple(_development(str(i), d) for i, d in data["developments"].items())
            tech = cls(int(data["die_cost"]), developments, data.get("method", "chosen"),
                       data.get("effect", "mobilize"), int(data.get("breakthrough", 6)),
                       data.get("rocket_target", "industrial_complex"), int(data.get("hit", 0)),
                       {str(p): ResearchDice(int(d["free"]), int(d["purchasable"]))
                        for p, d in data.get("dice", {}).items()},
                       bool(data.get("rockets_move_first", False)),
                       bool(data.get("rockets_every_launcher", False)),
                       bool(data.get("rockets_repeat_targets", False)),
                       tuple(tuple(str(p) for p in g) for g in data.get("share", {}).get("groups", ())),
                       int(data.get("share", {}).get("minor_boxes", 0)))
        except KeyError as err:
            raise BoardDataError(f"{where}: [technology] needs {err.args[0]!r}") from None
        for name, kind in (("method", Method), ("effect", Effect), ("rocket_target", RocketTarget)):
            if getattr(tech, name) not in get_args(kind):
                raise BoardDataError(f"{where}: [technology] {name} must be one of {', '.join(get_args(kind))}")
        if tech.method == "boxes":
            _check_boxes(where, tech)
        elif tech.die_cost < 1 or any(not 1 <= d.roll <= 6 for d in developments) or not 1 <= tech.breakthrough <= 6:
            raise BoardDataError(f"{where}: [technology] die_cost must be positive and each roll 1 to 6")
        if tech.method == "table" and len({d.roll for d in developments}) != len(developments):
            raise BoardDataError(f"{where}: [technology] the die-face table gives each face one development")
        return tech

    def check_names(self, where: str, powers: Collection[str], units: Collection[str]) -> None:
        """Every power and unit type the table names exists (checked when the rule system loads)."""
        named = [*self.dice, *(p for d in self.developments for p, _n in d.head_start),
                 *(p for g in self.share_groups for p in g)]
        kinds = [k for d in self.developments for k in (*d.new_units, *(k for k, _n in d.unit_costs))]
        for what, names, known in (("power", named, powers), ("unit type", kinds, units)):
            for n in names:
                if n not in known:
                    raise BoardDataError(f"{where}: [technology] names unknown {what} {n!r}")


def _development(dev_id: str, d: Mapping[str, Any]) -> Development:
    return Development(dev_id, str(d["name"]), int(d.get("roll", 0)), tuple(d.get("aliases", ())),
                       int(d.get("cost_modifier", 0)), tuple((str(k), int(v)) for k, v in d.get("unit_costs", {}).items()),
                       int(d.get("boxes", 0)), tuple((str(p), int(n)) for p, n in d.get("head_start", {}).items()),
                       tuple(str(k) for k in d.get("new_units", ())))


def _check_boxes(where: str, tech: Technology) -> None:
    """The ``boxes`` method: a die price, a hit value, and each development's boxes with
    head starts short of them."""
    if tech.die_cost < 1 or not 1 <= tech.hit <= 6:
        raise BoardDataError(f"{where}: [technology] with method boxes needs a positive die_cost and hit 1 to 6")
    for d in tech.developments:
        if d.boxes < 1 or any(not 0 <= n < d.boxes for _p, n in d.head_start):
            raise BoardDataError(f"{where}: [technology] {d.id} needs boxes >= 1 and head starts below them")
    if any(d.free < 0 or d.purchasable < 0 for d in tech.dice.values()):
        raise BoardDataError(f"{where}: [technology] research dice cannot be negative")


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


@dataclass(frozen=True, slots=True)
class Lab:
    """A power's research dice of one round under the ``boxes`` method: bought in Purchase,
    then assigned to developments and rolled together in Develop Weapons (001 › Phase 7:
    "Assign all free and purchased dice ... before rolling")."""

    round: int
    bought: int = 0
    assigned: tuple[tuple[str, int], ...] = ()
    """Dice per development, in the order assigned."""
    rolled: bool = False
    shared: tuple[PowerId, ...] = ()
    """The powers it passed a progress box to this round (one each: 001 › Phase 7, "per
    direction per turn")."""

    @property
    def used(self) -> int:
        return sum(n for _d, n in self.assigned)
