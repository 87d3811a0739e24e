"""Forgiving, never-guessing name lookup for spaces, powers and unit types.

Players type "W Russia", "karelia", "sz5" or "Ukrain". A :class:`NameIndex` accepts any
case, spacing and punctuation, aliases and unique prefixes; it refuses to choose between
two meanings (the error lists them) and suggests the nearest names for a misspelling.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from .errors import AmbiguousCommandError, NotationError

_FOLD = re.compile(r"[^a-z0-9]+")


def fold(text: str) -> str:
    """Reduce a name to the letters and digits that identify it: ``"S.Z. 5" -> "sz5"``."""
    return _FOLD.sub("", text.lower())


SHOWN_LENGTH = 40
"""How much of a player's text a refusal quotes back."""


def shown(text: str, limit: int = SHOWN_LENGTH) -> str:
    """``text`` as a message quotes it: cut to ``limit`` characters, the cut marked."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def typos(a: str, b: str, limit: int) -> int:
    """Letters added, dropped, changed or swapped to turn ``a`` into ``b`` (optimal string
    alignment distance); any value above ``limit`` is returned as ``limit + 1``."""
    previous: list[int] = []
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        before, previous, row = previous, row, [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], before[j - 2] + 1)
        if min(row) > limit:
            return limit + 1
    return min(row[-1], limit + 1)


class NameIndex:
    """Maps every way of writing a thing's name to its id."""

    def __init__(self, what: str, names: Mapping[str, Iterable[str]], display: Mapping[str, str]):
        """``names``: id -> all its spellings; ``display``: id -> the name shown to players."""
        self.what = what
        self.display = dict(display)
        self._exact: dict[str, set[str]] = {}
        for ident, spellings in names.items():
            for spelling in (ident, display[ident], *spellings):
                key = fold(spelling)
                if key:
                    self._exact.setdefault(key, set()).add(ident)
        self._keys = sorted(self._exact)

    def collisions(self) -> dict[str, set[str]]:
        """Spellings shared by two different things: a data error in the map files."""
        return {k: v for k, v in self._exact.items() if len(v) > 1}

    def find(self, text: str) -> str:
        """Return the one id that ``text`` names.

        Raises:
            AmbiguousCommandError: ``text`` is a prefix of several names.
            NotationError: nothing matches; the message suggests the nearest names.
        """
        key = fold(text)
        if not key:
            raise NotationError(f"Give a {self.what} name.", reason=f"name.empty_{self.what}")
        exact = self._exact.get(key)
        if exact and len(exact) == 1:
            return next(iter(exact))
        matches = exact or {i for k in self._keys if k.startswith(key) for i in self._exact[k]}
        if len(matches) == 1:
            return next(iter(matches))
        if matches:
            names = sorted(self.display[m] for m in matches)
            listed = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")
            raise AmbiguousCommandError(
                f'"{shown(text)}" could be more than one {self.what}: {listed}. Say which.',
                reason=f"name.ambiguous_{self.what}",
                candidates=names,
                text=text,
            )
        near = self.suggest(text)
        hint = f" Did you mean {' or '.join(near)}?" if near else ""
        raise NotationError(
            f'There is no {self.what} called "{shown(text)}".{hint}',
            reason=f"name.unknown_{self.what.replace(' ', '_')}",
            text=text,
            suggestions=near,
        )

    def suggest(self, text: str, limit: int = 3) -> list[str]:
        """Display names of the spellings within a few typos of ``text``, closest first.

        A typo is one letter added, dropped, changed or two swapped; a name is suggested
        only within one typo per four letters (at least one), so that a name with nothing
        in common ("Narnia") gets no guesses rather than unrelated ones.
        """
        key = fold(text)
        allowed = max(1, len(key) // 4)
        scored = sorted((d, k) for k in self._keys
                        if abs(len(k) - len(key)) <= allowed
                        and (d := typos(key, k, allowed)) <= allowed)
        out: list[str] = []
        for _, k in scored:
            for ident in sorted(self._exact[k]):
                name = self.display[ident]
                if name not in out:
                    out.append(name)
        return out[:limit]

    def complete(self, prefix: str, among: Iterable[str] | None = None, limit: int = 25) -> list[str]:
        """Display names starting with (or containing) ``prefix``, for autocomplete."""
        key = fold(prefix)
        pool = self.display if among is None else {i: self.display[i] for i in among}
        starts = [n for i, n in pool.items() if fold(n).startswith(key)]
        inside = [n for i, n in pool.items() if key in fold(n) and n not in starts]
        return (sorted(starts) + sorted(inside))[:limit]
