"""Team turns through Discord (001 = 001_4ad7942ffba8a1ea.txt, Game Sequence › Round Sequence):
the real discord.py client against the fake, the real service and engine on SQLite, a clock
moved by hand. Alice (Germany) and Bob (Japan) are due at once and act in interleaved
order; Bob falls silent and the team's deadline ends his part by standing orders. Revised's
data with a ``[turns]`` table stands in for AARHE's map."""
from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from fake_discord import ALICE, BOB, EPHEMERAL, FakeDiscord, Recorded

from bot.discord.notices import DiscordSender
from bot.scheduler.clock import ManualClock
from bot.scheduler.loop import Scheduler
from bot.service import FixedDiceSource, GameService
from bot.store import Database, database_url
from tests.service.team_engine import TEAM_SEATS, TeamEngine


async def public(fake: FakeDiscord, command: str, values: dict[str, object] | None = None,
                 who: str = "carol") -> Recorded:
    reply = await fake.respond(command, values, who=who)
    assert not reply.flags & EPHEMERAL, (command, values, who, reply.content)
    return reply


async def test_two_axis_players_act_at_once_and_a_silent_one_meets_the_deadline(
        fake: FakeDiscord, start_bot, tmp_path: Path) -> None:
    """Both Axis players are pinged when the team turn begins; each command acts for its
    sender's power; Bob cannot act for Germany (the refusal names what he may act for); the
    status names both; past the deadline Japan's part ends by standing orders, once."""
    clock = ManualClock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC))
    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    service = GameService(db, FixedDiceSource([3, 4] * 500), rules=TeamEngine(), clock=clock)  # type: ignore[arg-type]
    try:
        bot = await start_bot(service)
        await public(fake, "game new", {"ruleset": "revised-lhtr", "name": "teams"})
        for power, who in TEAM_SEATS.items():
            await public(fake, "game join", {"power": power}, who=who)
        await public(fake, "game settings", {"deadline_hours": 24, "policy": "end_turn"})
        await public(fake, "game start")
        for _ in range(4):
            await public(fake, "done")
        axis = await public(fake, "done")
        assert set(axis.allowed_mentions["users"]) == {int(ALICE["id"]), int(BOB["id"])}
        assert "Germany to act (Develop Weapons)." in axis.content and "Japan to act (Develop Weapons)." in axis.content
        await public(fake, "done", who="bob")
        await public(fake, "done", who="alice")
        await public(fake, "buy", {"units": "2 infantry"}, who="bob")
        bought = await public(fake, "buy", {"units": "1 tank"}, who="alice")
        assert "Germany buys 1 tank" in bought.content
        wrong = await fake.respond("focus", {"power": "Germany"}, who="bob")
        assert wrong.flags & EPHEMERAL and "You do not play Germany; you may act for Japan." in wrong.content
        status = await fake.respond("game status", who="bob")
        assert "Germany to act: Purchase Units" in status.content and "Japan to act: Purchase Units" in status.content
        for _ in range(2):
            await public(fake, "done", who="alice")                 # Germany waits for Japan's Combat Move
        clock.advance(hours=25)
        await Scheduler(service, DiscordSender(bot)).tick()
        await Scheduler(service, DiscordSender(bot)).tick()
        expiries = [r for r in fake.of("channel_message") if "The deadline for Japan" in r.content]
        assert len(expiries) == 1 and "@deadline for Japan: /done" in expiries[0].content
        state = await service.state(str(fake.channels[0]["id"]))
        assert state.due == ("germany",) and state.phase == "noncombat_move"
        assert dict(state.purchased) == {"tank": 1}
    finally:
        await db.close()
