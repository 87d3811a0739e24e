"""The GameService over a real SQLite file: permissions, refusals, one transaction per command."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from sqlalchemy import func
from sqlmodel import select

from bot.service import AuditableDiceSource, GameService
from bot.store import Database, DiceLog, Game, LogEntry, Snapshot
from tests.service.conftest import (
    ALICE,
    BOB,
    DICE_KEY,
    REF,
    SEATS,
    SOVIET_ATTACK,
    SOVIET_BATTLE,
    play,
    started,
)
from tests.service.service_play import ServicePlayout


async def counts(db: Database) -> tuple[int, int, int]:
    """Log entries, dice log entries and the version of game 1."""
    async with db.read() as s:
        entries = (await s.exec(select(func.count()).select_from(LogEntry))).one()
        dice = (await s.exec(select(func.count()).select_from(DiceLog))).one()
        game = await s.get(Game, 1)
        return entries, dice, game.version if game else 0


async def test_command_is_stored_with_its_events_and_rolls(
    service: GameService, db: Database
) -> None:
    """An accepted command adds one log entry, its rolls and one version step together: a
    battle fought to its end rolls once per side and round (000, "Conduct Combat")."""
    await started(service)
    await play(service, SOVIET_ATTACK)
    before = await counts(db)
    reply = await service.submit(ALICE, "c1", SOVIET_BATTLE)
    assert reply.ok, reply.message
    entries, dice, version = await counts(db)
    async with db.read() as s:
        rolls = (await s.exec(select(DiceLog).order_by(DiceLog.pos))).all()
        entry = (await s.exec(select(LogEntry).where(LogEntry.seq == version))).one()
    rolled = [e["text"] for e in entry.events if " r1 " in e["text"] and "@" in e["text"]]
    assert len(rolls) > 1 and {r.entry_seq for r in rolls} == {version}
    assert (entries, dice, version) == (before[0] + 1, before[1] + len(rolls), before[2] + 1)
    assert (rolls[0].dice, rolls[0].purpose) == ([3, 4], "West Russia r1 attacker 2 infantry @1")
    assert rolled[0] == "West Russia r1 attacker 2 infantry @1: 3 4 = 0 hits."


async def test_refusals_change_nothing(service: GameService, db: Database) -> None:
    """Unknown game, non-player, out of turn and unreadable commands store nothing."""
    await started(service)
    before = await counts(db)
    cases = [
        (await service.submit(ALICE, "nowhere", "/done"), "service.unknown_game"),
        (await service.submit(ALICE, 99, "/done"), "service.unknown_game"),
        (await service.submit(BOB, "c1", "/done"), "service.not_your_turn"),
        (await service.submit(ALICE, "c1", "/fly away"), "name.unknown_command"),
        (await service.submit(ALICE, "c1", '/buy units:"99 infantry"'), "buy.too_expensive"),
    ]
    from bot.service import Actor

    cases.append((await service.submit(Actor("carol"), "c1", "/done"), "service.not_player"))
    for reply, reason in cases:
        assert not reply.ok and reply.reason == reason, reply
        assert reply.message
    assert await counts(db) == before


async def test_turn_passes_and_pings_the_next_seat(service: GameService) -> None:
    """Ending the Soviet turn hands the move to Germany and pings its player; the phases
    between ping nobody else (000, "Turn Sequence")."""
    await started(service)
    replies = []
    while not replies or replies[-1].turn == "Soviet Union":
        replies.append(await service.submit(ALICE, "c1", "/done"))
    assert all(r.ok for r in replies) and len(replies) > 1
    assert (replies[-1].turn, replies[-1].phase, replies[-1].pings) == (
        "Germany", "purchase", ("bob",))
    assert all(r.pings == () for r in replies[:-1])


async def test_referee_correction_is_logged_with_who_made_it(
    service: GameService, db: Database
) -> None:
    """A referee may act for the seat due; the entry is a correction naming the referee."""
    await started(service)
    reply = await service.submit(REF, "c1", '/buy units:"1 infantry"')
    assert reply.ok, reply.message
    async with db.read() as s:
        entry = (await s.exec(select(LogEntry).order_by(LogEntry.seq.desc()))).first()
    assert entry is not None and entry.kind == "correction" and entry.user_id == "ref"
    assert entry.events[0] == {
        "type": "correction",
        "by": "ref",
        "power": "soviet_union",
        "command": '/buy units:"1 infantry"',
    }


async def test_idempotent_on_request_id(service: GameService, db: Database) -> None:
    """The same request id twice is applied once and answered twice with the same reply."""
    await started(service)
    first = await service.submit(ALICE, "c1", '/buy units:"2 infantry"', request_id="i-1")
    before = await counts(db)
    second = await service.submit(ALICE, "c1", '/buy units:"2 infantry"', request_id="i-1")
    assert first == second and first.ok
    assert await counts(db) == before
    start = (await service.state("c1")).rules.treasury["soviet_union"]
    state = await service.state("c1")
    assert state.treasury["soviet_union"] == start - 6 and state.purchased == {"infantry": 2}


async def test_state_is_rebuilt_from_log_and_snapshots(db: Database) -> None:
    """A fresh service (as after a restart) rebuilds the same state from the database."""
    service = GameService(db, AuditableDiceSource(DICE_KEY), snapshot_every=4)
    await started(service)
    await (await ServicePlayout.on(service, "c1", SEATS, 11)).play(30)
    fresh = GameService(db, service.dice, rules=service.rules, snapshot_every=4)
    assert await fresh.state("c1") == await service.state("c1")
    async with db.read() as s:
        kept = (await s.exec(select(Snapshot.seq).order_by(Snapshot.seq))).all()
    assert kept[0] == 7 and len(kept) == 2  # the start, and the newest


async def test_export_replays_from_the_start_after_pruning(db: Database) -> None:
    """Pruned snapshots do not matter to the record: it replays from the start position."""
    from bot.service.record import replay_record

    service = GameService(db, AuditableDiceSource(DICE_KEY), snapshot_every=4)
    await started(service)
    await play(service, SOVIET_ATTACK)
    await play(service, [SOVIET_BATTLE])
    await (await ServicePlayout.on(service, "c1", SEATS, 12)).play(20)
    replayed = replay_record(service.rules, await service.export("c1"))
    assert not replayed.errors and replayed.state == await service.state("c1")


async def test_fixed_dice_running_out_refuses_and_keeps_values(db: Database) -> None:
    """Running out of fixed dice refuses the command; its partial draw is given back."""
    from bot.service import FixedDiceSource

    service = GameService(db, FixedDiceSource([5]))
    await started(service)
    await play(service, SOVIET_ATTACK)
    before = await counts(db)
    reply = await service.submit(ALICE, "c1", SOVIET_BATTLE)
    assert not reply.ok and reply.reason == "dice.exhausted" and "ran out" in reply.message
    assert await counts(db) == before and service.dice.pos == 0


async def test_creator_without_referee_role_cannot_act_for_others(service: GameService) -> None:
    """Creating a game gives no right to move for another seat; the referee role does."""
    from bot.service import Actor

    await started(service)
    creator = Actor("ref")  # created the game, but the front end grants no referee role
    reply = await service.submit(creator, "c1", "/done")
    assert not reply.ok and reply.reason == "service.not_player"
    assert (await service.submit(REF, "c1", "/done")).ok


async def test_unknown_rule_set_is_refused(service: GameService) -> None:
    """Creating a game with a rule set nobody knows stores nothing and says so."""
    reply = await service.create_game(ALICE, "c9", ruleset="chess", name="x")
    assert not reply.ok and reply.reason == "name.unknown_rule_set" and "chess" in reply.message
    assert not (await service.status("c9")).ok


async def test_an_unknown_command_is_named_before_the_start(
        service: GameService, db: Database) -> None:
    """Before /game start a command no rule system has is named as such; a real one is told
    the game has not started. Neither stores anything."""
    reply = await service.create_game(REF, "c1", ruleset="aa1942-2e", name="early")
    assert reply.ok
    bogus = await service.submit(ALICE, "c1", "/bogus")
    assert (bogus.ok, bogus.reason) == (False, "name.unknown_command")
    assert "bogus" in bogus.message
    early = await service.submit(ALICE, "c1", "/done")
    assert (early.ok, early.reason) == (False, "game.not_started")
    assert await counts(db) == (1, 0, 1)


async def test_a_rule_systems_notice_is_shown_when_created_and_in_the_status(service: GameService) -> None:
    """AARHE's notice (what it does not play yet: maps/aarhe/README.md, ruling 4) reaches the
    creator, the channel and /game status; a rule system without one adds no line."""
    created = await service.create_game(REF, "c1", ruleset="aarhe", name="historical")
    notice = "Not played yet in AARHE: the National Advantages"
    assert created.ok and notice in created.message and notice in created.posts[0]
    assert notice in (await service.status("c1")).message
    plain = await service.create_game(REF, "c2", ruleset="revised-lhtr", name="plain")
    assert plain.message.endswith("then /game start.")


async def test_the_rules_work_of_a_command_leaves_the_event_loop_free(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a standing order may work out exact odds (``retreat_odds``: seconds in a big
    battle), a command's rules run in a thread, so they do not stop the other games, or a
    gateway's heartbeat, from being served meanwhile; its reply is the same."""
    await started(service)
    assert (await service.execute(ALICE, "c1", '/orders power:"Soviet Union" retreat_odds:40')).ok
    real = service.rules.apply

    def slow(state: Any, command: Any, dice: Any) -> Any:
        time.sleep(0.3)
        return real(state, command, dice)

    monkeypatch.setattr(service.rules, "apply", slow)
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticker = asyncio.create_task(tick())
    try:
        reply = await service.execute(ALICE, "c1", "/done")
    finally:
        ticker.cancel()
    assert reply.ok, reply.message
    assert ticks >= 10, ticks
