"""A game's time limit and the players' pause allowance, as leagues keep them: through the
real service and 1942 Second Edition engine, on SQLite and PostgreSQL, with a clock moved by
hand. At the limit the scheduler adjudicates the game once, by the game's rule; pauses stop
the limit's clock; players pause from an allowance that ends their pause when spent."""

from __future__ import annotations

from sqlmodel import select

from bot.ladder.outcome import adjudicate
from bot.scheduler.clock import ManualClock
from bot.service import Actor
from bot.store.ladder_models import GameResult
from tests.scheduler.play import ANA, BEN, CHANNEL, REF, Services, notices, run, started


async def test_the_scheduler_adjudicates_a_game_at_its_time_limit_once(
        services: Services, clock: ManualClock) -> None:
    service = services()
    await started(service, "time_limit_hours:48")
    settings = await run(service, BEN, "/game settings")
    assert "time limit: 48 hours, then cities then production" in settings
    clock.advance(hours=40)
    await run(service, REF, '/game pause reason:"rules question"')
    clock.advance(hours=10)                         # paused: the limit's clock stands still
    assert await service.deadlines.tick() == 0
    await run(service, REF, "/game resume")
    clock.advance(hours=7, minutes=59)              # 47:59 running hours
    assert await service.deadlines.tick() == 0
    clock.advance(minutes=1)
    assert await service.deadlines.tick() == 1
    state = await service.state(1)
    assert adjudicate(service.rules.side_scores(state), "cities_then_production") == "Allies"
    assert state.winner == "Allies"                 # level on cities, more production
    [notice] = await notices(service)
    assert notice.text.splitlines() == [
        "game #1 (sunday) reached its time limit of 48 running hours (2026-03-03T22:00Z): "
        "Allies 6 victory cities, 97 IPC production; Axis 6 victory cities, 71 IPC production.",
        "Time limit: the Axis lose on adjudication. game #1 (sunday) is over: Allies win "
        "(adjudicated at the time limit)."]
    assert notice.pings == ["ana", "ben"]
    async with service.db.read() as session:
        [result] = (await session.exec(select(GameResult))).all()
    assert (result.ending, result.winner) == ("adjudication", "Allies")
    clock.advance(hours=1)
    assert await service.deadlines.tick() == 0                   # once
    assert await services().deadlines.tick() == 0                # once, after a restart too
    refused = await service.execute(ANA, CHANNEL, "/done")
    assert not refused.ok and "is over" in refused.message


async def test_players_pause_from_the_allowance_and_the_pause_ends_when_it_is_spent(
        services: Services, clock: ManualClock) -> None:
    service = services()
    await started(service, "deadline_hours:24 pause_hours:10")
    paused = await run(service, BEN, "/game pause reason:travel")
    assert ("@ben paused game #1 (sunday): travel. Deadlines stop and players wait until they "
            "use /game resume, at the latest 2026-03-01T22:00Z (the players' pause allowance "
            "left: 10 hours).") in paused
    refused = await service.execute(ANA, CHANNEL, "/done")
    assert not refused.ok and refused.reason == "game.paused"
    assert "@ben or a referee can /game resume" in refused.message
    clock.advance(hours=4)
    other = await service.execute(ANA, CHANNEL, "/game resume")
    assert not other.ok and other.reason == "service.not_referee"
    await run(service, BEN, "/game resume")

    assert "allowance left: 6 hours" in await run(service, ANA, "/game pause")
    clock.advance(hours=5, minutes=59)
    assert await service.deadlines.tick() == 0
    clock.advance(minutes=1)
    assert await service.deadlines.tick() == 1
    [notice] = await notices(service)
    assert notice.text == ("game #1 (sunday) resumes: the players' pause allowance of 10 hours "
                           "is used up. Soviet Union to act.")
    assert notice.pings == ["ana"]
    # The 10 paused hours moved the deadline: 24 running hours from the start.
    assert "Deadline: 2026-03-02T22:00Z." in await run(service, ANA, "/game status")

    spent = await service.execute(ANA, CHANNEL, "/game pause")
    assert not spent.ok and spent.reason == "game.allowance_spent"
    assert "allowance of 10 hours in game #1 (sunday) is used up" in spent.message
    stranger = await service.execute(Actor("cid"), CHANNEL, "/game pause")
    assert not stranger.ok and "a player of game #1 (sunday) can pause it" in stranger.message
    assert "until a referee uses /game resume" in await run(service, REF, "/game pause")
    clock.advance(hours=30)
    assert await service.deadlines.tick() == 0          # a referee's pause has no end


async def test_without_an_allowance_only_a_referee_pauses(services: Services) -> None:
    service = services()
    await started(service, "deadline_hours:24")
    refused = await service.execute(BEN, CHANNEL, "/game pause")
    assert not refused.ok and refused.reason == "game.no_allowance"
    assert "/game settings pause_hours:48" in refused.message
    bad = await service.execute(REF, CHANNEL, "/game settings adjudication:coin")
    assert not bad.ok and "adjudication is one of cities_then_production, production" \
        in bad.message
