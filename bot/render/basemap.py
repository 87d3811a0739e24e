"""The state-independent layer of a map view: which space every pixel shows.

Each land pixel belongs to the nearest seed of a land territory (within the
geometry's reach) and each sea pixel to the nearest sea-zone seed, measured in
the stretched map, so borders are authored only as seed points. Building this
raster is the slow part of a render; it is cached per view, and a render only
recolours it through a lookup table.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw

from bot.render.geometry import BoardGeometry, LonLat, SpaceInfo
from bot.render.landmask import is_land
from bot.render.projection import MASTER_WIDTH

UNCLAIMED_LAND = -1
OPEN_SEA = -2
UNZONED_WATER = -3
OFFSET = 3  # add to a raster value to index a colour table
_SEA_REACH = 420.0


@dataclass(frozen=True)
class View:
    """A window onto the map: top-left in master pixels and output pixels per master pixel."""

    x0: float
    y0: float
    scale: float
    width: int
    height: int

    def to_px(self, mx: float, my: float) -> tuple[float, float]:
        """Output pixel of a master point, taking the wrap copy nearest the view's middle."""
        middle = self.x0 + self.width / self.scale / 2.0
        mx += MASTER_WIDTH * round((middle - mx) / MASTER_WIDTH)
        return ((mx - self.x0) * self.scale, (my - self.y0) * self.scale)


@dataclass(frozen=True)
class Palette:
    """Slots of the 256-colour palette a base layer is painted in.

    Spaces take slots from OFFSET on; after them come outline colours, one hatch
    slot per neutral space (hatched only while it shows the neutral colour) and
    the capture outline colours, one per power.
    """

    coast: int
    land_border: int
    sea_border: int
    hatch: dict[int, int]
    capture_rim: int
    capture_line: int
    powers: dict[str, int]


def palette_slots(board: BoardGeometry) -> Palette:
    """Assign palette slots for `board`; refuse boards too big for one palette."""
    after = OFFSET + len(board.spaces)
    hatched = [i for i, s in enumerate(board.spaces) if s.neutral or s.impassable]
    hatch = {space: after + 3 + j for j, space in enumerate(hatched)}
    rim = after + 3 + len(hatched)
    powers = {p.id: rim + 2 + j for j, p in enumerate(board.powers)}
    if rim + 2 + len(powers) > 256:
        raise ValueError(f"{board.board_id} has too many spaces to paint in one palette")
    return Palette(after, after + 1, after + 2, hatch, rim, rim + 1, powers)


@dataclass(frozen=True)
class BaseLayer:
    """Space index per pixel (`index`) and the same painted in palette slots (`paint`)."""

    view: View
    index: np.ndarray
    paint: np.ndarray
    palette: Palette


def full_view(board: BoardGeometry, width: int) -> View:
    """The whole board at `width` output pixels."""
    scale = width / MASTER_WIDTH
    return View(0.0, 0.0, scale, width, round(board.projection.master_height * scale))


def box_view(board: BoardGeometry, box: tuple[float, float, float, float], width: int) -> View:
    """A [west, south, east, north] lon/lat box enlarged to `width` output pixels."""
    west, south, east, north = box
    proj = board.projection
    x0 = float(proj.x_of(west))
    x1 = x0 + (float(proj.x_of(east)) - x0) % MASTER_WIDTH
    if east - west >= 360.0:
        x1 = x0 + MASTER_WIDTH
    y0, y1 = float(proj.y_of(north)), float(proj.y_of(south))
    scale = width / (x1 - x0)
    return View(x0, y0, scale, width, max(1, round((y1 - y0) * scale)))


