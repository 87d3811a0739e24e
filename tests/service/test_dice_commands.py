"""/dice verify, /dice log and /dice entropy on a real 1942 Second Edition game with the
auditable dice: entropy from two players mid-game, battles, export, both verifiers OK, and no
seed visible anywhere before its period is revealed (docs/dice.md)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from sqlmodel import col, select

from bot.dice.cli import verify_command
from bot.dice.derive import NO_ENTROPY, combine_entropy, derive_seed
from bot.service import Actor, AuditableDiceSource, FixedDiceSource, GameService, Reply
from bot.store import Database, DiceLog
from tests.service.test_channel_posts import GERMAN_TURN, POWERS, SOVIET_TURN

KEY = bytes(range(32))
ALLIES, AXIS = Actor("111"), Actor("222")
TOOL = Path(__file__).resolve().parents[2] / "tools" / "verify_dice.py"


async def dice_rows(db: Database) -> list[DiceLog]:
    async with db.read() as session:
        return list((await session.exec(select(DiceLog).order_by(col(DiceLog.pos)))).all())


async def test_a_game_with_entropy_verifies(db: Database, tmp_path: Path) -> None:
    service = GameService(db, AuditableDiceSource(KEY))
    seen: list[tuple[Reply, set[str]]] = []

    async def run(actor: Actor, line: str) -> Reply:
        reply = await service.execute(actor, "c1", line)
        assert reply.ok, (line, reply.message)
        rows = await dice_rows(db)
        revealed = {r.period for r in rows if r.type == "reveal"}
        secret = {derive_seed(KEY, "1", str(r.period)).reveal() for r in rows
                  if r.type == "commit" and r.period not in revealed}
        seen.append((reply, secret))
        return reply

    await run(ALLIES, "/game new ruleset:aa1942-2e name:audit")
    for power in POWERS:
        await run(AXIS if power in ("Germany", "Japan") else ALLIES, f'/game join power:"{power}"')
    await run(ALLIES, "/game start")
    replies = [await run(ALLIES, line) for line in SOVIET_TURN[:4]]
    added = await run(ALLIES, "/dice entropy text:first")
    assert "in force from the next turn's commitment" in added.posts[0]
    replies += [await run(ALLIES, line) for line in SOVIET_TURN[4:]]
    await run(AXIS, '/dice entropy text:"second, with spaces"')
    replies += [await run(AXIS, line) for line in GERMAN_TURN]

    battle = replies[4]
    rows = await dice_rows(db)
    rolls = [r for r in rows if r.type == "roll"]
    last = rolls[-1].body
    assert f"dice: roll #{last['seq']}, record {last['hash'][:12]}" in "\n".join(battle.posts)
    first = combine_entropy(NO_ENTROPY, "111", "first")
    both = combine_entropy(first, "222", "second, with spaces")
    commits = [r.body["entropy"] for r in rows if r.type == "commit"]
    assert commits == [NO_ENTROPY, first, both]
    assert [r.type for r in rows].count("entropy") == 2

    check = await run(AXIS, "/dice verify")
    assert check.posts == ((
        f"Dice check of game #1 (audit): OK: rolls: {len(rolls)} "
        f"({sum(len(r.dice or []) for r in rolls)} dice), recomputed: {len(rolls)}, "
        "unverifiable yet: 0 (unrevealed periods: none); commitments: 3, reveals: 2, "
        "entropy entries: 2; chain intact"),)
    recent = await run(ALLIES, "/dice log last:2")
    assert not recent.posts and recent.message.splitlines() == [
        f"#{r.body['seq']} {r.purpose}: {' '.join(map(str, r.dice or []))} "
        f"(record {r.body['hash'][:12]})" for r in rolls[-2:]]

    record = tmp_path / "audit.record"
    record.write_text(await service.export("c1"), encoding="utf-8")
    assert verify_command(str(record)) == 0
    tool = await asyncio.to_thread(subprocess.run, [sys.executable, str(TOOL), str(record)],
                                   capture_output=True, text=True, check=False)
    assert tool.returncode == 0 and tool.stdout.startswith("OK: "), tool.stdout + tool.stderr
    for reply, secrets in seen:
        shown = "\n".join([reply.message, *reply.posts])
        assert not any(s in shown or s[:16] in shown for s in secrets), shown


async def test_verify_names_the_first_bad_entry(db: Database) -> None:
    """A stored roll changed afterwards is reported at its entry, precisely."""
    service = GameService(db, AuditableDiceSource(KEY))
    await service.execute(ALLIES, "c1", "/game new ruleset:aa1942-2e name:audit")
    for power in POWERS:
        await service.execute(ALLIES, "c1", f'/game join power:"{power}"')
    await service.execute(ALLIES, "c1", "/game start")
    for line in SOVIET_TURN:
        await service.execute(ALLIES, "c1", line)
    async with db.write() as session:
        row = (await session.exec(select(DiceLog).where(DiceLog.type == "roll"))).first()
        assert row is not None
        pos = row.pos
        body = dict(row.body)
        body["dice"] = [d % 6 + 1 for d in body["dice"]]
        row.body = body
        session.add(row)
    reply = await service.execute(AXIS, "c1", "/dice verify")
    assert reply.posts[0].startswith(
        f"Dice check of game #1 (audit): FAIL: dice log entry {pos}: roll #1 (")
    assert "from the revealed seed, found" in reply.posts[0]


async def test_entropy_needs_a_seat_and_auditable_dice(db: Database) -> None:
    service = GameService(db, AuditableDiceSource(KEY))
    await service.execute(ALLIES, "c1", "/game new ruleset:aa1942-2e name:audit")
    await service.execute(ALLIES, "c1", '/game join power:"Soviet Union"')
    outsider = await service.execute(Actor("333"), "c1", "/dice entropy text:hi")
    assert not outsider.ok and outsider.reason == "service.not_player"
    missing = await service.execute(ALLIES, "c1", "/dice entropy")
    assert not missing.ok and missing.reason == "notation.missing_option"
    assert missing.message == '/dice entropy needs text: as in: /dice entropy text:"anything"'
    empty = await service.execute(ALLIES, "c1", "/dice entropy text:")
    assert not empty.ok and empty.reason == "dice.no_text"
    assert (await service.execute(ALLIES, "c1", "/dice entropy text:early")).ok
    fixed = GameService(db, FixedDiceSource([]))
    refused = await fixed.execute(ALLIES, "c1", "/dice entropy text:hi")
    assert not refused.ok and refused.reason == "dice.fixed"
    assert "no dice rolled yet" in (await fixed.execute(ALLIES, "c1", "/dice log")).message.lower()
