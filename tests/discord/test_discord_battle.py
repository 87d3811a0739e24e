"""A battle that waits for the attacker's choices, made in person through Discord.

Rulebook 000_fc7e3a790a753b06.txt, General Combat: the attacker chooses the casualties the
defender scored ("Step 4. Defending Units Fire"), then presses on or retreats ("Step 6.
Press Attack or Retreat"). With standing orders set to "ask me" (/orders decide:self) the
battle stops for each choice. Autocomplete offers only what can be chosen now, and only to
the player whose choice it is (or a referee)."""
from __future__ import annotations

import pytest
from fake_discord import BOB, EPHEMERAL, FakeDiscord, Recorded

from bot.service import GameService

SEATS = {"Soviet Union": "alice", "Germany": "bob", "United Kingdom": "alice",
         "Japan": "bob", "United States": "alice"}


@pytest.fixture
def dice() -> list[int]:
    """Round 1: the five attacking dice miss, the defender scores one hit with its first."""
    return [6] * 5 + [1] + [6] * 4 + [6] * 50


async def public(fake: FakeDiscord, command: str, values: dict | None = None,
                 who: str = "alice") -> Recorded:
    reply = await fake.respond(command, values, who=who)
    assert not reply.flags & EPHEMERAL, reply.content
    return reply


async def choices(fake: FakeDiscord, command: str, values: dict, focused: str,
                  who: str = "alice") -> list[str]:
    """What autocomplete offers ``who`` for option ``focused``."""
    payload = await fake.autocomplete(command, values, focused, who=who)
    answer = await fake.wait_for_token(payload["token"])
    return [c["value"] for c in answer.payload["data"]["choices"]]


async def test_casualties_and_retreat_chosen_in_person(fake: FakeDiscord, start_bot,
                                                       service: GameService) -> None:
    await start_bot(service)
    await public(fake, "game new", {"ruleset": "aa1942-2e", "name": "battle"}, who="carol")
    for power, who in SEATS.items():
        await public(fake, "game join", {"power": power}, who=who)
    await public(fake, "game start")
    assert await choices(fake, "battle", {"territory": ""}, "territory") == []   # Purchase
    orders = await public(fake, "orders", {"decide": "self"})
    assert "ask me" in orders.content
    await public(fake, "done")
    await public(fake, "move", {"units": "4 infantry, 1 artillery", "from": "Karelia",
                                "to": "West Russia"})
    await public(fake, "done")
    fought = await public(fake, "battle", {"territory": "West Russia"})
    assert "1 hit" in fought.content

    payload = await fake.autocomplete("casualties", {"units": ""}, "units")
    offered = (await fake.wait_for_token(payload["token"])).payload["data"]["choices"]
    assert [c["value"] for c in offered] == ["1 artillery", "1 infantry"]
    wrong = await fake.respond("casualties", {"units": "1 infantry"}, who="bob")
    assert wrong.flags & EPHEMERAL and BOB["id"] not in str(wrong.allowed_mentions)
    lost = await public(fake, "casualties", {"units": "1 infantry"})
    assert "Soviet Union loses 1 inf (in person)" in lost.content
    assert lost.content.startswith("**⚔ West Russia — Soviet Union attacks Germany (continued)**")
    assert await choices(fake, "retreat", {"to": ""}, "to") == ["Karelia S.S.R."]
    assert await choices(fake, "retreat", {"to": ""}, "to", who="bob") == []
    assert await choices(fake, "retreat", {"to": ""}, "to", who="carol") == ["Karelia S.S.R."]
    back = await public(fake, "retreat", {"to": "Karelia"})
    assert "Soviet Union retreats 3 inf, 1 art" in back.content
    await public(fake, "done")
    state = await service.state(str(fake.channels[0]["id"]))
    assert state.phase == "noncombat_move"
