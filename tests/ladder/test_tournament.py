"""A Swiss tournament of 8 players over 3 rounds through the service, on SQLite and
PostgreSQL: games won on the board, conceded, adjudicated at the time limit and forfeited on
deadlines give the expected standings and tie-breaks; ratings move as openskill computes;
a result reported twice changes nothing."""

from __future__ import annotations

from sqlmodel import col, select

from bot.ladder.ratings import OVERALL, replay_ratings
from bot.ladder.results import current_ratings, rated_games
from bot.scheduler.clock import ManualClock
from bot.service import Actor, GameService
from bot.store.ladder_models import GameResult, RatingChange
from tests.ladder.victory import win_on_board
from tests.service.conftest import RULESET

ORG = Actor("org")
PLAYERS = [f"p{i}" for i in range(1, 9)]
HALL = "hall"



async def ok(service: GameService, actor: Actor, line: str, channel: str = HALL,
             request_id: str | None = None) -> str:
    reply = await service.execute(actor, channel, line, request_id)
    assert reply.ok, reply.message
    return "\n".join([reply.message, *reply.posts])


def table(round_no: int, number: int) -> str:
    return f"{HALL}-r{round_no}-t{number}"


async def won_on_board(service: GameService, round_no: int, number: int, side: str,
                       allies: str) -> None:
    """The Allies' player (whose United States moves last in a round) ends the game."""
    await win_on_board(service, table(round_no, number), side, Actor(allies))


async def test_a_swiss_tournament_from_sign_up_to_final_standings(service: GameService) -> None:
    await ok(service, ORG, '/tournament new name:"Spring Cup" ruleset:aa1942-2e rounds:3 '
             "deadline_hours:24 bumps:1")
    for p in PLAYERS:
        await ok(service, Actor(p), "/tournament join")
    refused = await service.execute(Actor("p1"), HALL, "/tournament start")
    assert not refused.ok and refused.reason == "tournament.not_organiser"

    reply = await service.execute(ORG, HALL, "/tournament start", "start-1")
    assert reply.ok and set(reply.pings) == set(PLAYERS)
    assert reply.posts[0].splitlines()[1:] == [
        f"Table {n}: @{a} (Axis) v @{b} (Allies), game #{n}: playing."
        for n, (a, b) in enumerate([("p1", "p2"), ("p3", "p4"), ("p5", "p6"), ("p7", "p8")], 1)]
    again = await service.execute(ORG, HALL, "/tournament start", "start-1")
    assert again == reply                                          # a retried request
    busy = await service.execute(ORG, HALL, "/tournament next")
    assert not busy.ok and "table(s) 1, 2, 3, 4" in busy.message

    # Round 1: on the board, conceded, adjudicated, forfeited on deadlines.
    await won_on_board(service, 1, 1, "Axis", "p2")
    await ok(service, Actor("p3"), "/game concede", table(1, 2))
    text = await ok(service, ORG, "/tournament report table:3 adjudicate:on")
    assert "lose on adjudication" in text
    clock = service.clock
    assert isinstance(clock, ManualClock)
    clock.advance(hours=25)
    assert await service.deadlines.tick() == 1                     # the one game still open
    text = await ok(service, ORG, "/tournament pairings")
    assert text.splitlines()[1:] == [
        "Table 1: @p1 (Axis) v @p2 (Allies), game #1: @p1 won (victory cities).",
        "Table 2: @p3 (Axis) v @p4 (Allies), game #2: @p4 won (concession).",
        "Table 3: @p5 (Axis) v @p6 (Allies), game #3: @p6 won (adjudication).",
        "Table 4: @p7 (Axis) v @p8 (Allies), game #4: @p7 won (forfeit)."]

    # Round 2 pairs the winners and the losers, and nobody meets twice; round 3 follows.
    rounds = [
        (2, [("p1", "p4", "Axis"), ("p6", "p7", "Allies"), ("p2", "p3", "Axis"),
             ("p5", "p8", "Allies")]),
        (3, [("p1", "p7", "Axis"), ("p2", "p4", "Allies"), ("p6", "p8", "Axis"),
             ("p3", "p5", "Allies")]),
    ]
    for number, games in rounds:
        text = await ok(service, ORG, "/tournament next")
        assert [line.split(", game")[0] for line in text.splitlines()[1:5]] == [
            f"Table {n}: @{axis} (Axis) v @{allies} (Allies)"
            for n, (axis, allies, _w) in enumerate(games, 1)]
        for n, (_axis, allies, winner) in enumerate(games, 1):
            await won_on_board(service, number, n, winner, allies)

    # Reporting a result the game already has changes nothing (a reason may hold quotes).
    before = await _rating_rows(service)
    text = await ok(service, ORG, "/tournament report table:1 winner:@p1 "
                    """reason:'a "double" report'""")
    assert "already has that result; nothing changed" in text
    assert await _rating_rows(service) == before

    final = await ok(service, ORG, "/tournament next")
    assert final.splitlines()[1:9] == [
        "1. @p1: 3 (head-to-head 0, points 9, opposition 5); 3-0-0",
        "2. @p7: 2 (head-to-head 1, points 6, opposition 6); 2-1-0",
        "3. @p4: 2 (head-to-head 0, points 6, opposition 4); 2-1-0",
        "4. @p6: 2 (head-to-head 0, points 5, opposition 4); 2-1-0",
        "5. @p8: 1 (head-to-head 1, points 3, opposition 5); 1-2-0",
        "6. @p5: 1 (head-to-head 0, points 4, opposition 3); 1-2-0",
        "7. @p2: 1 (head-to-head 0, points 3, opposition 5); 1-2-0",
        "8. @p3: 0 (head-to-head 0, points 0, opposition 4); 0-3-0"]
    assert final.startswith("Spring Cup is over. Final standings:")
    closed = await service.execute(Actor("p9"), HALL, "/tournament join")
    assert not closed.ok and "sign-up is closed" in closed.message

    async with service.db.read() as session:
        endings = (await session.exec(select(GameResult.ending).order_by(
            col(GameResult.game_id)))).all()
        games = await rated_games(session)
        now = await current_ratings(session, None, [OVERALL, RULESET])
    assert endings[:4] == ["victory_cities", "concession", "adjudication", "forfeit"]
    assert len(games) == 12
    expected, _ = replay_ratings(games)
    assert now == expected and len(now) == 16                     # 8 players, 2 scopes


async def _rating_rows(service: GameService) -> list[tuple[int, int, str, float]]:
    async with service.db.read() as session:
        rows = (await session.exec(select(RatingChange).order_by(col(RatingChange.id)))).all()
    return [(r.game_id, r.player_id, r.scope, r.mu_after) for r in rows]
