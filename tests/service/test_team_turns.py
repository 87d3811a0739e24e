"""Team turns through the service (001 = 001_4ad7942ffba8a1ea.txt, Game Sequence › Round
Sequence: "Players on the same team perform turn sequence at their own rate"): several
players' input due at once, each command acting for the submitter's power, the log replaying
in the same lanes. Revised's data with a ``[turns]`` table stands in for AARHE's map."""

from __future__ import annotations

from pathlib import Path

from bot.service import Actor, FixedDiceSource, GameService
from bot.service.record import replay_record
from bot.service.reply import Refusal
from bot.store import Database, database_url
from tests.service.team_engine import TEAM_SEATS, TeamEngine

ALICE, BOB, CAROL = Actor("alice"), Actor("bob"), Actor("carol")


async def team_game(tmp_path: Path) -> GameService:
    """A started game: the Soviet Union's opening round is played, the Axis team is due."""
    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    service = GameService(db, FixedDiceSource([3, 4] * 500), rules=TeamEngine())  # type: ignore[arg-type]
    assert (await service.create_game(CAROL, "c1", ruleset="revised-lhtr", name="teams")).ok
    for power, who in TEAM_SEATS.items():
        assert (await service.join(Actor(who), "c1", power)).ok
    assert (await service.start(CAROL, "c1")).ok
    for _ in range(4):
        assert (await service.submit(CAROL, "c1", "/done")).ok
    last = await service.submit(CAROL, "c1", "/done")
    assert last.ok and set(last.pings) == {"alice", "bob"}
    assert "Germany to act (Develop Weapons)." in last.posts and "Japan to act (Develop Weapons)." in last.posts
    return service


async def test_two_players_of_one_team_act_in_interleaved_order(tmp_path: Path) -> None:
    """Germany and Japan are due at once; each player's commands act for their own power, in
    its own phase, whatever the order they come in; /game status names both."""
    service = await team_game(tmp_path)
    try:
        for who, line in ((ALICE, "/done"), (BOB, "/done"), (BOB, '/buy units:"2 infantry"'),
                          (ALICE, '/buy units:"1 tank"'), (BOB, "/done"), (ALICE, "/done")):
            reply = await service.submit(who, "c1", line)
            assert reply.ok, (who, line, reply.message)
        state = await service.state("c1")
        assert {state.rules.power_name(p) for p in state.due} == {"Germany", "Japan"}
        assert state.phase == "combat_move" and state.lanes[next(iter(state.lanes))].phase == "combat_move"
        status = await service.status("c1")
        assert "Germany to act: Combat Move" in status.message and "Japan to act: Combat Move" in status.message
        undo = await service.submit(BOB, "c1", "/undo")
        assert not undo.ok and undo.reason == "undo.nothing"       # a new phase: nothing to take back
        service.ledger.forget_state(state_id := (await service.status("c1")).game_id or 0)
        replayed = await service.state("c1")
        assert replayed == state and replayed.lanes == state.lanes, state_id
    finally:
        await service.db.close()


async def test_a_replayed_record_names_every_power_due(tmp_path: Path) -> None:
    """``aaref replay`` ends by saying whose input is due: in a team turn both Germany and
    Japan (001 › Round Sequence, "Normal rounds: 1. Axis"), as /game status says it."""
    service = await team_game(tmp_path)
    try:
        record = await service.export("c1")
        status = (await service.status("c1")).message.splitlines()[1]
    finally:
        await service.db.close()
    replayed = replay_record(TeamEngine(), record)  # type: ignore[arg-type]
    assert not replayed.errors
    summary = replayed.summary(TeamEngine())  # type: ignore[arg-type]
    assert summary == f"{replayed.commands} commands replayed. {status}"
    assert "Germany to act: Develop Weapons" in summary and "Japan to act: Develop Weapons" in summary


async def test_undo_takes_back_only_the_players_own_command(tmp_path: Path) -> None:
    """/undo never takes back a teammate's command: once bob (Japan) has bought, alice's
    (Germany's) earlier purchase stands, and her /undo says why."""
    service = await team_game(tmp_path)
    try:
        for who, line in ((ALICE, "/done"), (BOB, "/done"), (ALICE, '/buy units:"1 tank"'),
                          (BOB, '/buy units:"2 infantry"')):
            assert (await service.submit(who, "c1", line)).ok
        refused = await service.submit(ALICE, "c1", "/undo")
        assert not refused.ok and refused.message == (
            "Nothing to undo for Germany: Japan acted after its last command, and /undo never takes back "
            "a teammate's command.")
        assert (await service.submit(BOB, "c1", "/undo")).ok
        state = await service.state("c1")
        germany = next(p for p in state.team if state.rules.power_name(p) == "Germany")
        assert dict(service.rules.focus(state, germany).purchased) == {"tank": 1}
    finally:
        await service.db.close()


