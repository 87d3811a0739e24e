"""A game's sealed bid and its placement through the service, on SQLite and PostgreSQL,
with the 1942 Second Edition setup (bids are league practice; the rulebook only decides
where units may stand: 000_fc7e3a790a753b06.txt, "Phase 5: Mobilize New Units")."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.ladder.bids import commitment
from bot.service import Actor, FixedDiceSource, GameService
from bot.service.record import replay_record
from bot.store import Database

ANA, BEN, REF = Actor("ana"), Actor("ben"), Actor("ref", referee=True)


@pytest.fixture
async def real(url: str) -> AsyncIterator[GameService]:
    db = Database(url)
    await db.migrate()
    yield GameService(db, FixedDiceSource([3] * 100))
    await db.close()


async def run(service: GameService, actor: Actor, line: str) -> str:
    reply = await service.execute(actor, "c", line)
    assert reply.ok, reply.message
    return reply.message


async def refused(service: GameService, actor: Actor, line: str) -> tuple[str, str | None]:
    reply = await service.execute(actor, "c", line)
    assert not reply.ok, reply.message
    return reply.message, reply.reason


async def test_a_sealed_bid_decides_the_sides_and_its_units_start_on_the_board(
        real: GameService) -> None:
    await run(real, REF, "/game new ruleset:aa1942-2e name:league bid_powers:Germany,Japan")
    await run(real, ANA, "/bid commit amount:9 salt:pepper")
    # Nobody reveals before both have committed, and the commitment shows no amount.
    assert (await refused(real, ANA, "/bid reveal amount:9 salt:pepper"))[1] == "bid.waiting"
    shown = await run(real, BEN, "/bid show")
    assert commitment("ana", 9, "pepper") in shown and "sealed" in shown and " 9" not in shown
    await run(real, BEN, f"/bid commit hash:{commitment('ben', 14, 'salt')}")
    message, reason = await refused(real, BEN, "/bid reveal amount:12 salt:salt")
    assert reason == "bid.tampered" and "does not match your commitment" in message
    await run(real, BEN, "/bid reveal amount:14 salt:salt")
    text = await run(real, ANA, "/bid reveal amount:9 salt:pepper")
    assert "@ana plays the Axis and @ben the Allies; the Axis receive a bid of 9 IPCs." in text
    assert (await run(real, REF, "/bid show")).count("verified") == 2

    assert (await refused(real, BEN, '/bid place units:"1 infantry" territory:Libya'))[1] \
        == "bid.not_yours"
    for line, rule in [
        ('/bid place units:"2 infantry" territory:Libya', "bid.units_per_territory"),
        ('/bid place units:"1 infantry" territory:Formosa', "bid.only_where_units"),
        ('/bid place units:"1 submarine" territory:sz13 power:Germany',
         "bid.ships_only_where_ships"),
        ('/bid place units:"1 infantry" territory:India power:"United Kingdom"', "bid.power"),
    ]:
        message, reason = await refused(real, ANA, line)
        assert reason == rule and ("Rule bid_" in message or "not one of" in message), message
    await run(real, ANA, '/bid place units:"1 infantry" territory:Libya')
    await run(real, ANA, '/bid place units:"1 artillery" territory:Kwangtung')
    message, reason = await refused(real, ANA, '/bid place units:"1 tank" territory:Finland')
    assert reason == "bid.budget" and "The bid is 9 IPCs; these placements cost 13." == message

    for power, who in [("Soviet Union", BEN), ("Germany", ANA), ("United Kingdom", BEN),
                       ("Japan", ANA), ("United States", BEN)]:
        await run(real, who, f'/game join power:"{power}"')
    await run(real, ANA, "/game start")
    state = await real.state("c")
    libya = state.board.find_space("Libya")
    kwangtung = state.board.find_space("Kwangtung")
    assert sum(1 for u in state.units_at(libya) if u.kind == "infantry") == 2
    assert any(u.kind == "artillery" and u.owner == "japan" for u in state.units_at(kwangtung))
    assert (await refused(real, ANA, "/bid commit amount:1 salt:x"))[1] == "bid.started"
    # The record shows every step of the auction and replays with the bid units on board.
    record = await real.export("c")
    assert "{ @ana: /bid reveal amount:9 salt:pepper }" in record
    assert '{ @ana: /bid place power:germany units:"1 infantry" territory:"Libya" }' in record
    await run(real, BEN, "/game concede")
    replayed = replay_record(real.rules, await real.export("c"))
    assert replayed.errors == []
    assert sorted((u.kind, u.owner, u.space) for u in replayed.state.units.values()) == sorted(
        (u.kind, u.owner, u.space) for u in state.units.values())


async def test_a_tournament_table_bids_for_the_sides(real: GameService) -> None:
    """With bids:on a table's game waits in setup: the two players bid, the award decides
    who sits where, and the result counts for whoever played the winning side."""
    await run(real, REF, '/tournament new name:Duel pairing:knockout bids:on '
              "bid_powers:Germany")
    for who in (ANA, BEN):
        await run(real, who, "/tournament join")
    text = await run(real, REF, "/tournament start")
    assert "Table 1: @ana v @ben (sides by sealed bid), game #1: playing." in text
    table = "c-r1-t1"

    async def at(actor: Actor, line: str) -> None:
        reply = await real.execute(actor, table, line)
        assert reply.ok, reply.message

    await at(ANA, "/bid commit amount:14 salt:a")
    await at(BEN, "/bid commit amount:6 salt:b")
    await at(ANA, "/bid reveal amount:14 salt:a")
    await at(BEN, "/bid reveal amount:6 salt:b")
    await at(BEN, '/bid place units:"1 infantry" territory:Libya')
    for power, who in [("Soviet Union", ANA), ("Germany", BEN), ("United Kingdom", ANA),
                       ("Japan", BEN), ("United States", ANA)]:
        await at(who, f'/game join power:"{power}"')
    await at(BEN, "/game start")
    await at(ANA, "/game concede")
    text = await run(real, REF, "/tournament pairings")
    assert "Table 1: @ana v @ben (sides by sealed bid), game #1: @ben won (concession)." in text
    final = await run(real, REF, "/tournament next")
    assert "1. @ben: 1" in final
