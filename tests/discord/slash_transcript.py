"""A console transcript (``@user /command`` lines) as slash commands for the fake Discord,
as the first-round tests of each rule system send it."""
from __future__ import annotations

from pathlib import Path

from fake_discord import EPHEMERAL, FakeDiscord, Recorded

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
