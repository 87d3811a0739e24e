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

import asyncio

import pytest
from fake_discord import BOB, DAVE, EPHEMERAL, HUMANS, FakeDiscord, Recorded
from slash_transcript import read, slash_lines

from bot.discord.pictures import render_state
from bot.discord.replies import ATTACHMENT_NAME
from bot.service import GameService
from tests.service.test_aarhe_opening import DICE, SAID, TRANSCRIPT, expected_refusals


@pytest.fixture
def dice() -> list[int]:
    return DICE


def _shown(message: Recorded) -> str:
    """A message as its reader sees it: the text, then the full text attached where it is
    longer than one Discord message (AARHE's /game status, with the neutrals' track)."""
    return message.content + "".join(f[2].decode("utf-8") for f in message.files if f[1] == ATTACHMENT_NAME)


async def _maps(fake: FakeDiscord, count: int) -> list[Recorded]:
    """The channel's maps after each turn, once ``count`` have come (posted after the reply)."""
    for _ in range(600):
        maps = [m for m in fake.of("channel_message") if m.content.startswith("Map after")]
        if len(maps) >= count:
            return maps
        await asyncio.sleep(0.1)
    raise AssertionError(f"{count} maps were not posted within a minute")


async def test_aarhe_opening_through_discord(fake: FakeDiscord, start_bot, service: GameService) -> None:
    """Each refusal goes to its sender alone (ephemeral) with the console's words; everything
    else is public. The Axis team's start pings Bob and Dave together; when Japan ends Combat
    Move only Bob is pinged for Germany's Conduct Combat, and when Germany ends it only Dave
    for Japan's. The diplomacy rolls are public, a refused one private, and each /game status
    shows the neutrals where the rolls left them. The Allied team is due at the end, the
    channel has a map after each turn."""
    await start_bot(service, render=render_state)
    answers: list[tuple[str, str, Recorded]] = []
    refusals = expected_refusals()
    for i, (who, command, values) in enumerate(slash_lines(TRANSCRIPT)):
        sent = await fake.slash(command, values, who=who)
        reply = await fake.wait_for_token(sent["token"], timeout=30)   # a shared machine may be slow
        refusal = refusals.get(i)
        if refusal is not None:
            assert reply.flags & EPHEMERAL and refusal in reply.content, (who, command, values, reply.content)
        elif command != "game status":
            assert not reply.flags & EPHEMERAL, (who, command, values, reply.content)
        answers.append((who, command, reply))

    def pinged(text: str) -> set[int]:
        [reply] = [r for _, _, r in answers if text in r.content]
        return set(reply.allowed_mentions["users"])

    assert pinged("Round 2: Germany and Japan to move.") == {int(BOB["id"]), int(DAVE["id"])}
    assert pinged("Germany to act (Conduct Combat).") == {int(BOB["id"])}
    assert pinged("Japan to act (Conduct Combat).") == {int(DAVE["id"])}
    assert pinged("Round 2: Soviet Union, United Kingdom and United States to move.") == {
        int(HUMANS["alice"]["id"]), int(HUMANS["erin"]["id"])}
    statuses = [_shown(reply) for _, command, reply in answers if command == "game status"]
    text = "\n".join([*read(fake.recorded), *statuses])
    assert [line for line in SAID if line not in text] == []
    maps = await _maps(fake, 2)
    assert [(m.content, [f[1] for f in m.files]) for m in maps] == [
        ("Map after Soviet Union's turn, round 1.", ["turn-r1-soviet-union.png"]),
        ("Map after Germany and Japan's turn, round 2.", ["turn-r2-germany-and-japan.png"])]
    status = await fake.respond("game status", who="erin")
    assert status.flags & EPHEMERAL
    # AARHE's status (the neutrals' track included) is longer than a Discord message: its full
    # text comes attached to the private reply.
    text = _shown(status)
    assert ("Soviet Union to act: Purchase Units of Soviet Union's turn, round 2. United Kingdom to act: "
            "Purchase Units") in text
