"""Benchmark recomputing the ladder from 10,000 recorded games.

1. Pure: every rating from scratch through openskill (two scopes per game: overall and the
   rule set) and a standings table with its tie-breakers over the same games.
2. Stored: the same games as rows of a SQLite file (results, seats, players): every rating
   change deleted and rewritten in one transaction, the ladder read back, then what a
   result correction runs (the changes from the corrected game on, rated again) for the
   newest, a middle and the oldest game.

Games are between 200 players, 1-v-1 and 2-v-3 mixed, with a seeded random winner.

Run: ``python bench/bench_ladder.py [--games 10000] [--players 200]``
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.ladder.queries import ladder
from bot.ladder.ratings import OVERALL, RatedGame, replay_ratings
from bot.ladder.results import recompute_ratings
from bot.ladder.standings import Match, standings
from bot.store import Database, database_url
from bot.store.ladder_models import GameResult, Player, ResultSeat
from bot.store.models import Game

AXIS = ("germany", "japan")
ALLIES = ("soviet_union", "united_kingdom", "united_states")


def recorded_games(count: int, players: int, seed: int = 1) -> list[RatedGame]:
    """Games with players 1..players; every third one is 2-v-3."""
    rng = random.Random(seed)
    games = []
    for game_id in range(1, count + 1):
        size = (2, 3) if game_id % 3 == 0 else (1, 1)
        chosen = rng.sample(range(1, players + 1), sum(size))
        teams = {"Axis": tuple(chosen[:size[0]]), "Allies": tuple(chosen[size[0]:])}
        games.append(RatedGame(game_id, "aa1942-2e", teams, rng.choice(("Axis", "Allies"))))
    return games


def pure(games: list[RatedGame], players: int) -> None:
    began = time.perf_counter()
    book, changes = replay_ratings(games)
    rated = time.perf_counter() - began
    matches = [Match(1, str(g.teams["Axis"][0]), str(g.teams["Allies"][0]),
                     str(g.teams[g.winner][0]) if g.winner else None) for g in games]
    began = time.perf_counter()
    rows = standings([str(p) for p in range(1, players + 1)], matches)
    ranked = time.perf_counter() - began
    print(f"pure: {len(games)} games, {len(changes)} rating changes in {rated:.2f} s; "
          f"standings of {len(rows)} players over {len(matches)} games in {ranked:.2f} s")
    assert len(book) == 2 * players


async def stored(games: list[RatedGame], players: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(database_url(Path(tmp) / "bench.sqlite3"))
        await db.migrate()
        start = datetime(2026, 1, 1, tzinfo=UTC)
        async with db.write() as session:
            session.add_all(Player(id=p, user_id=f"player{p}", kind="console")
                            for p in range(1, players + 1))
            session.add_all(Game(id=g.game_id, channel_id=f"c{g.game_id}", name="bench",
                                 ruleset="aa1942-2e", status="finished", created_by="bench")
                            for g in games)
            await session.flush()
            session.add_all(GameResult(game_id=g.game_id, ruleset=g.ruleset, winner=g.winner,
                                       ending="victory_cities",
                                       recorded_at=start + timedelta(minutes=g.game_id))
                            for g in games)
            await session.flush()
            session.add_all(ResultSeat(game_id=g.game_id, power=power, side=side, player_id=p)
                            for g in games for side, powers in (("Axis", AXIS), ("Allies", ALLIES))
                            for power, p in zip(powers, g.teams[side], strict=False))
        began, cpu = time.perf_counter(), time.process_time()
        async with db.write() as session:
            written = await recompute_ratings(session)
        recomputed, cpu = time.perf_counter() - began, time.process_time() - cpu
        began = time.perf_counter()
        async with db.read() as session:
            table = await ladder(session, OVERALL)
        read = time.perf_counter() - began
        corrections = []
        for where, game in (("the newest", games[-1]), ("the middle", games[len(games) // 2]),
                            ("the oldest", games[0])):
            began = time.perf_counter()
            async with db.write() as session:
                result = await session.get(GameResult, game.game_id)
                count = await recompute_ratings(session, since=result)
            corrections.append(f"{where} game {(time.perf_counter() - began) * 1000:.0f} ms "
                               f"({count} changes)")
        await db.close()
    print(f"stored (SQLite): {written} rating changes recomputed and written in "
          f"{recomputed:.2f} s (CPU {cpu:.2f} s); ladder of {len(table)} players read in {read * 1000:.0f} ms")
    print(f"a correction rates again from the corrected game on: {'; '.join(corrections)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=200)
    args = parser.parse_args()
    games = recorded_games(args.games, args.players)
    pure(games, args.players)
    asyncio.run(stored(games, args.players))


if __name__ == "__main__":
    main()
