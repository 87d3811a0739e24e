"""One queue per key (a game), made when someone waits on it and dropped when nobody does."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


class Queues(Generic[K]):
    """``async with queues.turn(key)``: one holder per key at a time, first come first served."""

    def __init__(self) -> None:
        self._locks: dict[K, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def turn(self, key: K) -> AsyncIterator[None]:
        lock, waiting = self._locks.get(key) or (asyncio.Lock(), 0)
        self._locks[key] = (lock, waiting + 1)
        try:
            async with lock:
                yield
        finally:
            lock, waiting = self._locks[key]
            if waiting == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, waiting - 1)

    def __len__(self) -> int:
        """How many keys have a holder or someone waiting."""
        return len(self._locks)
