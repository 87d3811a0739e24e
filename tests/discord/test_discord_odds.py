"""/odds in Discord: answered to the asker alone, never posted to the channel, with the
histogram picture on request (``picture:``) attached privately too. Real
discord.py client, fake Discord, real GameService on SQLite, real engine."""
from __future__ import annotations

from fake_discord import EPHEMERAL, FakeDiscord

from bot.discord.pictures import render_state
from bot.service import GameService
from tests.discord.test_discord_after import open_game, public


async def test_odds_are_private(fake: FakeDiscord, start_bot, service: GameService) -> None:
    await start_bot(service, render=render_state)
    odds = next(c for c in fake.commands if c["name"] == "odds")
    assert [o["name"] for o in odds["options"]] == ["territory", "attack", "picture"]
    await open_game(fake)
    await public(fake, "buy", {"units": "3 infantry"})
    await public(fake, "done")
    await public(fake, "move", {"units": "4 infantry, 1 artillery", "from": "Karelia", "to": "West Russia"})
    await public(fake, "done")
    posted = len(fake.of("channel_message"))
    reply = await fake.respond("odds", {"territory": "West Russia"}, who="bob")
    assert reply.flags & EPHEMERAL
    assert reply.content.startswith("The battle in West Russia: 4 infantry, 1 artillery against")
    assert "attacker wins" in reply.content and reply.content.count("```") == 2
    planned = await fake.respond("odds", {"territory": "Ukraine S.S.R.", "attack": "2 infantry, 1 tank"})
    assert planned.flags & EPHEMERAL and "Soviet Union attacking Ukraine S.S.R." in planned.content
    followups = len(fake.of("followup"))
    pictured = await fake.respond("odds", {"territory": "West Russia", "picture": True}, who="bob")
    assert pictured.flags & EPHEMERAL and "attacker wins" in pictured.content
    histogram = (await fake.wait_for("followup", followups + 1, timeout=30))[-1]
    assert histogram.flags & EPHEMERAL
    [(_, name, png)] = histogram.files
    assert name == "odds-the-battle-in-west-russia.png" and png.startswith(b"\x89PNG")
    refused = await fake.respond("odds", {"territory": "Ukraine S.S.R."})
    assert refused.flags & EPHEMERAL and "No battle is pending in Ukraine S.S.R." in refused.content
    assert len(fake.of("channel_message")) == posted
