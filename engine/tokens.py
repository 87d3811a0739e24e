"""The one reader and the one writer of command-line tokens.

Every front end speaks the engine's notation, so the engine owns how a line splits into
words and ``name:value`` options (:func:`tokenize`) and how a value is written back
(:func:`quote`). The engine's parser, the service's own commands, the console and the
Discord bridge all use these two, so a line means the same wherever it is typed:

- an option is ``name:value`` or ``name=value`` (``from=Ka`` is ``from:Ka``);
- a value with spaces is quoted with straight or typographic quotes, as phones type them
  (``"West Russia"``, ``“West Russia”``, ``‘West Russia’``); inside double quotes a
  backslash keeps the next character as it is (``\\"``);
- a single quote inside a word is an apostrophe (``it's``); a quote left open is refused.

``tokenize(f"k:{quote(v)}")`` gives ``v`` back for any text ``v``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import NotationError
from .names import shown

DOUBLE_QUOTES = '"“”„‟'
"""Quotes that open or close a double-quoted value, straight or typographic."""
SINGLE_QUOTES = "'‘’‚‛"
"""Quotes that open or close a single-quoted value; inside a word they are apostrophes."""

_BARE = re.compile(r"[\w.\-]+")
_KEY = re.compile(r"([A-Za-z_][\w-]*)[ \t]*[:=][ \t]*")


@dataclass(frozen=True, slots=True)
class Token:
    """One word or option of a line: ``key`` is the option name (lower case, ``_`` for
    ``-``), None for a loose word; ``raw`` is the text as typed."""

    key: str | None
    value: str
    raw: str


def quote(value: str) -> str:
    """``value`` as the notation writes it: a bare word as it is, anything else in double
    quotes, with a backslash before a backslash or a double quote inside.

    >>> quote("Germany"), quote("aa1942-2e"), quote("West Russia"), quote('say "hi"')
    ('Germany', 'aa1942-2e', '"West Russia"', '"say \\\\"hi\\\\""')
    """
    if _BARE.fullmatch(value):
        return value
    escaped = "".join("\\" + c if c == "\\" or c in DOUBLE_QUOTES else c for c in value)
    return f'"{escaped}"'


def tokenize(text: str) -> list[Token]:
    """Split a line into loose words and ``name:value`` options, in the order typed.

    >>> [(t.key, t.value) for t in tokenize('/move from=Ka to:“West Russia”')]
    [(None, '/move'), ('from', 'Ka'), ('to', 'West Russia')]

    Raises:
        NotationError: a quote is opened and never closed.
    """
    tokens: list[Token] = []
    pos = _skip_space(text, 0)
    while pos < len(text):
        start = pos
        key = None
        found = _KEY.match(text, pos)
        if found:
            key = found.group(1).lower().replace("-", "_")
            pos = found.end()
            if pos == len(text) or text[pos].isspace() or _KEY.match(text, pos):
                tokens.append(Token(key, "", text[start:pos].rstrip()))
                pos = _skip_space(text, pos)
                continue
        value, pos = _value(text, pos)
        tokens.append(Token(key, value, text[start:pos]))
        pos = _skip_space(text, pos)
    return tokens


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


def _value(text: str, pos: int) -> tuple[str, int]:
    """The value starting at ``pos`` and where it ends: quoted, or up to the next space."""
    opener = text[pos]
    if opener in DOUBLE_QUOTES or opener in SINGLE_QUOTES:
        closers = DOUBLE_QUOTES if opener in DOUBLE_QUOTES else SINGLE_QUOTES
        out: list[str] = []
        i = pos + 1
        while i < len(text):
            char = text[i]
            if char == "\\" and i + 1 < len(text):
                out.append(text[i + 1])
                i += 2
                continue
            ends_word = i + 1 == len(text) or text[i + 1].isspace()
            if char in closers and (closers is DOUBLE_QUOTES or ends_word):
                return "".join(out), i + 1
            out.append(char)
            i += 1
        raise NotationError(f"A quote is never closed in: {shown(text)} (close it, or leave "
                            "the quotes out).",
                            reason="notation.quotes", text=text)
    end = pos
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[pos:end], end
