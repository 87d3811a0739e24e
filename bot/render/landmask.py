"""Land/sea grid from the public-domain GLOBE mask shipped by `global-land-mask`.

The package keeps a 1 km global mask (about 1 GB once unpacked) and loads it
whole on import. The map needs far less detail, so the archive is streamed row
by row and thinned to a coarse grid, keeping memory small.
"""

from __future__ import annotations

import functools
import importlib.util
import zipfile
from pathlib import Path

import numpy as np
from numpy.lib import format as npy_format

_MASK_ROWS = 21600
_MASK_COLS = 43200
CELLS_PER_DEGREE = 20
_STEP = _MASK_ROWS // (180 * CELLS_PER_DEGREE)


def _archive_path() -> Path:
    spec = importlib.util.find_spec("global_land_mask")
    if spec is None or spec.origin is None:
        raise RuntimeError("the global-land-mask package is required to draw coastlines")
    return Path(spec.origin).parent / "globe_combined_mask_compressed.npz"


@functools.lru_cache(maxsize=1)
def land_grid() -> np.ndarray:
    """Boolean grid, True on land; row 0 is 90N, column 0 is 180W, cells of 1/20 degree."""
    rows = []
    with zipfile.ZipFile(_archive_path()) as archive, archive.open("mask.npy") as stream:
        version = npy_format.read_magic(stream)
        read_header = (
            npy_format.read_array_header_1_0
            if version == (1, 0)
            else npy_format.read_array_header_2_0
        )
        shape, fortran, dtype = read_header(stream)
        if shape != (_MASK_ROWS, _MASK_COLS) or fortran or dtype != np.bool_:
            raise RuntimeError(f"unexpected land mask layout {shape} {dtype}")
        row_bytes = _MASK_COLS
        block = _STEP * row_bytes
        for _ in range(_MASK_ROWS // _STEP):
            chunk = stream.read(block)
            ocean = np.frombuffer(chunk[:row_bytes], dtype=np.bool_)
            rows.append(~ocean[::_STEP])
    return np.stack(rows)


def is_land(lat: np.ndarray, lon: np.ndarray) -> np.ndarray:
    """Vectorised land test on the coarse grid; lon may be any real value (it wraps)."""
    grid = land_grid()
    n_rows, n_cols = grid.shape
    row = np.clip(((90.0 - lat) * CELLS_PER_DEGREE).astype(np.int64), 0, n_rows - 1)
    col = (np.floor((lon + 180.0) * CELLS_PER_DEGREE).astype(np.int64)) % n_cols
    return np.asarray(grid[row, col])
