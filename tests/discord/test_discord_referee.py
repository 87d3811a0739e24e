"""The referee in Discord: the Referee role or the server's Administrator permission may pause,
resume, hand a seat over (a user picker) and correct; each is announced and logged by name.
The real discord.py client, the fake Discord, the real service and engine on a SQLite file."""
from __future__ import annotations

from fake_discord import ALICE, BOB, DAVE, EPHEMERAL, ERIN, FakeDiscord, Recorded

from bot.service import GameService

SEATS = {"Soviet Union": "alice", "Germany": "bob", "United Kingdom": "alice",
         "Japan": "bob", "United States": "alice"}


async def public(fake: FakeDiscord, command: str, values: dict | None = None,
                 who: str = "alice") -> Recorded:
    reply = await fake.respond(command, values, who=who)
    assert not reply.flags & EPHEMERAL, reply.content
    return reply


async def private(fake: FakeDiscord, command: str, values: dict | None = None,
                  who: str = "alice") -> Recorded:
    reply = await fake.respond(command, values, who=who)
    assert reply.flags & EPHEMERAL, reply.content
    return reply


async def open_game(fake: FakeDiscord) -> None:
    await public(fake, "game new", {"ruleset": "aa1942-2e", "name": "sunday"}, who="alice")
    for power, who in SEATS.items():
        await public(fake, "game join", {"power": power}, who=who)
    await public(fake, "game start")


async def test_an_administrator_referees_without_the_role(fake: FakeDiscord, start_bot,
                                                          service: GameService) -> None:
    """Erin owns the server (Administrator) and holds no Referee role; Dave holds neither."""
    await start_bot(service)
    await open_game(fake)
    await private(fake, "done", who="dave")
    fix = await public(fake, "done", who="erin")
    assert f"Referee correction by <@{ERIN['id']}> for Soviet Union: /done" in fix.content
    history = await private(fake, "game history", {"last": 1}, who="dave")
    assert f"<@{ERIN['id']}> (Soviet Union) [correction]: /done" in history.content


async def test_pause_resume_and_replace_in_discord(fake: FakeDiscord, start_bot,
                                                   service: GameService) -> None:
    await start_bot(service)
    await open_game(fake)
    await private(fake, "game pause", who="dave")
    paused = await public(fake, "game pause", {"reason": "rules question"}, who="erin")
    assert paused.content.startswith(f"<@{ERIN['id']}> paused game #1 (sunday): rules question.")
    assert paused.allowed_mentions == {"parse": []}
    refused = await private(fake, "buy", {"units": "2 infantry"})
    assert refused.content.startswith(f"The game is paused by <@{ERIN['id']}> since <t:")
    assert refused.content.endswith(":R>): rules question. A referee can /game resume.")
    await private(fake, "game resume", who="dave")
    resumed = await public(fake, "game resume", who="carol")          # the Referee role
    assert "Soviet Union to act (Purchase Units)." in resumed.content
    assert resumed.allowed_mentions == {"parse": [], "users": [int(ALICE["id"])]}
    await public(fake, "buy", {"units": "2 infantry"})

    await private(fake, "game replace", {"power": "Germany", "user": DAVE["id"]}, who="bob")
    handed = await public(fake, "game replace", {"power": "Germany", "user": DAVE["id"]},
                          who="erin")
    assert handed.content.startswith(f"<@{ERIN['id']}> (referee) hands Germany to "
                                     f"<@{DAVE['id']}> (was <@{BOB['id']}>).")
    assert handed.allowed_mentions == {"parse": [], "users": [int(DAVE["id"])]}
    history = await private(fake, "game history", {"last": 1}, who="bob")
    assert f"<@{ERIN['id']}> (Germany): /game replace power:germany user:{DAVE['id']}" \
        in history.content
