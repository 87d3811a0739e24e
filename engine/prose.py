"""Sentences the engine writes for players: one full stop where a name ends with its own,
lists of names written as a sentence lists them, and possessives of names ending in s.

Names such as "Karelia S.S.R." end with a full stop, so a sentence ending with one would
read "in Karelia S.S.R.."; events and refusals pass their text through :func:`one_stop`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_DOUBLE = re.compile(r"(?<!\.)\.\.(?=\s|$|\))")


def one_stop(text: str) -> str:
    """``text`` with a doubled full stop (not an ellipsis) made one."""
    return _DOUBLE.sub(".", text)


def listing(words: Iterable[str], conjunction: str = "and") -> str:
    """``"Soviet Union, United Kingdom and United States"``: a list as a sentence writes it."""
    items = list(words)
    if len(items) < 3:
        return f" {conjunction} ".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def possessive(name: str) -> str:
    """``"Germany's"``, ``"United States'"``: a name ending in s takes the apostrophe alone."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
