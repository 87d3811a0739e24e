"""A writer process for the kill -9 tests: plays 1942 Second Edition on one game, random
legal play through the service, until it is killed.

Prints ``done <request id>`` after each accepted command and ``refused <request id>`` after
each refusal, so the parent knows what was acknowledged. Its request ids start with the
prefix it is given, so that no two writers' ids meet.
"""

from __future__ import annotations

import asyncio
import sys
import zlib

from bot.service import AuditableDiceSource, GameService
from bot.store import Database, database_url
from tests.service.conftest import DICE_KEY, SEATS, started
from tests.service.service_play import ServicePlayout


def say(request_id: str, ok: bool) -> None:
    """One write per report, so a kill cuts a report off whole or leaves a part without its
    line end (which the parent does not count)."""
    sys.stdout.write(f"{'done' if ok else 'refused'} {request_id}\n")
    sys.stdout.flush()


async def main(where: str, prefix: str) -> None:
    """``where`` is a database URL, or the path of a SQLite file."""
    db = Database(where if "://" in where else database_url(where))
    await db.migrate()
    service = GameService(db, AuditableDiceSource(DICE_KEY), snapshot_every=7)
    if not (await service.status("c1")).ok:
        await started(service)
    playout = await ServicePlayout.on(service, "c1", SEATS, zlib.crc32(prefix.encode()),
                                      prefix=prefix, heard=say)
    print("ready", flush=True)
    await playout.play(sys.maxsize)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
