"""/orders through the service: a seat's standing orders may be set at any time, by its own
player only (issue: engine part 2, item 6; Discord permissions)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import maps
from bot.console.console import Console
from bot.service import FixedDiceSource, GameService
from bot.store import Database, database_url

SEATS = {"Soviet Union": "ana", "Germany": "ben", "United Kingdom": "cy", "Japan": "ben",
         "United States": "cy"}


@pytest.fixture
async def game(tmp_path: Path) -> AsyncIterator[tuple[Console, list[str], Database]]:
    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    out: list[str] = []
    # the first attack scores one hit (@1 6 6, @2 6 1, @3 6): the defender has a choice to make
    shell = Console(GameService(db, FixedDiceSource([6, 6, 6, 1, 6] + [1] * 200)), "ana",
                    images=tmp_path / "images",
                    write=out.append, referees=("ref",))
    await shell.handle("@ana /game new ruleset:aa1942-2e name:orders")
    for power, who in SEATS.items():
        await shell.handle(f'@{who} /game join power:"{power}"')
    await shell.handle("@ana /game start")
    out.clear()
    yield shell, out, db
    await db.close()


async def said(shell: Console, out: list[str], line: str) -> str:
    out.clear()
    await shell.handle(line)
    return "\n".join(out)


async def orders_of(shell: Console) -> dict[str, object]:
    state = await shell.service.state("local")
    return {state.rules.power_name(p): dict(o) for p, o in state.orders.items()}


async def test_a_defender_sets_orders_during_the_attackers_turn(game) -> None:
    """Germany's player prepares for the Soviet attack while the Soviet Union moves."""
    shell, out, _ = game
    reply = await said(shell, out, '@ben /orders power:Germany loss:"infantry, tank" decide:self')
    assert "(only you)" not in reply, reply
    assert (await orders_of(shell))["Germany"]["decide"] == "self"


async def test_the_only_seat_needs_no_power(game) -> None:
    shell, out, _ = game
    await said(shell, out, "@ana /orders retreat_below:2")
    assert (await orders_of(shell))["Soviet Union"]["retreat_below"] == 2


async def test_a_player_of_two_seats_says_which_out_of_turn(game) -> None:
    shell, out, _ = game
    reply = await said(shell, out, "@ben /orders retreat_below:2")
    assert "You play Germany, Japan: say which with power:" in reply
    assert await orders_of(shell) == {}


async def test_nobody_sets_another_players_orders(game) -> None:
    shell, out, _ = game
    reply = await said(shell, out, "@ana /orders power:Germany decide:self")
    assert "You do not play Germany" in reply
    assert await orders_of(shell) == {}
    await said(shell, out, "@ref /orders power:Germany decide:self")
    assert (await orders_of(shell))["Germany"]["decide"] == "self"


async def test_standing_orders_decide_the_defenders_choice_in_person(game) -> None:
    """With decide:self the battle stops for the defender's casualty choice (Germany), and only
    Germany's player answers it."""
    shell, out, _ = game
    await said(shell, out, "@ben /orders power:Germany decide:self")
    for line in ("/done", '/move units:"3 infantry, 1 artillery" from:Russia to:"West Russia"',
                 '/move units:"1 tank" from:Caucasus to:"West Russia"', "/done", '/battle territory:"West Russia"'):
        await said(shell, out, f"@ana {line}")
    state = await shell.service.state("local")
    assert state.actor == "germany"
    assert "Germany's move" in await said(shell, out, '@ana /casualties units:"1 infantry"')
    assert "(only you)" not in await said(shell, out, '@ben /casualties units:"1 infantry"')
    assert maps.load_ruleset("aa1942-2e") is state.rules
