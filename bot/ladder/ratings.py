"""Team-aware ratings through openskill (Weng-Lin, Plackett-Luce): no rating math here.

A game is two teams, the players of each side; a player holding several powers of a side
counts once. Every seat's player is updated, in a 1-v-1 game as in a 2-v-3 one. A ranked
result (AARHE's Historical Victory places the nations) rates every player on their own by
the best place among the nations they held, openskill taking the places as ranks (ties
share one). Each rated game updates two scopes: ``overall`` and its rule set. Pure:
ratings in, changes out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

OVERALL = "overall"
_MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Skill:
    """A rating: mean skill and its uncertainty."""

    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The conservative figure standings sort by: mu - 3 sigma (openskill's ordinal)."""
        return _MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal()


NEW = Skill(_MODEL.mu, _MODEL.sigma)
"""Where every player starts."""


@dataclass(frozen=True, slots=True)
class RatedGame:
    """What a rating update needs of a finished game: its teams and who won."""

    game_id: int
    ruleset: str
    teams: Mapping[str, tuple[int, ...]]
    """Side -> player ids holding its powers."""
    winner: str | None
    """The winning side, or None for a draw."""
    places: Mapping[int, int] = field(default_factory=dict)
    """A ranked result: player id -> place (1 first, ties sharing a place); empty when a
    side won or drew."""


@dataclass(frozen=True, slots=True)
class Change:
    """One player's rating before and after one game, in one scope."""

    game_id: int
    player_id: int
    scope: str
    before: Skill
    after: Skill


Book = dict[tuple[int, str], Skill]
"""(player id, scope) -> current rating; a player not in it has :data:`NEW`."""


def is_ratable(teams: Mapping[str, Iterable[int]], places: Mapping[int, int] | None = None) -> bool:
    """Two sides, each with a player, and nobody on both (a hot-seat game rates nobody); a
    ranked result, two players or more."""
    if places:
        return len(places) >= 2
    groups = [set(t) for t in teams.values()]
    return len(groups) == 2 and all(groups) and not groups[0] & groups[1]


def best_places(seats: Iterable[tuple[int, int | None]]) -> dict[int, int]:
    """Player id -> the best place among the nations they held, from (player, place) per
    seat; empty when no seat has a place (a side's win)."""
    out: dict[int, int] = {}
    for player, place in seats:
        if place is not None:
            out[player] = min(place, out.get(player, place))
    return out


def rate_game(book: Mapping[tuple[int, str], Skill], game: RatedGame) -> list[Change]:
    """The changes one game makes in both of its scopes (``book`` is not changed)."""
    ranks: list[float]
    teams: list[tuple[int, ...]]
    if game.places:
        players = sorted(game.places)
        ranks = [float(game.places[p]) for p in players]
        teams = [(p,) for p in players]
    else:
        sides = sorted(game.teams)
        ranks = [0 if game.winner in (None, side) else 1 for side in sides]
        teams = [tuple(dict.fromkeys(game.teams[side])) for side in sides]
    changes: list[Change] = []
    rated: dict[tuple[tuple[Skill, ...], ...], list[list[Skill]]] = {}
    for scope in (OVERALL, game.ruleset):
        before = tuple(tuple(book.get((p, scope), NEW) for p in team) for team in teams)
        if before not in rated:           # the same ratings in both scopes: rate them once
            after = _MODEL.rate(
                [[_MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in before],
                ranks=ranks,
            )
            rated[before] = [[Skill(r.mu, r.sigma) for r in team] for team in after]
        for team, olds, news in zip(teams, before, rated[before], strict=True):
            for player, old, new in zip(team, olds, news, strict=True):
                changes.append(Change(game.game_id, player, scope, old, new))
    return changes


def replay_ratings(games: Iterable[RatedGame], start: Mapping[tuple[int, str], Skill] | None = None
                   ) -> tuple[Book, list[Change]]:
    """Every rating from ``start`` (default: from scratch), game by game in the order given
    (the order of record)."""
    book: Book = dict(start or {})
    changes: list[Change] = []
    for game in games:
        made = rate_game(book, game)
        for change in made:
            book[(change.player_id, change.scope)] = change.after
        changes += made
    return book, changes
