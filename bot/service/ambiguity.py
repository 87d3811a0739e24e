"""Re-writing a command line with one candidate for a name that fitted several.

The engine never guesses: ``from:Ka`` fits Karelia S.S.R. and Kazakh S.S.R., so it refuses and
lists both. A front end offers them; the pick becomes the same line with the name replaced,
submitted again as a new request.
"""

from __future__ import annotations

from engine.tokens import quote, tokenize


def substitute(line: str, text: str, choice: str) -> str:
    """``line`` with the option value ``text`` (or its first occurrence inside a value, as in
    a path or a unit list) replaced by ``choice``; unchanged when ``text`` is nowhere."""
    tokens = tokenize(line)
    values = [t.value for t in tokens if t.key is not None]
    wanted = text.strip().casefold()
    exact = [i for i, v in enumerate(values) if v.strip().casefold() == wanted]
    inside = [i for i, v in enumerate(values) if wanted and wanted in v.casefold()]
    found = exact or inside
    target = found[0] if found else None
    out: list[str] = []
    number = -1
    for token in tokens:
        if token.key is None:
            out.append(token.raw)
            continue
        number += 1
        value = token.value
        if number == target:
            if number in exact:
                value = choice
            else:
                at = value.casefold().index(wanted)
                value = value[:at] + choice + value[at + len(wanted) :]
        out.append(f"{token.key}:{quote(value)}")
    return " ".join(out)
