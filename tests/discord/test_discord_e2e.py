"""End to end: the real discord.py client, the fake Discord, the real GameService on a SQLite
file and the real engine (1942 Second Edition). What players see: who is answered privately,
what the channel sees, who gets pinged."""
from __future__ import annotations

from fake_discord import ALICE, BOB, CAROL, EPHEMERAL, FakeDiscord, Recorded

from bot.service import GameService

SEATS = {"Soviet Union": "alice", "Germany": "bob", "United Kingdom": "alice",
         "Japan": "bob", "United States": "alice"}


async def ok(fake: FakeDiscord, command: str, values: dict | None = None,
             who: str = "alice") -> Recorded:
    reply = await fake.respond(command, values, who=who)
    assert not reply.flags & EPHEMERAL, reply.content
    return reply


async def open_game(fake: FakeDiscord, name: str = "sunday", creator: str = "carol") -> None:
    await ok(fake, "game new", {"ruleset": "aa1942-2e", "name": name}, who=creator)
    for power, who in SEATS.items():
        await ok(fake, "game join", {"power": power}, who=who)
    await ok(fake, "game start")


async def test_a_game_is_opened_joined_and_started(fake: FakeDiscord, start_bot,
                                                   service: GameService) -> None:
    await start_bot(service)
    await open_game(fake)
    start = fake.of("callback")[-1]
    assert "Soviet Union to act" in start.content
    assert start.content.endswith(f"<@{ALICE['id']}>")
    assert start.allowed_mentions == {"parse": [], "users": [int(ALICE["id"])]}


async def test_someone_without_a_seat_is_refused_privately(fake: FakeDiscord, start_bot,
                                                           service: GameService) -> None:
    await start_bot(service)
    await open_game(fake)
    for who in ("dave", "bob"):                      # no seat at all / not their turn
        reply = await fake.respond("buy", {"units": "2 infantry"}, who=who)
        assert reply.flags & EPHEMERAL and reply.payload["type"] == 4
    assert not fake.of("channel_message") and not fake.of("followup")


async def test_illegal_commands_are_refused_privately(fake: FakeDiscord, start_bot,
                                                      service: GameService) -> None:
    """The engine's sentence reaches only the player (rulebook 000_fc7e3a790a753b06.txt,
    "Phase 1: Purchase Units": no more than the IPCs you have; "Phase 2: Combat Move")."""
    await start_bot(service)
    await open_game(fake)
    reply = await fake.respond("buy", {"units": "9 battleship"})
    assert reply.flags & EPHEMERAL
    assert reply.content == "9 battleships cost 180 IPCs; Soviet Union has 24."
    early = await fake.respond("move", {"units": "1 infantry", "from": "Karelia",
                                        "to": "West Russia"})
    assert early.flags & EPHEMERAL and "Combat Move" in early.content
    await ok(fake, "done")
    too_far = await fake.respond("move", {"units": "1 infantry", "from": "Archangel",
                                          "to": "Belorussia"})
    assert too_far.flags & EPHEMERAL                  # "Phase 2: Combat Move", movement
    assert too_far.content == "Infantry move at most 1 space; Archangel to Belorussia is 2."
    assert not fake.of("channel_message") and not fake.of("followup")


async def test_everyone_in_a_game_name_pings_nobody(fake: FakeDiscord, start_bot,
                                                    service: GameService) -> None:
    await start_bot(service)
    reply = await ok(fake, "game new", {"ruleset": "aa1942-2e",
                                        "name": "@everyone <@&1> @here"}, who="carol")
    assert "@everyone <@&1> @here" in reply.content
    assert reply.allowed_mentions == {"parse": []}


async def test_a_retried_interaction_is_applied_once(fake: FakeDiscord, start_bot,
                                                     service: GameService) -> None:
    """Discord may deliver the same interaction twice; the service sees the same request id."""
    await start_bot(service)
    await open_game(fake)
    first = await fake.respond("buy", {"units": "2 infantry"}, iid="777000000000000001")
    again = await fake.respond("buy", {"units": "2 infantry"}, iid="777000000000000001")
    assert first.content == again.content and "buys 2 infantry" in first.content
    state = await service.state(str(fake.channels[0]["id"]))
    assert state.treasury["soviet_union"] == 24 - 2 * 3


