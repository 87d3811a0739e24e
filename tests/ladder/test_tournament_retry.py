"""Opening a round again after a failure continues where it stopped: each table's channel
(in Discord a thread) is made once and kept before its game is created, so a retried
``/tournament start`` never opens a second one; the organiser's time rules reach every
table's game as its settings."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ladder.pairing import Pairing
from bot.service import Actor, GameService

ORG = Actor("org")
HALL = "hall"


async def test_a_retried_round_reuses_the_channels_it_made(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[int, int]] = []

    async def make_channel(round_no: int, pairing: Pairing) -> str:
        made.append((round_no, pairing.table))
        return f"thread-{len(made)}"

    new = await service.execute(ORG, HALL, '/tournament new name:Cup ruleset:aa1942-2e rounds:1 '
                                "time_limit_hours:200 pause_hours:24 adjudication:production")
    assert new.ok and "200 h per game, then production" in new.message
    assert "24 h of pauses per game" in new.message
    for p in ("p1", "p2", "p3", "p4"):
        assert (await service.execute(Actor(p), HALL, "/tournament join")).ok
    create_game = service.create_game
    calls = 0

    async def failing_once(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise ConnectionError("the database went away")
        return await create_game(*args, **kwargs)

    monkeypatch.setattr(service, "create_game", failing_once)
    with pytest.raises(ConnectionError):
        await service.tournaments.open_round(ORG, HALL, make_channel, "start-1")
    reply = await service.tournaments.open_round(ORG, HALL, make_channel, "start-2")
    assert reply.ok, reply.message
    assert made == [(1, 1), (1, 2)]                   # one channel per table, never two
    games = [line for line in reply.message.splitlines() if "game #" in line]
    assert len(games) == 2
    game = await service.execute(Actor("p4"), "thread-2", "/game settings")
    assert ("time limit: 200 hours, then production; players' pause allowance: 24 hours"
            in game.message)
