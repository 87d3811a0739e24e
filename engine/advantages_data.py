"""National Advantages as data: each power's items (``maps/<id>/advantages.toml``), checked
at load against the board and the unit table.

001 › Appendix: National Advantages (optional): "The first item is standard. Then at
beginning of first 5 game rounds, each player randomly selects an item." What the referee
does with them (draws, reveals, effects) is :mod:`engine.advantages`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import BoardDataError
from .ids import PowerId, SpaceId, UnitKind
from .names import NameIndex

if TYPE_CHECKING:
    from .board import Board

PLAYED = ("deal", "price", "free", "move", "income", "unit", "strike", "battle", "convert", "build", "mission", "asked")
"""Effect kinds the referee plays: their items are in force (item 1) or in the draw pool."""
WAITING = ("combat", "later")
"""Effect kinds not played yet: such items are left out of the draw pool (README)."""


BONUS_WHAT = ("combat", "anti_air", "id_destroys", "asw", "bombard_immune", "opening_fire", "salvage", "held",
              "raid_damage", "raid_dice", "move_again", "suicide")
"""What a :class:`Bonus` changes: the combat value, ships' anti-air hit value (001 ›
Anti-Air), the value on which Infrastructure Defense fire destroys an aircraft, the ASW
values (as with a development), immunity to offshore bombardment, firing in a land
cycle's opening fire, a free unit where a battle is won in which an enemy unit of the
types in ``units`` was destroyed (``place``), the units may not retreat (``held``), IPCs
``add``-ed to each unit's damage on a Strategic Bombing Raid's income (``raid_damage``), or
dice ``add``-ed to each unit's damage dice on a raid, the best kept (``raid_dice``), the
surviving attacking units of ``units`` may move ``add`` spaces in Noncombat Move where every
defending land unit was destroyed in the battle's cycle (``move_again``), or the units may be
named to strike a target each, hitting on ``at_least``, and be destroyed (``suicide``, as
``label``: Shinyo Suicide Boats)."""


BEYOND_FIRE = ("raid_damage", "raid_dice", "move_again")
"""What a :class:`Bonus` changes that no battle's fire reads: a raid's damage, moving after
the battle (the odds of a battle need not follow them)."""


@dataclass(frozen=True, slots=True)
class Bonus:
    """What an item in force does to its power's units in AARHE's battles, and when
    (``engine.combat.national`` applies it): every condition given must hold."""

    what: str = "combat"
    units: frozenset[UnitKind] = frozenset()
    """The unit types concerned; empty: every unit."""
    side: str = ""
    """``attacker`` or ``defender``; empty: either."""
    add: int = 0
    """Added to a value above 0 ("increased by 1"): a unit without one gets none."""
    at_least: int = 0
    """The value becomes at least this ("defend on a 3")."""
    development: str = ""
    """asw: the development whose ASW values the units use (Flying Boats)."""
    place: UnitKind | None = None
    """salvage: the unit placed (``units`` are then the enemy's types whose loss counts)."""
    battle: str = ""
    """``land`` or ``sea``; empty: either."""
    first_cycle: bool = False
    assault: bool = False
    """Only in an amphibious assault's land battle."""
    at: frozenset[SpaceId] = frozenset()
    """Only in battles in these spaces."""
    against: PowerId | None = None
    """Only against this enemy power (the attacker, or among the defenders)."""
    from_round: int = 0
    fire: str = ""
    """Only in this item of fire: ``main`` (main-round fire at sea), ``air`` (air units
    under air supremacy on land); empty: any."""
    outnumber: tuple[frozenset[UnitKind], frozenset[UnitKind], int] | None = None
    """(own side's types, enemy's types, by): only while the side's units of the first
    exceed the enemy's of the second by more than ``by``."""
    limit: tuple[int, int] | None = None
    """(a battle, a turn): only so many of the units a battle get it, chosen as it begins,
    and so many in all the turn's battles."""
    tech: str = ""
    """Only while the power has this development (Superfortress's "Heavy Bombers": the
    bombers of a power with Heavy Bomber)."""
    per_use: int = 0
    """Only so many of the units a battle for each use of the item there this round, chosen
    as it begins (Commissars: "For each Infantry sacrificed, 2 other Infantry")."""
    label: str = ""
    """suicide: what one such unit is called where its roll is shown (``suicide boat``)."""


@dataclass(frozen=True, slots=True)
class Strike:
    """Attacks an item makes without units (Kamikaze Attacks: "Kamikazes are not represented
    by a unit"), at enemy ships other than submarines: so many a game, in sea zones within so
    many of the item's sites (``engine.combat.strikes``)."""

    name: str
    """One attack, as rolls and messages name it (``kamikaze``); ``plural`` for several."""
    plural: str
    uses: int
    within: int
    hits_on: int


@dataclass(frozen=True, slots=True)
class Item:
    """One National Advantage of one power."""

    id: str
    number: int
    name: str
    power: PowerId
    kind: str
    effect: str
    """What the referee does, in a sentence (players read it)."""
    passage: str
    """001's rule sentences."""
    units: Mapping[UnitKind, int] = field(default_factory=dict)
    """deal: the units bought (``count`` of ``unit``); free, asked: the units placed; price,
    move: the unit types concerned (count 1); convert: the type converted and how many in all
    (``most``); build: the type built without its development and how many may be on the
    map (``most``); unit: the type only the item lets its power buy (its unit table entry
    names the item: ``UnitSpec.advantage``), or make of ``convert``."""
    into: UnitKind | None = None
    """convert: the type the units become."""
    from_round: int = 0
    """convert: the first round it may be used ("Starting from turn 3")."""
    sites: tuple[SpaceId, ...] = ()
    """deal: where the units go; free, asked: the territories one may choose among."""
    at_original: PowerId | None = None
    """free: any territory originally this power's."""
    each: Mapping[SpaceId, Mapping[UnitKind, int]] = field(default_factory=dict)
    """free: units placed at every one of these territories that is held; asked: the units
    placed at the one attacked (Soviet Militia: as many infantry as its city's value)."""
    value: float = 0
    """deal: the price of all the units; price: the new cost (``cost``); move: the points."""
    less: int = 0
    """price: IPCs off the cost."""
    control: str = "own"
    requires: tuple[SpaceId, ...] = ()
    once: str = "game"
    sea: bool = False
    """deal: ships placed in a sea zone next to the site."""
    steps: tuple[tuple[int, float], ...] = ()
    """income: (from round, factor) in order."""
    waits: str = ""
    bonuses: tuple[Bonus, ...] = ()
    """What the item does in battle while in force (any kind; kind ``battle`` does only that)."""
    declare: str = ""
    """battle: the phase in which the owner declares it (``/advantage use``): once a game,
    its bonuses then acting until the owner's next turn begins (Russian Winter); or, with
    ``per_battle``, for one battle still to fight (``at:``), as often as the owner likes, its
    bonuses acting in that battle (Banzai Attacks: ``units``, the only land units of the
    power that may attack there). free, with ``per_battle``: its units are placed on the
    battle board of the power's land battle still to fight at one of ``sites`` (The Indian
    National Army: "when you launch an attack on India, you may place 2 Infantry for free on
    the battle board")."""
    per_battle: bool = False
    by_land: bool = False
    """asked: only where at least one enemy land unit attacks ("attacked by at least one land
    unit")."""
    by: PowerId | None = None
    """asked: only where units of this power attack ("If German units attack")."""
    per: UnitKind | None = None
    """asked: ``units`` placed once for each unit of this type in a territory the power holds
    ("1 Infantry ... for each Industrial Complex you control")."""
    pay: bool = False
    """asked: the units' price comes off the power's next income ("The money is deducted from
    the Soviet players next turn of income")."""
    sacrifice: UnitKind | None = None
    """asked: each use destroys one of the power's units of this type where it is attacked,
    any number of times, its ``bonuses`` acting there (Commissars)."""
    convert: UnitKind | None = None
    """unit: the power's unit type one of which becomes the item's, once a turn, at one of
    ``sites`` (Chindits: "One UK Infantry in Asia mainland can be allocated as Chindits per
    turn")."""
    strike: Strike | None = None
    """strike: the attacks, launched in the enemy's ``declare`` window at ships near ``sites``."""
    then: Mapping[UnitKind, int] = field(default_factory=dict)
    """free, on a battle board: units placed at its site as the owner's next turn begins, if
    the owner holds it then ("If you capture India this turn and control India at the
    beginning of your next turn you may place 1 Infantry for free at India")."""

    @property
    def standard(self) -> bool:
        """Item 1 of every list is in force from the start (001: "The first item is standard")."""
        return self.number == 1

    @property
    def played(self) -> bool:
        return self.kind in PLAYED

    def title(self) -> str:
        return f"{self.name} (item {self.number})"


@dataclass(frozen=True, slots=True)
class Hand:
    """One power's drawn items and what it did with them."""

    drawn: tuple[str, ...] = ()
    """Item ids in the order drawn (secret from the enemy until revealed)."""
    revealed: tuple[str, ...] = ()
    used: Mapping[str, int] = field(default_factory=dict)
    """Item id -> the round it was last used (deals and free units)."""
    waiting: tuple[str, ...] = ()
    """Deals bought this turn, their units placed when Mobilize New Units begins."""
    sealed: Mapping[str, tuple[tuple[str, tuple[int, ...]], ...]] = field(default_factory=dict)
    """Item id -> the sealed draws that chose it (purpose, faces), revealed with the item
    (``engine.dice``, sealed draws)."""
    declared_at: Mapping[str, tuple[SpaceId, ...]] = field(default_factory=dict)
    """Item id -> the battles it was declared for in the round it was last used (Banzai
    Attacks: "you may declare a Banzai attack"; Commissars, once for each infantry
    sacrificed; The Indian National Army's attack), or, for an item used once a site, every
    site it was used at (Soviet Militia: "Each of the three Soviet Cities can be activated
    only once per game")."""
    converted: Mapping[str, int] = field(default_factory=dict)
    """Item id -> the units it has converted so far (Mechanized Infantry: "up to 3")."""
    spent: Mapping[str, int] = field(default_factory=dict)
    """Item id -> the attacks made of those it allows in a game (Kamikaze Attacks: "You may
    make six Kamikaze attacks during the game")."""

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"drawn": list(self.drawn), "revealed": list(self.revealed)}
        if self.used:
            out["used"] = dict(self.used)
        if self.waiting:
            out["waiting"] = list(self.waiting)
        if self.sealed:
            out["sealed"] = {i: [[p, list(f)] for p, f in draws] for i, draws in self.sealed.items()}
        if self.declared_at:
            out["declared_at"] = {i: list(spaces) for i, spaces in self.declared_at.items()}
        if self.converted:
            out["converted"] = dict(self.converted)
        if self.spent:
            out["spent"] = dict(self.spent)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Hand:
        return cls(tuple(str(i) for i in data.get("drawn", ())), tuple(str(i) for i in data.get("revealed", ())),
                   {str(k): int(v) for k, v in data.get("used", {}).items()},
                   tuple(str(i) for i in data.get("waiting", ())),
                   {str(i): tuple((str(p), tuple(int(f) for f in fs)) for p, fs in draws)
                    for i, draws in data.get("sealed", {}).items()},
                   {str(i): tuple(SpaceId(str(s)) for s in spaces) for i, spaces in data.get("declared_at", {}).items()},
                   {str(k): int(v) for k, v in data.get("converted", {}).items()},
                   {str(k): int(v) for k, v in data.get("spent", {}).items()})