async def test_phases_and_referee_correction(fake: FakeDiscord, start_bot,
                                             service: GameService) -> None:
    """Phases advance with /done; the referee (Carol) may act for the seat due."""
    await start_bot(service)
    await open_game(fake)
    await ok(fake, "buy", {"units": "1 infantry"})
    await ok(fake, "undo")
    await ok(fake, "done")
    fix = await ok(fake, "done", who="carol")
    assert "Referee correction" in fix.content and f"<@{CAROL['id']}>" in fix.content
    for _ in range(2):                 # noncombat move (no battles to fight), mobilize
        handover = await ok(fake, "done")
    assert "Germany to act" in handover.content and handover.content.endswith(f"<@{BOB['id']}>")
    status = await fake.respond("game status", who="dave")
    assert status.flags & EPHEMERAL and "Germany" in status.content


async def test_the_referee_role_not_just_the_creator_may_correct(
        fake: FakeDiscord, start_bot, service: GameService) -> None:
    """Carol holds the server's Referee role; Dave holds nothing. Neither created the game."""
    await start_bot(service)
    await open_game(fake, creator="alice")
    refused = await fake.respond("done", who="dave")
    assert refused.flags & EPHEMERAL
    fix = await ok(fake, "done", who="carol")
    assert "Referee correction" in fix.content


async def test_history_and_export_are_private(fake: FakeDiscord, start_bot,
                                              service: GameService) -> None:
    await start_bot(service)
    await open_game(fake)
    for _ in range(3):
        await ok(fake, "done")
    history = await fake.respond("game history", {"last": 2})
    assert history.flags & EPHEMERAL and len(history.content.splitlines()) == 2
    record = await fake.respond("game export")
    assert record.flags & EPHEMERAL and "aa1942-2e" in record.content


async def test_autocomplete_reads_the_channel_game(fake: FakeDiscord, start_bot,
                                                   service: GameService) -> None:
    await start_bot(service)
    await open_game(fake)
    payload = await fake.autocomplete("buy", {"units": "2 inf"}, "units")
    answer = await fake.wait_for_token(payload["token"])
    assert answer.payload == {"type": 8, "data": {"choices": [
        {"name": "2 infantry", "value": "2 infantry"}]}}
    elsewhere = await fake.autocomplete("buy", {"units": "2 inf"}, "units", channel=1)
    assert (await fake.wait_for_token(elsewhere["token"])).payload["data"]["choices"] == []


async def test_optional_rules_chosen_in_discord_reach_the_game(fake: FakeDiscord, start_bot,
                                                               service: GameService) -> None:
    await start_bot(service)
    await ok(fake, "game new", {"ruleset": "aa1942-2e", "name": "long war",
                                "victory": "total", "turkish_straits": True}, who="carol")
    for power, who in SEATS.items():
        await ok(fake, "game join", {"power": power}, who=who)
    await ok(fake, "game start")
    state = await service.state(str(fake.channels[0]["id"]))
    assert state.options["victory"] == "total" and state.options["turkish_straits"] is True
    bad = await fake.respond("game new", {"ruleset": "aa1942-2e", "name": "x",
                                          "victory": "sudden"}, who="carol", channel=1)
    assert bad.flags & EPHEMERAL


async def test_a_game_lives_in_a_thread(fake: FakeDiscord, start_bot,
                                        service: GameService) -> None:
    """One channel can host many games, one per thread; commands act on their own thread."""
    await start_bot(service)
    thread = await fake.open_thread("sunday game")
    opened = await fake.respond("game new", {"ruleset": "aa1942-2e", "name": "in a thread"},
                                who="carol", channel=thread)
    assert not opened.flags & EPHEMERAL
    status = await fake.respond("game status", channel=thread)
    assert "in a thread" in status.content
    parent = await fake.respond("game status")
    assert parent.flags & EPHEMERAL and "in a thread" not in parent.content
