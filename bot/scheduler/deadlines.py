"""Deadline arithmetic and the decisions of the deadline policy (pure: no clock, no I/O).

A seat's deadline is derived from stored values only: when its input became due (the log
entry that passed it the input), the game's hours per turn, and the time its holders spent
on declared vacations, which does not count. Reminders and the expiry are keyed by that log
entry, so each is done once per due input, whoever asks and however often.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.ladder.outcome import ADJUDICATION_RULES

POLICIES = ("wait", "end_turn", "substitute")
"""At the deadline: keep waiting, end the turn by standing orders, or hand the seat over."""


class SettingError(ValueError):
    """A setting value that cannot be used; the message says what is expected."""


@dataclass(frozen=True)
class GameSettings:
    """A game's deadline settings, stored as text in the ``settings`` table."""

    deadline_hours: int = 0
    """Hours a seat has for its input; 0: no deadline."""
    reminders: tuple[int, ...] = (12, 1)
    """Remind this many hours before the deadline."""
    policy: str = "wait"
    substitute: str | None = None
    """User id who takes over a seat under the ``substitute`` policy."""
    vacation_days: int = 14
    """Vacation days each player may declare in this game."""
    vacation_max: int = 7
    """Longest single vacation, in days."""
    bumps: int = 0
    """Missed deadlines ("bumps") after which a seat forfeits the game; 0: never."""
    rated: bool = True
    """Whether the game's result moves the players' ratings."""
    time_limit_hours: int = 0
    """Running hours the whole game may take (pauses do not run); at the limit the game is
    adjudicated by :attr:`adjudication`. 0: no limit."""
    adjudication: str = ADJUDICATION_RULES[0]
    """The rule that decides a game at its time limit (``bot.ladder.outcome``)."""
    pause_hours: int = 0
    """Hours the players may pause the game in all (a referee's pauses do not count); 0:
    only a referee pauses."""

    KEYS = ("deadline_hours", "reminders", "policy", "substitute", "vacation_days", "vacation_max",
            "bumps", "rated", "time_limit_hours", "adjudication", "pause_hours")

    @classmethod
    def from_stored(cls, values: Mapping[str, str]) -> GameSettings:
        """Settings from stored text; keys not stored keep their defaults."""
        return cls().changed({k: v for k, v in values.items() if k in cls.KEYS})

    def changed(self, values: Mapping[str, str]) -> GameSettings:
        """A copy with some settings given as text; refuses values it cannot use."""
        out = self
        for key, raw in values.items():
            text = raw.strip()
            if key in ("deadline_hours", "vacation_days", "vacation_max", "bumps",
                       "time_limit_hours", "pause_hours"):
                number: dict[str, Any] = {key: _whole(key, text, 24 * 365)}
                out = replace(out, **number)
            elif key == "adjudication":
                if text not in ADJUDICATION_RULES:
                    raise SettingError(f"adjudication is one of {', '.join(ADJUDICATION_RULES)}, "
                                       f"not {text!r}.")
                out = replace(out, adjudication=text)
            elif key == "reminders":
                hours = [] if text.lower() in ("", "none", "0") else text.replace(" ", "").split(",")
                out = replace(out, reminders=tuple(sorted({_whole(key, h, 24 * 30) for h in hours},
                                                          reverse=True)))
            elif key == "policy":
                if text not in POLICIES:
                    raise SettingError(f"policy is one of {', '.join(POLICIES)}, not {text!r}.")
                out = replace(out, policy=text)
            elif key == "rated":
                if text.lower() not in ("on", "off", "true", "false"):
                    raise SettingError(f"rated is on or off, not {text!r}.")
                out = replace(out, rated=text.lower() in ("on", "true"))
            elif key == "substitute":
                out = replace(out, substitute=text.lstrip("@").strip("<>@!") or None)
            else:
                raise SettingError(f"Unknown setting {key!r}; settings: {', '.join(self.KEYS)}.")
        return out

    def stored(self) -> dict[str, str]:
        """The settings as the text :meth:`from_stored` reads."""
        return {
            "deadline_hours": str(self.deadline_hours),
            "reminders": ",".join(map(str, self.reminders)) or "none",
            "policy": self.policy,
            "substitute": self.substitute or "",
            "vacation_days": str(self.vacation_days),
            "vacation_max": str(self.vacation_max),
            "bumps": str(self.bumps),
            "rated": "on" if self.rated else "off",
            "time_limit_hours": str(self.time_limit_hours),
            "adjudication": self.adjudication,
            "pause_hours": str(self.pause_hours),
        }


