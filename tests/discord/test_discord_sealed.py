"""Sealed draws through the real discord.py client and the fake Discord: the owner sees the
faces privately, the enemy never sees them until the reveal (docs/dice.md, "Sealed draws";
AARHE's National Advantages are "secret to enemy team": 001 › Appendix: National Advantages).
"""
from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio
from fake_discord import EPHEMERAL, FakeDiscord
from test_discord_e2e import ok, open_game

from bot.service import GameService
from bot.service.dice import AuditableDiceSource
from bot.store import Database, database_url
from tests.service.sealed_engine import SealedEngine

DRAW = "Soviet Union draw r1"


@pytest_asyncio.fixture
async def sealed_service(tmp_path: Path) -> AsyncIterator[GameService]:
    """The real service on a SQLite file with auditable dice and an engine that draws sealed."""
    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    yield GameService(db, AuditableDiceSource(bytes(range(32))), rules=SealedEngine())
    await db.close()


def _seen_by_everyone(fake: FakeDiscord) -> str:
    """Every message the channel shows (no ephemeral answer)."""
    sent = [r for kind in ("callback", "followup", "channel_message") for r in fake.of(kind)]
    return "\n".join(r.content for r in sent if not r.flags & EPHEMERAL)


async def test_only_the_owner_sees_a_sealed_draw_until_it_is_revealed(
        fake: FakeDiscord, start_bot, sealed_service: GameService) -> None:
    await start_bot(sealed_service)
    await open_game(fake, "secret")   # alice plays the Allies, bob the Axis
    drawn = await ok(fake, "done")
    assert f"Soviet Union makes a sealed draw: {DRAW}." in drawn.content

    own = await fake.respond("dice sealed", who="alice")
    assert own.flags & EPHEMERAL
    assert own.content.startswith("Your sealed draws in game #1 (secret) (only you see this):")
    line = own.content.splitlines()[1]
    assert line.startswith(f"{DRAW}: ") and line.endswith(" (still sealed)")
    faces = line.removeprefix(f"{DRAW}: ").removesuffix(" (still sealed)")

    enemy_own = await fake.respond("dice sealed", who="bob")
    enemy_log = await fake.respond("dice log", who="bob")
    assert enemy_own.flags & EPHEMERAL and enemy_log.flags & EPHEMERAL
    assert enemy_own.content == "Germany and Japan made no sealed draw in game #1 (secret)."
    assert f"sealed {DRAW}, 2 dice: still sealed" in enemy_log.content
    for seen in (enemy_own.content, enemy_log.content, _seen_by_everyone(fake)):
        assert f"{DRAW}: {faces}" not in seen and f"unsealed: {faces}" not in seen

    revealed = await ok(fake, "done")
    assert f"Soviet Union reveals the sealed draw {DRAW}: {faces}." in revealed.content
    assert f"Sealed draw {DRAW} unsealed: {faces}, seed " in revealed.content
    after = await fake.respond("dice log", who="bob")
    assert f"sealed {DRAW}, 2 dice: revealed {faces}" in after.content
