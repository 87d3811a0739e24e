"""Board facts plus the project's drawing geometry, joined for the renderer.

Facts (names, IPC values, capitals, victory cities, adjacency, power colours)
come from `maps/<board>/board.toml`; where things are drawn comes from
`maps/<board>/geometry.toml`. Both files are read once and cached.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from bot.render.projection import Projection
from maps import load_board_data, load_geometry_data

LonLat = tuple[float, float]
Rgb = tuple[int, int, int]


@dataclass(frozen=True)
class PowerInfo:
    """A power as the map needs it."""

    id: str
    name: str
    side: str
    color: Rgb
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class SpaceInfo:
    """A territory or sea zone with its facts and where it is drawn."""

    id: str
    name: str
    is_sea: bool
    number: int | None
    ipc: int
    original: str | None
    victory_city: str | None
    capital_of: str | None
    neutral: bool
    impassable: bool
    adjacent: tuple[str, ...]
    anchor: LonLat
    seeds: tuple[LonLat, ...]
    dot: float
    aliases: tuple[str, ...] = ()
    label: str | None = None
    """Text drawn for a sea zone instead of its number (a board whose players name its zones)."""


@dataclass(frozen=True)
class PassageInfo:
    """A canal or strait of the board, drawn at ``at`` (``[passage.<id>]`` of geometry.toml)."""

    id: str
    name: str
    kind: str
    """``canal`` (open only to the side holding its territories) or ``strait`` (guarded)."""
    sea_zones: tuple[str, str]
    at: LonLat


@dataclass(frozen=True, eq=False)
class BoardGeometry:
    """Everything the renderer needs about one board (hashed by identity, for caches)."""

    board_id: str
    name: str
    powers: tuple[PowerInfo, ...]
    spaces: tuple[SpaceInfo, ...]
    projection: Projection
    land_reach: float
    unzoned_waters: tuple[tuple[float, float, float, float], ...]
    inland_seas: tuple[tuple[LonLat, ...], ...]
    """Water outlines the mask counts as land (it has no inland seas)."""
    regions: dict[str, tuple[float, float, float, float]]
    passages: tuple[PassageInfo, ...] = ()
    """The canals and straits the geometry places; the others are not drawn."""

    @functools.cached_property
    def _space_keys(self) -> dict[str, SpaceInfo]:
        keys: dict[str, SpaceInfo] = {}
        for space in self.spaces:
            for key in (space.id, space.name, *space.aliases):
                keys.setdefault(key.casefold(), space)
        return keys

    @functools.cached_property
    def _power_keys(self) -> dict[str, PowerInfo]:
        keys: dict[str, PowerInfo] = {}
        for power in self.powers:
            for key in (power.id, power.name, *power.aliases):
                keys.setdefault(key.casefold(), power)
        return keys

    @functools.cached_property
    def index_of(self) -> dict[str, int]:
        """Position of each space id in `spaces` (the raster's value for it)."""
        return {space.id: i for i, space in enumerate(self.spaces)}

    def space(self, name: str) -> SpaceInfo:
        """Look a space up by display name, id or alias (any case)."""
        try:
            return self._space_keys[name.casefold()]
        except KeyError:
            raise KeyError(f"unknown space {name!r} on {self.board_id}") from None

    def power(self, name: str) -> PowerInfo:
        """Look a power up by display name, id or alias (any case)."""
        try:
            return self._power_keys[name.casefold()]
        except KeyError:
            raise KeyError(f"unknown power {name!r} on {self.board_id}") from None

    def has_power(self, name: str) -> bool:
        """Whether `name` names a power of this board."""
        return name.casefold() in self._power_keys


def _hex_color(text: str) -> Rgb:
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def _pair(value: Any, where: str) -> LonLat:
    if not (isinstance(value, list) and len(value) == 2):
        raise ValueError(f"{where}: expected [lon, lat], got {value!r}")
    return (float(value[0]), float(value[1]))


def _box(value: Any, where: str) -> tuple[float, float, float, float]:
    if not (isinstance(value, list) and len(value) == 4):
        raise ValueError(f"{where}: expected [west, south, east, north], got {value!r}")
    west, south, east, north = (float(v) for v in value)
    return (west, south, east, north)


def build_geometry(board: dict[str, Any], geometry: dict[str, Any]) -> BoardGeometry:
    """Join parsed board.toml and geometry.toml; fail naming every space without geometry."""
    drawn: dict[str, Any] = geometry.get("space", {})
    capitals = {p["capital"]: p["id"] for p in board["power"]}
    facts = [(t, False) for t in board["territory"]] + [(s, True) for s in board["sea_zone"]]
    missing = sorted(item["id"] for item, _ in facts if item["id"] not in drawn)
    if missing:
        raise ValueError(f"geometry.toml has no entry for: {', '.join(missing)}")
    known = {item["id"] for item, _ in facts}
    extra = sorted(set(drawn) - known)
    if extra:
        raise ValueError(f"geometry.toml names spaces the board lacks: {', '.join(extra)}")
    spaces = []
    for item, is_sea in facts:
        where = drawn[item["id"]]
        spaces.append(
            SpaceInfo(
                id=item["id"],
                name=item["name"],
                is_sea=is_sea,
                number=item.get("number"),
                ipc=int(item.get("ipc", 0)),
                original=item.get("original"),
                victory_city=item.get("victory_city"),
                capital_of=capitals.get(item["id"]),
                neutral=bool(item.get("neutral", False)),
                impassable=bool(item.get("impassable", False)),
                adjacent=tuple(item.get("adjacent", ())),
                anchor=_pair(where["at"], item["id"]),
                seeds=tuple(_pair(s, item["id"]) for s in where.get("seeds", ())),
                dot=float(where.get("dot", 0.0)),
                aliases=tuple(item.get("aliases", ())),
                label=where.get("label"),
            )
        )
    powers = tuple(
        PowerInfo(
            id=p["id"],
            name=p["name"],
            side=p.get("side", ""),
            color=_hex_color(p["color"]),
            aliases=tuple(p.get("aliases", ())),
        )
        for p in board["power"]
    )
    proj = geometry["projection"]
    projection = Projection(
        west_edge=float(proj["west_edge"]),
        lon_breaks=tuple(float(v) for v in proj["lon_breaks"]),
        lon_weights=tuple(float(v) for v in proj["lon_weights"]),
        lat_breaks=tuple(float(v) for v in proj["lat_breaks"]),
        lat_weights=tuple(float(v) for v in proj["lat_weights"]),
    )
    regions = {name: _box(spec["box"], name) for name, spec in geometry.get("region", {}).items()}
    passages = _passages(board, geometry.get("passage", {}))
    return BoardGeometry(
        board_id=board["id"],
        name=board.get("name", board["id"]),
        powers=powers,
        spaces=tuple(spaces),
        projection=projection,
        land_reach=float(proj.get("land_reach", 60.0)),
        unzoned_waters=tuple(_box(box, "unzoned_waters") for box in proj.get("unzoned_waters", ())),
        inland_seas=tuple(
            tuple(_pair(point, "inland_seas") for point in shape) for shape in proj.get("inland_seas", ())
        ),
        regions=regions,
        passages=passages,
    )


def _passages(board: dict[str, Any], drawn: dict[str, Any]) -> tuple[PassageInfo, ...]:
    """The board's canals and straits that ``[passage.<id>]`` places; naming one the board
    lacks fails."""
    facts = [("canal", c) for c in board.get("canal", [])] + [("strait", s) for s in board.get("strait", [])]
    extra = sorted(set(drawn) - {item["id"] for _, item in facts})
    if extra:
        raise ValueError(f"geometry.toml places passages the board lacks: {', '.join(extra)}")
    return tuple(
        PassageInfo(id=item["id"], name=item.get("name", item["id"]), kind=kind,
                    sea_zones=(item["sea_zones"][0], item["sea_zones"][1]), at=_pair(drawn[item["id"]]["at"], item["id"]))
        for kind, item in facts if item["id"] in drawn
    )


@functools.lru_cache(maxsize=8)
def load_board_geometry(board_id: str) -> BoardGeometry:
    """Read `maps/<board_id>/board.toml` and `geometry.toml` (cached per board)."""
    return build_geometry(load_board_data(board_id)["board"], load_geometry_data(board_id))
