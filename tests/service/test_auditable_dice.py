"""Auditable dice through the service: a period per power's turn, rolls chained, verifiable."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import col, select

from bot.dice.cli import verify_command
from bot.service import AuditableDiceSource, GameService
from bot.store import Database, DiceLog
from tests.service import fake_engine
from tests.service.conftest import ALICE, BOB, started

KEY = bytes(range(32))


async def test_periods_commit_roll_reveal_and_verify(db: Database, tmp_path: Path) -> None:
    """Start commits a period; rolls chain; a turn change reveals it and commits the next."""
    service = GameService(db, AuditableDiceSource(KEY), rules=fake_engine)
    await started(service)
    reply = await service.submit(ALICE, "c1", "/battle territory:Ukraine")
    assert reply.ok, reply.message
    for _ in range(3):
        assert (await service.submit(ALICE, "c1", "/done")).ok
    assert (await service.submit(BOB, "c1", "/battle territory:Poland")).ok
    async with db.read() as s:
        log = (await s.exec(select(DiceLog).order_by(col(DiceLog.pos)))).all()
    assert [d.type for d in log] == ["commit", "roll", "reveal", "commit", "roll"]
    assert [d.period for d in log] == ["1-r1-soviet_union"] * 3 + ["2-r1-germany"] * 2
    assert log[4].body["prev"] == log[1].body["hash"]
    record = tmp_path / "game.record"
    record.write_text(await service.export("c1"))
    assert verify_command(str(record)) == 0
    state = await GameService(db, AuditableDiceSource(KEY), rules=fake_engine).state("c1")
    assert state.dice_total == sum(sum(d.dice or []) for d in log)


async def test_tampered_roll_fails_verification(db: Database, tmp_path: Path) -> None:
    """Changing one die in an exported record is caught by the verifier."""
    service = GameService(db, AuditableDiceSource(KEY), rules=fake_engine)
    await started(service)
    await service.submit(ALICE, "c1", "/battle territory:Ukraine")
    for _ in range(3):
        await service.submit(ALICE, "c1", "/done")
    text = await service.export("c1")
    line = next(x for x in text.splitlines() if x.startswith('% dice {"type":"roll"'))
    dice_at = line.index('"dice":[') + len('"dice":[')
    face = int(line[dice_at])
    tampered = line[:dice_at] + str(face % 6 + 1) + line[dice_at + 1 :]
    record = tmp_path / "game.record"
    record.write_text(text.replace(line, tampered))
    assert verify_command(str(record)) == 1
