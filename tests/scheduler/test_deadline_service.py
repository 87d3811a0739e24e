"""Deadlines through the real GameService and 1942 Second Edition engine, with a clock moved
by hand: derived from the database only, so a new service instance (a restarted bot) or two
at once apply each reminder and expiry exactly once."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.scheduler.clock import ManualClock
from bot.scheduler.deadlines import Action, Due
from bot.service import Actor, FixedDiceSource, GameService, Reply
from tests.scheduler.play import (
    ANA,
    BEN,
    CHANNEL,
    REF,
    SEATS,
    START,
    Services,
    notices,
    run,
    started,
)

async def test_a_deadline_passed_while_down_is_applied_once_by_restarted_bots(
        services: Services, clock: ManualClock) -> None:
    first = services()
    await started(first, "deadline_hours:24 policy:wait")
    assert "Deadline: 2026-03-02T12:00Z." in await run(first, BEN, "/game status")
    clock.advance(hours=30)                       # the bot was down past the deadline
    again, other = services(), services()         # restarted, and a second process
    done = await asyncio.gather(again.deadlines.tick(), other.deadlines.tick())
    assert sorted(done) == [0, 1]                 # the expiry, by one of them
    sent = await asyncio.gather(notices(again), notices(other))
    expiries = [n for batch in sent for n in batch if n.key.startswith("expire")]
    assert len(expiries) == 1
    assert expiries[0].text == ("The deadline for Soviet Union (@ana) passed "
                                "2026-03-02T12:00Z.\nThe game waits for them.")
    assert expiries[0].pings == ["ana"]
    assert await again.deadlines.tick() == 0 and await notices(again) == []
    assert (await again.state(CHANNEL)).actor == "soviet_union"


async def test_reminders_before_the_deadline_each_once(services: Services,
                                                       clock: ManualClock) -> None:
    service = services()
    await run(service, REF, "/game new ruleset:aa1942-2e name:sunday")
    for power, who in SEATS.items():
        await run(service, who, f'/game join power:"{power}"')
    await run(service, REF, "/game settings deadline_hours:24 reminders:12,1")
    start = await service.execute(ANA, CHANNEL, "/game start")
    assert start.pings == ("ana",)
    assert start.posts[-1] == "Soviet Union to act (Purchase Units). Deadline: 2026-03-02T12:00Z."
    assert await service.deadlines.tick() == 0              # nobody asked for direct messages
    clock.advance(hours=12)
    assert await service.deadlines.tick() == 1 and await service.deadlines.tick() == 0
    [remind] = await notices(service)
    assert remind.text == "Reminder: Soviet Union (@ana) must act by 2026-03-02T12:00Z."
    assert remind.pings == ["ana"]
    await run(service, ANA, "/game settings dm:on")
    clock.advance(hours=11, minutes=30)
    await services().deadlines.tick()
    turn, last = sorted(await notices(service), key=lambda n: n.key, reverse=True)
    assert (turn.key, turn.text, turn.dms) == ("turn:7", "", ["ana"])   # opted in late
    assert last.key == "remind:7:1" and last.dms == ["ana"] and "must act by" in last.dm_text


async def test_a_vacation_pauses_the_deadline(services: Services, clock: ManualClock) -> None:
    service = services()
    await started(service, "deadline_hours:24 policy:end_turn vacation_days:3 vacation_max:3")
    clock.advance(hours=20)
    refused = await service.execute(ANA, CHANNEL, "/game vacation days:4")
    assert not refused.ok and "at most 3 days" in refused.message
    assert "until 2026-03-05T08:00Z" in await run(service, ANA, "/game vacation days:3")
    clock.advance(hours=10)                       # past the plain deadline, but away
    await service.deadlines.tick()
    assert (await service.state(CHANNEL)).actor == "soviet_union"
    assert "Deadline: 2026-03-05T12:00Z." in await run(service, BEN, "/game status")
    await run(service, ANA, "/game vacation days:0")           # back after 10 hours
    assert "Deadline: 2026-03-02T22:00Z." in await run(service, BEN, "/game status")
    again = await service.execute(ANA, CHANNEL, "/game vacation days:3")
    assert not again.ok and "2.6 left" in again.message


async def test_end_turn_fights_by_standing_orders_and_moves_nothing_else(
        services: Services, clock: ManualClock) -> None:
    service = services()
    await started(service, "deadline_hours:24 policy:end_turn")
    await run(service, ANA, "/orders decide:self")          # would answer in person
    await run(service, ANA, "/done")
    await run(service, ANA, '/move units:"4 infantry, 1 artillery" from:Karelia '
                            'to:"West Russia"')
    await run(service, ANA, "/done")
    await run(service, ANA, '/battle territory:"West Russia"')
    before = await service.state(CHANNEL)
    assert before.combat.chooser() == "soviet_union"       # casualties asked in person
    clock.advance(hours=24)
    assert await services().deadlines.tick() == 1
    after = await service.state(CHANNEL)
    assert (after.round, after.turn, after.phase) == (1, "germany", "purchase")
    untouched = {u.id: u.space for u in before.units.values() if u.space != "west_russia"
                 and u.id not in before.combat.current.pending.among}
    assert {i: after.units[i].space for i in untouched} == untouched
    history = await run(service, BEN, "/game history last:30")
    system = [line for line in history.splitlines() if "@deadline" in line]
    assert system and all("[correction]" in line for line in system)
    assert '/casualties units:"1 infantry"' in system[0]
    assert not any("/move" in line or "/buy" in line or "/place" in line for line in system)
    [notice] = [n for n in await notices(service) if n.key == "expire:7"]
    assert "ends by standing orders" in notice.text and notice.pings == ["ben"]
    assert "Germany to act (Purchase Units).\nDeadline: 2026-03-03T12:00Z." in notice.text
    # Germany's clock starts at the expiry, not at the start of the game.
    assert "Deadline: 2026-03-03T12:00Z." in await run(service, BEN, "/game status")


async def test_the_substitute_takes_the_seat_and_a_fresh_clock(
        services: Services, clock: ManualClock) -> None:
    service = services()
    await started(service, "deadline_hours:24 policy:substitute substitute:sub")
    clock.advance(hours=25)
    await service.deadlines.tick()
    [notice] = [n for n in await notices(service) if n.key.startswith("expire")]
    assert "Soviet Union passes to the substitute @sub (policy: substitute)." in notice.text
    assert notice.pings == ["sub"] and notice.text.endswith("Deadline: 2026-03-03T13:00Z.")
    assert "Soviet Union: @sub" in await run(service, BEN, "/game status")
    assert "Deadline: 2026-03-03T13:00Z." in await run(service, BEN, "/game status")
    refused = await service.execute(ANA, CHANNEL, "/done")
    assert not refused.ok
    assert "Combat Move" in await run(service, Actor("sub"), "/done")
    history = await run(service, BEN, "/game history last:3")
    assert "@deadline (Soviet Union): /game substitute power:soviet_union user:sub" in history


async def test_only_the_creator_or_a_referee_changes_game_settings(
        services: Services) -> None:
    service = services()
    await started(service, "deadline_hours:24")
    refused = await service.execute(BEN, CHANNEL, "/game settings policy:end_turn")
    assert not refused.ok and refused.reason == "service.not_referee"
    shown = await run(service, BEN, "/game settings dm:on")
    assert "at the deadline: wait" in shown and "Direct messages to you: on" in shown
    bad = await service.execute(REF, CHANNEL, "/game settings policy:kick")
    assert not bad.ok and "policy is one of" in bad.message


async def test_the_console_prints_due_notices_after_a_line(services: Services,
                                                           clock: ManualClock,
                                                           tmp_path: Path) -> None:
    from bot.console.console import Console

    out: list[str] = []
    console = Console(services(), "ana", images=tmp_path, write=out.append, referees=["ref"])
    for line in ["@ref /game new ruleset:aa1942-2e name:sunday",
                 *(f'@{who.user_id} /game join power:"{power}"' for power, who in SEATS.items()),
                 "@ref /game settings deadline_hours:24 reminders:1", "/game start"]:
        await console.handle(line)
    assert "  #local> Soviet Union to act (Purchase Units). Deadline: 2026-03-02T12:00Z." in out
    clock.advance(hours=23, minutes=30)
    await console.handle("/game status")
    assert "  #local> Reminder: Soviet Union (@ana) must act by 2026-03-02T12:00Z." in out
    assert "  ping: @ana" in out



async def test_one_failing_game_does_not_hold_up_the_others(
        services: Services, clock: ManualClock, monkeypatch: pytest.MonkeyPatch) -> None:
    service = services()
    for channel in ("first", "second"):
        await service.execute(REF, channel, f"/game new ruleset:aa1942-2e name:{channel}")
        for power, who in SEATS.items():
            await service.execute(who, channel, f'/game join power:"{power}"')
        await service.execute(REF, channel, "/game settings deadline_hours:24")
        assert (await service.execute(ANA, channel, "/game start")).ok
    clock.advance(hours=25)
    actions = service.deadlines.actions
    working = actions._expire

    async def broken(tx: Any, due: Due, action: Action) -> Reply:
        if due.game_id == 1:
            raise RuntimeError("a bug in one game")
        return await working(tx, due, action)

    monkeypatch.setattr(actions, "_expire", broken)
    assert await service.deadlines.tick() == 1
    [notice] = await notices(service)
    assert notice.channel_id == "second" and notice.key == "expire:7"


async def test_a_defender_silent_on_its_choice_is_answered_by_its_orders(
        services: Services, clock: ManualClock) -> None:
    """Rulebook 000_fc7e3a790a753b06.txt, General Combat, "Step 5. Remove Defending
    Casualties": the defender chooses its casualties; here its standing orders do."""
    service = GameService(services().db, FixedDiceSource([1, 6, 6, 6, 6] + [1] * 300),
                          clock=clock)
    await started(service, "deadline_hours:24 policy:end_turn")
    await run(service, REF, "/orders power:Germany decide:self")
    await run(service, ANA, "/done")
    await run(service, ANA, '/move units:"4 infantry, 1 artillery" from:Karelia '
                            'to:"West Russia"')
    await run(service, ANA, "/done")
    clock.advance(hours=2)
    await run(service, ANA, '/battle territory:"West Russia"')
    assert (await service.state(CHANNEL)).actor == "germany"       # its own clock now
    clock.advance(hours=24)
    assert await service.deadlines.tick() == 1
    after = await service.state(CHANNEL)
    assert (after.actor, after.phase) == ("soviet_union", "conduct_combat")
    history = await run(service, BEN, "/game history last:2")
    assert "@deadline (Germany) [correction]: /casualties units:\"1 infantry\"" in history
    # The input is back with the Soviet Union, whose clock starts again.
    assert "Deadline: 2026-03-03T14:00Z." in await run(service, BEN, "/game status")


