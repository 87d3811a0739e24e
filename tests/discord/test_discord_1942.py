"""A full Soviet turn of Axis & Allies 1942 Second Edition played through slash commands:
real discord.py client, fake Discord, real GameService on SQLite, real engine and renderer.

Turn structure per the rulebook (000_fc7e3a790a753b06.txt, "Turn Sequence": purchase,
combat move, conduct combat, noncombat move, mobilize, collect income)."""
from __future__ import annotations

from fake_discord import ALICE, BOB, EPHEMERAL, FakeDiscord, Recorded

from bot.discord.pictures import render_state
from bot.service import GameService

SEATS = {"Soviet Union": "alice", "Germany": "bob", "United Kingdom": "alice",
         "Japan": "bob", "United States": "alice"}


async def public(fake: FakeDiscord, command: str, values: dict | None = None,
                 who: str = "alice") -> Recorded:
    reply = await fake.respond(command, values, who=who)
    assert not reply.flags & EPHEMERAL, reply.content
    return reply


async def choices(fake: FakeDiscord, command: str, values: dict, focused: str) -> list[str]:
    payload = await fake.autocomplete(command, values, focused)
    answer = await fake.wait_for_token(payload["token"])
    return [c["value"] for c in answer.payload["data"]["choices"]]


async def test_soviet_turn_one(fake: FakeDiscord, start_bot, service: GameService) -> None:
    await start_bot(service, render=render_state)
    await public(fake, "game new", {"ruleset": "aa1942-2e", "name": "round one"}, who="carol")
    for power, who in SEATS.items():
        await public(fake, "game join", {"power": power}, who=who)
    start = await public(fake, "game start")
    assert "Soviet Union to act" in start.content and start.content.endswith(f"<@{ALICE['id']}>")

    assert await choices(fake, "buy", {"units": "3 inf"}, "units") == ["3 infantry"]
    bought = await public(fake, "buy", {"units": "3 infantry, 1 artillery"})
    assert "Soviet Union buys 3 infantry, 1 artillery" in bought.content
    await public(fake, "done")

    assert await choices(fake, "move", {"from": "kar"}, "from") == ["Karelia S.S.R."]
    assert "West Russia" in await choices(fake, "move", {"from": "Karelia S.S.R.", "to": "w"},
                                          "to")
    await public(fake, "move", {"units": "4 infantry, 1 artillery", "from": "Karelia S.S.R.",
                                "to": "West Russia"})
    refused = await fake.respond("move", {"units": "1 tank", "from": "Germany",
                                          "to": "Poland"}, who="bob")
    assert refused.flags & EPHEMERAL                       # not Germany's turn
    await public(fake, "done")
    battle = await public(fake, "battle", {"territory": "West Russia"})
    assert battle.content.startswith("**⚔ West Russia — Soviet Union attacks Germany**\n```")
    await public(fake, "done")
    await public(fake, "move", {"units": "1 infantry", "from": "Archangel",
                                "to": "Karelia S.S.R."})
    await public(fake, "done")
    await public(fake, "place", {"units": "3 infantry, 1 artillery", "territory": "Russia"})
    handover = await public(fake, "done")
    assert "Germany to act" in handover.content
    assert handover.allowed_mentions == {"parse": [], "users": [int(BOB["id"])]}

    status = await fake.respond("game status", who="bob")
    assert status.flags & EPHEMERAL and "Germany" in status.content
    before = len(fake.of("followup"))
    deferred = await fake.respond("map", {"region": "europe"}, who="bob")
    assert deferred.payload == {"type": 5}
    picture = (await fake.wait_for("followup", before + 1, timeout=30))[-1]
    assert picture.files[0][1] == "map.png" and picture.files[0][2].startswith(b"\x89PNG")
    record = await fake.respond("game export", who="bob")
    assert record.flags & EPHEMERAL and "aa1942-2e" in record.content
    assert '/move units:"4 infantry, 1 artillery"' in record.content