EMPTY_HAND = Hand()


@dataclass(frozen=True, slots=True)
class Advantages:
    """Every power's items; empty for a rule system without National Advantages."""

    items: Mapping[PowerId, tuple[Item, ...]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.items)

    def of(self, power: PowerId) -> tuple[Item, ...]:
        return self.items.get(power, ())

    def item(self, ident: str) -> Item:
        return next(i for items in self.items.values() for i in items if i.id == ident)

    def names(self, power: PowerId) -> NameIndex:
        """The power's items by name, id or number ("88", "german 88's", "5")."""
        own = self.of(power)
        return NameIndex("National Advantage", {i.id: (str(i.number), i.name.replace("'", "")) for i in own},
                         {i.id: i.name for i in own})

    @classmethod
    def from_dict(cls, where: str, data: Mapping[str, Any], board: Board, kinds: Collection[str],
                  developments: Collection[str]) -> Advantages:
        """Check ``advantages.toml``: known powers, territories, unit types and developments,
        a known kind with the fields it needs, ids unique."""
        items: dict[PowerId, tuple[Item, ...]] = {}
        seen: set[str] = set()
        for power, entries in data.items():
            if power not in board.powers:
                raise BoardDataError(f"{where}: unknown power {power!r}")
            listed = tuple(_item(f"{where} [[{power}]]", PowerId(power), e, board, kinds, developments)
                           for e in entries)
            for item in listed:
                if item.id in seen:
                    raise BoardDataError(f"{where}: item id {item.id!r} is used twice")
                seen.add(item.id)
            if not any(i.standard for i in listed):
                raise BoardDataError(f"{where}: {power} has no item 1")
            items[PowerId(power)] = listed
        return cls(items)