def _seed_points(board: BoardGeometry, sea: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    proj = board.projection
    xs: list[float] = []
    ys: list[float] = []
    owners: list[int] = []
    for i, space in enumerate(board.spaces):
        if space.is_sea != sea:
            continue
        for lon, lat in (space.anchor, *space.seeds):
            x, y = proj.to_master(lon, lat)
            xs.append(x)
            ys.append(y)
            owners.append(i)
    return np.array(xs), np.array(ys), np.array(owners, dtype=np.int16)


def _nearest(
    index: np.ndarray,
    allowed: np.ndarray,
    px: np.ndarray,
    py: np.ndarray,
    seeds: tuple[np.ndarray, np.ndarray, np.ndarray],
    reach: float,
) -> None:
    """Write into `index` the nearest seed's space for `allowed` pixels within `reach`."""
    best = np.full(index.shape, reach * reach, dtype=np.float32)
    for sx, sy, owner in zip(*seeds, strict=True):
        for shift in (-MASTER_WIDTH, 0.0, MASTER_WIDTH):
            cx = sx + shift
            c0, c1 = np.searchsorted(px, [cx - reach, cx + reach])
            r0, r1 = np.searchsorted(py, [sy - reach, sy + reach])
            if c0 >= c1 or r0 >= r1:
                continue
            d2 = (py[r0:r1, None] - sy) ** 2 + (px[None, c0:c1] - cx) ** 2
            window = best[r0:r1, c0:c1]
            closer = (d2 < window) & allowed[r0:r1, c0:c1]
            window[closer] = d2[closer]
            index[r0:r1, c0:c1][closer] = owner


def dot_radius(space: SpaceInfo, view: View) -> float:
    """Radius in output pixels of an island's disc (0 for spaces without one)."""
    return max(space.dot * view.scale**0.5, 2.5) if space.dot > 0 else 0.0


def _dots(board: BoardGeometry, view: View, land: np.ndarray) -> None:
    """Paint island discs, so tiny islands have pixels to colour."""
    rows, cols = np.ogrid[0 : view.height, 0 : view.width]
    for space in board.spaces:
        if space.dot <= 0:
            continue
        cx, cy = view.to_px(*board.projection.to_master(*space.anchor))
        radius = dot_radius(space, view)
        if -radius <= cx < view.width + radius and -radius <= cy < view.height + radius:
            land |= (rows - cy + 0.5) ** 2 + (cols - cx + 0.5) ** 2 <= radius**2


def _path_px(board: BoardGeometry, view: View, points: tuple[LonLat, ...]) -> list[tuple[float, float]]:
    """Output pixels of an outline, kept in one piece: every point in the wrap copy nearest
    the one before it, the first where `View.to_px` places it."""
    master = [board.projection.to_master(*point) for point in points]
    xs = [master[0][0]]
    for x, _ in master[1:]:
        xs.append(x + MASTER_WIDTH * round((xs[-1] - x) / MASTER_WIDTH))
    first_x, _ = view.to_px(*master[0])
    shift = first_x - (xs[0] - view.x0) * view.scale
    return [((x - view.x0) * view.scale + shift, (y - view.y0) * view.scale) for x, (_, y) in zip(xs, master)]


def _inland_seas(board: BoardGeometry, view: View, land: np.ndarray) -> None:
    """Turn into water the inland seas the mask counts as land (a board may zone them)."""
    if not board.inland_seas:
        return
    mask = Image.new("1", (view.width, view.height), 0)
    draw = ImageDraw.Draw(mask)
    for shape in board.inland_seas:
        draw.polygon(_path_px(board, view, shape), fill=1)
    land &= ~np.asarray(mask, dtype=bool)


def _paint(board: BoardGeometry, index: np.ndarray, palette: Palette, width: int,
           hatch_step: int) -> np.ndarray:
    """Palette slots per pixel: the space, or an outline, or a neutral space's hatch."""
    paint = (index + OFFSET).astype(np.uint8)
    is_land = np.zeros(OFFSET + len(board.spaces), dtype=bool)
    is_land[UNCLAIMED_LAND + OFFSET] = True
    is_land[OFFSET:] = [not space.is_sea for space in board.spaces]
    land = is_land[paint]
    coast = np.zeros(index.shape, dtype=bool)
    border = np.zeros(index.shape, dtype=bool)
    for a, b in ((np.s_[:, :-1], np.s_[:, 1:]), (np.s_[:-1, :], np.s_[1:, :])):
        differ = index[a] != index[b]
        mixed = land[a] != land[b]
        coast[a] |= mixed
        coast[b] |= mixed
        border[a] |= differ & ~mixed
    if width > 1:
        grown = border.copy()
        grown[:, 1:] |= border[:, :-1]
        grown[1:, :] |= border[:-1, :]
        border = grown
    rows, cols = np.indices(index.shape)
    stripes = ((rows + cols) % hatch_step) == 0
    for space, slot in palette.hatch.items():
        paint[stripes & (index == space)] = slot
    paint[border & land & ~coast] = palette.land_border
    paint[border & (index >= 0) & ~land & ~coast] = palette.sea_border
    paint[coast] = palette.coast
    return paint


@functools.lru_cache(maxsize=8)
def base_layer(board: BoardGeometry, view: View) -> BaseLayer:
    """Build (once per board and view) the space raster and its outlines."""
    proj = board.projection
    px = view.x0 + (np.arange(view.width) + 0.5) / view.scale
    py = view.y0 + (np.arange(view.height) + 0.5) / view.scale
    lon = proj.lon_of(px)
    lat = proj.lat_of(py)
    land = is_land(lat[:, None], lon[None, :])
    _dots(board, view, land)
    _inland_seas(board, view, land)
    unzoned = np.zeros_like(land)
    for west, south, east, north in board.unzoned_waters:
        lon_in = ((lon - west) % 360.0) <= (east - west)
        lat_in = (lat >= south) & (lat <= north)
        unzoned |= lat_in[:, None] & lon_in[None, :]
    unzoned &= ~land
    index = np.full(land.shape, OPEN_SEA, dtype=np.int16)
    index[land] = UNCLAIMED_LAND
    index[unzoned] = UNZONED_WATER
    _nearest(index, land, px, py, _seed_points(board, sea=False), board.land_reach)
    _nearest(index, ~land & ~unzoned, px, py, _seed_points(board, sea=True), _SEA_REACH)
    palette = palette_slots(board)
    paint = _paint(board, index, palette, 2 if view.scale >= 1.6 else 1, max(4, round(7 * view.scale**0.5)))
    return BaseLayer(view, index, paint, palette)
