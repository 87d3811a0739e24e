"""Results and ratings in the database: written in the transaction that ends a game.

:func:`record_end` is the one call the service makes when a game finishes or is abandoned,
whatever ended it (a victory in play, a concession, abandonment, a forfeit on deadlines, a
time-limit adjudication). Ladder writes are serialised (SQLite's single writer; an advisory
lock on PostgreSQL), so two games ending at once never read the same rating before it moves.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy import and_, delete, func, insert, or_, text, true
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.ladder.outcome import ending_of
from bot.ladder.ratings import Change, RatedGame, Skill, best_places, is_ratable, rate_game, replay_ratings
from bot.scheduler.store import game_settings
from bot.store import repo
from bot.store.ladder_models import GameResult, Player, RatingChange, ResultSeat
from bot.store.models import Game

_LADDER_LOCK = 4_242_014
"""PostgreSQL advisory lock key held by every transaction that writes results or ratings."""


async def lock_ladder(session: AsyncSession) -> None:
    """Serialise ladder writers on PostgreSQL (SQLite has one writer already)."""
    connection = await session.connection()
    if connection.dialect.name == "postgresql":
        await connection.execute(text(f"SELECT pg_advisory_xact_lock({_LADDER_LOCK})"))


async def player_ids(session: AsyncSession, user_ids: Iterable[str]) -> dict[str, int]:
    """The player row id of each user, creating the rows not there yet."""
    wanted = sorted(set(user_ids))
    rows = (await session.exec(select(Player).where(col(Player.user_id).in_(wanted)))).all()
    found = {p.user_id: p for p in rows}
    for user in wanted:
        if user not in found:
            found[user] = Player(user_id=user, kind="discord" if user.isdigit() else "console")
            session.add(found[user])
    await session.flush()
    return {u: p.id for u, p in found.items() if p.id is not None}


async def record_end(
    session: AsyncSession,
    game: Game,
    rules: Any,
    *,
    kind: str,
    status: str,
    events: Sequence[Mapping[str, Any]],
    state: Any,
) -> GameResult | None:
    """Write the result of a game that is ending now (once), and rate it if it is rated.

    ``rules`` is the service's engine namespace; ``state`` the engine state at the end
    (None for a game abandoned before it started).
    """
    assert game.id is not None
    await lock_ladder(session)
    if await session.get(GameResult, game.id) is not None:
        return None
    ruleset = rules.load_ruleset(game.ruleset)
    ending = ending_of(kind, status, events)
    scores: Mapping[str, tuple[int, int]] = rules.side_scores(state) if state is not None else {}
    settings, _ = await game_settings(session, game.id)
    result = GameResult(
        game_id=game.id,
        ruleset=ruleset.id,
        winner=getattr(state, "winner", None) if status == "finished" else None,
        ending=ending,
        by_power=next((e.get("power") for e in events if e.get("ending")), None),
        round=getattr(state, "round", None),
        cities={side: c for side, (c, _p) in scores.items()},
        production={side: p for side, (_c, p) in scores.items()},
        rated=settings.rated and ending != "abandonment",
    )
    session.add(result)
    seats = await repo.seats(session, game.id)
    ids = await player_ids(session, (s.user_id for s in seats))
    ranked = rules.final_places(state) if state is not None and status == "finished" else {}
    rows = [ResultSeat(game_id=game.id, power=s.power, side=ruleset.board.side_of(s.power),
                       player_id=ids[s.user_id], place=ranked.get(s.power)) for s in seats]
    session.add_all(rows)
    await session.flush()
    teams = teams_of(rows)
    places = best_places((r.player_id, r.place) for r in rows)
    if result.rated and not is_ratable(teams, places):
        result.rated = False
        session.add(result)
    if result.rated:
        await _rate(session, RatedGame(game.id, result.ruleset, teams, result.winner, places))
    return result


def teams_of(rows: Iterable[ResultSeat]) -> dict[str, tuple[int, ...]]:
    """Side -> its players (each once, in seat order)."""
    teams: dict[str, list[int]] = defaultdict(list)
    for row in rows:
        if row.player_id not in teams[row.side]:
            teams[row.side].append(row.player_id)
    return {side: tuple(players) for side, players in teams.items()}


async def _rate(session: AsyncSession, game: RatedGame) -> None:
    players = {p for team in game.teams.values() for p in team}
    book = await current_ratings(session, players, (
        "overall", game.ruleset))
    _add_changes(session, rate_game(book, game))


def _add_changes(session: AsyncSession, changes: Iterable[Change]) -> None:
    session.add_all(RatingChange(**_row(c)) for c in changes)


def _row(c: Change) -> dict[str, Any]:
    return {"game_id": c.game_id, "player_id": c.player_id, "scope": c.scope,
            "mu_before": c.before.mu, "sigma_before": c.before.sigma,
            "mu_after": c.after.mu, "sigma_after": c.after.sigma}


async def current_ratings(
    session: AsyncSession, players: Iterable[int] | None, scopes: Iterable[str] | None
) -> dict[tuple[int, str], Skill]:
    """The newest rating of each player (all players when ``players`` is None) per scope
    (every scope when ``scopes`` is None)."""
    newest = select(func.max(RatingChange.id))
    if scopes is not None:
        newest = newest.where(col(RatingChange.scope).in_(list(scopes)))
    if players is not None:
        newest = newest.where(col(RatingChange.player_id).in_(sorted(players)))
    newest = newest.group_by(col(RatingChange.player_id), col(RatingChange.scope))
    rows = (await session.exec(select(RatingChange).where(
        col(RatingChange.id).in_(newest.scalar_subquery())))).all()
    return {(r.player_id, r.scope): Skill(r.mu_after, r.sigma_after) for r in rows}


def _from(since: GameResult | None) -> Any:
    """Results recorded at or after ``since`` (in the order of record), or every result."""
    if since is None:
        return true()
    return or_(col(GameResult.recorded_at) > since.recorded_at,
               and_(col(GameResult.recorded_at) == since.recorded_at,
                    col(GameResult.game_id) >= since.game_id))


async def rated_games(session: AsyncSession, since: GameResult | None = None
                      ) -> list[RatedGame]:
    """Every rated result (from ``since`` on) in the order it was recorded, as the rating
    update reads it."""
    results = (await session.exec(
        select(GameResult.game_id, GameResult.ruleset, GameResult.winner)
        .where(col(GameResult.rated).is_(True), _from(since))
        .order_by(col(GameResult.recorded_at), col(GameResult.game_id)))).all()
    seats = select(ResultSeat.game_id, ResultSeat.side, ResultSeat.player_id, ResultSeat.place)
    if since is not None:
        seats = seats.where(col(ResultSeat.game_id).in_(
            select(GameResult.game_id).where(_from(since))))
    teams: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    placed: dict[int, list[tuple[int, int | None]]] = defaultdict(list)
    for game_id, side, player, place in (await session.exec(
            seats.order_by(col(ResultSeat.game_id), col(ResultSeat.power)))).all():
        if player not in teams[game_id][side]:
            teams[game_id][side].append(player)
        placed[game_id].append((player, place))
    games = []
    for game_id, ruleset, winner in results:
        sides = {side: tuple(players) for side, players in teams[game_id].items()}
        places = best_places(placed[game_id])
        if is_ratable(sides, places):
            games.append(RatedGame(game_id, ruleset, sides, winner, places))
    return games


async def recompute_ratings(session: AsyncSession, since: GameResult | None = None) -> int:
    """Rebuild the rating changes after a correction: those of the games recorded from
    ``since`` on (every game when None), from the ratings the earlier games left. A change's
    id follows the order of record, so the newest change left is each rating before
    ``since``. Returns how many changes were written."""
    await lock_ladder(session)
    connection = await session.connection()
    await connection.execute(delete(RatingChange).where(col(RatingChange.game_id).in_(
        select(GameResult.game_id).where(_from(since)))))
    book = await current_ratings(session, None, None) if since is not None else {}
    _book, changes = replay_ratings(await rated_games(session, since), book)
    if changes:
        await connection.execute(insert(RatingChange), [_row(c) for c in changes])
    return len(changes)
