"""Stretched equirectangular projection of the board, with east-west wrap.

Longitude and latitude are each stretched piecewise-linearly (bands with
weights from the geometry file), so crowded Europe gets more room while the
coastlines stay recognisable. Coordinates are "master pixels": pixels of the
full map drawn 2,000 px wide. Longitudes wrap, so x may run past the right
edge for views that cross the board's seam.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

MASTER_WIDTH = 2000.0


@dataclass(frozen=True)
class Projection:
    """Maps lon/lat to master pixels and back; see the module docstring."""

    west_edge: float
    lon_breaks: tuple[float, ...]
    lon_weights: tuple[float, ...]
    lat_breaks: tuple[float, ...]
    lat_weights: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.lon_breaks) != len(self.lon_weights) + 1:
            raise ValueError("lon_breaks needs one more entry than lon_weights")
        if len(self.lat_breaks) != len(self.lat_weights) + 1:
            raise ValueError("lat_breaks needs one more entry than lat_weights")
        if abs(self.lon_breaks[-1] - self.lon_breaks[0] - 360.0) > 1e-9:
            raise ValueError("lon_breaks must span exactly 360 degrees")
        if self.lon_breaks[0] != self.west_edge:
            raise ValueError("lon_breaks must start at west_edge")

    @functools.cached_property
    def _lon_cum(self) -> np.ndarray:
        spans = np.diff(self.lon_breaks) * np.array(self.lon_weights)
        return np.concatenate([[0.0], np.cumsum(spans)])

    @functools.cached_property
    def _lat_cum(self) -> np.ndarray:
        spans = -np.diff(self.lat_breaks) * np.array(self.lat_weights)
        return np.concatenate([[0.0], np.cumsum(spans)])

    @functools.cached_property
    def master_height(self) -> float:
        """Height in master pixels of the full map."""
        return float(MASTER_WIDTH * self._lat_cum[-1] / self._lon_cum[-1])

    def x_of(self, lon: np.ndarray | float) -> np.ndarray:
        """Master x of longitudes, continuous: lon + 360 lands one map width right."""
        lon = np.asarray(lon, dtype=np.float64)
        turns = np.floor((lon - self.west_edge) / 360.0)
        base = lon - 360.0 * turns
        cum = self._lon_cum
        frac = np.interp(base, self.lon_breaks, cum / cum[-1])
        return np.asarray((turns + frac) * MASTER_WIDTH)

    def y_of(self, lat: np.ndarray | float) -> np.ndarray:
        """Master y of latitudes (north at the top), clamped to the drawn band."""
        lat = np.asarray(lat, dtype=np.float64)
        cum = self._lat_cum
        frac = np.interp(-lat, [-b for b in self.lat_breaks], cum / cum[-1])
        return np.asarray(frac * self.master_height)

    def lon_of(self, x: np.ndarray | float) -> np.ndarray:
        """Longitude of master x (inverse of `x_of`)."""
        x = np.asarray(x, dtype=np.float64) / MASTER_WIDTH
        turns = np.floor(x)
        cum = self._lon_cum
        return np.interp(x - turns, cum / cum[-1], self.lon_breaks) + 360.0 * turns

    def lat_of(self, y: np.ndarray | float) -> np.ndarray:
        """Latitude of master y (inverse of `y_of`)."""
        cum = self._lat_cum
        frac = np.asarray(y, dtype=np.float64) / self.master_height
        return np.interp(frac, cum / cum[-1], self.lat_breaks)

    def to_master(self, lon: float, lat: float) -> tuple[float, float]:
        """One point in master pixels, x within the map's width."""
        return float(self.x_of(lon)), float(self.y_of(lat))