async def test_a_player_holding_several_powers_due_says_which_acts(tmp_path: Path) -> None:
    """carol holds the whole Allied team: in its turn a command is refused until she names
    the power with /focus (the refusal names them); a player cannot focus another's power."""
    service = await team_game(tmp_path)
    try:
        for who, dones in ((ALICE, 3), (BOB, 3), (ALICE, 2), (BOB, 2)):
            for _ in range(dones):
                assert (await service.submit(who, "c1", "/done")).ok
        state = await service.state("c1")
        assert len(state.due) == 3 and state.actor in state.due
        moved = await service.submit(CAROL, "c1", "/done")
        assert moved.ok                                        # the power in focus is hers
        wrong = await service.submit(ALICE, "c1", '/focus power:"United Kingdom"')
        assert not wrong.ok and wrong.reason == "service.not_your_power"
        assert "You do not play United Kingdom; none of your powers is due now." == wrong.message
        assert (await service.submit(CAROL, "c1", '/focus power:"United Kingdom"')).ok
        assert (await service.state("c1")).rules.power_name((await service.state("c1")).turn) == "United Kingdom"
    finally:
        await service.db.close()


def test_a_player_with_several_powers_due_and_none_in_focus_names_one() -> None:
    """The refusal names the powers the player may act for and how to pick one."""
    from bot.service.acting import acting_power
    from bot.service.ledger import Holder
    from engine import NoDice, apply, new_game, parse_command
    from tests.engine.teams_kit import team_rules

    state = new_game(team_rules())
    while not state.lanes or "soviet_union" not in state.due:
        state = apply(state, parse_command("/done", state), NoDice()).state
    seats = [Holder("soviet_union", "carol"), Holder("united_kingdom", "dave"), Holder("united_states", "dave"),
             Holder("germany", "alice"), Holder("japan", "bob")]
    assert state.actor == "soviet_union" and set(state.due) == {"soviet_union", "united_kingdom", "united_states"}
    try:
        acting_power(Actor("dave"), "game #1", seats, state)
    except Refusal as refusal:
        assert refusal.message == ("You play United Kingdom and United States, all due now: say which acts with "
                                   "/focus power:United Kingdom (or United States).")
    else:
        raise AssertionError("dave was not asked which power acts")
    assert acting_power(Actor("carol"), "game #1", seats, state) == ("soviet_union", False)


async def test_console_two_axis_players_and_a_silent_one_past_the_deadline(tmp_path: Path) -> None:
    """In the console, alice (Germany) and bob (Japan) are due at once and pinged together;
    alice plays while bob stays silent; when the team's deadline passes, the end_turn policy
    ends bob's part by Japan's standing orders (001 › Round Sequence: Conduct Combat waits for
    every teammate's Combat Move, so alice's turn goes on only then), and Germany is pinged."""
    from datetime import UTC, datetime

    from bot.console.console import Console
    from bot.scheduler.clock import ManualClock

    clock = ManualClock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC))
    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    out: list[str] = []
    service = GameService(db, FixedDiceSource([3, 4] * 500), rules=TeamEngine(), clock=clock)  # type: ignore[arg-type]
    shell = Console(service, "carol", images=tmp_path / "images", write=out.append)

    async def said(line: str) -> str:
        out.clear()
        await shell.handle(line)
        return "\n".join(out)

    try:
        await said("/game new ruleset:revised-lhtr name:teams")
        for power, who in TEAM_SEATS.items():
            await said(f'@{who} /game join power:"{power}"')
        await said("/game settings deadline_hours:24 policy:end_turn")
        await said("/game start")
        for _ in range(4):
            await said("/done")
        axis = await said("/done")
        assert "Germany to act (Develop Weapons)." in axis and "Japan to act (Develop Weapons)." in axis
        assert "ping: @alice, @bob" in axis
        for line in ("@alice /done", "@alice /done", "@alice /done"):
            assert "(only you)" not in await said(line), line
        waiting = "\n".join(out)
        assert "Germany has ended Combat Move; its Conduct Combat waits until Japan has ended Combat Move too." in waiting
        refused = await said("@alice /done")                    # the refusal says what Germany waits for
        assert "(only you) Germany has ended Combat Move; its Conduct Combat waits until Japan has ended " \
               "Combat Move too." in refused
        status = await said("/game status")
        assert "Japan to act: Develop Weapons" in status and "Deadline: 2026-03-02T12:00Z" in status
        clock.advance(hours=25)
        expiry = await said("/game status")
        assert "The deadline for Japan (@bob) passed" in expiry
        assert "@deadline for Japan: /done" in expiry
        state = await service.state("local")
        assert state.due == ("germany",) and state.lanes["japan"].waiting == "done"
        assert (state.phase, state.rules.power_name(state.actor)) == ("noncombat_move", "Germany")
        assert "ping: @alice" in expiry
    finally:
        await db.close()
