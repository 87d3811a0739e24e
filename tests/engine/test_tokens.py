"""One tokenizer and one quoting function for every front end (issue 11, "One command
registry": they used to disagree on ``from=Ka`` and on curly quotes)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import GameState, Move, NotationError, parse_command
from engine.notation import split_line
from engine.tokens import quote, tokenize

from bot.service.lines import LineError, words_and_options


def pairs(text: str) -> list[tuple[str | None, str]]:
    return [(t.key, t.value) for t in tokenize(text)]


@pytest.mark.parametrize("text", ["/move from:Ka", "/move from=Ka", "/move from = Ka",
                                  "/move FROM:Ka", "/move from: Ka"])
def test_colon_and_equals_name_an_option_alike(text: str) -> None:
    assert pairs(text) == [(None, "/move"), ("from", "Ka")]


@pytest.mark.parametrize("typed", ['"West Russia"', "“West Russia”", "‘West Russia’",
                                   "'West Russia'", "„West Russia“", "”West Russia”"])
def test_straight_and_curly_quotes_read_the_same(typed: str) -> None:
    """Phones replace " by “ ” and ' by ‘ ’; each pair quotes a value with spaces."""
    assert pairs(f"/retreat to:{typed}") == [(None, "/retreat"), ("to", "West Russia")]


def test_an_apostrophe_inside_a_word_is_no_quote() -> None:
    assert pairs("/game new name:Bob's") == [(None, "/game"), (None, "new"), ("name", "Bob's")]
    assert pairs("/game new name:‘Bob’s game’") == \
        [(None, "/game"), (None, "new"), ("name", "Bob’s game")]


@pytest.mark.parametrize("text", ['/move to:"West Russia', "/move to:“West Russia",
                                  "/game new name:'sunday league"])
def test_an_unclosed_quote_is_refused_by_every_reader(text: str) -> None:
    with pytest.raises(NotationError, match="never closed") as err:
        tokenize(text)
    assert err.value.reason == "notation.quotes"
    with pytest.raises(NotationError, match="never closed"):
        split_line(text)
    with pytest.raises(LineError, match="never closed"):
        words_and_options(text)


def test_an_option_left_empty_does_not_swallow_the_next() -> None:
    assert pairs("/game settings reminders: deadline_hours:3") == \
        [(None, "/game"), (None, "settings"), ("reminders", ""), ("deadline_hours", "3")]


@given(st.text())
def test_quote_then_tokenize_gives_the_value_back(value: str) -> None:
    assert pairs(f"/press note:{quote(value)} x:1") == \
        [(None, "/press"), ("note", value), ("x", "1")]


def test_bare_words_stay_bare() -> None:
    assert [quote(v) for v in ("Germany", "aa1942-2e", "3", "West Russia", "x:y", "")] == \
        ["Germany", "aa1942-2e", "3", '"West Russia"', '"x:y"', '""']


def test_engine_and_service_read_one_line_the_same() -> None:
    """The service's own commands and the engine's parser split a line identically."""
    line = '/game join power=“Soviet Union” note:\'it is\''
    assert words_and_options(line) == (["game", "join"],
                                       {"power": "Soviet Union", "note": "it is"})
    assert split_line(line) == ("game", {"power": "Soviet Union", "note": "it is"}, ["join"])


def test_a_phone_typed_move_is_the_typed_move(opening: GameState) -> None:
    """``from=`` and curly quotes reach the same command as the canonical line."""
    typed = parse_command("/move units=“2 inf” from=Germany to:‘Poland’", opening)
    assert typed == parse_command('/move units:"2 infantry" from:Germany to:Poland', opening)
    assert isinstance(typed, Move)
