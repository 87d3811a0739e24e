"""AARHE's combat through slash commands: the real discord.py client, the fake Discord, the
real GameService on SQLite, the real engine and renderer. The lines are the console
transcript's (tests/service/transcripts/aarhe_combat.txt) with the same dice: Bob
(Germany) fights Archangel under air supremacy and Karelia in a dogfight, Dave (Japan) the
American carrier and its unseen submarine in Sea Zone 52, while Alice (Soviet Union) and
Erin (United Kingdom and United States) use the passive turn.

Rules (001 = 001_4ad7942ffba8a1ea.txt): 001 › Phase 3, Defensive Air Support; 001 › Phase 4,
Land Combat (Air Supremacy, Air Units, Hit Allocation, Retreat Decision) and Naval Combat
(ASW, Submarine Warfare); 001 › Phase 5, Reinforcement; maps/aarhe/README.md, rulings 36,
54 to 60, 65 to 75 and 87 to 91 (a power asked is pinged like any power due)."""
from __future__ import annotations

import pytest
from fake_discord import BOB, DAVE, EPHEMERAL, HUMANS, FakeDiscord
from slash_transcript import maps_posted, play_refusing, read

from bot.discord.pictures import render_state
from bot.service import GameService
from tests.service.test_aarhe_combat import DICE, SAID, TRANSCRIPT, WINDOWS, expected_refusals

ALLIED_PLAYERS = {int(HUMANS["alice"]["id"]), int(HUMANS["erin"]["id"])}


@pytest.fixture
def dice() -> list[int]:
    return DICE


async def test_aarhe_combat_through_discord(fake: FakeDiscord, start_bot, service: GameService) -> None:
    """Each refusal goes to its sender alone (ephemeral) with the console's words; the
    battle logs and everything else are public. Alice and Erin, whose powers are asked, are
    pinged as each window opens, and Bob and Dave as their team goes on; the channel has a
    map after each turn."""
    await start_bot(service, render=render_state)
    answers = await play_refusing(fake, TRANSCRIPT, expected_refusals())

    def pinged(text: str) -> set[int]:
        [reply] = [r for _, _, r in answers if text in r.content]
        return set(reply.allowed_mentions["users"])

    for window in WINDOWS:
        assert pinged(window) == ALLIED_PLAYERS, window
    assert pinged("Germany to act (Conduct Combat).") == {int(BOB["id"])}
    assert pinged("Japan to act (Conduct Combat).") == {int(DAVE["id"])}
    assert pinged("Round 2: Soviet Union, United Kingdom and United States to move.") == ALLIED_PLAYERS
    battles = [reply for _, command, reply in answers if command == "battle" and not reply.flags & EPHEMERAL]
    titles = ("⚔ Archangel — Germany attacks Soviet Union", "⚔ Karelia S.S.R. — Germany attacks Soviet Union",
              "⚔ Sea Zone 52 — Japan attacks United States")
    assert len(battles) == len(titles) and all(t in b.content for t, b in zip(titles, battles)), battles
    text = "\n".join(read(fake.recorded))
    assert [line for line in SAID if line not in text] == []
    maps = await maps_posted(fake, 2)
    assert [(m.content, [f[1] for f in m.files]) for m in maps] == [
        ("Map after Soviet Union's turn, round 1.", ["turn-r1-soviet-union.png"]),
        ("Map after Germany and Japan's turn, round 2.", ["turn-r2-germany-and-japan.png"])]
