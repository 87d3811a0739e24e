"""Forgiving, never-guessing name lookup for spaces, powers and unit types.

Players type "W Russia", "karelia", "sz5" or "Ukrain". A :class:`NameIndex` accepts any
case, spacing and punctuation, aliases and unique prefixes; it refuses to choose between
two meanings (the error lists them) and suggests the nearest names for a misspelling.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping

from .errors import AmbiguousCommandError, NotationError

_FOLD = re.compile(r"[^a-z0-9]+")


def fold(text: str) -> str:
    """Reduce a name to the letters and digits that identify it: ``"S.Z. 5" -> "sz5"``."""
    return _FOLD.sub("", text.lower())


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
            shown = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")
            raise AmbiguousCommandError(
                f'"{text}" could be more than one {self.what}: {shown}. Say which.',
                reason=f"name.ambiguous_{self.what}",
                candidates=names,
                text=text,
            )
        near = self.suggest(text)
        hint = f" Did you mean {' or '.join(near)}?" if near else ""
        raise NotationError(
            f'There is no {self.what} called "{text}".{hint}',
            reason=f"name.unknown_{self.what}",
            text=text,
            suggestions=near,
        )

    def suggest(self, text: str, limit: int = 3) -> list[str]:
        """Display names closest to a misspelling, best first."""
        key = fold(text)
        close = difflib.get_close_matches(key, self._keys, n=limit * 3, cutoff=0.6)
        out: list[str] = []
        for k in close:
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
