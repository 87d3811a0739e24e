"""Restart safety: a writer killed with SIGKILL mid-command leaves each command whole or absent.

The writers play 1942 Second Edition by random legal play (tests/engine/playout.py) through
the real service with auditable dice; afterwards every acknowledged command is stored once
with its rolls, every roll verifies, and the stored log replays to the position the service
loads."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.service import AuditableDiceSource, GameService
from bot.store import Database, database_url
from tests.service.conftest import DICE_KEY, SEATS, started
from tests.service.consistency import Heard, check_consistent
from tests.service.service_play import ServicePlayout

ROOT = Path(__file__).resolve().parents[2]


def writer(where: Path | str, prefix: str) -> subprocess.Popen[str]:
    """A writer process on the game in channel c1 of ``where``, once it said it is ready."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.service.kill_child", str(where), prefix],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    return child


def hear_until(child: subprocess.Popen[str], heard: Heard, commits: int) -> None:
    """Read the writer's reports until it acknowledged ``commits`` more commands."""
    assert child.stdout is not None
    goal = len(heard.acknowledged) + commits
    while len(heard.acknowledged) < goal:
        line = child.stdout.readline()
        assert line, "the writer stopped"
        heard.hear(line)


def kill(child: subprocess.Popen[str], heard: Heard) -> None:
    """SIGKILL the writer, then read what it reported before it died."""
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    assert child.stdout is not None
    for line in child.stdout:
        if line.endswith("\n"):  # a report the kill cut short was never made
            heard.hear(line)


async def test_kill_9_mid_command_loses_nothing_acknowledged(tmp_path: Path) -> None:
    """Kill a real writer process repeatedly; the log stays whole and the game resumes exactly."""
    db_path = tmp_path / "aaref.sqlite3"
    rng = random.Random(20261122)
    heard = Heard()
    for kills in range(1, 9):
        child = writer(db_path, f"k{kills}")
        hear_until(child, heard, rng.randint(1, 6))
        time.sleep(rng.uniform(0, 0.012))
        kill(child, heard)
        db = Database(database_url(db_path))
        try:
            await check_consistent(db, heard, kills)
        finally:
            await db.close()
    db = Database(database_url(db_path))
    try:
        resumed = GameService(db, AuditableDiceSource(DICE_KEY))
        before, _ = await check_consistent(db, heard, 8)
        playout = await ServicePlayout.on(resumed, "c1", SEATS, 1, prefix="resumed",
                                          heard=heard.note)
        await playout.play(5)
        commands, rolls = await check_consistent(db, heard, 8)
        assert commands >= before + 5 and rolls > 0, (commands, rolls)
    finally:
        await db.close()


def run_two_writers(where: Path | str, commits: int) -> Heard:
    """Run two writers on one game until each committed ``commits``, then kill both."""
    heard = Heard()
    children = [writer(where, f"w{n}") for n in (1, 2)]
    for child in children:
        hear_until(child, heard, commits)
    for child in children:
        kill(child, heard)
    return heard


async def test_two_writer_processes_never_interleave(tmp_path: Path) -> None:
    """Two real processes play the same game at once; every command lands whole, in one order."""
    db_path = tmp_path / "aaref.sqlite3"
    db = Database(database_url(db_path))
    await db.migrate()
    await started(GameService(db, AuditableDiceSource(DICE_KEY)), "c1")
    await db.close()
    heard = run_two_writers(db_path, 15)
    db = Database(database_url(db_path))
    try:
        commands, rolls = await check_consistent(db, heard, 2)
        assert commands >= 30 and rolls > 0, (commands, rolls)
    finally:
        await db.close()
