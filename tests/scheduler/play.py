"""Games for the deadline tests: 1942 Second Edition through the real service, two players
(Ana holds the Allies, Ben the Axis) and a referee, on a clock moved by hand."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from bot.service import Actor, GameService
from bot.store.models import Notice

ANA, BEN, REF = Actor("ana"), Actor("ben"), Actor("ref", referee=True)
SEATS = {"Soviet Union": ANA, "Germany": BEN, "United Kingdom": ANA, "Japan": BEN,
         "United States": ANA}
CHANNEL = "local"
START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
# Karelia attacks West Russia: round 1 the attackers miss, the defender scores one hit;
# from round 2 every die hits (rulebook 000_fc7e3a790a753b06.txt, "General Combat").
DICE = [6] * 5 + [1] + [6] * 4 + [1] * 300

Services = Callable[[], GameService]
"""Makes a new service instance on the test's database: each stands for a (re)started bot."""


async def run(service: GameService, actor: Actor, line: str) -> str:
    reply = await service.execute(actor, CHANNEL, line)
    assert reply.ok, reply.message
    return "\n".join([reply.message, *reply.posts])


async def started(service: GameService, settings: str) -> None:
    await run(service, REF, "/game new ruleset:aa1942-2e name:sunday")
    for power, who in SEATS.items():
        await run(service, who, f'/game join power:"{power}"')
    await run(service, REF, f"/game settings {settings}")
    await run(service, ANA, "/game start")


async def notices(service: GameService) -> list[Notice]:
    return await service.deadlines.claim_unsent()
