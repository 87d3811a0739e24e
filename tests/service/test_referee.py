"""The referee's /game pause, /game resume and /game replace, typed in the console against the
real 1942 Second Edition engine on a SQLite file (and a PostgreSQL server when one can be
started), with a clock moved by hand."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.console.console import Console
from bot.scheduler.clock import ManualClock
from bot.service import FixedDiceSource, GameService
from bot.store import Database
from tests.store.conftest import pg_base, url

__all__ = ["pg_base", "url"]

SEATS = {"Soviet Union": "ana", "Germany": "ben", "United Kingdom": "ana", "Japan": "ben",
         "United States": "ana"}
START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
async def console(url: str, tmp_path: Path
                  ) -> AsyncIterator[tuple[Console, list[str], ManualClock]]:
    """A console where ``ref`` acts with the referee role, on a started game with 24-hour
    deadlines that simply wait."""
    db = Database(url)
    await db.migrate()
    clock = ManualClock(START)
    out: list[str] = []
    shell = Console(GameService(db, FixedDiceSource([1] * 50), clock=clock), "ref",
                    images=tmp_path / "images", write=out.append, referees=("ref",))
    await shell.handle("@ana /game new ruleset:aa1942-2e name:sunday")
    for power, who in SEATS.items():
        await shell.handle(f'@{who} /game join power:"{power}"')
    await shell.handle("@ana /game settings deadline_hours:24 reminders:none")
    await shell.handle("@ana /game start")
    out.clear()
    yield shell, out, clock
    await db.close()


async def said(shell: Console, out: list[str], line: str) -> str:
    out.clear()
    await shell.handle(line)
    return "\n".join(out)


async def test_a_pause_stops_players_and_deadlines_until_resumed(console) -> None:
    shell, out, clock = console
    assert "(only you) Only a referee" in await said(shell, out, "@ben /game pause")
    clock.advance(hours=1)
    paused = await said(shell, out, '@ref /game pause reason:"rules question"')
    assert "@ref paused game #1 (sunday): rules question. Deadlines stop" in paused
    refused = await said(shell, out, '@ana /buy units:"1 infantry"')
    assert refused == ("(only you) The game is paused by @ref since 2026-03-01T13:00Z: rules "
                       "question. A referee can /game resume.")
    fix = await said(shell, out, '@ref /buy units:"1 infantry"')   # referees still correct
    assert "Referee correction by @ref for Soviet Union" in fix
    assert "Deadline" not in await said(shell, out, "@ben /game status")
    clock.advance(hours=47)                        # far past the 24 hours: no expiry runs
    assert "deadline for" not in await said(shell, out, "@ben /game status")
    assert "(only you) Only a referee" in await said(shell, out, "@ben /game resume")
    resumed = await said(shell, out, "@ana /game resume")          # the game's creator
    # 1 hour ran before the pause, 47 paused: 23 hours left from now.
    assert "Soviet Union to act (Purchase Units). Deadline: 2026-03-04T11:00Z." in resumed
    assert "ping: @ana" in resumed
    assert "not paused" in await said(shell, out, "@ref /game resume")
    assert "buys 1 infantry" in await said(shell, out, '@ana /buy units:"1 infantry"')
    history = await said(shell, out, "@ben /game history last:4")
    assert "@ref: /game pause reason:\"rules question\"" in history
    assert "@ref (Soviet Union) [correction]: /buy" in history
    assert "@ana: /game resume" in history


async def test_replace_hands_a_seat_over_and_restarts_a_due_clock(console) -> None:
    shell, out, clock = console
    assert "(only you) Only a referee" in await said(
        shell, out, "@ana /game replace power:Germany user:cat")
    clock.advance(hours=5)
    handed = await said(shell, out, "@ref /game replace power:Germany user:cat")
    assert "@ref (referee) hands Germany to @cat (was @ben)." in handed
    assert "ping: @cat" in handed and "Deadline" not in handed      # not Germany's input
    clock.advance(hours=5)
    handed = await said(shell, out, '@ref /game replace power:"Soviet Union" user:@dora')
    assert "Soviet Union to act (Purchase Units). Deadline: 2026-03-02T22:00Z." in handed
    assert "(only you) It is Soviet Union's move" in await said(shell, out, "@ana /done")
    assert "Soviet Union" in await said(shell, out, "@dora /done")
    assert "already plays" in await said(shell, out, "@ref /game replace power:Germany user:cat")
    history = await said(shell, out, "@ben /game history last:3")
    assert "@ref (Germany): /game replace power:germany user:cat" in history
