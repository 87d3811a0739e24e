"""Fixtures: a migrated SQLite file in tmp_path and a GameService over the rules engine."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from bot.service import Actor, FixedDiceSource, GameService
from bot.store import Database, database_url

ALICE, BOB, REF = Actor("alice"), Actor("bob"), Actor("ref", referee=True)
RULESET = "aa1942-2e"
SEATS = {"soviet_union": ALICE, "germany": BOB, "united_kingdom": ALICE, "japan": BOB,
         "united_states": ALICE}
"""Who plays each power in :func:`started` games: alice the Allies, bob the Axis."""
DICE_KEY = bytes(range(32))
"""The master key of the tests' auditable dice: random play needs dice that vary (a fixed
cycle can stall a battle for ever), and these are reproducible."""


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = Database(database_url(tmp_path / "aaref.sqlite3"))
    await database.migrate()
    yield database
    await database.close()


@pytest.fixture
async def service(db: Database) -> GameService:
    return GameService(db, FixedDiceSource([3, 4] * 500), snapshot_every=4)


async def started(service: GameService, channel: str = "c1") -> int:
    """A 1942 Second Edition game where alice plays the Allies and bob the Axis, started."""
    reply = await service.create_game(REF, channel, ruleset=RULESET, name="test")
    assert reply.ok, reply.message
    for power, who in SEATS.items():
        assert (await service.join(who, channel, power)).ok
    assert (await service.start(ALICE, channel)).ok
    assert reply.game_id is not None
    return reply.game_id


SOVIET_ATTACK = ("/done", '/move units:"3 infantry, 1 artillery" from:Karelia to:"West Russia"',
                 "/done")
"""Round 1: the Soviet Union attacks West Russia from Karelia, reaching Conduct Combat."""
SOVIET_BATTLE = '/battle territory:"West Russia"'
GERMAN_ATTACK = ("/done", '/move units:"1 infantry" from:Libya to:Egypt', "/done")
"""Germany's turn: one infantry attacks Egypt, reaching Conduct Combat."""
GERMAN_BATTLE = "/battle territory:Egypt"


async def play(service: GameService, lines: Sequence[str], channel: str = "c1") -> None:
    """Each line, accepted, from the player of the power due."""
    for line in lines:
        state = await service.state(channel)
        reply = await service.submit(SEATS[state.actor], channel, line)
        assert reply.ok, (line, reply.message)


async def end_turn(service: GameService, channel: str = "c1") -> None:
    """``/done`` until the next power's turn."""
    turn = (await service.state(channel)).turn
    while (await service.state(channel)).turn == turn:
        await play(service, ["/done"], channel)
