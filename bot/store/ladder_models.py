"""The ladder's and tournaments' tables: players, game results and their seats, result
corrections, rating changes, tournaments with their entries and tables.

Apart from ``bot.store.models`` so that only the ladder and tournament code loads them (a
table class costs some milliseconds to build): the console's first prompt and a game's
commands do without.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

from bot.store.models import utcnow


class Player(SQLModel, table=True):
    """A person who plays, independent of any one game: a Discord user or a console name.

    ``user_id`` is what seats store (a Discord snowflake, or a console name); ratings,
    results and tournament entries hang on this row.
    """

    __tablename__ = "players"

    id: int | None = Field(default=None, primary_key=True)
    user_id: str = Field(max_length=64, unique=True)
    kind: str = Field(max_length=16)
    """``discord`` (a snowflake) or ``console`` (a name typed at the local console)."""
    created_at: datetime = Field(default_factory=utcnow)


class GameResult(SQLModel, table=True):
    """How a game ended, written once in the transaction that ended it, whatever ended it.

    ``ending`` is ``victory_cities``, ``concession``, ``adjudication``, ``abandonment`` or
    ``forfeit``; ``cities`` and ``production`` are per side at the end (victory cities held,
    IPC production), the figures a time-limit adjudication and a tie-break read.
    """

    __tablename__ = "game_results"

    game_id: int = Field(foreign_key="games.id", primary_key=True)
    ruleset: str = Field(max_length=40)
    winner: str | None = Field(default=None, max_length=40)
    """The winning side; empty when nobody won (abandoned, or a draw)."""
    ending: str = Field(max_length=24)
    by_power: str | None = Field(default=None, max_length=40)
    """The power that conceded or forfeited, if one did."""
    round: int | None = None
    cities: dict[str, int] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    production: dict[str, int] = Field(
        default_factory=dict, sa_column=Column(JSON, nullable=False)
    )
    rated: bool = True
    recorded_at: datetime = Field(default_factory=utcnow)


class ResultSeat(SQLModel, table=True):
    """Who held a power at the end of a finished game: the teams a rating update reads."""

    __tablename__ = "result_seats"

    game_id: int = Field(foreign_key="game_results.game_id", primary_key=True)
    power: str = Field(max_length=40, primary_key=True)
    side: str = Field(max_length=40)
    player_id: int = Field(foreign_key="players.id", index=True)
    place: int | None = None
    """The power's place where the game ranked its nations (AARHE's Historical Victory: 1 is
    first); empty when a side won. Ratings read it (``bot.ladder.ratings``)."""


class ResultCorrection(SQLModel, table=True):
    """A referee's or organiser's change of a recorded result, with the reason given."""

    __tablename__ = "result_corrections"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game_results.game_id", index=True)
    by: str = Field(max_length=64)
    reason: str
    before: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    after: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)


class RatingChange(SQLModel, table=True):
    """One player's rating before and after one rated game, in one scope.

    The scope is ``overall`` or a rule set id. The unique key makes a second report of the
    same game change nothing; the rows trace every rating to the games that made it.
    """

    __tablename__ = "rating_changes"
    __table_args__ = (UniqueConstraint("game_id", "player_id", "scope"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game_results.game_id", index=True)
    player_id: int = Field(foreign_key="players.id", index=True)
    scope: str = Field(max_length=40)
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float


class Tournament(SQLModel, table=True):
    """An organiser's tournament: its rule system, game options and the organiser's rules.

    ``rules`` holds pairing (``swiss`` or ``knockout``), rounds, deadline hours, bumps, the
    time-limit adjudication rule, the points per ending and the bid award rule.
    """

    __tablename__ = "tournaments"

    id: int | None = Field(default=None, primary_key=True)
    channel_id: str = Field(index=True, max_length=64)
    name: str = Field(max_length=100)
    organiser: str = Field(max_length=64)
    ruleset: str = Field(max_length=40)
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    rules: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    status: str = Field(default="signup", max_length=16)
    """``signup``, ``running`` or ``finished``."""
    round: int = 0
    created_at: datetime = Field(default_factory=utcnow)


class TournamentEntry(SQLModel, table=True):
    """A player signed up for a tournament; the seed is the order of sign-up."""

    __tablename__ = "tournament_entries"
    __table_args__ = (UniqueConstraint("tournament_id", "player_id"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournaments.id", index=True)
    player_id: int = Field(foreign_key="players.id")
    user_id: str = Field(max_length=64)


class TournamentGame(SQLModel, table=True):
    """One table of one round: two players and their game, or a bye (no second, no game).

    The result is the game's recorded result (``game_results``); ``axis`` says which of the
    two played the Axis.
    """

    __tablename__ = "tournament_games"
    __table_args__ = (UniqueConstraint("tournament_id", "round", "table_no"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournaments.id", index=True)
    round: int
    table_no: int
    first: str = Field(max_length=64)
    second: str | None = Field(default=None, max_length=64)
    axis: str | None = Field(default=None, max_length=64)
    game_id: int | None = Field(default=None, foreign_key="games.id", index=True)
    channel_id: str | None = Field(default=None, max_length=64)
    """The channel (Discord: thread) made for the game; kept before the game is created,
    so a retry reuses it."""
