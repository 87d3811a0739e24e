"""AARHE's opening through slash commands: the real discord.py client, the fake Discord, the
real GameService on SQLite, the real engine and renderer. The lines are the console
transcript's (tests/service/transcripts/aarhe_opening.txt) with the same dice: Alice plays
the Soviet Union's special opening round, then Bob (Germany) and Dave (Japan) play the Axis
team turn at once, each pinged for his own power and refused alone, until Erin's Allied
team is due.

Rules (001 = 001_4ad7942ffba8a1ea.txt): 001 › Game Sequence › Round Sequence ("Special
opening round: 1. Soviet Union. Normal rounds: 1. Axis 2. Allies"; "'Conduct Combat' phase
cannot be performed until all players on the team has completed 'Combat Move' phase"),
001 › Phase 1 (Convoy Raid), 001 › Phase 2 (Variable Infantry Costs), 001 › Phase 8 (Diplomacy
Rolls; the track of cooperation in /game status); maps/aarhe/README.md, ruling 36 (teammates
fight one after another)."""
from __future__ import annotations

import pytest
from fake_discord import BOB, DAVE, EPHEMERAL, HUMANS, FakeDiscord
from slash_transcript import maps_posted, play_refusing, read, shown

from bot.discord.pictures import render_state
from bot.service import GameService
from tests.service.test_aarhe_opening import DICE, SAID, TRANSCRIPT, expected_refusals


@pytest.fixture
def dice() -> list[int]:
    return DICE


async def test_aarhe_opening_through_discord(fake: FakeDiscord, start_bot, service: GameService) -> None:
    """Each refusal goes to its sender alone (ephemeral) with the console's words; everything
    else is public. The Axis team's start pings Bob and Dave together; when Japan ends Combat
    Move only Bob is pinged for Germany's Conduct Combat, and when Germany ends it only Dave
    for Japan's. The diplomacy rolls are public, a refused one private, and each /game status
    shows the neutrals where the rolls left them. The Allied team is due at the end, the
    channel has a map after each turn."""
    await start_bot(service, render=render_state)
    answers = await play_refusing(fake, TRANSCRIPT, expected_refusals())

    def pinged(text: str) -> set[int]:
        [reply] = [r for _, _, r in answers if text in r.content]
        return set(reply.allowed_mentions["users"])

    assert pinged("Round 2: Germany and Japan to move.") == {int(BOB["id"]), int(DAVE["id"])}
    assert pinged("Germany to act (Conduct Combat).") == {int(BOB["id"])}
    assert pinged("Japan to act (Conduct Combat).") == {int(DAVE["id"])}
    assert pinged("Round 2: Soviet Union, United Kingdom and United States to move.") == {
        int(HUMANS["alice"]["id"]), int(HUMANS["erin"]["id"])}
    statuses = [shown(reply) for _, command, reply in answers if command == "game status"]
    text = "\n".join([*read(fake.recorded), *statuses])
    assert [line for line in SAID if line not in text] == []
    maps = await maps_posted(fake, 2)
    assert [(m.content, [f[1] for f in m.files]) for m in maps] == [
        ("Map after Soviet Union's turn, round 1.", ["turn-r1-soviet-union.png"]),
        ("Map after Germany and Japan's turn, round 2.", ["turn-r2-germany-and-japan.png"])]
    status = await fake.respond("game status", who="erin")
    assert status.flags & EPHEMERAL
    # AARHE's status (the neutrals' track included) is longer than a Discord message: its full
    # text comes attached to the private reply.
    text = shown(status)
    assert ("Soviet Union to act: Purchase Units of Soviet Union's turn, round 2. United Kingdom to act: "
            "Purchase Units") in text
