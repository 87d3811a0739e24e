"""Reading the command lines shared by the console, transcripts and Discord.

A line is ``[@user] /word [sub] option:value ...``; values with spaces are quoted
(``power:"Soviet Union"``). Engine commands go to the engine's parser as they are; only the
service's own words (``/game ...``) are split into options here.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from engine.names import shown


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
        tokens = shlex.split(text[1:])
    except ValueError as err:
        raise LineError(f"cannot read {_shown(text)}: {err}") from None
    words: list[str] = []
    options: dict[str, str] = {}
    for token in tokens:
        name, colon, value = token.partition(":")
        if colon and name:
            key = name.lower()
            if key in options:
                raise LineError(f"option {_shown(key)} is given twice in {_shown(text)}")
            options[key] = value.strip()
        elif options:
            raise LineError(f"{_shown(token)} must be written as name:value in {_shown(text)}")
        else:
            words.append(token.lower())
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