def _item(at: str, power: PowerId, e: Mapping[str, Any], board: Board, kinds: Collection[str],
          developments: Collection[str]) -> Item:
    def space(s: object) -> SpaceId:
        if s not in board.spaces:
            raise BoardDataError(f"{at} {e.get('id')}: unknown territory {s!r}")
        return SpaceId(str(s))

    def unit(k: object) -> UnitKind:
        if k not in kinds:
            raise BoardDataError(f"{at} {e.get('id')}: unknown unit type {k!r}")
        return UnitKind(str(k))

    kind = e.get("kind")
    if kind not in (*PLAYED, *WAITING):
        raise BoardDataError(f"{at} {e.get('id')}: kind {kind!r} is not one of {', '.join((*PLAYED, *WAITING))}")
    try:
        ident, number, name, effect, passage = (str(e["id"]), int(e["number"]), str(e["name"]), str(e["effect"]),
                                                 str(e["passage"]))

        bonuses = tuple(_bonus(f"{at} {ident}", b, space, unit, board, developments) for b in e.get("bonus", ()))

        def made(**more: Any) -> Item:
            return Item(ident, number, name, power, str(kind), effect, passage, bonuses=bonuses, **more)
        if kind == "deal":
            return made(units={unit(e["unit"]): int(e["count"])}, sites=(space(e["at"]),),
                        value=int(e["price"]), sea=bool(e.get("sea", False)))
        if kind == "price":
            return made(units={unit(k): 1 for k in e["units"]}, value=int(e.get("cost", 0)),
                        less=int(e.get("less", 0)))
        if kind == "move":
            return made(units={unit(k): 1 for k in e["units"]}, value=int(e["move"]))
        if kind == "unit":
            made_of = unit(e["from"]) if "from" in e else None
            if made_of is not None and not e.get("declare"):
                raise BoardDataError(f"{at} {ident}: a unit made 'from' another needs 'declare'")
            return made(units={unit(e["unit"]): 1}, convert=made_of, sites=tuple(space(s) for s in e.get("at", ())),
                        declare=str(e.get("declare", "")))
        if kind == "strike":
            st = e["strike"]
            return made(sites=tuple(space(s) for s in e["at"]), declare=str(e["declare"]),
                        strike=Strike(str(st["name"]), str(st["plural"]), int(st["uses"]), int(st["within"]),
                                      int(st["hits_on"])))
        if kind == "income":
            return made(sites=(space(e["at"]),),
                        steps=tuple((int(s["from_round"]), float(s["factor"])) for s in e["steps"]))
        if kind == "free":
            original = e.get("at_original")
            if original is not None and original not in board.powers:
                raise BoardDataError(f"{at} {e['id']}: unknown power {original!r}")
            if e.get("control", "own") not in ("own", "side") or e.get("once", "game") not in ("game", "turn"):
                raise BoardDataError(f"{at} {e['id']}: control is own or side, once is game or turn")
            on_board = bool(e.get("per_battle", False))
            if on_board != (e.get("declare") == "conduct_combat") or ("then" in e and not on_board):
                raise BoardDataError(f"{at} {e['id']}: free units on a battle board need declare = "
                                     "\"conduct_combat\" and per_battle, and only they have 'then'")
            return made(units={unit(k): int(n) for k, n in e.get("place", {}).items()},
                        sites=tuple(space(s) for s in e.get("at", ())),
                        at_original=PowerId(original) if original else None,
                        each={space(s): {unit(k): int(n) for k, n in us.items()} for s, us in e.get("each", {}).items()},
                        control=str(e.get("control", "own")), requires=tuple(space(s) for s in e.get("requires", ())),
                        once=str(e.get("once", "game")), declare=str(e.get("declare", "")), per_battle=on_board,
                        then={unit(k): int(n) for k, n in e.get("then", {}).items()})
        if kind == "convert":
            return made(units={unit(e["unit"]): int(e["most"])}, into=unit(e["into"]),
                        from_round=int(e.get("from_round", 0)))
        if kind == "build":
            return made(units={unit(e["unit"]): int(e["most"])})
        if kind == "battle":
            if not bonuses:
                raise BoardDataError(f"{at} {ident}: a battle item needs 'bonus'")
            return made(declare=str(e.get("declare", "")), per_battle=bool(e.get("per_battle", False)),
                        units={unit(k): 1 for k in e.get("only", ())})
        if kind == "asked":
            return _asked(f"{at} {ident}", made, e, space, unit, board)
        return made(waits=str(e.get("waits", "")))
    except KeyError as err:
        raise BoardDataError(f"{at} {e.get('id')}: a {kind} item needs {err.args[0]!r}") from None


