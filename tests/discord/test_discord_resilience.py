"""Resilience against Discord: a gateway drop (resumed, or a new session), a bot restart, a
channel where the bot may not post, and rate limits. The real discord.py client and its own
retry logic, the fake Discord, the real service and engine on a SQLite file.

Interaction ids are the service's request ids, so an interaction delivered again is answered
from the stored reply and applied once; a post Discord refuses is explained privately to
the person who acted, and the command stays stored."""
from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio
from fake_discord import ALICE, BOB, CAROL, EPHEMERAL, FakeDiscord, Recorded

from bot.service import Actor, FixedDiceSource, GameService
from bot.store import Database, database_url

SEATS = {"Soviet Union": ALICE, "Germany": BOB, "United Kingdom": ALICE, "Japan": BOB,
         "United States": ALICE}
BUY = {"units": "2 infantry"}
IID = "777000000000000042"


@pytest_asyncio.fixture
async def services(tmp_path: Path) -> AsyncIterator[Callable[[], GameService]]:
    """Service instances on one database file: a new one stands for a restarted bot."""
    opened: list[Database] = []

    def make() -> GameService:
        db = Database(database_url(tmp_path / "aaref.sqlite3"))
        opened.append(db)
        return GameService(db, FixedDiceSource([1] * 100))

    await make().db.migrate()
    yield make
    for db in opened:
        await db.close()


async def started(service: GameService, fake: FakeDiscord) -> str:
    """A started game in the fake's first channel, set up through the service."""
    channel = str(fake.channels[0]["id"])
    carol = Actor(CAROL["id"], referee=True)
    assert (await service.execute(carol, channel, "/game new ruleset:aa1942-2e name:x")).ok
    for power, who in SEATS.items():
        assert (await service.execute(Actor(who["id"]), channel,
                                      f'/game join power:"{power}"')).ok
    assert (await service.execute(carol, channel, "/game start")).ok
    return channel


async def soviet_treasury(service: GameService, channel: str) -> int:
    return (await service.state(channel)).treasury["soviet_union"]


async def entries(service: GameService, channel: str) -> int:
    reply = await service.history(channel, last=500)
    return len(reply.message.splitlines())


@pytest.mark.parametrize("new_session", [False, True], ids=["resumed", "identified"])
async def test_an_interaction_delivered_again_after_a_reconnect_is_applied_once(
        fake: FakeDiscord, start_bot, services, new_session: bool) -> None:
    """The gateway drops while a command runs; Discord resumes the session or (when it
    refuses the resume) the bot identifies again; then the same interaction comes again."""
    service = services()
    channel = await started(service, fake)
    await start_bot(service)
    fake.refuse_resume = new_session
    payload = await fake.slash("buy", BUY, iid=IID)
    await fake.drop_gateway()
    first = await fake.wait_for_token(payload["token"])
    assert (fake.identifies, fake.resumes) == ((2, 0) if new_session else (1, 1))
    logged = await entries(service, channel)
    again = await fake.respond("buy", BUY, iid=IID)
    assert again.content == first.content and "buys 2 infantry" in first.content
    assert await soviet_treasury(service, channel) == 24 - 2 * 3
    assert await entries(service, channel) == logged


async def test_an_interaction_delivered_again_after_a_restart_is_applied_once(
        fake: FakeDiscord, start_bot, services) -> None:
    service = services()
    channel = await started(service, fake)
    first_bot = await start_bot(service)
    first = await fake.respond("buy", BUY, iid=IID)
    await first_bot.close()
    restarted = services()                      # a new process on the same database
    await start_bot(restarted)
    again = await fake.respond("buy", BUY, iid=IID)
    assert again.content == first.content
    assert await soviet_treasury(restarted, channel) == 24 - 2 * 3


async def deferred_buy(fake: FakeDiscord, start_bot, service: GameService) -> str:
    """A started game and a bot that defers every answer, so public posts go to the channel
    itself (as they do when a command is slow); then Alice buys."""
    channel = await started(service, fake)
    await start_bot(service, defer_after=0)
    payload = await fake.slash("buy", BUY, iid=IID)
    deferral = await fake.wait_for_token(payload["token"])
    assert deferral.payload["type"] == 5 and deferral.flags & EPHEMERAL
    return channel


