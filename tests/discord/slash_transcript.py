"""A console transcript (``@user /command`` lines) as slash commands for the fake Discord,
as the first-round tests of each rule system send it."""
from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path

from fake_discord import EPHEMERAL, FakeDiscord, Recorded

from bot.discord.replies import ATTACHMENT_NAME
from bot.service.lines import split_user, words_and_options

USERS = {"ana": "alice", "ben": "bob", "cy": "dave", "dee": "erin", "eve": "alice", "zed": "frank"}
"""The transcripts' players as the fake's users (alice holds two seats; zed holds none)."""
INTEGER_OPTIONS = ("dice",)


def slash_lines(transcript: Path) -> list[tuple[str, str, dict[str, object]]]:
    """Each transcript line as (who, command, option values) for the fake."""
    out: list[tuple[str, str, dict[str, object]]] = []
    for raw in transcript.read_text(encoding="utf-8").splitlines():
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


POWERS = ("germany", "japan", "soviet-union", "united-kingdom", "united-states")
"""The map file of each power's turn, as the channel names them."""


async def play_round(fake: FakeDiscord, transcript: Path) -> list[Recorded]:
    """Send every line of a first round's ``transcript``; none may be refused (a refusal is
    private). Returns the channel's maps, one after each power's turn."""
    for who, command, values in slash_lines(transcript):
        sent = await fake.slash(command, values, who=who)
        reply = await fake.wait_for_token(sent["token"], timeout=30)   # a shared machine may be slow
        assert not reply.flags & EPHEMERAL, (command, values, reply.content)
    maps = await fake.wait_for("channel_message", 5, timeout=60)
    assert sorted(f[1] for m in maps for f in m.files) == [f"turn-r1-{p}.png" for p in POWERS]
    return maps


async def play_refusing(fake: FakeDiscord, transcript: Path,
                        refusals: Mapping[int, str]) -> list[tuple[str, str, Recorded]]:
    """Send every line of ``transcript``; the lines ``refusals`` names (by their place) must
    be refused with those words to their sender alone (ephemeral), every other answer but
    /game status is public. Returns (who, command, reply) for each line."""
    answers: list[tuple[str, str, Recorded]] = []
    for i, (who, command, values) in enumerate(slash_lines(transcript)):
        sent = await fake.slash(command, values, who=who)
        reply = await fake.wait_for_token(sent["token"], timeout=30)   # a shared machine may be slow
        refusal = refusals.get(i)
        if refusal is not None:
            assert reply.flags & EPHEMERAL and refusal in reply.content, (who, command, values, reply.content)
        elif command != "game status":
            assert not reply.flags & EPHEMERAL, (who, command, values, reply.content)
        answers.append((who, command, reply))
    return answers


def shown(message: Recorded) -> str:
    """A message as its reader sees it: the text, then the full text attached where it is
    longer than one Discord message (AARHE's /game status, with the neutrals' track)."""
    return message.content + "".join(f[2].decode("utf-8") for f in message.files if f[1] == ATTACHMENT_NAME)


async def maps_posted(fake: FakeDiscord, count: int) -> list[Recorded]:
    """The channel's maps after each turn, once ``count`` have come (posted after the reply)."""
    for _ in range(600):
        maps = [m for m in fake.of("channel_message") if m.content.startswith("Map after")]
        if len(maps) >= count:
            return maps
        await asyncio.sleep(0.1)
    raise AssertionError(f"{count} maps were not posted within a minute")
