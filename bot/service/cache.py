"""What a process keeps of its games between commands, bounded: a state holds every unit of a
game, so a process that has seen many games must not keep them all. The games used least
recently go first; a game read again is loaded from its snapshot and log as after a restart.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

T = TypeVar("T")

CACHED_GAMES = 1000
"""How many games' states, seats and pauses a process keeps (``AAREF_CACHED_GAMES``)."""


class VersionCache(Generic[T]):
    """Per game, one value and the game version it is valid at; at most ``size`` games."""

    def __init__(self, size: int = CACHED_GAMES) -> None:
        if size < 1:
            raise ValueError(f"a cache keeps at least one game, not {size}")
        self.size = size
        self._entries: OrderedDict[int, tuple[int, T]] = OrderedDict()

    def get(self, game_id: int, version: int) -> tuple[T] | None:
        """``(value,)`` if the game's value is kept for this version, else None; a hit makes
        the game the most recently used."""
        entry = self._entries.get(game_id)
        if entry is None or entry[0] != version:
            return None
        self._entries.move_to_end(game_id)
        return (entry[1],)

    def put(self, game_id: int, version: int, value: T) -> None:
        """Keep ``value`` for the game at ``version``, dropping the least recently used game
        if there are too many."""
        self._entries[game_id] = (version, value)
        self._entries.move_to_end(game_id)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def carry(self, game_id: int, version: int) -> None:
        """The value kept for the version before ``version`` is valid at ``version`` too."""
        entry = self._entries.get(game_id)
        if entry is not None and entry[0] == version - 1:
            self._entries[game_id] = (version, entry[1])

    def forget(self, game_id: int) -> None:
        """Drop the game's value: the next read loads it again."""
        self._entries.pop(game_id, None)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._entries

    def __len__(self) -> int:
        return len(self._entries)
