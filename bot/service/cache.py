"""What a process keeps of its games between commands, bounded: a state holds every unit of a
game, so a process that has seen many games must not keep them all. The games used least
recently go first; a game read again is loaded from its snapshot and log as after a restart.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")

CACHED_GAMES = 1000
"""How many games' states, seats and pauses a process keeps (``AAREF_CACHED_GAMES``)."""


class Recent(Generic[K, V]):
    """At most ``size`` entries; the least recently used go first."""

    def __init__(self, size: int = CACHED_GAMES) -> None:
        if size < 1:
            raise ValueError(f"a cache keeps at least one game, not {size}")
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """The value kept for ``key``, if any; a hit makes it the most recently used."""
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key``, dropping the least recently used if there are too many."""
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def peek(self, key: K) -> V | None:
        """The value kept for ``key``, if any, leaving the order of use as it is."""
        return self._entries.get(key)

    def replace(self, key: K, value: V) -> None:
        """A new value for a kept ``key``, leaving the order of use as it is."""
        self._entries[key] = value

    def forget(self, key: K) -> None:
        """Drop what is kept for ``key``."""
        self._entries.pop(key, None)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)


class VersionCache(Generic[T]):
    """Per game, one value and the game version it is valid at; at most ``size`` games."""

    def __init__(self, size: int = CACHED_GAMES) -> None:
        self._kept: Recent[int, tuple[int, T]] = Recent(size)

    def get(self, game_id: int, version: int) -> tuple[T] | None:
        """``(value,)`` if the game's value is kept for this version, else None; a hit makes
        the game the most recently used."""
        entry = self._kept.get(game_id)
        if entry is None or entry[0] != version:
            return None
        return (entry[1],)

    def put(self, game_id: int, version: int, value: T) -> None:
        """Keep ``value`` for the game at ``version``, dropping the least recently used game
        if there are too many."""
        self._kept.put(game_id, (version, value))

    def carry(self, game_id: int, version: int) -> None:
        """The value kept for the version before ``version`` is valid at ``version`` too."""
        entry = self._kept.peek(game_id)
        if entry is not None and entry[0] == version - 1:
            self._kept.replace(game_id, (version, entry[1]))

    def forget(self, game_id: int) -> None:
        """Drop the game's value: the next read loads it again."""
        self._kept.forget(game_id)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._kept

    def __len__(self) -> int:
        return len(self._kept)
