"""Reading the command lines shared by the console, transcripts and Discord.

A line is ``[@user] /word [sub] option:value ...``; values with spaces are quoted
(``power:"Soviet Union"``). Engine commands go to the engine's parser as they are; only the
service's own words (``/game ...``) are split into options here, by the engine's tokenizer
(:func:`engine.tokens.tokenize`), so both read ``from=Ka`` and curly quotes alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import NotationError
from engine.names import shown
from engine.tokens import tokenize


class LineError(ValueError):
    """A line that cannot be read; the message says what was expected."""


@dataclass(frozen=True)
class Line:
    """A command line with its optional ``@user`` prefix split off."""

    user: str | None
    text: str


def split_user(raw: str) -> Line:
    """Separate ``@alice /buy ...`` into ``alice`` and ``/buy ...``."""
    text = raw.strip()
    if not text.startswith("@"):
        return Line(None, text)
    user, _, rest = text[1:].partition(" ")
    if not user:
        raise LineError("expected a user name after '@', as in: @alice /done")
    return Line(user, rest.strip())


def words_and_options(text: str) -> tuple[list[str], dict[str, str]]:
    """``/game join power:"Soviet Union"`` as ``(["game", "join"], {"power": "Soviet Union"})``."""
    if not text.startswith("/"):
        raise LineError(f"commands start with '/', as in /game status ; got {_shown(text)}")
    try:
        tokens = tokenize(text[1:])
    except NotationError as err:
        raise LineError(str(err)) from None
    words: list[str] = []
    options: dict[str, str] = {}
    for token in tokens:
        if token.key is not None:
            if token.key in options:
                raise LineError(f"option {_shown(token.key)} is given twice in {_shown(text)}")
            options[token.key] = token.value.strip()
        elif options:
            raise LineError(f"{_shown(token.raw)} must be written as name:value in {_shown(text)}")
        else:
            words.append(token.value.lower())
    if not words:
        raise LineError(f"no command word in {_shown(text)}")
    return words, options


def subcommand(text: str) -> tuple[str, dict[str, str]]:
    """``/ladder player user:@ana`` as ``("player", {"user": "@ana"})``; raises LineError."""
    words, options = words_and_options(text)
    return (words[1] if len(words) > 1 else ""), options


def _shown(text: str) -> str:
    """Quoted input as refusals show it: cut to a sensible length (``engine.names.shown``)."""
    return repr(shown(text))
