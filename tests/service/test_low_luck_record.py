"""A Low Luck game's dice are committed, recorded and verified like any others: the
exported record of a game played with ``low_luck`` and ``low_luck_aa`` passes the
verifier, and changing its remainder die fails it."""

from __future__ import annotations

from pathlib import Path

from bot.console.console import Console
from bot.dice.cli import verify_command
from bot.service import AuditableDiceSource, GameService
from bot.store import Database, database_url

KEY = bytes(range(32))
SEATS = {"Soviet Union": "ana", "Germany": "ben", "United Kingdom": "cy", "Japan": "ben", "United States": "cy"}


async def test_low_luck_record_verifies(tmp_path: Path) -> None:
    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    try:
        service = GameService(db, AuditableDiceSource(KEY))
        shell = Console(service, "ana", images=tmp_path / "images", write=lambda _: None)
        await shell.handle("@ana /game new ruleset:aa1942-2e name:ll low_luck:true low_luck_aa:true")
        for power, who in SEATS.items():
            await shell.handle(f'@{who} /game join power:"{power}"')
        await shell.handle("@ana /game start")
        for line in ("/done", '/move units:"3 infantry, 1 artillery" from:Karelia to:"West Russia"',
                     '/move units:"3 infantry, 1 artillery, 2 tanks" from:Russia to:"West Russia"', "/done",
                     '/battle territory:"West Russia"', "/done", "/done", "/done", "/done"):
            await shell.handle(f"@ana {line}")
        text = await service.export("local")
    finally:
        await db.close()
    rolls = [x for x in text.splitlines() if x.startswith('% dice {"type":"roll"')]
    assert rolls and all("low luck" in x for x in rolls)
    record = tmp_path / "ll.record"
    record.write_text(text)
    assert verify_command(str(record)) == 0
    dice_at = rolls[0].index('"dice":[') + len('"dice":[')
    tampered = rolls[0][:dice_at] + str(int(rolls[0][dice_at]) % 6 + 1) + rolls[0][dice_at + 1:]
    record.write_text(text.replace(rolls[0], tampered))
    assert verify_command(str(record)) == 1
