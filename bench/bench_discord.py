"""Discord front end latency: interaction to first response, through the local fake Discord.

Run: .venv/bin/python bench/bench_discord.py [--games 50] [--commands 1000] [--concurrency 1]

The real discord.py client talks over loopback HTTP and websocket to the fake Discord used by
the tests; behind it the real GameService writes a SQLite file in a temporary directory with
auditable dice. 50 games are created, seated and started; then 1,000 commands (purchases,
undos and status reads) are spread round-robin over the games. Each latency is measured from
the moment the fake sends INTERACTION_CREATE to the moment it receives the bot's first
response (the interaction callback). Goal: p99 under 100 ms. Map rendering is excluded (it is
deferred at once; its render time is printed separately), as are autocomplete answers, which
are printed on their own line.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "discord"))

from fake_discord import FakeDiscord

from bot.discord import DiscordConfig, create_bot
from bot.discord.pictures import render_state
from bot.service import AuditableDiceSource, GameService
from bot.store import Database, database_url

POWERS = ("Soviet Union", "Germany", "United Kingdom", "Japan", "United States")
PLAY = (("buy", {"units": "1 infantry"}), ("undo", {}), ("game status", {}))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(name: str, millis: list[float]) -> str:
    return (f"{name:<34} n={len(millis):<5} p50 {percentile(millis, 0.50):6.2f} ms   "
            f"p90 {percentile(millis, 0.90):6.2f} ms   p99 {percentile(millis, 0.99):6.2f} ms   "
            f"max {max(millis):6.2f} ms   mean {statistics.fmean(millis):6.2f} ms")


class TimedService:
    """The service with the time each ``execute`` took recorded (to split front end from store)."""

    def __init__(self, inner: GameService) -> None:
        self.inner = inner
        self.millis: list[float] = []

    async def execute(self, *args: object, **kwargs: object) -> object:
        start = time.perf_counter()
        try:
            return await self.inner.execute(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            self.millis.append(1000 * (time.perf_counter() - start))

    async def state(self, game: int | str) -> object:
        return await self.inner.state(game)


async def timed(fake: FakeDiscord, command: str, values: dict, *, channel: int,
                who: str = "alice", autocomplete: str | None = None) -> tuple[float, str]:
    """Milliseconds from INTERACTION_CREATE to the first response, and that response's text."""
    start = time.perf_counter()
    if autocomplete is None:
        payload = await fake.slash(command, values, who=who, channel=channel)
    else:
        payload = await fake.autocomplete(command, values, autocomplete, who=who,
                                          channel=channel)
    answer = await fake.wait_for_token(payload["token"], timeout=30)
    return 1000 * (answer.at - start), answer.content


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(database_url(Path(tmp) / "bench.sqlite3"))
        await db.migrate()
        service = TimedService(GameService(
            db, AuditableDiceSource(b"benchmark master key, not secret")))
        fake = FakeDiscord(channels=args.games)
        await fake.start()
        t0 = time.perf_counter()
        config = DiscordConfig(token="bench", api_base=fake.api_base, gateway_url=fake.ws_url)
        bot = create_bot(service, config, render=render_state, guild_ready_timeout=0.01)
        runner = asyncio.create_task(bot.start(config.token))
        await asyncio.wait_for(fake.connected.wait(), 30)
        print(f"startup + login + gateway + command sync: {1000 * (time.perf_counter() - t0):.1f} ms")

        setup: list[float] = []
        for game in range(args.games):
            ms, text = await timed(fake, "game new", {"ruleset": args.ruleset,
                                                      "name": f"bench {game}"},
                                   channel=game, who="carol")
            setup.append(ms)
            for power in POWERS:
                setup.append((await timed(fake, "game join", {"power": power},
                                          channel=game))[0])
            ms, text = await timed(fake, "game start", {}, channel=game)
            setup.append(ms)
            assert "to act" in text, text

        play: list[float] = []
        gate = asyncio.Semaphore(args.concurrency)

        async def one(i: int) -> None:
            command, values = PLAY[(i // args.games) % len(PLAY)]
            async with gate:
                ms, _ = await timed(fake, command, values, channel=i % args.games)
            play.append(ms)

        service.millis.clear()
        started = time.perf_counter()
        await asyncio.gather(*(one(i) for i in range(args.commands)))
        wall = time.perf_counter() - started
        inside = list(service.millis)

        complete = [(await timed(fake, "buy", {"units": "2 inf"}, channel=i % args.games,
                                 autocomplete="units"))[0] for i in range(200)]

        render_ms = []
        for game in range(3):
            before = len(fake.of("followup"))
            ms, _ = await timed(fake, "map", {"region": "europe"}, channel=game)
            t = time.perf_counter()
            [*_, png] = await fake.wait_for("followup", before + 1, timeout=60)
            assert png.files, png.content
            render_ms.append(ms + 1000 * (time.perf_counter() - t))

        print(summary("setup (new, 5 joins, start)", setup))
        print(summary(f"play commands, concurrency {args.concurrency}", play))
        print(summary("  of which GameService.execute", inside))
        print(f"{'':<34} {args.commands / wall:.0f} commands/s over {args.games} games")
        print(summary("autocomplete (buy units)", complete))
        print(f"{'map: interaction to PNG followup':<34} "
              + ", ".join(f"{ms:.0f} ms" for ms in render_ms))
        await bot.close()
        await runner
        await fake.stop()
        await db.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--commands", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--ruleset", default="aa1942-2e")
    asyncio.run(main(parser.parse_args()))
