"""Where the time comes from: the real UTC clock, or a clock a test moves by hand."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

Clock = Callable[[], datetime]
"""A function returning the current time, timezone-aware."""


def utc_now() -> datetime:
    """The real time in UTC."""
    return datetime.now(UTC)


class ManualClock:
    """A clock that stands still until moved: deadlines tested without waiting."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        """Move forward by ``timedelta(**delta)``; returns the new time."""
        self.now += timedelta(**delta)
        return self.now
