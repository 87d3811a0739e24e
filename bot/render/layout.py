"""Greedy placement of boxes near their anchors without covering each other."""

from __future__ import annotations

import numpy as np

Rect = tuple[float, float, float, float]

_DIRECTIONS = ((0, 1), (1, 0), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))


class Placer:
    """Remembers taken rectangles; `place` picks the nearest free spot for a new box."""

    def __init__(self, width: float, height: float) -> None:
        self.width = width
        self.height = height
        self._taken = np.zeros((0, 4))

    def reserve(self, rect: Rect) -> None:
        """Mark a rectangle as taken."""
        self._taken = np.vstack([self._taken, np.asarray(rect, dtype=float)[None, :]])

    def costs(self, rects: np.ndarray) -> np.ndarray:
        """Overlap area with taken boxes plus a heavy penalty for leaving the image."""
        taken = self._taken
        w = np.minimum(rects[:, None, 2], taken[None, :, 2]) - np.maximum(rects[:, None, 0], taken[None, :, 0])
        h = np.minimum(rects[:, None, 3], taken[None, :, 3]) - np.maximum(rects[:, None, 1], taken[None, :, 1])
        overlap = (np.clip(w, 0, None) * np.clip(h, 0, None)).sum(axis=1)
        outside = (
            np.clip(-rects[:, 0], 0, None)
            + np.clip(rects[:, 2] - self.width, 0, None)
            + np.clip(-rects[:, 1], 0, None)
            + np.clip(rects[:, 3] - self.height, 0, None)
        )
        return np.asarray(overlap + outside * 1000.0)

    def place(self, x: float, y: float, w: float, h: float, gap: float) -> Rect:
        """Box of w x h centred below (x, y), else the first free spot on rings around it."""
        candidates: list[Rect] = [(x - w / 2, y + gap, x + w / 2, y + gap + h)]
        for ring in range(1, 7):
            d = gap + ring * max(h, 12.0) * 0.75
            for dx, dy in _DIRECTIONS:
                cx = x + dx * (d + w / 2)
                cy = y + dy * (d + h / 2)
                candidates.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
        costs = self.costs(np.array(candidates))
        free = np.flatnonzero(costs == 0)
        best = candidates[int(free[0]) if free.size else int(np.argmin(costs))]
        self.reserve(best)
        return best
