"""A game that ranked its nations (AARHE's Historical Victory) reaches the ladder as places:
each seat's place is recorded with the result, and the ratings are openskill's for those
ranks, the same when recomputed from the record (001 = 001_4ad7942ffba8a1ea.txt)."""

from __future__ import annotations

from sqlmodel import col, select

from bot.ladder.ratings import OVERALL, RatedGame, replay_ratings
from bot.ladder.results import current_ratings, record_end, recompute_ratings
from bot.service import GameService
from bot.store.ladder_models import GameResult, Player, RatingChange, ResultSeat
from engine.goal_data import Record
from engine.ids import PowerId
from tests.service.conftest import RULESET, started

PLACES = {"germany": 1, "united_kingdom": 2, "soviet_union": 2, "united_states": 3, "japan": 4}
"""Germany first (bob's), the United Kingdom and the Soviet Union (alice's) second together."""


async def test_a_ranked_result_is_recorded_with_places_and_rated_by_them(service: GameService) -> None:
    """001 › Victory Conditions, Historical Victory: "The first nation that achieves it ranks
    first, with other nations ranking second and third accordingly": bob, whose Germany
    ranks first, is rated above alice, whose best nation ranks second; a recomputation from
    the stored places gives the same ratings."""
    game_id = await started(service)
    state = await service.state(game_id)
    ranked = state.evolve(goals=Record(places={PowerId(p): n for p, n in PLACES.items()}), winner="Axis")
    async with service.db.write() as session:
        game = await service.ledger.find(session, game_id)
        result = await record_end(session, game, service.rules, kind="command", status="finished",
                                  events=[], state=ranked)
    assert result is not None and result.rated
    async with service.db.read() as session:
        seats = (await session.exec(select(ResultSeat).order_by(col(ResultSeat.power)))).all()
        players = {p.user_id: p.id for p in (await session.exec(select(Player))).all()}
        now = await current_ratings(session, None, [OVERALL, RULESET])
        rows = (await session.exec(select(RatingChange).order_by(col(RatingChange.id)))).all()
        stored = await session.get(GameResult, game_id)
    assert {s.power: s.place for s in seats} == PLACES
    assert stored is not None and stored.winner == "Axis"
    alice, bob = players["alice"], players["bob"]
    expected, _ = replay_ratings([RatedGame(game_id, RULESET, {"Allies": (alice,), "Axis": (bob,)}, "Axis",
                                            {alice: 2, bob: 1})])
    assert now == expected and now[(bob, OVERALL)].mu > now[(alice, OVERALL)].mu
    async with service.db.write() as session:
        assert await recompute_ratings(session) == len(rows)
    async with service.db.read() as session:
        again = (await session.exec(select(RatingChange).order_by(col(RatingChange.id)))).all()
    assert [(r.player_id, r.scope, r.mu_after) for r in again] == [(r.player_id, r.scope, r.mu_after) for r in rows]
