"""Deadlines end to end: the real discord.py client, the fake Discord, the real service and
engine on a SQLite file, and a clock moved by hand. Deadlines are shown as Discord
timestamps, only the player due is pinged, a deadline that passed while the bot was down is
applied once by the restarted bot, and the policies act through the engine."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import discord
import pytest
import pytest_asyncio
from fake_discord import ALICE, BOB, CAROL, DAVE, EPHEMERAL, FakeDiscord, Recorded

from bot.discord import DiscordConfig
from bot.discord.notices import DiscordSender
from bot.discord.runner import serve
from bot.scheduler.clock import ManualClock
from bot.scheduler.loop import Scheduler
from bot.service import Actor, FixedDiceSource, GameService
from bot.store import Database, database_url

SEATS = {"Soviet Union": "alice", "Germany": "bob", "United Kingdom": "alice",
         "Japan": "bob", "United States": "alice"}
START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
DEADLINE = int(datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp())     # 24 hours later


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(START)


@pytest_asyncio.fixture
async def services(tmp_path: Path, clock: ManualClock
                   ) -> AsyncIterator[Callable[[], GameService]]:
    """Service instances on one database file: a new one stands for a restarted bot."""
    opened: list[Database] = []

    def make() -> GameService:
        db = Database(database_url(tmp_path / "aaref.sqlite3"))
        opened.append(db)
        return GameService(db, FixedDiceSource([1] * 500), clock=clock)

    await make().db.migrate()
    yield make
    for db in opened:
        await db.close()


async def public(fake: FakeDiscord, command: str, values: dict | None = None,
                 who: str = "alice") -> Recorded:
    reply = await fake.respond(command, values, who=who)
    assert not reply.flags & EPHEMERAL, reply.content
    return reply


async def open_game(fake: FakeDiscord, settings: dict) -> Recorded:
    await public(fake, "game new", {"ruleset": "aa1942-2e", "name": "sunday"}, who="carol")
    for power, who in SEATS.items():
        await public(fake, "game join", {"power": power}, who=who)
    await public(fake, "game settings", settings, who="carol")
    return await public(fake, "game start")


def posted(fake: FakeDiscord, text: str) -> list[Recorded]:
    return [r for r in fake.of("channel_message") if text in r.content]


async def test_the_due_player_alone_is_pinged_and_messaged_with_the_deadline(
        fake: FakeDiscord, start_bot, services) -> None:
    service = services()
    bot = await start_bot(service)
    mine = await fake.respond("game settings", {"dm": True}, who="alice", channel=1)
    assert mine.flags & EPHEMERAL                     # no game in that channel: refused
    await public(fake, "game new", {"ruleset": "aa1942-2e", "name": "sunday"}, who="carol")
    for power, who in SEATS.items():
        await public(fake, "game join", {"power": power}, who=who)
    await public(fake, "game settings", {"deadline_hours": 24, "policy": "end_turn"},
                 who="carol")
    shown = await fake.respond("game settings", {"dm": True}, who="alice")
    assert shown.flags & EPHEMERAL and "Direct messages to you: on" in shown.content
    start = await public(fake, "game start")
    assert start.allowed_mentions == {"parse": [], "users": [int(ALICE["id"])]}
    assert (f"Soviet Union to act (Purchase Units). Deadline: <t:{DEADLINE}:F> (<t:{DEADLINE}:R>)."
            f"\n<@{ALICE['id']}>") in start.content
    scheduler = Scheduler(service, DiscordSender(bot))
    assert (await scheduler.tick()).sent == 1
    assert not fake.of("channel_message")              # the channel saw it in the reply
    [dm] = fake.of("dm")
    assert fake.dm_channels[dm.path.split("/")[-2]] == ALICE["id"]
    assert f"<t:{DEADLINE}:F>" in dm.content
    status = await fake.respond("game status", who="bob")
    assert f"Deadline: <t:{DEADLINE}:F> (<t:{DEADLINE}:R>)" in status.content
    assert (await scheduler.tick()).sent == 0


async def test_reminder_pings_only_the_due_player_and_a_vacation_pauses_it(
        fake: FakeDiscord, start_bot, services, clock: ManualClock) -> None:
    service = services()
    bot = await start_bot(service)
    await open_game(fake, {"deadline_hours": 24, "reminders": "12"})
    scheduler = Scheduler(service, DiscordSender(bot))
    await scheduler.tick()
    clock.advance(hours=12)
    await scheduler.tick()
    [reminder] = posted(fake, "Reminder: Soviet Union")
    assert f"must act by <t:{DEADLINE}:F>" in reminder.content
    assert reminder.allowed_mentions == {"parse": [], "users": [int(ALICE["id"])]}
    away = await public(fake, "game vacation", {"days": 2})
    assert "is on vacation until <t:" in away.content
    clock.advance(hours=20)                            # past the deadline, but away
    await scheduler.tick()
    assert not posted(fake, "deadline for")
    status = await fake.respond("game status", who="bob")
    paused = int(datetime(2026, 3, 4, 12, 0, tzinfo=UTC).timestamp())
    assert f"Deadline: <t:{paused}:F>" in status.content


async def test_a_deadline_passed_while_the_bot_was_down_is_applied_once(
        fake: FakeDiscord, start_bot, services, clock: ManualClock) -> None:
    first = await start_bot(services())
    await open_game(fake, {"deadline_hours": 24, "policy": "end_turn"})
    await first.close()
    clock.advance(hours=30)
    service = services()
    second = await start_bot(service)                 # a new process on the same database
    rival = services()                                # and another one ticking at once
    await Scheduler(service, DiscordSender(second)).tick()
    await Scheduler(rival, DiscordSender(second)).tick()
    await Scheduler(service, DiscordSender(second)).tick()
    [expiry] = posted(fake, "The deadline for Soviet Union")
    assert "Its turn ends by standing orders" in expiry.content
    assert "@deadline for Soviet Union: /done" in expiry.content
    germany = int(datetime(2026, 3, 3, 18, 0, tzinfo=UTC).timestamp())   # 24 h from now
    assert f"Germany to act (Purchase Units).\nDeadline: <t:{germany}:F>" in expiry.content
    assert expiry.allowed_mentions == {"parse": [], "users": [int(BOB["id"])]}
    state = await service.state(str(fake.channels[0]["id"]))
    assert (state.turn, state.phase) == ("germany", "purchase")
    history = await fake.respond("game history", {"last": 5}, who="bob")
    assert "@deadline (Soviet Union) [correction]: /done" in history.content


async def test_the_substitute_takes_the_silent_seat(fake: FakeDiscord, start_bot, services,
                                                    clock: ManualClock) -> None:
    service = services()
    bot = await start_bot(service)
    await open_game(fake, {"deadline_hours": 24, "policy": "substitute",
                           "substitute": DAVE["id"]})
    clock.advance(hours=24)
    await Scheduler(service, DiscordSender(bot)).tick()
    [expiry] = posted(fake, "The deadline for Soviet Union")
    assert f"Soviet Union passes to the substitute <@{DAVE['id']}>" in expiry.content
    assert expiry.allowed_mentions == {"parse": [], "users": [int(DAVE["id"])]}
    refused = await fake.respond("done", who="alice")
    assert refused.flags & EPHEMERAL
    await public(fake, "done", who="dave")


async def test_the_running_bot_ticks_deadlines_by_itself(
        fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve`` (what ``aaref run`` runs) applies a deadline that passed while it was down."""
    channel = str(fake.channels[0]["id"])
    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    long_ago = ManualClock(datetime.now(UTC) - timedelta(days=3))
    earlier = GameService(db, FixedDiceSource([1] * 50), clock=long_ago)
    carol = Actor(CAROL["id"], referee=True)
    assert (await earlier.execute(carol, channel, "/game new ruleset:aa1942-2e name:x")).ok
    for power, who in SEATS.items():
        user = Actor(ALICE["id"] if who == "alice" else BOB["id"])
        assert (await earlier.execute(user, channel, f'/game join power:"{power}"')).ok
    assert (await earlier.execute(carol, channel, "/game settings deadline_hours:24")).ok
    assert (await earlier.execute(carol, channel, "/game start")).ok
    await db.close()
    monkeypatch.setenv("DATABASE_URL", database_url(tmp_path / "aaref.sqlite3"))
    monkeypatch.setenv("AAREF_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("AAREF_DICE_KEY", "00112233445566778899aabbccddeeff")
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    config = DiscordConfig.from_env({"DISCORD_TOKEN": "fake-token",
                                     "DISCORD_API_BASE": fake.api_base,
                                     "DISCORD_GATEWAY_URL": fake.ws_url})
    task = asyncio.create_task(serve(config, render=None))
    try:
        [expiry] = await fake.wait_for("channel_message", timeout=10)
        assert "The deadline for Soviet Union" in expiry.content
        assert "The game waits for them." in expiry.content
        assert expiry.allowed_mentions == {"parse": [], "users": [int(ALICE["id"])]}
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
