"""Auditable dice through the service: a period per power's turn, rolls chained, verifiable."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import col, select

from bot.dice.cli import verify_command
from bot.service import AuditableDiceSource, GameService
from bot.service.record import replay_record
from bot.store import Database, DiceLog
from tests.service.conftest import (
    DICE_KEY,
    GERMAN_ATTACK,
    GERMAN_BATTLE,
    SOVIET_ATTACK,
    SOVIET_BATTLE,
    end_turn,
    play,
    started,
)


async def test_periods_commit_roll_reveal_and_verify(db: Database, tmp_path: Path) -> None:
    """Start commits a period; rolls chain; a turn change reveals it and commits the next."""
    service = GameService(db, AuditableDiceSource(DICE_KEY))
    await started(service)
    await play(service, [*SOVIET_ATTACK, SOVIET_BATTLE])
    await end_turn(service)
    await play(service, [*GERMAN_ATTACK, GERMAN_BATTLE])
    async with db.read() as s:
        log = (await s.exec(select(DiceLog).order_by(col(DiceLog.pos)))).all()
    soviet = next(i for i, d in enumerate(log) if d.type == "reveal")
    assert soviet > 2 and log[soviet + 1].type == "commit" and len(log) > soviet + 2
    assert [d.type for d in log] == (
        ["commit"] + ["roll"] * (soviet - 1) + ["reveal", "commit"]
        + ["roll"] * (len(log) - soviet - 2))
    assert [d.period for d in log] == (
        ["1-r1-soviet_union"] * (soviet + 1) + ["2-r1-germany"] * (len(log) - soviet - 1))
    assert log[soviet + 2].body["prev"] == log[soviet - 1].body["hash"]
    text = await service.export("c1")
    record = tmp_path / "game.record"
    record.write_text(text)
    assert verify_command(str(record)) == 0
    fresh = GameService(db, AuditableDiceSource(DICE_KEY))
    replayed = replay_record(fresh.rules, text)
    assert not replayed.errors and replayed.state == await fresh.state("c1")


async def test_tampered_roll_fails_verification(db: Database, tmp_path: Path) -> None:
    """Changing one die in an exported record is caught by the verifier."""
    service = GameService(db, AuditableDiceSource(DICE_KEY))
    await started(service)
    await play(service, [*SOVIET_ATTACK, SOVIET_BATTLE])
    await end_turn(service)
    text = await service.export("c1")
    line = next(x for x in text.splitlines() if x.startswith('% dice {"type":"roll"'))
    dice_at = line.index('"dice":[') + len('"dice":[')
    face = int(line[dice_at])
    tampered = line[:dice_at] + str(face % 6 + 1) + line[dice_at + 1 :]
    record = tmp_path / "game.record"
    record.write_text(text)
    assert verify_command(str(record)) == 0
    record.write_text(text.replace(line, tampered))
    assert verify_command(str(record)) == 1
