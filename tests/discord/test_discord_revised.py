"""A whole first round of Axis & Allies Revised under LHTR 2.0 through slash commands: the
real discord.py client, the fake Discord, the real GameService on SQLite, the real engine
and renderer. The lines are the console transcript's (tests/service/transcripts), typed as
slash commands with the same dice.

Rules: 003_5fe4f41a8371e910.txt, Turn Sequence and Phase 1 (Develop Weapons, research dice
at 5 IPCs); 002_4a4a730e156ee196.txt, Phase 4 (submarines' opening fire), Strategic Bombing
Raids (IPCs surrendered), Phase 6 and Phase 7."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from fake_discord import EPHEMERAL, FakeDiscord
from slash_transcript import play_round, read

from bot.discord.pictures import render_state
from bot.service import GameService
from tests.service.test_revised_first_round import DICE, PHASE_IDS, TRANSCRIPT


@pytest.fixture
def dice() -> list[int]:
    return DICE


async def test_first_round_of_revised_through_discord(fake: FakeDiscord, start_bot,
                                                      service: GameService, tmp_path: Path) -> None:
    """Nothing is refused; the channel reads research, the raid's IPCs, the submarine's
    opening fire, placement and income with display names only; round 2 begins; the map of
    the Revised board is drawn."""
    await start_bot(service, render=render_state)
    maps = await play_round(fake, TRANSCRIPT)
    assert all(f[2].startswith(b"\x89PNG") for m in maps for f in m.files)
    shown = read(fake.recorded)
    text = "\n".join(shown)
    assert "Soviet Union buys 1 research die for Jet Fighters (5 IPCs, 19 left) and rolls 3" in text
    assert "Germany now has Heavy Bombers." in text
    assert "United Kingdom surrenders 5 IPCs (5 rolled, cap 8); treasury now 25" in text
    assert " Germany opening fire: 1 hit" in text and "Germany loses 1 ss (no choice)" in text
    assert "Germany mobilizes 10 infantry in Germany." in text
    assert "United States collects 42 IPCs (treasury 50)." in text
    assert "Round 2: Soviet Union to move." in text and "Soviet Union to act (Develop Weapons)" in text
    assert [line for line in shown if PHASE_IDS.search(line)] == []

    status = await fake.respond("game status", who="alice")
    assert status.flags & EPHEMERAL
    assert "Soviet Union to act: Develop Weapons of Soviet Union's turn, round 2." in status.content
    assert "United Kingdom 31 (+30)" in status.content
    before = len(fake.of("followup"))
    deferred = await fake.respond("map", {}, who="alice")
    assert deferred.payload == {"type": 5}
    picture = (await fake.wait_for("followup", before + 1, timeout=30))[-1]
    assert picture.files[0][1] == "map.png" and picture.files[0][2].startswith(b"\x89PNG")
    record = await fake.respond("game export", who="bob")
    exported = record.files[0][2].decode()
    assert record.flags & EPHEMERAL and "revised-lhtr" in exported
    assert re.search(r'/research tech:"?Heavy Bombers"? dice:2', exported), exported[:600]
