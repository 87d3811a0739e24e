"""Deadline arithmetic, reminders, settings and vacation limits (pure, injected times)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.scheduler.deadlines import (
    Due,
    GameSettings,
    SettingError,
    deadline,
    discord_time,
    due_actions,
    merged,
    shown_time,
    utc_time,
    vacation_refusal,
)

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def h(hours: float) -> datetime:
    return T0 + timedelta(hours=hours)


def test_no_deadline_without_hours() -> None:
    assert deadline(T0, 0, []) is None


def test_deadline_counts_only_running_time() -> None:
    assert deadline(T0, 24, []) == h(24)
    assert deadline(T0, 24, [(h(2), h(5))]) == h(27)              # paused 3 hours
    assert deadline(T0, 24, [(h(-10), h(4))]) == h(28)            # already away when due
    assert deadline(T0, 24, [(h(30), h(40))]) == h(24)            # after the deadline
    assert deadline(T0, 24, [(h(2), h(5)), (h(4), h(8))]) == h(30)   # overlapping: 6 hours


def test_merged_joins_overlapping_and_drops_empty() -> None:
    assert merged([(h(4), h(8)), (h(1), h(5)), (h(9), h(9))]) == [(h(1), h(8))]


def test_reminders_fire_once_each_nearest_first() -> None:
    due = Due(1, "germany", 7, T0)
    s = GameSettings(deadline_hours=24, reminders=(12, 1))
    assert due_actions(h(11), due, s, [], []) == []
    [first] = due_actions(h(12.5), due, s, [], [])
    assert (first.kind, first.key, first.deadline) == ("remind", "remind:7:12", h(24))
    assert due_actions(h(13), due, s, [], ["remind:7:12"]) == []
    [last] = due_actions(h(23.5), due, s, [], ["remind:7:12"])
    assert last.key == "remind:7:1"
    # A bot that was down from 11 to 23.5 hours sends only the nearest reminder.
    assert [a.key for a in due_actions(h(23.5), due, s, [], [])] == ["remind:7:1"]


def test_expiry_is_due_once_at_the_deadline() -> None:
    due = Due(1, "germany", 7, T0)
    s = GameSettings(deadline_hours=24, reminders=(12,))
    [expire] = due_actions(h(24), due, s, [], ["remind:7:12"])
    assert (expire.kind, expire.key) == ("expire", "expire:7")
    assert due_actions(h(50), due, s, [], ["expire:7"]) == []


def test_a_vacation_moves_the_reminders_and_the_expiry() -> None:
    due = Due(1, "germany", 7, T0)
    s = GameSettings(deadline_hours=24, reminders=(1,))
    away = [(h(10), h(58))]
    assert due_actions(h(30), due, s, away, []) == []
    assert [a.key for a in due_actions(h(71), due, s, away, [])] == ["remind:7:1"]
    assert [a.key for a in due_actions(h(72), due, s, away, [])] == ["expire:7"]


def test_reminders_longer_than_the_deadline_are_skipped() -> None:
    due = Due(1, "germany", 7, T0)
    assert due_actions(h(0), due, GameSettings(deadline_hours=6, reminders=(12,)), [], []) == []


def test_settings_are_read_checked_and_written_as_text() -> None:
    s = GameSettings().changed({"deadline_hours": "48", "reminders": "1, 12", "policy":
                                "end_turn", "substitute": "<@400000000000000003>"})
    assert (s.deadline_hours, s.reminders, s.policy, s.substitute) == \
        (48, (12, 1), "end_turn", "400000000000000003")
    assert GameSettings.from_stored(s.stored()) == s
    assert GameSettings().changed({"reminders": "none"}).reminders == ()
    for bad in ({"policy": "kick"}, {"deadline_hours": "-1"}, {"reminders": "x"},
                {"colour": "red"}):
        with pytest.raises(SettingError):
            GameSettings().changed(bad)


def test_vacation_limits_per_vacation_and_per_game() -> None:
    s = GameSettings(vacation_days=10, vacation_max=7)
    assert vacation_refusal(8, [], T0, s) == "A vacation in this game lasts at most 7 days."
    assert vacation_refusal(7, [], T0, s) is None
    taken = [(T0 - timedelta(days=5), T0 - timedelta(days=1))]          # 4 days used
    assert vacation_refusal(6, taken, T0, s) is None
    refusal = vacation_refusal(7, taken, T0, s)
    assert refusal is not None and "6.0 left" in refusal


def test_times_shown_per_reader_in_discord_and_utc_in_the_console() -> None:
    unix = int(T0.timestamp())
    assert discord_time(T0) == f"<t:{unix}:F> (<t:{unix}:R>)"
    assert utc_time(T0) == "2026-03-01T12:00Z"
    assert shown_time(T0, "300000000000000001") == discord_time(T0)
    assert shown_time(T0, "local") == "2026-03-01T12:00Z"


def test_next_wake_is_the_next_reminder_then_the_expiry() -> None:
    """The stored wake time: the next reminder after now, then the deadline, then nothing."""
    from bot.scheduler.deadlines import next_wake

    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    due = Due(1, "germany", 7, t0)
    settings = GameSettings(deadline_hours=24, reminders=(12, 1))
    assert next_wake(t0, due, settings, [], ()) == t0 + timedelta(hours=12)
    assert next_wake(t0 + timedelta(hours=12), due, settings, [], ()) == t0 + timedelta(hours=23)
    assert next_wake(t0 + timedelta(hours=23), due, settings, [], ()) == t0 + timedelta(hours=24)
    assert next_wake(t0 + timedelta(hours=24), due, settings, [], ()) is None
    assert next_wake(t0, due, settings, [], ("expire:7",)) is None
    assert next_wake(t0, due, GameSettings(), [], ()) is None            # no deadline
    away = [(t0, t0 + timedelta(hours=6))]                                # a vacation
    assert next_wake(t0, due, settings, away, ()) == t0 + timedelta(hours=18)
