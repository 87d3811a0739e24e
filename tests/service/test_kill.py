"""Restart safety: a writer killed with SIGKILL mid-command leaves each command whole or absent."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from sqlalchemy import text
from sqlmodel import col, select

from bot.service import FixedDiceSource, GameService
from bot.store import Database, DiceLog, Game, LogEntry, Snapshot, database_url
from tests.service import fake_engine
from tests.service.conftest import ALICE, started

ROOT = Path(__file__).resolve().parents[2]


def run_and_kill(db_path: Path, commits: int, delay: float) -> int:
    """Start a writer, let it commit ``commits`` commands, kill it ``delay`` s later."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.service.kill_child", str(db_path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    acknowledged = 0
    while acknowledged < commits:
        assert child.stdout.readline().strip() == "done"
        acknowledged += 1
    time.sleep(delay)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    acknowledged += sum(1 for line in child.stdout if line.strip() == "done")
    return acknowledged


async def check_consistent(db: Database) -> tuple[int, int]:
    """Every battle entry has exactly its roll; returns (battle entries, sum of all dice)."""
    async with db.read() as s:
        if db.is_sqlite:
            assert (await s.exec(text("PRAGMA integrity_check"))).one()[0] == "ok"
        game = (await s.exec(select(Game))).one()
        seqs = (await s.exec(select(LogEntry.seq).order_by(col(LogEntry.seq)))).all()
        battles = (await s.exec(select(LogEntry.seq).where(LogEntry.kind == "play"))).all()
        rolls = (await s.exec(select(DiceLog))).all()
        snaps = (await s.exec(select(Snapshot.seq))).all()
    assert list(seqs) == list(range(1, game.version + 1))
    assert sorted(r.entry_seq for r in rolls) == sorted(battles)
    assert all(len(r.dice or []) == 2 for r in rolls)
    assert max(snaps) <= game.version
    return len(battles), sum(sum(r.dice or []) for r in rolls)


async def test_kill_9_mid_command_loses_nothing_acknowledged(tmp_path: Path) -> None:
    """Kill a real writer process repeatedly; the log stays whole and the game resumes exactly."""
    db_path = tmp_path / "aaref.sqlite3"
    rng = random.Random(20261122)
    acknowledged = 0
    for _ in range(8):
        acknowledged += run_and_kill(db_path, rng.randint(1, 6), rng.uniform(0, 0.012))
        db = Database(database_url(db_path))
        try:
            battles, dice_sum = await check_consistent(db)
            assert acknowledged <= battles <= acknowledged + 1
            acknowledged = battles  # a command committed just before the kill counts too
            resumed = GameService(db, FixedDiceSource([1, 1]), rules=fake_engine)
            state = await resumed.state("c1")
            assert state.dice_total == dice_sum
        finally:
            await db.close()
    db = Database(database_url(db_path))
    try:
        resumed = GameService(db, FixedDiceSource([6, 6]), rules=fake_engine)
        assert (await resumed.submit(ALICE, "c1", "/battle territory:Ukraine")).ok
        assert (await resumed.state("c1")).dice_total == (await check_consistent(db))[1]
    finally:
        await db.close()


def run_two_writers(db_path: Path | str, commits: int) -> int:
    """Run two writers on one game until each committed ``commits``, then kill both."""
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.service.kill_child", str(db_path)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    acknowledged = 0
    for child in children:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
    for child in children:
        assert child.stdout is not None
        for _ in range(commits):
            assert child.stdout.readline().strip() == "done"
    for child in children:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        assert child.stdout is not None
        acknowledged += commits + sum(1 for line in child.stdout if line.strip() == "done")
    return acknowledged


async def test_two_writer_processes_never_interleave(tmp_path: Path) -> None:
    """Two real processes play the same game at once; every command lands whole, in one order."""
    db_path = tmp_path / "aaref.sqlite3"
    db = Database(database_url(db_path))
    await db.migrate()
    await started(GameService(db, FixedDiceSource([]), rules=fake_engine), "c1")
    await db.close()
    acknowledged = run_two_writers(db_path, 15)
    db = Database(database_url(db_path))
    try:
        battles, dice_sum = await check_consistent(db)
        assert acknowledged <= battles <= acknowledged + 2
        state = await GameService(db, FixedDiceSource([]), rules=fake_engine).state("c1")
        assert state.dice_total == dice_sum
    finally:
        await db.close()