def _whole(key: str, text: str, most: int) -> int:
    if not text.isdigit() or int(text) > most:
        raise SettingError(f"{key} is a whole number from 0 to {most}, not {text!r}.")
    return int(text)


@dataclass(frozen=True)
class Due:
    """Whose input is due and since when: the game row's ``due_*`` columns."""

    game_id: int
    power: str
    seq: int
    since: datetime


Interval = tuple[datetime, datetime]


def merged(intervals: Iterable[Interval]) -> list[Interval]:
    """Overlapping or touching intervals joined, in order; empty ones dropped."""
    out: list[Interval] = []
    for start, end in sorted(i for i in intervals if i[1] > i[0]):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def deadline(since: datetime, hours: int, pauses: Iterable[Interval]) -> datetime | None:
    """When ``hours`` of running time have passed since ``since``; pauses do not run.

    >>> t = datetime(2026, 1, 1, tzinfo=UTC)
    >>> deadline(t, 24, [(t + timedelta(hours=2), t + timedelta(hours=5))]) - t
    datetime.timedelta(days=1, seconds=10800)
    """
    if hours <= 0:
        return None
    left = timedelta(hours=hours)
    at = since
    for start, end in merged(pauses):
        if end <= at:
            continue
        if start > at:
            if at + left <= start:
                return at + left
            left -= start - at
        at = max(at, end)
    return at + left


@dataclass(frozen=True)
class Action:
    """Something the scheduler must do now for a due input: ``remind`` or ``expire``."""

    kind: str
    key: str
    deadline: datetime
    hours: int = 0
    """For a reminder: how many hours before the deadline it is sent."""


def due_actions(now: datetime, due: Due, settings: GameSettings, pauses: Iterable[Interval],
                done: Iterable[str]) -> list[Action]:
    """What is due now and not yet done: the latest reminder passed, else the expiry.

    Reminders that fall before the input became due, or after the deadline, are skipped;
    only the nearest one passed is sent, so a bot that was down does not send a burst.
    """
    end = deadline(due.since, settings.deadline_hours, pauses)
    if end is None:
        return []
    finished = set(done)
    if now >= end:
        key = f"expire:{due.seq}"
        return [] if key in finished else [Action("expire", key, end)]
    passed = [h for h in settings.reminders if end - timedelta(hours=h) <= now
              and end - timedelta(hours=h) > due.since]
    if not passed:
        return []
    hours = min(passed)
    key = f"remind:{due.seq}:{hours}"
    if key in finished:
        return []
    return [Action("remind", key, end, hours)]


def next_wake(after: datetime, due: Due, settings: GameSettings, pauses: Iterable[Interval],
              done: Iterable[str]) -> datetime | None:
    """The first moment after ``after`` at which :func:`due_actions` could find something new
    for this input: its next reminder or its expiry; None once nothing is left to do.

    The scheduler stores it with the game, so a tick reads only the games whose moment has
    come instead of every game's clock.
    """
    end = deadline(due.since, settings.deadline_hours, pauses)
    if end is None or f"expire:{due.seq}" in set(done):
        return None
    moments = [end - timedelta(hours=h) for h in settings.reminders]
    upcoming = [t for t in (*moments, end) if t > after and t > due.since]
    return min(upcoming, default=None)


def vacation_refusal(days: int, used: Sequence[Interval], now: datetime,
                     settings: GameSettings) -> str | None:
    """Why a vacation of ``days`` starting ``now`` is not allowed, or None when it is."""
    if days > settings.vacation_max:
        return f"A vacation in this game lasts at most {settings.vacation_max} days."
    spent = sum((min(end, now) - start for start, end in used if start < now), timedelta())
    booked = sum((end - max(start, now) for start, end in used if end > now), timedelta())
    left = timedelta(days=settings.vacation_days) - spent - booked
    if timedelta(days=days) > left:
        have = max(left.total_seconds() / 86400, 0.0)
        return (f"That is more vacation than this game allows: {settings.vacation_days} days "
                f"per player, {have:.1f} left.")
    return None


def discord_time(at: datetime) -> str:
    """A timestamp every Discord reader sees in their own time zone, and how far off it is."""
    unix = int(at.timestamp())
    return f"<t:{unix}:F> (<t:{unix}:R>)"


def utc_time(at: datetime) -> str:
    """The console's form: ISO 8601 in UTC, to the minute."""
    return at.astimezone(UTC).strftime("%Y-%m-%dT%H:%MZ")


def shown_time(at: datetime, channel_id: str) -> str:
    """Discord timestamps in a Discord channel (a snowflake), UTC ISO in the console."""
    return discord_time(at) if channel_id.isdigit() else utc_time(at)
