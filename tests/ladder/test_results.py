"""A game's end is one structured result, whatever ended it, written in the same transaction."""

from __future__ import annotations

import pytest
from sqlmodel import col, select

from bot.ladder.outcome import adjudicate, ending_of
from bot.scheduler.clock import ManualClock
from bot.service import GameService
from bot.store import Database
from bot.store.ladder_models import GameResult, Player, RatingChange, ResultSeat
from bot.store.models import LogEntry
from tests.ladder.victory import win_on_board
from tests.service.conftest import ALICE, BOB, REF, RULESET, SEATS, end_turn, started


async def result_of(service: GameService, game_id: int) -> GameResult:
    async with service.db.read() as session:
        found = await session.get(GameResult, game_id)
    assert found is not None
    return found


async def test_a_victory_in_play_is_recorded_with_the_board_figures(service: GameService) -> None:
    """The engine's victory ends the game (000, "How the War Is Won"); the result has the
    winner, the ending and the figures per side at the end."""
    game_id = await started(service)
    await win_on_board(service, game_id, "Allies")
    result = await result_of(service, game_id)
    assert (result.winner, result.ending, result.by_power) == ("Allies", "victory_cities", None)
    scores = service.rules.side_scores(await service.state(game_id))
    assert result.production == {side: ipcs for side, (_, ipcs) in scores.items()}
    assert result.cities == {"Allies": 9, "Axis": 3} and result.rated
    async with service.db.read() as session:
        seats = (await session.exec(select(ResultSeat).order_by(col(ResultSeat.power)))).all()
        players = {p.id: p for p in (await session.exec(select(Player))).all()}
    board = (await service.state(game_id)).board
    assert {(s.power, s.side, players[s.player_id].user_id) for s in seats} == {
        (p, board.side_of(p), who.user_id) for p, who in SEATS.items()}
    assert {p.kind for p in players.values()} == {"console"}


async def test_a_concession_names_the_power_that_conceded(service: GameService) -> None:
    game_id = await started(service)
    assert (await service.concede(BOB, "c1", "Japan")).ok
    result = await result_of(service, game_id)
    assert (result.winner, result.ending, result.by_power) == ("Allies", "concession", "japan")


async def test_abandonment_has_no_winner_and_rates_nobody(service: GameService) -> None:
    game_id = await started(service)
    assert (await service.abandon(REF, "c1")).ok
    result = await result_of(service, game_id)
    assert (result.winner, result.ending, result.rated) == (None, "abandonment", False)
    assert result.round == 1
    async with service.db.read() as session:
        assert (await session.exec(select(RatingChange))).all() == []


async def test_a_game_abandoned_before_it_started_is_recorded_too(service: GameService) -> None:
    reply = await service.create_game(REF, "c2", ruleset=RULESET, name="never")
    assert reply.game_id is not None
    assert (await service.join(ALICE, "c2", "Germany")).ok
    assert (await service.abandon(REF, "c2")).ok
    result = await result_of(service, reply.game_id)
    assert (result.ending, result.round, result.production) == ("abandonment", None, {})


async def test_missed_deadlines_bump_then_forfeit(service: GameService) -> None:
    """Each missed deadline is a logged bump; at the organiser's limit the seat forfeits."""
    game_id = await started(service)
    assert (await service.execute(REF, "c1", "/game settings deadline_hours:1 bumps:2")).ok
    clock = service.clock
    assert isinstance(clock, ManualClock)
    clock.advance(hours=2)
    assert await service.deadlines.tick() == 1
    rules = (await service.state(game_id)).rules
    assert (await service.status("c1")).message.startswith(
        f"game #{game_id} (test), {rules.name}, active")
    # The same input is not bumped twice; alice's next missed input (another of her
    # powers) is her second bump.
    assert await service.deadlines.tick() == 0
    for _ in ("soviet_union", "germany"):
        await end_turn(service)
    clock.advance(hours=2)
    assert await service.deadlines.tick() == 1
    result = await result_of(service, game_id)
    assert (result.winner, result.ending, result.by_power) == ("Axis", "forfeit", "united_kingdom")
    async with service.db.read() as session:
        bumps = (await session.exec(select(LogEntry).where(
            col(LogEntry.text).startswith("/game bump")))).all()
    assert [e.events[0]["count"] for e in bumps] == [1, 2]
    notices = [n.text for n in await service.deadlines.claim_unsent()]
    assert any("Bump 2 of 2 for United Kingdom." in t and "forfeits for the Allies" in t
               for t in notices)


async def test_an_unrated_game_records_its_result_but_moves_no_rating(
        service: GameService) -> None:
    game_id = await started(service)
    assert (await service.execute(REF, "c1", "/game settings rated:off")).ok
    assert (await service.concede(ALICE, "c1")).ok
    result = await result_of(service, game_id)
    assert (result.winner, result.rated) == ("Axis", False)
    async with service.db.read() as session:
        assert (await session.exec(select(RatingChange))).all() == []


def test_ending_of_each_path() -> None:
    assert ending_of("play", "finished", [{"type": "victory"}]) == "victory_cities"
    assert ending_of("concede", "finished", [{"ending": "concession"}]) == "concession"
    assert ending_of("concede", "finished", [{"ending": "forfeit"}]) == "forfeit"
    assert ending_of("concede", "finished", [{"ending": "adjudication"}]) == "adjudication"
    assert ending_of("admin", "abandoned", []) == "abandonment"


def test_adjudication_reads_cities_then_production() -> None:
    """WBC-style time limit: victory cities held decide, then IPC production."""
    assert adjudicate({"Axis": (7, 60), "Allies": (5, 100)}) == "Axis"
    assert adjudicate({"Axis": (6, 60), "Allies": (6, 100)}) == "Allies"
    assert adjudicate({"Axis": (7, 60), "Allies": (5, 100)}, "production") == "Allies"
    assert adjudicate({"Axis": (6, 80), "Allies": (6, 80)}) is None
    with pytest.raises(ValueError, match="adjudication is one of"):
        adjudicate({"Axis": (6, 80), "Allies": (6, 80)}, "coin")


async def test_the_migrations_build_exactly_the_ladder_tables_of_the_models(url: str) -> None:
    """Alembic's head schema and the SQLModel tables agree (no column missing either way)."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlmodel import SQLModel

    db = Database(url)
    try:
        await db.migrate()
        async with db.engine.connect() as conn:
            diff = await conn.run_sync(lambda c: compare_metadata(
                MigrationContext.configure(c), SQLModel.metadata))
    finally:
        await db.close()
    ladder = {"players", "game_results", "result_seats", "result_corrections", "rating_changes"}
    assert [d for d in diff if ladder & set(map(str, _tables(d)))] == []


def _tables(change: object) -> list[object]:
    """The table names an Alembic diff entry mentions."""
    items = change if isinstance(change, list) else [change]
    out: list[object] = []
    for item in items:
        for part in item:
            out.append(getattr(part, "name", part))
            out.append(getattr(getattr(part, "table", None), "name", None))
    return out
