"""A whole first round of Axis & Allies Classic, 3rd Edition through slash commands: the real
discord.py client, the fake Discord, the real GameService on SQLite, the real engine and
renderer. The lines are the console transcript's (tests/service/transcripts), typed as
slash commands with the same dice.

Rules: 004_393aeba10bd8625e.txt §4 and §17 (research by the die-face table, in effect at
once), §14 (subs' first strike; armor blitzing through a territory held by an AA gun and a
complex alone), §6 (a sub withdrawing apart from the other), §13 (income), §19 (order of
play)."""
from __future__ import annotations

from pathlib import Path

import pytest
from fake_discord import EPHEMERAL, FakeDiscord
from slash_transcript import play_round, read

from bot.discord.pictures import render_state
from bot.service import GameService
from tests.service.test_classic_first_round import DICE, TRANSCRIPT
from tests.service.test_revised_first_round import PHASE_IDS


@pytest.fixture
def dice() -> list[int]:
    return DICE


async def test_first_round_of_classic_through_discord(fake: FakeDiscord, start_bot,
                                                      service: GameService, tmp_path: Path) -> None:
    """Nothing is refused; the channel reads research that improves the subs at sea, their
    first strike, one sub withdrawing, the armor's blitz, placement and income in Classic's
    names; round 2 begins; the map of the Classic board is drawn."""
    await start_bot(service, render=render_state)
    await play_round(fake, TRANSCRIPT)
    shown = read(fake.recorded)
    text = "\n".join(shown)
    assert "Germany's breakthrough 1: 2 on the development table is Super Subs." in text
    assert "@3 ss×2  3 5  → 1" in text and "United Kingdom loses 1 trn" in text
    assert "Germany withdraws 1 ss to Baltic Sea Zone (in person)" in text
    assert "United Kingdom loses 1 bb (no choice)" in text
    assert "Germany moves 1 armor: Eastern Europe → Karelia S.S.R. → Finland-Norway (blitz through Karelia S.S.R.)" in text
    assert "United Kingdom buys 4 infantry, 2 armor for 22 IPCs (8 left)." in text
    assert "United States mobilizes 6 infantry, 3 armor in Eastern United States." in text
    assert "Germany collects 35 IPCs" in text
    assert "Round 2: Soviet Union to move." in text
    assert [line for line in shown if PHASE_IDS.search(line)] == []
    assert "tank" not in text.lower()

    status = await fake.respond("game status", who="alice")
    assert status.flags & EPHEMERAL
    assert "Soviet Union to act: Develop Weapons of Soviet Union's turn, round 2." in status.content
    record = await fake.respond("game export", who="bob")
    exported = record.files[0][2].decode()
    assert record.flags & EPHEMERAL and "classic-3e" in exported
    assert "[Options" in exported and "submerging_submarines" in exported