def posted(fake: FakeDiscord, text: str) -> list[Recorded]:
    return [r for r in fake.of("channel_message") if text in r.content]


async def test_missing_permission_is_explained_to_the_actor_and_the_move_stays(
        fake: FakeDiscord, start_bot, services, caplog: pytest.LogCaptureFixture) -> None:
    service = services()
    fake.denied.add(str(fake.channels[0]["id"]))
    caplog.set_level(logging.WARNING, "bot.discord")
    channel = await deferred_buy(fake, start_bot, service)
    [told] = await fake.wait_for("followup")
    assert told.flags & EPHEMERAL and told.allowed_mentions == {"parse": []}
    assert told.content.startswith(
        f"Your command was recorded, but the bot could not post its announcement in "
        f"<#{channel}>: it lacks the Send Messages permission there (Discord: Missing "
        f"Permissions, code 50013). A server admin must grant the bot Send Messages")
    assert "What the channel should have seen:\n" in told.content
    assert "buys 2 infantry" in told.content
    assert len(fake.of("forbidden")) == 1 and not fake.of("channel_message")
    assert await soviet_treasury(service, channel) == 24 - 2 * 3      # not rolled back
    [warning] = [r for r in caplog.records if r.name == "bot.discord.delivery"]
    assert channel in warning.getMessage() and "50013" in warning.getMessage()
    fake.denied.clear()                                # the admin grants it; Alice retries
    again = await fake.slash("buy", BUY, iid=IID)
    await fake.wait_for_token(again["token"])
    await fake.wait_for("followup", 2)
    assert len(posted(fake, "buys 2 infantry")) == 1
    assert await soviet_treasury(service, channel) == 24 - 2 * 3


async def test_a_rate_limited_post_is_retried_by_discord_py_and_arrives_once(
        fake: FakeDiscord, start_bot, services) -> None:
    fake.throttle = 1
    await deferred_buy(fake, start_bot, services())
    [done] = await fake.wait_for("followup")
    assert done.content == "Done." and done.flags & EPHEMERAL
    [limited] = fake.of("rate_limited")
    [arrived] = posted(fake, "buys 2 infantry")
    assert limited.content == arrived.content
    assert arrived.at - limited.at >= fake.retry_after         # after the advised wait
    assert len(fake.of("channel_message")) == 1


async def test_a_sustained_rate_limit_is_explained_instead_of_silence(
        fake: FakeDiscord, start_bot, services) -> None:
    service = services()
    fake.throttle = 100
    channel = await deferred_buy(fake, start_bot, service)
    [told] = await fake.wait_for("followup")
    fake.throttle = 0
    assert told.flags & EPHEMERAL
    assert (f"could not post its announcement in <#{channel}>: Discord is limiting how fast "
            "the bot may post there") in told.content
    assert "buys 2 infantry" in told.content
    assert len(fake.of("rate_limited")) == 5 and not fake.of("channel_message")
    assert await soviet_treasury(service, channel) == 24 - 2 * 3


async def test_an_interaction_redelivered_after_its_answer_is_not_answered_again(
        fake: FakeDiscord, start_bot, services, caplog: pytest.LogCaptureFixture) -> None:
    """Discord may deliver an answered interaction again (same id and token) and refuses a
    second answer with 40060: the bot stays quiet, with one info line and no error, and the
    command is applied once."""
    service = services()
    channel = await started(service, fake)
    await start_bot(service)
    caplog.set_level(logging.INFO, "bot.discord")
    payload = await fake.slash("buy", BUY, iid=IID)
    first = await fake.wait_for_token(payload["token"])
    assert "buys 2 infantry" in first.content
    await fake.redeliver(payload)
    [refused] = await fake.wait_for("already_acknowledged")
    assert refused.content == first.content              # the stored reply, tried once
    await fake.respond("game status")                     # the bot has finished with it
    assert len(fake.of("already_acknowledged")) == 1 and not fake.of("followup")
    assert await soviet_treasury(service, channel) == 24 - 2 * 3
    logged = [r for r in caplog.records if r.name.startswith("bot.discord")
              and IID in r.getMessage()]
    assert [(r.levelno, r.exc_info) for r in logged if r.levelno > logging.INFO] == []
    assert any("delivered again and is already answered" in r.getMessage() for r in logged)
