"""/odds in Discord: answered to the asker alone, never posted to the channel. Real
discord.py client, fake Discord, real GameService on SQLite, real engine."""
from __future__ import annotations

from fake_discord import EPHEMERAL, FakeDiscord

from bot.service import GameService
from tests.discord.test_discord_after import open_game, public


async def test_odds_are_private(fake: FakeDiscord, start_bot, service: GameService) -> None:
    await start_bot(service)
    odds = next(c for c in fake.commands if c["name"] == "odds")
    assert [o["name"] for o in odds["options"]] == ["territory", "attack"]
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
    refused = await fake.respond("odds", {"territory": "Ukraine S.S.R."})
    assert refused.flags & EPHEMERAL and "No battle is pending in Ukraine S.S.R." in refused.content
    assert len(fake.of("channel_message")) == posted
