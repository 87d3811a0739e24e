"""Reading the ladder: ratings per scope, a player's record, the rows of an export."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.ladder.ratings import NEW, Skill
from bot.ladder.results import current_ratings
from bot.store.ladder_models import GameResult, Player, RatingChange, ResultSeat
from bot.store.models import Game


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's place on the ladder in one scope."""

    rank: int
    user_id: str
    skill: Skill
    games: int


async def ladder(session: AsyncSession, scope: str) -> list[Standing]:
    """Every rated player in ``scope`` (``overall`` or a rule set), best first."""
    book = await current_ratings(session, None, [scope])
    counts = dict((await session.exec(
        select(RatingChange.player_id, func.count()).where(RatingChange.scope == scope)
        .group_by(col(RatingChange.player_id)))).all())
    users = dict((await session.exec(select(Player.id, Player.user_id))).all())
    ranked = sorted(book.items(), key=lambda kv: (-kv[1].shown, users[kv[0][0]]))
    return [Standing(i + 1, users[player], skill, int(counts.get(player, 0)))
            for i, ((player, _scope), skill) in enumerate(ranked)]


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game of a player, as the player's record lists it."""

    game_id: int
    name: str
    side: str
    result: GameResult


async def player_record(session: AsyncSession, user_id: str) -> tuple[int | None, list[Played]]:
    """The player's row id and every recorded game of theirs, newest first."""
    player = (await session.exec(select(Player).where(Player.user_id == user_id))).first()
    if player is None:
        return None, []
    rows = (await session.exec(
        select(ResultSeat, GameResult, Game)
        .where(ResultSeat.player_id == player.id, ResultSeat.game_id == GameResult.game_id,
               GameResult.game_id == Game.id)
        .order_by(col(GameResult.recorded_at).desc(), col(GameResult.game_id).desc()))).all()
    seen: dict[int, Played] = {}
    for seat, result, game in rows:
        seen.setdefault(result.game_id, Played(result.game_id, game.name, seat.side, result))
    return player.id, list(seen.values())


def wins_by_side(games: Sequence[Played]) -> dict[str, tuple[int, int]]:
    """Side -> (won, played) over games that had a result."""
    played = Counter(g.side for g in games if g.result.ending != "abandonment")
    won = Counter(g.side for g in games if g.result.winner == g.side)
    return {side: (won[side], played[side]) for side in sorted(played)}


async def results_rows(session: AsyncSession) -> list[list[str]]:
    """Every recorded result, oldest first, for the organisers' CSV."""
    results = (await session.exec(select(GameResult).order_by(
        col(GameResult.recorded_at), col(GameResult.game_id)))).all()
    seats = (await session.exec(select(ResultSeat, Player).where(
        ResultSeat.player_id == Player.id).order_by(col(ResultSeat.power)))).all()
    teams: dict[tuple[int, str], list[str]] = {}
    for seat, player in seats:
        names = teams.setdefault((seat.game_id, seat.side), [])
        if player.user_id not in names:
            names.append(player.user_id)
    return [[str(r.game_id), r.ruleset, r.ending, r.winner or "", " ".join(
        teams.get((r.game_id, "Axis"), [])), " ".join(teams.get((r.game_id, "Allies"), [])),
        "yes" if r.rated else "no", r.recorded_at.isoformat(timespec="seconds")]
        for r in results]


def skill_of(standings: Sequence[Standing], user_id: str) -> Standing | None:
    """The user's line, if rated."""
    return next((s for s in standings if s.user_id == user_id), None)



async def scopes_of(session: AsyncSession, player_id: int) -> dict[str, tuple[Skill, int]]:
    """The player's rating and rated games in every scope they have played in."""
    rows = (await session.exec(select(RatingChange).where(
        RatingChange.player_id == player_id).order_by(col(RatingChange.id)))).all()
    out: dict[str, tuple[Skill, int]] = {}
    for r in rows:
        out[r.scope] = (Skill(r.mu_after, r.sigma_after), out.get(r.scope, (NEW, 0))[1] + 1)
    return out
