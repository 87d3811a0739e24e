"""Tournament standings: score, then head-to-head, then points, then strength of opposition.

Pure: finished games in, ranked rows out. A game's *score* is 1 for a win, 1/2 each for a
draw, 0 for a loss (a bye scores as a win). *Points* follow the organiser's scoring of how
the game ended (a concession or an adjudication may be worth less than a win on the board).
Ties in score are broken by the games among the tied players (head-to-head), then by points,
then by the sum of the opponents' scores (strength of opposition), then by seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.ladder.outcome import ENDINGS
from bot.ladder.pairing import Player

DEFAULT_POINTS: Mapping[str, tuple[float, float]] = {
    "victory_cities": (3.0, 0.0),
    "concession": (3.0, 0.0),
    "adjudication": (2.0, 1.0),
    "forfeit": (3.0, 0.0),
    "bye": (2.0, 0.0),
    "draw": (1.5, 1.5),
}
"""Ending -> (winner's points, loser's points); the organiser may change any of them."""


@dataclass(frozen=True, slots=True)
class Match:
    """One finished game of the tournament; ``second`` is None for a bye."""

    round: int
    first: Player
    second: Player | None
    winner: Player | None
    """None: a draw (or a bye, which the first player wins)."""
    ending: str = "victory_cities"


@dataclass(frozen=True, slots=True)
class Row:
    """One player's line in the standings."""

    rank: int
    player: Player
    score: float
    points: float
    opposition: float
    """Strength of opposition: the sum of the scores of the players met."""
    head_to_head: float
    """Score against the players tied with this one on score."""
    wins: int
    losses: int
    draws: int


@dataclass
class _Tally:
    score: float = 0.0
    points: float = 0.0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    opponents: list[Player] = field(default_factory=list)
    games: list[Match] = field(default_factory=list)


def scoring(overrides: Mapping[str, tuple[float, float]] | None = None
            ) -> dict[str, tuple[float, float]]:
    """The points table: the defaults with the organiser's changes; unknown endings refused."""
    table = dict(DEFAULT_POINTS)
    for ending, pair in (overrides or {}).items():
        if ending not in table:
            known = ", ".join([*ENDINGS, "bye", "draw"])
            raise ValueError(f"No ending called {ending!r} to score; endings: {known}.")
        table[ending] = pair
    return table


def standings(seeds: Sequence[Player], matches: Sequence[Match],
              points: Mapping[str, tuple[float, float]] = DEFAULT_POINTS) -> list[Row]:
    """Every player ranked; a player with no game yet stands at zero."""
    tally = {p: _Tally() for p in seeds}
    for m in matches:
        _count(tally, m, points)
    scores = {p: t.score for p, t in tally.items()}
    opposition = {p: sum(scores[o] for o in t.opponents) for p, t in tally.items()}
    seed = {p: i for i, p in enumerate(seeds)}
    h2h = {p: _head_to_head(p, scores, tally[p].games) for p in seeds}
    ranked = sorted(seeds, key=lambda p: (-scores[p], -h2h[p], -tally[p].points,
                                          -opposition[p], seed[p]))
    return [Row(i + 1, p, scores[p], tally[p].points, opposition[p], h2h[p], tally[p].wins,
                tally[p].losses, tally[p].draws) for i, p in enumerate(ranked)]


def _count(tally: dict[Player, _Tally], m: Match, points: Mapping[str, tuple[float, float]]
           ) -> None:
    first = tally[m.first]
    if m.second is None:
        first.score += 1.0
        first.wins += 1
        first.points += points["bye"][0]
        return
    second = tally[m.second]
    first.games.append(m)
    second.games.append(m)
    first.opponents.append(m.second)
    second.opponents.append(m.first)
    if m.winner is None:
        for t in (first, second):
            t.score += 0.5
            t.draws += 1
            t.points += points["draw"][0]
        return
    won, lost = (first, second) if m.winner == m.first else (second, first)
    win_points, loss_points = points[m.ending]
    won.score += 1.0
    won.wins += 1
    won.points += win_points
    lost.losses += 1
    lost.points += loss_points


def _head_to_head(player: Player, scores: Mapping[Player, float], games: Sequence[Match]
                  ) -> float:
    """The player's score in games against the others tied with them on score."""
    total = 0.0
    for m in games:
        other = m.second if m.first == player else m.first
        if other is None or scores[other] != scores[player]:
            continue
        total += 0.5 if m.winner is None else float(m.winner == player)
    return total
