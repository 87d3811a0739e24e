"""What follows an answer in Discord: the battle log and its table, the map after a turn, the
/dice group and the pick list for an ambiguous name. Real discord.py client, fake Discord,
real GameService on SQLite, real engine and renderer.

Rulebook 000_fc7e3a790a753b06.txt, "Phase 3: Conduct Combat" and "Turn Sequence".
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from fake_discord import ALICE, EPHEMERAL, FakeDiscord, Recorded

from bot.discord.pictures import render_state
from bot.service import AuditableDiceSource, GameService
from bot.store import Database, database_url
from tests.service.test_channel_posts import FIVE_ROUNDS, POWERS

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def dice() -> list[int]:
    return FIVE_ROUNDS


async def public(fake: FakeDiscord, command: str, values: dict | None = None,
                 who: str = "alice") -> Recorded:
    reply = await fake.respond(command, values, who=who)
    assert not reply.flags & EPHEMERAL, reply.content
    return reply


async def open_game(fake: FakeDiscord) -> None:
    await public(fake, "game new", {"ruleset": "aa1942-2e", "name": "sunday"}, who="carol")
    for power in POWERS:
        await public(fake, "game join", {"power": power}, who="bob" if power in
                     ("Germany", "Japan") else "alice")
    await public(fake, "game start")


async def test_battle_table_and_the_map_after_the_turn(fake: FakeDiscord, start_bot,
                                                       service: GameService) -> None:
    await start_bot(service, render=render_state)
    await open_game(fake)
    await public(fake, "buy", {"units": "3 infantry"})
    await public(fake, "done")
    await public(fake, "move", {"units": "4 infantry, 1 artillery", "from": "Karelia",
                                "to": "West Russia"})
    await public(fake, "done")
    battle = await public(fake, "battle", {"territory": "West Russia"})
    assert battle.content.startswith("**⚔ West Russia — Soviet Union attacks Germany**\n```")
    assert "Round 5" in battle.content and battle.content.count("```") == 2
    [table] = await fake.wait_for("channel_message", 1, timeout=30)
    assert table.files[0][1] == "battle-west-russia.png" and table.files[0][2].startswith(PNG)
    for _ in range(2):
        await public(fake, "done")
    await public(fake, "place", {"units": "3 infantry", "territory": "Russia"})
    pictures = len(fake.of("channel_message"))
    started = time.perf_counter()
    handover = await public(fake, "done")
    assert handover.at - started < 3 and "Germany to act" in handover.content
    turn_map = (await fake.wait_for("channel_message", pictures + 1, timeout=60))[-1]
    assert turn_map.content == "Map after Soviet Union's turn, round 1."
    [(_, name, png)] = turn_map.files
    assert name == "turn-r1-soviet-union.png" and png.startswith(PNG)
    assert handover.at < turn_map.at                  # answered first, drawn afterwards
    followups = len(fake.of("followup"))
    deferred = await fake.respond("map", {"changes": "last_turn", "region": "europe"}, who="bob")
    assert deferred.payload == {"type": 5}
    again = (await fake.wait_for("followup", followups + 1, timeout=30))[-1]
    assert again.files[0][1] == "map.png" and again.files[0][2].startswith(PNG)


async def test_an_ambiguous_name_offers_a_pick_list(fake: FakeDiscord, start_bot,
                                                    service: GameService) -> None:
    """'Ka' fits two territories; picking one moves the units as if it had been typed."""
    await start_bot(service)
    await open_game(fake)
    await public(fake, "done")
    asked = await fake.respond("move", {"units": "1 infantry", "from": "Ka",
                                        "to": "West Russia"})
    assert asked.flags & EPHEMERAL and "Karelia S.S.R., Kazakh S.S.R." in asked.content
    [row] = asked.payload["data"]["components"]
    assert [o["label"] for o in row["components"][0]["options"]] == ["Karelia S.S.R.",
                                                                     "Kazakh S.S.R."]
    payload = await fake.choose(asked, "Karelia S.S.R.")
    moved = await fake.wait_for_token(payload["token"])
    assert not moved.flags & EPHEMERAL
    assert moved.content == "Soviet Union moves 1 infantry: Karelia S.S.R. → West Russia."
    state = await service.state(fake.channels[0]["id"])
    assert state.to_json()["spaces"]["West Russia"]["units"]["Soviet Union"] == {"infantry": 1}


async def test_the_dice_commands(fake: FakeDiscord, start_bot, tmp_path: Path) -> None:
    """/dice entropy from a seated player is posted; /dice verify is public, /dice log private."""
    db = Database(database_url(tmp_path / "dice.sqlite3"))
    await db.migrate()
    try:
        await start_bot(GameService(db, AuditableDiceSource(bytes(range(32)))))
        dice = next(c for c in fake.commands if c["name"] == "dice")
        assert {o["name"]: [p["name"] for p in o.get("options", [])] for o in dice["options"]} \
            == {"verify": [], "log": ["last"], "sealed": [], "entropy": ["text"]}
        await open_game(fake)
        added = await public(fake, "dice entropy", {"text": "a rainy sunday"}, who="bob")
        assert "added entropy to the dice" in added.content
        outsider = await fake.respond("dice entropy", {"text": "me too"}, who="dave")
        assert outsider.flags & EPHEMERAL and "no seat" in outsider.content
        await public(fake, "buy", {"units": "1 infantry"})
        checked = await public(fake, "dice verify", who="dave")
        assert "OK: rolls: 0 (0 dice)" in checked.content and "entropy entries: 1" in \
            checked.content
        recent = await fake.respond("dice log", {"last": 5})
        assert recent.flags & EPHEMERAL and recent.content.startswith("No dice rolled yet")
        assert ALICE["id"] not in str(recent.allowed_mentions)
    finally:
        await db.close()