async def wake_time(service: GameService) -> datetime | None:
    """The stored moment the scheduler looks at the (only) game next."""
    from sqlmodel import select

    from bot.store.models import Game

    async with service.db.read() as session:
        return (await session.exec(select(Game.wake_at))).one()


async def test_a_tick_reads_a_game_only_when_its_next_moment_comes(
        services: Services, clock: ManualClock) -> None:
    """After one look, the game sleeps until its first reminder (24 - 12 hours on) and then
    until the last one (1 hour before the deadline); each wake time is stored with it."""
    service = services()
    await started(service, "deadline_hours:24 reminders:12,1 policy:wait")
    assert await wake_time(service) == START             # the input just passed: look now
    assert await service.deadlines.tick() == 0
    assert await wake_time(service) == datetime(2026, 3, 2, 0, 0, tzinfo=UTC)
    clock.advance(hours=12)
    assert await service.deadlines.tick() == 1            # the 12-hour reminder
    assert await wake_time(service) == datetime(2026, 3, 2, 11, 0, tzinfo=UTC)
    clock.advance(hours=12)
    assert await service.deadlines.tick() == 1            # past the deadline: the expiry
    assert await wake_time(service) is None               # policy wait: nothing left to do


async def test_what_a_deadline_depends_on_wakes_the_game(
        services: Services, clock: ManualClock) -> None:
    """A settings change, a vacation and a resumed pause each make the next tick look again,
    so the stored moment never hides a changed deadline."""
    service = services()
    await started(service, "deadline_hours:24 policy:wait")
    await service.deadlines.tick()
    assert await wake_time(service) != START
    for actor, line in ((REF, "/game settings deadline_hours:48"), (ANA, "/game vacation days:1")):
        clock.advance(hours=1)
        await run(service, actor, line)
        assert await wake_time(service) == clock()
        await service.deadlines.tick()
        assert await wake_time(service) not in (None, clock())
    await run(service, REF, "/game pause reason:lunch")
    clock.advance(hours=1)
    await run(service, REF, "/game resume")
    assert await wake_time(service) == clock()
