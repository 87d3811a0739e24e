"""The game board as data: spaces, adjacency, canals, powers.

Built from the plain dicts that ``maps/<board>/board.toml`` holds; the engine never opens
files. :meth:`Board.from_dict` validates on load (symmetric adjacency, known names only,
unique spellings) and raises :class:`BoardDataError` naming the culprit.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from .errors import BoardDataError
from .ids import SIDES, PowerId, SpaceId
from .names import NameIndex
from .prose import possessive


@dataclass(frozen=True, slots=True)
class Space:
    """A territory or a sea zone."""

    id: SpaceId
    name: str
    is_sea: bool
    adjacent: frozenset[SpaceId]
    ipc: int = 0
    original: PowerId | None = None
    victory_city: str | None = None
    victory_points: int = 0
    """What holding its victory city counts towards a victory by points (AARHE); 0 elsewhere."""
    island: bool = False
    neutral: bool = False
    impassable: bool = False
    number: int | None = None
    aliases: tuple[str, ...] = ()
    closed_by_option: str | None = None
    terrain: str | None = None
    """``desert``, ``snowy`` or ``mountainous`` where a rule system has terrain (AARHE); None: open."""
    small: bool = False
    """A small territory (AARHE: at most 2 units in it, at most 2 land units attack it)."""
    convoy_region: str | None = None
    """The convoy region a sea zone is in (AARHE's convoy raids count submarines per region)."""
    troops: tuple[tuple[str, int], ...] = ()
    """A neutral's own forces, as (unit kind, count): they defend it when it is attacked."""
    diplomacy: int | None = None
    """Where a neutral starts on the track of cooperation, -5 (Axis) to +5 (Allies)."""
    held_by: SpaceId | None = None
    """The neutral that holds this one: an attack on it is an attack on that neutral."""

    @property
    def is_land(self) -> bool:
        return not self.is_sea


@dataclass(frozen=True, slots=True)
class Strait:
    """Two sea zones whose passage the holders of the ``guarded_by`` territories may fire on,
    each guard's die hitting on its value (AARHE, Strait Interdiction)."""

    id: str
    name: str
    sea_zones: tuple[SpaceId, SpaceId]
    guarded_by: tuple[tuple[SpaceId, int], ...]


@dataclass(frozen=True, slots=True)
class Power:
    id: PowerId
    name: str
    side: str
    capital: SpaceId
    color: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Canal:
    """Two sea zones joined for sea units of the side holding every ``controlled_by`` space."""

    id: str
    name: str
    sea_zones: tuple[SpaceId, SpaceId]
    controlled_by: tuple[SpaceId, ...]


_SEA_NUMBER = re.compile(r"^\s*(?:s\.?\s*z\.?|sea\s*zone|sea|zone)?\s*#?\s*(\d{1,3})\s*$", re.IGNORECASE)


class Board:
    """Spaces, adjacency and powers of one board; immutable after construction."""

    def __init__(
        self,
        board_id: str,
        name: str,
        spaces: Mapping[SpaceId, Space],
        powers: Sequence[Power],
        canals: Sequence[Canal],
        straits: Sequence[Strait] = (),
    ) -> None:
        self.id = board_id
        self.title = name
        self.spaces: dict[SpaceId, Space] = dict(spaces)
        self.powers: dict[PowerId, Power] = {p.id: p for p in powers}
        self.canals: tuple[Canal, ...] = tuple(canals)
        self.straits: tuple[Strait, ...] = tuple(straits)
        self.adjacency: Mapping[SpaceId, tuple[SpaceId, ...]] = MappingProxyType(
            {s.id: tuple(sorted(s.adjacent)) for s in spaces.values()})
        """Each space's neighbours in id order (see :meth:`neighbours`)."""
        self.closing_options = frozenset(s.closed_by_option for s in spaces.values() if s.closed_by_option)
        """Game options that close sea zones (the Turkish Straits)."""
        self.sea_zone_by_number = {s.number: s.id for s in spaces.values() if s.number is not None}
        self.space_names = NameIndex(
            "space",
            {s.id: s.aliases for s in spaces.values()},
            {s.id: s.name for s in spaces.values()},
        )
        self.power_names = NameIndex(
            "power", {p.id: p.aliases for p in powers}, {p.id: p.name for p in powers}
        )
        self._by_name = {s.name: s.id for s in spaces.values()}
        self._canal_between: dict[frozenset[SpaceId], Canal] = {
            frozenset(c.sea_zones): c for c in canals
        }

    # -- lookups ---------------------------------------------------------------
    def __getitem__(self, space: SpaceId) -> Space:
        return self.spaces[space]

    def find_space(self, text: str) -> SpaceId:
        """Resolve what a player typed to a space id (``"sz5"``, ``"W Russia"``)."""
        number = _SEA_NUMBER.match(text)
        if number and int(number.group(1)) in self.sea_zone_by_number:
            return self.sea_zone_by_number[int(number.group(1))]
        return SpaceId(self.space_names.find(text))

    def find_power(self, text: str) -> PowerId:
        return PowerId(self.power_names.find(text))

    def has_space_named(self, name: str) -> bool:
        """True when ``name`` is a space's exact display name."""
        return name in self._by_name

    def space_by_name(self, name: str) -> SpaceId:
        """Exact display name to id (for state JSON, which is keyed by display names)."""
        try:
            return self._by_name[name]
        except KeyError:
            raise BoardDataError(f"no space named {name!r} on board {self.id}") from None

    def name(self, space: SpaceId) -> str:
        return self.spaces[space].name

    def side_of(self, power: PowerId) -> str:
        return self.powers[power].side

    def allies(self, a: PowerId | None, b: PowerId | None) -> bool:
        return a is not None and b is not None and self.powers[a].side == self.powers[b].side

    def canal_between(self, a: SpaceId, b: SpaceId) -> Canal | None:
        return self._canal_between.get(frozenset((a, b)))

    def strait_between(self, a: SpaceId, b: SpaceId) -> Strait | None:
        return next((s for s in self.straits if set(s.sea_zones) == {a, b}), None)

    def neighbours(self, space: SpaceId) -> tuple[SpaceId, ...]:
        """Adjacent spaces in id order: iterating them never depends on hash seeds, so
        anything chosen from them is the same on every replay."""
        return self.adjacency[space]

    def is_coastal(self, territory: SpaceId) -> bool:
        return any(self.spaces[n].is_sea for n in self.spaces[territory].adjacent)

    # -- construction ------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Board:
        """Build and validate a board from the contents of ``board.toml``."""
        board_id = str(data.get("id", "?"))
        spaces: dict[SpaceId, Space] = {}

        def add(space: Space) -> None:
            if space.id in spaces:
                raise BoardDataError(f"{board_id}: space id {space.id!r} is defined twice")
            spaces[space.id] = space

        for t in data.get("territory", []):
            add(_territory(board_id, t))
        for z in data.get("sea_zone", []):
            add(_sea_zone(board_id, z))
        powers = [_power(board_id, p) for p in data.get("power", [])]
        canals = [_canal(board_id, c) for c in data.get("canal", [])]
        straits = [_strait(board_id, s) for s in data.get("strait", [])]
        _set_convoy_regions(board_id, spaces, data.get("convoy_regions", {}))
        board = cls(board_id, str(data.get("name", board_id)), spaces, powers, canals, straits)
        board.validate()
        return board

    def validate(self) -> None:
        """Raise :class:`BoardDataError` on the first inconsistency, naming it."""
        for space in self.spaces.values():
            for n in space.adjacent:
                if n not in self.spaces:
                    raise BoardDataError(f"{self.id}: {space.id} lists unknown neighbour {n!r}")
                if space.id not in self.spaces[n].adjacent:
                    raise BoardDataError(
                        f"{self.id}: one-way adjacency {space.id} -> {n} ({n} does not list {space.id})"
                    )
                if n == space.id:
                    raise BoardDataError(f"{self.id}: {space.id} is adjacent to itself")
            if space.original is not None and space.original not in self.powers:
                raise BoardDataError(f"{self.id}: {space.id} has unknown original owner {space.original!r}")
        for power in self.powers.values():
            if power.side not in SIDES:
                raise BoardDataError(f"{self.id}: power {power.id} has side {power.side!r}, not one of {SIDES}")
            if power.capital not in self.spaces:
                raise BoardDataError(f"{self.id}: power {power.id} has unknown capital {power.capital!r}")
        for canal in self.canals:
            a, b = canal.sea_zones
            for z in (a, b):
                if z not in self.spaces or not self.spaces[z].is_sea:
                    raise BoardDataError(f"{self.id}: canal {canal.id} joins {z!r}, which is not a sea zone")
            if b not in self.spaces[a].adjacent:
                raise BoardDataError(f"{self.id}: canal {canal.id} joins {a} and {b}, which are not adjacent")
            for t in canal.controlled_by:
                if t not in self.spaces or self.spaces[t].is_sea:
                    raise BoardDataError(f"{self.id}: canal {canal.id} is controlled by unknown territory {t!r}")
        for strait in self.straits:
            self._validate_strait(strait)
        for space in self.spaces.values():
            self._validate_terrain_and_neutral(space)
        clashes = self.space_names.collisions()
        if clashes:
            key, ids = min(clashes.items())
            raise BoardDataError(f"{self.id}: the spelling {key!r} names several spaces: {sorted(ids)}")


    def _validate_strait(self, strait: Strait) -> None:
        a, b = strait.sea_zones
        if any(z not in self.spaces or not self.spaces[z].is_sea for z in (a, b)) or b not in self.spaces[a].adjacent:
            raise BoardDataError(f"{self.id}: strait {strait.id} must join two adjacent sea zones, not {a!r} and {b!r}")
        for t, hits_on in strait.guarded_by:
            if t not in self.spaces or self.spaces[t].is_sea:
                raise BoardDataError(f"{self.id}: strait {strait.id} is guarded by unknown territory {t!r}")
            if not 1 <= hits_on <= 6:
                raise BoardDataError(f"{self.id}: strait {strait.id}: {possessive(t)} die hits on {hits_on}, not 1 to 6")

    def _validate_terrain_and_neutral(self, space: Space) -> None:
        if space.terrain is not None and space.terrain not in TERRAINS:
            raise BoardDataError(f"{self.id}: {space.id} has terrain {space.terrain!r}, not one of {TERRAINS}")
        if (space.troops or space.diplomacy is not None or space.held_by) and not space.neutral:
            raise BoardDataError(f"{self.id}: {space.id} has troops, diplomacy or held_by but is not neutral")
        if space.diplomacy is not None and not -TRACK_END <= space.diplomacy <= TRACK_END:
            raise BoardDataError(f"{self.id}: {space.id} starts at {space.diplomacy} on the track, not -5 to +5")
        holder = self.spaces.get(space.held_by) if space.held_by else None
        if space.held_by and (holder is None or not holder.neutral):
            raise BoardDataError(f"{self.id}: {space.id} is held by {space.held_by!r}, which is not a neutral")


TERRAINS = ("desert", "snowy", "mountainous")
"""AARHE, Terrain: "Land units must stop on entering desert, snowy, or mountainous terrain"."""
TRACK_END = 5
"""AARHE, Level of cooperation: the track runs from -5 to +5."""


def _require(board_id: str, what: str, data: Mapping[str, Any], key: str) -> Any:
    if key not in data:
        raise BoardDataError(f"{board_id}: {what} {data.get('id', data)!r} is missing {key!r}")
    return data[key]


def _territory(board_id: str, t: Mapping[str, Any]) -> Space:
    ident = _require(board_id, "territory", t, "id")
    return Space(
        id=SpaceId(ident),
        name=_require(board_id, "territory", t, "name"),
        is_sea=False,
        adjacent=frozenset(SpaceId(a) for a in t.get("adjacent", [])),
        ipc=int(t.get("ipc", 0)),
        original=PowerId(t["original"]) if t.get("original") else None,
        victory_city=t.get("victory_city"),
        victory_points=int(t.get("victory_points", 0)),
        island=bool(t.get("island", False)),
        neutral=bool(t.get("neutral", False)),
        impassable=bool(t.get("impassable", False)),
        aliases=tuple(t.get("aliases", ())),
        terrain=t.get("terrain"),
        small=bool(t.get("small", False)),
        troops=tuple((str(k), int(n)) for k, n in t.get("troops", {}).items()),
        diplomacy=int(t["diplomacy"]) if "diplomacy" in t else None,
        held_by=SpaceId(t["held_by"]) if t.get("held_by") else None,
    )


def _sea_zone(board_id: str, z: Mapping[str, Any]) -> Space:
    ident = _require(board_id, "sea zone", z, "id")
    number = int(_require(board_id, "sea zone", z, "number"))
    return Space(
        id=SpaceId(ident),
        name=z.get("name", f"Sea Zone {number}"),
        is_sea=True,
        adjacent=frozenset(SpaceId(a) for a in z.get("adjacent", [])),
        number=number,
        aliases=(f"SZ {number}", f"SZ{number:02d}", *z.get("aliases", ())),
        closed_by_option=z.get("closed_by_option"),
    )


def _strait(board_id: str, s: Mapping[str, Any]) -> Strait:
    guards = _require(board_id, "strait", s, "guarded_by")
    return Strait(*_passage(board_id, "strait", s), guarded_by=tuple((SpaceId(t), int(v)) for t, v in guards.items()))


def _passage(board_id: str, what: str, data: Mapping[str, Any]) -> tuple[str, str, tuple[SpaceId, SpaceId]]:
    """The id, name and two sea zones of a canal or strait."""
    ident = _require(board_id, what, data, "id")
    zones = _require(board_id, what, data, "sea_zones")
    if len(zones) != 2:
        raise BoardDataError(f"{board_id}: {what} {ident!r} must join exactly two sea zones")
    return ident, data.get("name", ident), (SpaceId(zones[0]), SpaceId(zones[1]))


def _set_convoy_regions(board_id: str, spaces: dict[SpaceId, Space], regions: Mapping[str, Sequence[str]]) -> None:
    """``[convoy_regions]``: each region's sea zones; a zone is in one region at most."""
    for region, zones in regions.items():
        for z in zones:
            space = spaces.get(SpaceId(z))
            if space is None or not space.is_sea:
                raise BoardDataError(f"{board_id}: convoy region {region!r} lists {z!r}, which is not a sea zone")
            if space.convoy_region is not None:
                raise BoardDataError(f"{board_id}: {z} is in two convoy regions, {space.convoy_region!r} and {region!r}")
            spaces[space.id] = replace(space, convoy_region=region)


def _power(board_id: str, p: Mapping[str, Any]) -> Power:
    return Power(
        id=PowerId(_require(board_id, "power", p, "id")),
        name=_require(board_id, "power", p, "name"),
        side=_require(board_id, "power", p, "side"),
        capital=SpaceId(_require(board_id, "power", p, "capital")),
        color=p.get("color", "#888888"),
        aliases=tuple(p.get("aliases", ())),
    )


def _canal(board_id: str, c: Mapping[str, Any]) -> Canal:
    holders = _require(board_id, "canal", c, "controlled_by")
    return Canal(*_passage(board_id, "canal", c), controlled_by=tuple(SpaceId(t) for t in holders))
