"""A real exported game record with auditable dice: a battle with a casualty choice.

1942 Second Edition; with ``/orders decide:self`` the defender (Germany) chooses its own
casualties, so the record holds a ``/casualties`` line under which the rest of the battle's
rolls are listed. The entropy text is one with which this game's first hit needs a choice.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.console.script import run_lines
from bot.service.dice import AuditableDiceSource
from bot.service.setup import open_service

MASTER_KEY = bytes(range(32))
LINES = [
    "@ana /game new ruleset:aa1942-2e name:casualty",
    '@ana /game join power:"Soviet Union"',
    "@ben /game join power:Germany",
    '@cy /game join power:"United Kingdom"',
    "@dee /game join power:Japan",
    '@eve /game join power:"United States"',
    '@ana /dice entropy text:"charm 0"',
    "@ana /game start",
    "@ben /orders power:Germany decide:self",
    "@ana /done",
    '@ana /move units:"3 infantry, 1 artillery" from:Russia to:"West Russia"',
    '@ana /move units:"1 tank" from:Caucasus to:"West Russia"',
    "@ana /done",
    '@ana /battle territory:"West Russia"',
    '@ben /casualties units:"1 infantry"',
    "@ana /done",
    "@ana /done",
    "@ana /done",
    "@ben /game concede",
]


def exported_record(directory: Path) -> str:
    """Play ``LINES`` on a fresh SQLite file with a known master key and export the game."""

    async def play() -> str:
        source = AuditableDiceSource(MASTER_KEY)
        async with open_service(directory / "game.sqlite3", source) as service:
            results = await run_lines(service, LINES)
            refused = [r for r in results if not r.ok]
            assert not refused, refused
            return await service.export(1)

    return asyncio.run(play())
