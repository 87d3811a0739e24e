"""AARHE's passive turn through the console (001 = 001_4ad7942ffba8a1ea.txt, Phase 3,
Defensive Air Support (DAS); Phase 5, Reinforcement): the passive power that asked to be
asked is due and pinged when the enemy team has ended Combat Move, /help and /game status
name the window, and when its deadline passes the window closes with no move, even under the
``wait`` policy, and the enemy team is pinged (README of maps/aarhe, ruling 89)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bot.console.console import Console
from bot.scheduler.clock import ManualClock
from bot.service import FixedDiceSource, GameService
from bot.store import Database, database_url

SEATS = {"Soviet Union": "ana", "Germany": "ben", "Japan": "cy", "United Kingdom": "dee", "United States": "dee"}


@dataclass
class Seated:
    """An AARHE game started in the console with every seat taken and a day's deadline."""

    clock: ManualClock
    db: Database
    service: GameService
    said: Callable[[str], Awaitable[str]]


async def _seated(tmp_path: Path, faces: list[int], options: str) -> Seated:
    clock = ManualClock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC))
    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    out: list[str] = []
    service = GameService(db, FixedDiceSource(faces), clock=clock)
    shell = Console(service, "ana", images=tmp_path / "images", write=out.append)

    async def said(line: str) -> str:
        out.clear()
        await shell.handle(line)
        return "\n".join(out)

    await said(f"/game new ruleset:aarhe {options}")
    for power, who in SEATS.items():
        await said(f'@{who} /game join power:"{power}"')
    await said("/game settings deadline_hours:24")
    await said("/game start")
    return Seated(clock, db, service, said)


async def test_the_passive_power_is_pinged_and_its_deadline_closes_the_window(tmp_path: Path) -> None:
    game = await _seated(tmp_path, [3, 4] * 500, "name:passive")
    clock, service, said = game.clock, game.service, game.said
    try:
        assert "Soviet Union sets standing orders" in await said("@ana /orders passive:ask")
        while (await service.state("local")).round == 1:
            await said("@ana /done")
        for line in ("@ben /done", "@ben /done", "@cy /done"):
            assert "(only you)" not in await said(line), line
        window = await said("@cy /done")
        assert "Defensive Air Support: Soviet Union may act now" in window
        assert "Soviet Union to act (Defensive Air Support)." in window and "ping: @ana" in window
        state = await service.state("local")
        assert state.due == ("soviet_union",) and state.window is not None
        service.ledger.forget_state((await service.status("local")).game_id or 0)
        assert await service.state("local") == state          # a stored game resumes in the window
        refused = await said("@ben /battle territory:Belorussia")
        assert "(only you) Germany waits for the Allies' Defensive Air Support: Soviet Union to act." in refused
        passing = await said("@dee /done")
        assert ("(only you) United Kingdom is not asked in this Defensive Air Support: its standing orders pass "
                "(/orders passive:ask to be asked from the next window); Soviet Union to act.") in passing
        helped = await said("@ana /help")
        assert "Now Soviet Union (Defensive Air Support) can use:" in helped and "/support units:" in helped
        assert "/move units:" not in helped
        explained = await said("@ana /help reinforce")
        assert "Taken in: Reinforcement." in explained
        status = await said("/game status")
        assert ("Soviet Union to act: Defensive Air Support, the Allies' window in the turn of Germany and Japan"
                in status)
        assert "Deadline: 2026-03-02T" in status
        clock.advance(hours=25)
        expiry = await said("/game status")
        assert "The deadline for Soviet Union (@ana) passed" in expiry
        assert "Soviet Union passes: the window closes for it with no move." in expiry
        assert "Soviet Union ends its Defensive Air Support; the window closes." in expiry
        state = await service.state("local")
        assert state.window is None and "soviet_union" not in state.due
        assert "ping: @ben" in expiry
    finally:
        await game.db.close()


async def test_a_power_holding_an_item_for_the_window_is_pinged_uses_it_or_passes_at_the_deadline(
        tmp_path: Path) -> None:
    """001 › Appendix: National Advantages, Soviet Union 11, Commissars (NKVD): "If you get
    attacked during any Axis player's turn, you may sacrifice (destroy) any number of Infantry
    you own." The Soviet Union, holding the item in force and asking to be asked, is due and
    pinged in the Defensive Air Support window when Germany attacks Karelia, /help offers
    /advantage there, the item is used through the console, and when the player then stays
    silent its deadline closes its part and Germany is pinged (README of maps/aarhe, ruling
    135)."""
    # the Soviet Union's first draw reads 3 5: 16, the 8th of its 9 items (16 mod 9 = 7)
    game = await _seated(tmp_path, [3, 5] + [6, 6] * 500, "name:asked national_advantages:on")
    clock, service, said = game.clock, game.service, game.said
    try:
        await said("@ana /advantage draw:1")
        assert "Commissars (NKVD)" in await said('@ana /advantage reveal:"Commissars (NKVD)"')
        await said("@ana /orders passive:ask")
        while (await service.state("local")).round == 1:
            await said("@ana /done")
        await said("@ben /done")
        moved = await said('@ben /move units:"1 infantry" from:"Eastern Europe" to:"Karelia S.S.R."')
        assert "Karelia S.S.R." in moved, moved
        await said("@ben /done")
        await said("@cy /done")
        window = await said("@cy /done")
        assert "Defensive Air Support: Soviet Union may act now" in window and "ping: @ana" in window
        assert "/advantage" in await said("@ana /help")
        used = await said('@ana /advantage use:commissars at:"Karelia S.S.R."')
        assert "Soviet Union sacrifices 1 infantry in Karelia S.S.R. (Commissars (NKVD) (item 11))" in used, used
        state = await service.state("local")
        assert state.advantages["soviet_union"].declared_at["commissars"] == ("karelia_ssr",)
        clock.advance(hours=25)
        expiry = await said("/game status")
        assert "Soviet Union passes: the window closes for it with no move." in expiry
        state = await service.state("local")
        assert state.window is None and "ping: @ben" in expiry
    finally:
        await game.db.close()
