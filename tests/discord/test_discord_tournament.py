"""A tournament through the real discord.py client and the fake Discord: sign-up, pairings
posted with pings, a thread per table with its game, results, standings posted, pictures."""
from __future__ import annotations

from fake_discord import ALICE, BOB, DAVE, EPHEMERAL, ERIN, FakeDiscord, Recorded

from bot.service import GameService


async def posted(fake: FakeDiscord, count: int) -> list[Recorded]:
    return await fake.wait_for("channel_message", count, timeout=20)


async def test_a_tournament_from_sign_up_to_standings(fake: FakeDiscord, start_bot,
                                                      service: GameService) -> None:
    await start_bot(service)
    opened = await fake.respond("tournament new", {"name": "Cup", "rounds": 1,
                                                   "deadline_hours": 48}, who="carol")
    assert not opened.flags & EPHEMERAL and "opened the tournament Cup" in opened.content
    for who in ("alice", "bob", "dave", "erin"):
        joined = await fake.respond("tournament join", who=who)
        assert not joined.flags & EPHEMERAL, joined.content
    await fake.slash("tournament start", who="alice")
    [refused] = await fake.wait_for("followup", 1, timeout=20)
    assert "Only the organiser" in refused.payload["content"]
    assert refused.payload["flags"] & EPHEMERAL

    before = len(fake.of("channel_message"))
    await fake.slash("tournament start", who="carol")
    threads = await fake.wait_for("thread", 2, timeout=20)
    assert [t.payload["name"] for t in threads] == ["Round 1, table 1", "Round 1, table 2"]
    messages = await posted(fake, before + 3)
    greetings = [m for m in messages if "your game of round 1" in m.payload.get("content", "")]
    assert [g.payload["content"] for g in greetings] == [
        f"<@{ALICE['id']}> v <@{BOB['id']}>: your game of round 1 is played in this thread.",
        f"<@{DAVE['id']}> v <@{ERIN['id']}>: your game of round 1 is played in this thread."]
    assert [str(u) for u in greetings[0].payload["allowed_mentions"]["users"]] == [
        ALICE["id"], BOB["id"]]
    pairing = next(m for m in messages if "Cup, round 1:" in m.payload.get("content", ""))
    assert f"Table 1: <@{ALICE['id']}> (Axis) v <@{BOB['id']}> (Allies), game #1: playing." \
        in pairing.payload["content"]
    pinged = {str(u) for u in pairing.payload["allowed_mentions"]["users"]}
    assert {ALICE["id"], BOB["id"], DAVE["id"], ERIN["id"]} <= pinged

    # Each game lives in its thread: the Allies player of table 1 concedes there.
    game_thread = next(t for t in fake.guild["threads"] if t["name"] == "Round 1, table 1")
    status = await fake.respond("game status", channel=game_thread, who="bob")
    assert "Cup r1 t1" in status.content
    conceded = await fake.respond("game concede", channel=game_thread, who="bob")
    assert "concedes for the Allies" in conceded.content
    await fake.respond("tournament report", {"table": 2, "forfeit": ERIN["id"]}, who="carol")

    standings = await fake.respond("tournament standings", who="dave")
    assert not standings.flags & EPHEMERAL
    assert standings.content.splitlines()[1:3] == [
        f"1. <@{ALICE['id']}>: 1 (head-to-head 0, points 3, opposition 0); 1-0-0",
        f"2. <@{DAVE['id']}>: 1 (head-to-head 0, points 3, opposition 0); 1-0-0"]
    await fake.slash("tournament picture", who="dave")
    followups = await fake.wait_for("followup", 3, timeout=20)
    files = [f for r in followups for f in r.files]
    assert files and files[-1][1] == "tournament-standings.png"
    assert files[-1][2].startswith(b"\x89PNG")
    ladder = await fake.respond("ladder player", {"user": ALICE["id"]}, who="bob")
    assert "won 1 of 1" in ladder.content
