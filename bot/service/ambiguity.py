"""Re-writing a command line with one candidate for a name that fitted several.

The engine never guesses: ``from:Ka`` fits Karelia S.S.R. and Kazakh S.S.R., so it refuses and
lists both. A front end offers them; the pick becomes the same line with the name replaced,
submitted again as a new request.
"""

from __future__ import annotations

import re
import shlex

_BARE = re.compile(r"[\w.\-]+")


def quote(value: str) -> str:
    """A value as the engine's notation writes it: bare words bare, anything else quoted."""
    if _BARE.fullmatch(value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def substitute(line: str, text: str, choice: str) -> str:
    """``line`` with the option value ``text`` (or its first occurrence inside a value, as in
    a path or a unit list) replaced by ``choice``; unchanged when ``text`` is nowhere."""
    tokens = shlex.split(line)
    options = [t.partition(":") for t in tokens]
    values = [value for _, colon, value in options if colon]
    wanted = text.strip().casefold()
    exact = [i for i, v in enumerate(values) if v.strip().casefold() == wanted]
    inside = [i for i, v in enumerate(values) if wanted and wanted in v.casefold()]
    found = exact or inside
    target = found[0] if found else None
    out: list[str] = []
    number = -1
    for token, (name, colon, value) in zip(tokens, options, strict=True):
        if not colon:
            out.append(token)
            continue
        number += 1
        if number == target:
            if number in exact:
                value = choice
            else:
                at = value.casefold().index(wanted)
                value = value[:at] + choice + value[at + len(wanted) :]
        out.append(f"{name}:{quote(value)}")
    return " ".join(out)
