"""What a game's stored log must satisfy after writers raced or were killed: every
acknowledged command stored once with its rolls, no refused one stored, every roll
verifiable, and the position rebuilt from snapshots equal to a replay of the whole record."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import text
from sqlmodel import col, select

from bot.dice.verify import verify_text
from bot.service import FixedDiceSource, GameService
from bot.service.record import replay_record
from bot.store import Database, DiceLog, Game, LogEntry, Snapshot
from bot.store.models import Request


@dataclass
class Heard:
    """The request ids writers reported: accepted (acknowledged) and refused."""

    acknowledged: set[str] = field(default_factory=set)
    refused: set[str] = field(default_factory=set)

    def hear(self, line: str) -> None:
        """One line a writer printed: ``done <id>`` or ``refused <id>``."""
        word, request_id = line.split()
        self.note(request_id, word == "done")

    def note(self, request_id: str, ok: bool) -> None:
        (self.acknowledged if ok else self.refused).add(request_id)


async def check_consistent(db: Database, heard: Heard, unacknowledged: int) -> tuple[int, int]:
    """Check the one game in ``db`` against what its writers reported; at most
    ``unacknowledged`` commands may be stored whose writer was killed before it said so.
    Returns the numbers of commands and of rolls stored."""
    async with db.read() as s:
        if db.is_sqlite:
            assert (await s.exec(text("PRAGMA integrity_check"))).one()[0] == "ok"
        game = (await s.exec(select(Game))).one()
        seqs = (await s.exec(select(LogEntry.seq).order_by(col(LogEntry.seq)))).all()
        plays = set((await s.exec(select(LogEntry.seq).where(LogEntry.kind == "play"))).all())
        dice = (await s.exec(select(DiceLog).order_by(col(DiceLog.pos)))).all()
        stored = (await s.exec(select(Request.request_id))).all()
        snaps = (await s.exec(select(Snapshot.seq))).all()
    assert list(seqs) == list(range(1, game.version + 1))
    assert [d.pos for d in dice] == list(range(1, len(dice) + 1))
    assert {d.entry_seq for d in dice if d.type == "roll"} <= plays
    assert len(stored) == len(set(stored)) == len(plays)
    assert heard.acknowledged <= set(stored)
    assert len(stored) - len(heard.acknowledged) <= unacknowledged
    assert not heard.refused & set(stored)
    assert max(snaps) <= game.version
    service = GameService(db, FixedDiceSource([]))
    record = await service.export(game.id or 0)
    assert verify_text(record).ok
    replayed = replay_record(service.rules, record)
    assert not replayed.errors and replayed.state == await service.state(game.id or 0)
    return len(plays), sum(1 for d in dice if d.type == "roll")
