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
from fake_discord import EPHEMERAL, FakeDiscord, Recorded

from bot.discord.pictures import render_state
from bot.service import GameService
from bot.service.lines import split_user, words_and_options
from tests.service.test_revised_first_round import DICE, PHASE_IDS, TRANSCRIPT

USERS = {"ana": "alice", "ben": "bob", "cy": "dave", "dee": "erin", "eve": "alice"}
"""The transcript's players as the fake's users (alice holds two seats)."""
INTEGER_OPTIONS = ("dice",)


@pytest.fixture
def dice() -> list[int]:
    return DICE


def slash_lines() -> list[tuple[str, str, dict[str, object]]]:
    """Each transcript line as (who, command, option values) for the fake."""
    out: list[tuple[str, str, dict[str, object]]] = []
    for raw in TRANSCRIPT.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        line = split_user(raw)
        words, options = words_and_options(line.text)
        values: dict[str, object] = {k: int(v) if k in INTEGER_OPTIONS else v for k, v in options.items()}
        out.append((USERS[line.user or ""], " ".join(words), values))
    return out


def read(recorded: list[Recorded]) -> list[str]:
    """Every message text players were shown: answers, channel posts, followups."""
    return [r.content for r in recorded if r.content]


async def test_first_round_of_revised_through_discord(fake: FakeDiscord, start_bot,
                                                      service: GameService, tmp_path: Path) -> None:
    """Nothing is refused; the channel reads research, the raid's IPCs, the submarine's
    opening fire, placement and income with display names only; round 2 begins; the map of
    the Revised board is drawn."""
    await start_bot(service, render=render_state)
    for who, command, values in slash_lines():
        sent = await fake.slash(command, values, who=who)
        reply = await fake.wait_for_token(sent["token"], timeout=30)   # a shared machine may be slow
        assert not reply.flags & EPHEMERAL, (command, values, reply.content)
    maps = await fake.wait_for("channel_message", 5, timeout=60)      # one map after each turn
    assert sorted(f[1] for m in maps for f in m.files) == [
        f"turn-r1-{p}.png" for p in ("germany", "japan", "soviet-union", "united-kingdom", "united-states")]
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