def _asked(where: str, made: Callable[..., Item], e: Mapping[str, Any], space: Callable[[object], SpaceId],
           unit: Callable[[object], UnitKind], board: Board) -> Item:
    """An item used when its power is asked in the other side's turn, before Conduct Combat
    (``engine.advantages_asked``): units placed at one of its sites, or one sacrificed."""
    by = e.get("by")
    if by is not None and by not in board.powers:
        raise BoardDataError(f"{where}: unknown power {by!r}")
    sacrifice = unit(e["sacrifice"]) if "sacrifice" in e else None
    once = "" if sacrifice is not None else str(e.get("once", "game"))
    if once not in ("", "game", "site") or (sacrifice is None and not (e.get("place") or e.get("each"))):
        raise BoardDataError(f"{where}: an asked item places units (place or each, once a game or a site) "
                             "or names a sacrifice")
    return made(units={unit(k): int(n) for k, n in e.get("place", {}).items()},
                sites=tuple(space(s) for s in (e.get("at") or e.get("each", {}))),
                each={space(s): {unit(k): int(n) for k, n in us.items()} for s, us in e.get("each", {}).items()},
                once=once, by_land=bool(e.get("by_land", False)), by=PowerId(str(by)) if by else None,
                per=unit(e["per"]) if "per" in e else None, pay=bool(e.get("pay", False)), sacrifice=sacrifice,
                per_battle=sacrifice is not None)


