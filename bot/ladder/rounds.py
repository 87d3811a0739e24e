"""A tournament's rounds in the database: its tables, their results as matches, pairing.

Results are not copied: a table's result is its game's recorded result (``game_results``),
so a game that ends by any path, or a corrected result, counts at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.ladder.pairing import Pairing, knockout_first_round, knockout_next_round, swiss
from bot.ladder.standings import Match, Row, scoring, standings
from bot.store.ladder_models import (
    GameResult,
    Player,
    ResultSeat,
    Tournament,
    TournamentEntry,
    TournamentGame,
)


@dataclass(frozen=True, slots=True)
class Table:
    """One table with its result, if any: ``winner`` is a player, ``done`` says whether the
    table has a result (a bye always has)."""

    row: TournamentGame
    winner: str | None
    ending: str | None
    done: bool


async def entries(session: AsyncSession, tournament_id: int) -> list[str]:
    """The players signed up, in seed (sign-up) order."""
    rows = (await session.exec(select(TournamentEntry).where(
        TournamentEntry.tournament_id == tournament_id).order_by(col(TournamentEntry.id)))).all()
    return [r.user_id for r in rows]


async def tables(session: AsyncSession, tournament_id: int, round_no: int | None = None
                 ) -> list[Table]:
    """The tables of one round (or all), with their games' results."""
    query = select(TournamentGame).where(TournamentGame.tournament_id == tournament_id)
    if round_no is not None:
        query = query.where(TournamentGame.round == round_no)
    rows = (await session.exec(query.order_by(col(TournamentGame.round),
                                              col(TournamentGame.table_no)))).all()
    ids = [r.game_id for r in rows if r.game_id is not None]
    results = {r.game_id: r for r in (await session.exec(select(GameResult).where(
        col(GameResult.game_id).in_(ids)))).all()}
    sides: dict[tuple[int, str], str] = {}
    for game_id, side, user in (await session.exec(
            select(ResultSeat.game_id, ResultSeat.side, Player.user_id)
            .where(col(ResultSeat.game_id).in_(ids), ResultSeat.player_id == Player.id))).all():
        sides[(game_id, side)] = user
    out = []
    for row in rows:
        if row.second is None:
            out.append(Table(row, row.first, "bye", True))
            continue
        result = results.get(row.game_id) if row.game_id is not None else None
        if result is None or result.ending == "abandonment":
            out.append(Table(row, None, None, False))
            continue
        # The sides as the game was played (a sealed bid may have chosen them).
        winner = sides.get((result.game_id, result.winner or ""))
        out.append(Table(row, winner, result.ending, True))
    return out


def matches(done: Sequence[Table]) -> list[Match]:
    """Finished tables as the standings read them."""
    return [Match(t.row.round, t.row.first, t.row.second, t.winner,
                  t.ending if t.ending not in (None, "bye") else "victory_cities")
            for t in done if t.done]


async def table_of_standings(session: AsyncSession, t: Tournament) -> list[Row]:
    """The standings now, with the organiser's points table."""
    assert t.id is not None
    points = scoring({k: (float(v[0]), float(v[1])) for k, v in t.rules.get("points", {}).items()})
    return standings(await entries(session, t.id), matches(await tables(session, t.id)), points)


async def next_pairings(session: AsyncSession, t: Tournament) -> list[Pairing]:
    """The pairings of round ``t.round + 1``."""
    assert t.id is not None
    seeds = await entries(session, t.id)
    played = await tables(session, t.id)
    if t.rules.get("pairing") == "knockout":
        if t.round == 0:
            return knockout_first_round(seeds)
        last = [x for x in played if x.row.round == t.round]
        return knockout_next_round([x.winner for x in last if x.winner is not None])
    rows = standings(seeds, matches(played))
    met = {frozenset((x.row.first, x.row.second)) for x in played if x.row.second}
    byes = {x.row.first for x in played if x.row.second is None}
    return swiss(seeds, {r.player: r.score for r in rows}, met, byes)


def is_over(t: Tournament, pairings: Sequence[Pairing]) -> bool:
    """Whether the tournament ends instead of opening another round."""
    if t.rules.get("pairing") == "knockout":
        return len(pairings) == 1 and pairings[0].second is None
    return t.round >= int(t.rules.get("rounds", 3))


def rules_of(options: dict[str, str]) -> dict[str, Any]:
    """The organiser's rules from ``/tournament new`` options, with defaults."""
    return {
        "pairing": options.get("pairing", "swiss"),
        "rounds": int(options.get("rounds", "3")),
        "deadline_hours": int(options.get("deadline_hours", "0")),
        "bumps": int(options.get("bumps", "0")),
        "adjudication": options.get("adjudication", "cities_then_production"),
        "time_limit_hours": int(options.get("time_limit_hours", "0")),
        "pause_hours": int(options.get("pause_hours", "0")),
        "points": _points(options.get("concession", "")),
        "bids": options.get("bids", "off").lower() in ("on", "true", "yes"),
    }


def _points(concession: str) -> dict[str, list[float]]:
    """``concession:2,1`` scores a conceded game 2 for the winner and 1 for the loser."""
    if not concession:
        return {}
    won, _, lost = concession.partition(",")
    return {"concession": [float(won), float(lost or 0)]}
