"""The game lifecycle as a state machine: /game new, join, leave, start, pause, resume,
concede, abandon and play, by players and a referee, in any order, through the GameService
with the real 1942 Second Edition engine on a SQLite file and on a PostgreSQL server.

A model predicts which commands are accepted and the status they lead to; after every step
the reads (status, history, export, /dice log, the state) answer without raising, and a
refused command leaves the games, seats, pauses and log exactly as they were.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from bot.service import Actor, FixedDiceSource, GameService, Reply
from bot.store import Database, database_url
from tests.service.fingerprint import fingerprint
from tests.store.conftest import pg_base

__all__ = ["pg_base"]

POWERS = ("Soviet Union", "Germany", "United Kingdom", "Japan", "United States")
USERS = (Actor("ana"), Actor("ben"), Actor("ref", referee=True))
_channels = itertools.count(1)


@dataclass
class Model:
    """What the lifecycle should be: the channel's game status and who holds which seat."""

    status: str | None = None
    """None (no game yet), setup, active, paused, finished or abandoned."""
    creator: str = ""
    seats: dict[str, str] = field(default_factory=dict)

    def manages(self, actor: Actor) -> bool:
        return actor.referee or actor.user_id == self.creator

    @property
    def running(self) -> bool:
        return self.status in ("active", "paused")


LEGAL = {
    None: {None, "setup"},
    "setup": {"setup", "active", "abandoned"},
    "active": {"active", "paused", "finished", "abandoned"},
    "paused": {"paused", "active", "finished", "abandoned"},
    "finished": {"finished", "setup"},
    "abandoned": {"abandoned", "setup"},
}
"""Status -> the statuses one command may lead to (a new game follows an ended one)."""