def _bonus(at: str, b: Mapping[str, Any], space: Callable[[object], SpaceId], unit: Callable[[object], UnitKind],
           board: Board, developments: Collection[str]) -> Bonus:
    """One ``bonus`` table of an item, checked: known fields, unit types, spaces, power and
    developments."""
    known = set(Bonus.__dataclass_fields__)
    unknown = set(b) - known
    if unknown:
        raise BoardDataError(f"{at}: unknown bonus field {sorted(unknown)[0]!r}")
    what, side, battle, fire = (str(b.get("what", "combat")), str(b.get("side", "")), str(b.get("battle", "")),
                                str(b.get("fire", "")))
    if what not in BONUS_WHAT or side not in ("", "attacker", "defender") or battle not in ("", "land", "sea") \
            or fire not in ("", "main", "air"):
        raise BoardDataError(f"{at}: a bonus's what is one of {', '.join(BONUS_WHAT)}, side attacker or defender, "
                             "battle land or sea, fire main or air")
    against = b.get("against")
    if against is not None and against not in board.powers:
        raise BoardDataError(f"{at}: unknown power {against!r}")
    more = b.get("outnumber")
    outnumber = None if more is None else (frozenset(unit(k) for k in more["mine"]),
                                           frozenset(unit(k) for k in more["theirs"]), int(more["by"]))
    if what == "salvage" and "place" not in b:
        raise BoardDataError(f"{at}: a salvage bonus needs 'place'")
    if what == "suicide" and not (b.get("label") and b.get("at_least")):
        raise BoardDataError(f"{at}: a suicide bonus needs 'label' and 'at_least'")
    place = unit(b["place"]) if "place" in b else None
    for dev in (b.get("development"), b.get("tech")):
        if dev is not None and dev not in developments:
            raise BoardDataError(f"{at}: unknown development {dev!r}")
    limit = None if "limit" not in b else (int(b["limit"]["battle"]), int(b["limit"]["turn"]))
    return Bonus(what, frozenset(unit(k) for k in b.get("units", ())), side, int(b.get("add", 0)),
                 int(b.get("at_least", 0)), str(b.get("development", "")), place, battle,
                 bool(b.get("first_cycle", False)),
                 bool(b.get("assault", False)), frozenset(space(s) for s in b.get("at", ())),
                 PowerId(str(against)) if against else None, int(b.get("from_round", 0)), fire, outnumber, limit,
                 str(b.get("tech", "")), int(b.get("per_use", 0)), str(b.get("label", "")))
