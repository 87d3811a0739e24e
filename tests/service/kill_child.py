"""A writer process for the kill -9 test: plays ``/battle`` on one game until it is killed.

Prints ``done`` after each committed command, so the parent knows what was acknowledged.
The engine double sleeps inside ``apply``, within the write transaction, to widen the window
in which a kill lands mid-command.
"""

from __future__ import annotations

import asyncio
import sys
import time
from types import SimpleNamespace
from typing import Any

from bot.service import FixedDiceSource, GameService
from bot.store import Database, database_url
from tests.service import fake_engine
from tests.service.conftest import ALICE, started


def _slow_apply(state: Any, command: Any, dice: Any) -> Any:
    outcome = fake_engine.apply(state, command, dice)
    time.sleep(0.003)
    return outcome


SLOW = SimpleNamespace(**{**vars(fake_engine), "apply": _slow_apply})


async def main(where: str) -> None:
    """``where`` is a database URL, or the path of a SQLite file."""
    db = Database(where if "://" in where else database_url(where))
    await db.migrate()
    values = [(i * 7) % 6 + 1 for i in range(100_000)]
    service = GameService(db, FixedDiceSource(values), rules=SLOW, snapshot_every=7)
    if not (await service.status("c1")).ok:
        await started(service)
    print("ready", flush=True)
    while True:
        reply = await service.submit(ALICE, "c1", "/battle territory:Ukraine")
        assert reply.ok, reply.message
        print("done", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
