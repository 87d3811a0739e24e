"""/ladder standings, player, export and correct through the service, on SQLite and
PostgreSQL."""

from __future__ import annotations

import csv
import io

import pytest
from sqlmodel import col, select

from bot.ladder.ratings import OVERALL, RatedGame, replay_ratings
from bot.ladder.results import current_ratings, rated_games, recompute_ratings
from bot.render.standings import standings_png
from bot.service import Actor, GameService
from bot.store.ladder_models import GameResult, RatingChange, ResultCorrection
from tests.ladder.victory import win_on_board
from tests.service.conftest import ALICE, BOB, REF, RULESET, started

CY = Actor("cy")



async def ok(service: GameService, actor: Actor, line: str, request_id: str | None = None
             ) -> str:
    reply = await service.execute(actor, "c1", line, request_id)
    assert reply.ok, reply.message
    return reply.message


async def three_games(service: GameService) -> list[int]:
    """alice beats bob twice (concession, then on the board), then bob beats alice."""
    games = [await started(service, "g1")]
    assert (await service.concede(BOB, "g1")).ok
    games.append(await started(service, "g2"))
    await win_on_board(service, games[-1], "Allies")
    games.append(await started(service, "g3"))
    assert (await service.concede(ALICE, "g3")).ok
    return games


async def test_standings_list_the_top_and_the_askers_place(service: GameService) -> None:
    await three_games(service)
    text = await ok(service, ALICE, "/ladder standings")
    lines = text.splitlines()
    assert lines[0] == "Ladder standings (overall), 2 rated players:"
    assert lines[1].startswith("1. @alice ") and lines[1].endswith("(3 games)")
    assert lines[2].startswith("2. @bob ")
    text = await ok(service, BOB, "/ladder standings top:1")
    assert text.splitlines()[-1].startswith("You: 2. @bob ")
    assert (await ok(service, CY, "/ladder standings")).endswith("You have no rated game yet.")
    assert RULESET in await ok(service, CY, "/ladder standings ruleset:aa1942-2e")


async def test_a_players_record(service: GameService) -> None:
    games = await three_games(service)
    text = await ok(service, CY, "/ladder player user:@alice")
    head, systems, recent, *items = text.splitlines()
    assert head.startswith("@alice: rating ") and ", place 1 of 2." in head
    assert head.endswith("3 recorded games: Allies won 2 of 3.")
    assert systems.startswith(f"By rule system: {RULESET} ") and systems.endswith("(3 games).")
    assert recent == "Recent:"
    assert items[0] == f"- game #{games[2]} (test), Allies: lost (concession)"
    assert items[2] == f"- game #{games[0]} (test), Allies: won (concession)"
    assert items[1] == f"- game #{games[1]} (test), Allies: won (victory cities)"
    assert await ok(service, CY, "/ladder player") == "@cy has no recorded game yet."


async def test_the_csv_export_matches_the_ratings_the_library_computes(
        service: GameService) -> None:
    games = await three_games(service)
    rows = list(csv.DictReader(io.StringIO(await ok(service, REF, "/ladder export"))))
    assert [r["player"] for r in rows] == ["alice", "bob"]
    # Player ids follow the order of first appearance: alice (seat 1) then bob.
    teams = {"Allies": (1,), "Axis": (2,)}
    book, _ = replay_ratings([RatedGame(g, RULESET, teams, w) for g, w in
                              zip(games, ("Allies", "Allies", "Axis"), strict=True)])
    assert float(rows[0]["mu"]) == pytest.approx(book[(1, OVERALL)].mu, abs=1e-3)
    results = list(csv.DictReader(io.StringIO(
        await ok(service, REF, "/ladder export what:results"))))
    assert [(r["game"], r["ending"], r["winner"], r["axis"], r["allies"]) for r in results] == [
        (str(games[0]), "concession", "Allies", "bob", "alice"),
        (str(games[1]), "victory_cities", "Allies", "bob", "alice"),
        (str(games[2]), "concession", "Axis", "bob", "alice")]


async def test_a_referee_corrects_a_result_once_with_the_reason_logged(
        service: GameService) -> None:
    games = await three_games(service)
    refused = await service.execute(ALICE, "c1", f"/ladder correct game:{games[2]} "
                                    "winner:Allies reason:x")
    assert not refused.ok and refused.reason == "service.not_referee"
    line = f'/ladder correct game:{games[2]} winner:Allies reason:"conceded by mistake"'
    text = await ok(service, REF, line, "req-1")
    assert text == (f"@ref corrected the result of game #{games[2]}: Axis win (concession) -> "
                    "Allies win (concession) (reason: conceded by mistake). Ratings recomputed.")
    assert await ok(service, REF, line, "req-1") == text                 # a retried request
    again = await ok(service, REF, line, "req-2")                         # reported twice
    assert again == f"Game #{games[2]} already has that result; nothing changed."
    async with service.db.read() as session:
        logged = (await session.exec(select(ResultCorrection))).all()
    assert [(c.by, c.reason, c.after["winner"]) for c in logged] == [
        ("ref", "conceded by mistake", "Allies")]
    assert "Allies won 3 of 3" in await ok(service, CY, "/ladder player user:alice")
    bad = await service.execute(REF, "c1", f"/ladder correct game:{games[2]} winner:Japan "
                                "reason:x")
    assert not bad.ok and "winner is Axis, Allies or none" in bad.message


async def test_a_correction_rates_again_from_the_corrected_game_on(
        service: GameService) -> None:
    """The games before the corrected one keep their rating changes; only the later ones
    are rated again, and the ratings equal a replay of every game from scratch."""
    games = await three_games(service)
    before = await _changes(service)
    await ok(service, REF, f"/ladder correct game:{games[1]} winner:Axis reason:typo")
    after = await _changes(service)
    assert [c for c in after if c[0] == games[0]] == [c for c in before if c[0] == games[0]]
    assert after != before
    async with service.db.write() as session:
        corrected = await session.get(GameResult, games[1])
        assert await recompute_ratings(session, since=corrected) == 8     # 2 games x 2 x 2
    async with service.db.read() as session:
        now = await current_ratings(session, None, None)
        expected, _ = replay_ratings(await rated_games(session))
    assert now == expected and len(now) == 4                     # 2 players, 2 scopes
    assert await _changes(service) == after


async def _changes(service: GameService) -> list[tuple[int, int, str, float]]:
    async with service.db.read() as session:
        rows = (await session.exec(select(RatingChange).order_by(col(RatingChange.id)))).all()
    return [(r.game_id, r.player_id, r.scope, r.mu_after) for r in rows]


def test_the_standings_picture_is_a_png() -> None:
    png = standings_png("Ladder", ["#", "player"], [["1", "@ana"], ["2", "@ben"]])
    assert png.startswith(b"\x89PNG") and len(png) > 500