class Lifecycle(RuleBasedStateMachine):
    """Drives one channel of a shared database; each example gets a fresh channel."""

    loop: asyncio.AbstractEventLoop
    service: GameService

    def __init__(self) -> None:
        super().__init__()
        self.channel = f"life{next(_channels)}"
        self.model = Model()

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)

    def send(self, actor: Actor, line: str) -> Reply:
        """Run one line; a refusal must name its reason and change nothing."""
        before = self.run(fingerprint(self.service, self.channel))
        reply = self.run(self.service.execute(actor, self.channel, line))
        if not reply.ok:
            assert reply.reason, f"{line}: refusal without a reason: {reply.message}"
            assert reply.message
            after = self.run(fingerprint(self.service, self.channel))
            assert after == before, f"{line} was refused but changed"
        return reply

    def expect(self, reply: Reply, ok: bool, status: str | None) -> None:
        assert reply.ok == ok, f"expected {'ok' if ok else 'a refusal'}: {reply.message}"
        assert status in LEGAL[self.model.status]
        if ok:
            self.model.status = status

    # -- the lifecycle commands -----------------------------------------------------------
    @rule(actor=st.sampled_from(USERS))
    def new(self, actor: Actor) -> None:
        reply = self.send(actor, "/game new ruleset:aa1942-2e name:life")
        ok = self.model.status in (None, "finished", "abandoned")
        self.expect(reply, ok, "setup" if ok else self.model.status)
        if ok:
            self.model.creator, self.model.seats = actor.user_id, {}

    @rule(actor=st.sampled_from(USERS), power=st.sampled_from(POWERS))
    def join(self, actor: Actor, power: str) -> None:
        reply = self.send(actor, f'/game join power:"{power}"')
        ok = self.model.status == "setup" and power not in self.model.seats
        self.expect(reply, ok, self.model.status)
        if ok:
            self.model.seats[power] = actor.user_id

    @rule(actor=st.sampled_from(USERS), power=st.none() | st.sampled_from(POWERS))
    def leave(self, actor: Actor, power: str | None) -> None:
        reply = self.send(actor, "/game leave" + (f' power:"{power}"' if power else ""))
        mine = [p for p, u in self.model.seats.items() if u == actor.user_id]
        gone = [p for p in mine if power in (None, p)]
        ok = self.model.status == "setup" and bool(gone)
        self.expect(reply, ok, self.model.status)
        if ok:
            for p in gone:
                del self.model.seats[p]

    @rule(actor=st.sampled_from(USERS))
    def start(self, actor: Actor) -> None:
        reply = self.send(actor, "/game start")
        allowed = self.model.manages(actor) or actor.user_id in self.model.seats.values()
        ok = self.model.status == "setup" and len(self.model.seats) == 5 and allowed
        self.expect(reply, ok, "active" if ok else self.model.status)

    @rule(actor=st.sampled_from(USERS))
    def abandon(self, actor: Actor) -> None:
        reply = self.send(actor, "/game abandon")
        ok = self.model.status in ("setup", "active", "paused") and self.model.manages(actor)
        self.expect(reply, ok, "abandoned" if ok else self.model.status)

    @rule(actor=st.sampled_from(USERS))
    def concede(self, actor: Actor) -> None:
        reply = self.send(actor, "/game concede")
        ok = self.model.running and actor.user_id in self.model.seats.values()
        self.expect(reply, ok, "finished" if ok else self.model.status)

    @rule(actor=st.sampled_from(USERS))
    def pause(self, actor: Actor) -> None:
        reply = self.send(actor, "/game pause reason:lunch")
        ok = self.model.status == "active" and self.model.manages(actor)
        self.expect(reply, ok, "paused" if ok else self.model.status)

    @rule(actor=st.sampled_from(USERS))
    def resume(self, actor: Actor) -> None:
        reply = self.send(actor, "/game resume")
        ok = self.model.status == "paused" and self.model.manages(actor)
        self.expect(reply, ok, "active" if ok else self.model.status)

    @precondition(lambda self: self.model.running)
    @rule(line=st.sampled_from(["/done", '/buy units:"1 infantry"', "/undo"]))
    def play(self, line: str) -> None:
        """The seat due plays on; while paused only the referee (a correction) can."""
        state = self.run(self.service.state(self.channel))
        power = state.rules.power_name(state.actor)
        actor = next(a for a in USERS if a.user_id == self.model.seats[power])
        reply = self.send(actor, line)
        if self.model.status == "paused":
            assert not reply.ok and reply.reason == "game.paused"
        if line == "/done":
            assert reply.ok, reply.message

    # -- invariants -----------------------------------------------------------------------
    @invariant()
    def reads_answer(self) -> None:
        """Every read answers (a refusal only when there is no game); the shown status is
        the model's, a paused game shown as paused."""
        for line in ("/game status", "/game history", "/dice log", "/game export"):
            reply = self.run(self.service.execute(USERS[0], self.channel, line))
            assert reply.ok == (self.model.status is not None), (line, reply.message)
        status = self.run(self.service.execute(USERS[1], self.channel, "/game status"))
        if self.model.status is not None:
            assert f"(life), Axis & Allies 1942 Second Edition, {self.model.status}" in (
                status.message
            ), status.message
        state = self.run(self.service.state(self.channel)) if self.model.status else None
        assert (state is not None) == (self.model.running or self.model.status == "finished")


def _run(url: str) -> None:
    loop = asyncio.new_event_loop()
    db = Database(url)
    loop.run_until_complete(db.migrate())
    Lifecycle.loop = loop
    Lifecycle.service = GameService(db, FixedDiceSource([2] * 100_000))
    try:
        Lifecycle.TestCase.settings = settings(
            max_examples=20, stateful_step_count=25, deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        )
        Lifecycle.TestCase().runTest()
    finally:
        loop.run_until_complete(db.close())
        loop.close()


def test_lifecycle_on_sqlite(tmp_path: Path) -> None:
    _run(database_url(tmp_path / "aaref.sqlite3"))


@pytest.mark.postgres
def test_lifecycle_on_postgres(pg_base: str) -> None:
    loop = asyncio.new_event_loop()

    async def create() -> None:
        admin = await asyncpg.connect(pg_base.replace("+asyncpg", "") + "/postgres")
        try:
            await admin.execute("CREATE DATABASE aaref_lifecycle")
        finally:
            await admin.close()

    loop.run_until_complete(create())
    loop.close()
    _run(f"{pg_base}/aaref_lifecycle")
