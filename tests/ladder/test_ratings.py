"""Ratings move as openskill computes, for every seat, once per game, traceably."""

from __future__ import annotations

from openskill.models import PlackettLuce
from sqlmodel import col, select

from bot.ladder.ratings import (NEW, OVERALL, RatedGame, Skill, best_places, is_ratable, rate_game,
                                 replay_ratings)
from bot.ladder.results import current_ratings, recompute_ratings
from bot.service import GameService
from bot.store.ladder_models import RatingChange
from tests.ladder.victory import win_on_board
from tests.service.conftest import BOB, RULESET, started


def test_a_one_on_one_game_moves_both_players_as_openskill_does() -> None:
    model = PlackettLuce()
    changes = rate_game({}, RatedGame(1, "aa1942-2e", {"Axis": (1,), "Allies": (2,)}, "Axis"))
    got = {(c.player_id, c.scope): c.after for c in changes}
    # Sides are rated in name order: Allies first, so the Axis winner had rank 0.
    [[allies], [axis]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 0])
    assert got[(1, OVERALL)] == Skill(axis.mu, axis.sigma)
    assert got[(2, OVERALL)] == Skill(allies.mu, allies.sigma)
    assert got[(1, "aa1942-2e")] == got[(1, OVERALL)]
    assert got[(1, OVERALL)].mu > NEW.mu > got[(2, OVERALL)].mu


def test_a_two_on_three_game_updates_every_seat() -> None:
    game = RatedGame(7, "aa1942-2e", {"Axis": (1, 2), "Allies": (3, 4, 5)}, "Allies")
    changes = [c for c in rate_game({}, game) if c.scope == OVERALL]
    assert sorted(c.player_id for c in changes) == [1, 2, 3, 4, 5]
    assert all(c.after.mu < NEW.mu for c in changes if c.player_id in (1, 2))
    assert all(c.after.mu > NEW.mu for c in changes if c.player_id in (3, 4, 5))
    assert all(c.game_id == 7 for c in changes)


def test_a_draw_leaves_equal_players_equal() -> None:
    changes = rate_game({}, RatedGame(1, "x", {"Axis": (1,), "Allies": (2,)}, None))
    assert {c.after.mu for c in changes} == {NEW.mu}
    assert all(c.after.sigma < NEW.sigma for c in changes)


def test_a_hot_seat_game_is_not_ratable() -> None:
    assert not is_ratable({"Axis": (1,), "Allies": (1, 2)})
    assert not is_ratable({"Axis": (1,)})
    assert is_ratable({"Axis": (1,), "Allies": (2, 3)})


def test_replay_carries_each_rating_into_the_next_game() -> None:
    games = [RatedGame(g, "r", {"Axis": (1,), "Allies": (2,)}, "Axis") for g in (1, 2, 3)]
    book, changes = replay_ratings(games)
    overall = [c for c in changes if c.scope == OVERALL and c.player_id == 1]
    assert [c.before for c in overall[1:]] == [c.after for c in overall[:-1]]
    assert book[(1, OVERALL)] == overall[-1].after



async def test_finished_games_rate_their_players_and_each_change_names_its_game(
        service: GameService) -> None:
    first = await started(service, "c1")
    assert (await service.concede(BOB, "c1")).ok                    # alice (Allies) wins
    second = await started(service, "c2")
    await win_on_board(service, second, "Axis")                      # bob (Axis) wins
    async with service.db.read() as session:
        rows = (await session.exec(select(RatingChange).order_by(col(RatingChange.id)))).all()
        now = await current_ratings(session, None, [OVERALL, RULESET])
    assert [(r.game_id, r.scope) for r in rows] == [
        (g, s) for g in (first, second) for s in (OVERALL, OVERALL, RULESET, RULESET)]
    expected, _ = replay_ratings([
        RatedGame(first, RULESET, {"Allies": (1,), "Axis": (2,)}, "Allies"),
        RatedGame(second, RULESET, {"Allies": (1,), "Axis": (2,)}, "Axis"),
    ])
    assert now == expected
    # Recomputing from the results gives the same changes, row for row.
    async with service.db.write() as session:
        assert await recompute_ratings(session) == 8
    async with service.db.read() as session:
        again = (await session.exec(select(RatingChange).order_by(col(RatingChange.id)))).all()
    assert [(r.game_id, r.player_id, r.scope, r.mu_after) for r in again] == [
        (r.game_id, r.player_id, r.scope, r.mu_after) for r in rows]


def test_a_ranked_result_rates_each_player_by_the_best_place_of_their_nations() -> None:
    """001 › Victory Conditions, Historical Victory: "The first nation that achieves it ranks
    first, with other nations ranking second and third accordingly": every player is rated
    alone, openskill taking the best place among the nations each held as the rank."""
    model = PlackettLuce()
    places = best_places([(1, 2), (1, 4), (2, 1), (3, 2), (3, 3)])
    assert places == {1: 2, 2: 1, 3: 2}
    game = RatedGame(5, "aarhe", {"Axis": (1, 2), "Allies": (3,)}, "Allies", places)
    assert is_ratable(game.teams, places) and not is_ratable({}, {1: 1})
    got = {c.player_id: c.after for c in rate_game({}, game) if c.scope == OVERALL}
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[2, 1, 2])
    assert [got[p] for p in (1, 2, 3)] == [Skill(r.mu, r.sigma) for [r] in expected]
    assert got[2].mu > got[1].mu == got[3].mu
