"""The local console: same lines as Discord, @user for one line, /as to switch users."""

from __future__ import annotations

from pathlib import Path

from bot.console.console import Console, complete
from bot.service import GameService


async def test_console_acts_as_named_users(service: GameService, tmp_path: Path) -> None:
    """Lines run as the current user or the @user given; replies, posts and pings are printed."""
    out: list[str] = []
    console = Console(service, "ref", images=tmp_path / "images", write=out.append)
    for line in [
        "/game new ruleset:aa1942-2e name:local",
        "/as alice",
        '/game join power:"Soviet Union"',
        "@bob /game join power:Germany",
    ]:
        assert await console.handle(line)
    assert console.user == "alice"
    assert "You play Soviet Union in game #1 (local)." in out
    assert "You play Germany in game #1 (local)." in out
    out.clear()
    await console.handle("@bob /game start")
    assert out == ["(only you) Seats still open: United Kingdom, Japan, United States."]
    assert not await console.handle("/quit")


async def test_console_completes_commands_and_names(service: GameService, tmp_path: Path) -> None:
    """Tab completion offers command words, /game subcommands and known names."""
    console = Console(service, "ref", images=tmp_path, write=lambda _: None)
    console.names = ["Germany", "West Russia"]
    assert complete(console, "/ga", "/ga") == ["/game"]
    assert complete(console, "jo", "/game jo") == ["join"]
    assert complete(console, "to:we", "/move units:tank to:we") == ['to:"West Russia"']
    assert complete(console, 'to:"we', '/move units:tank to:"we') == ['to:"West Russia']
    assert complete(console, "to:“ge", "/move units:tank to:“ge") == ["to:“Germany"]
    assert complete(console, "to:ge", "/move units:tank to:ge") == ["to:Germany"]


async def test_map_writes_a_png(db, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """/map renders the started game's board into the image folder."""
    from bot.service import FixedDiceSource

    service = GameService(db, FixedDiceSource([]))
    out: list[str] = []
    console = Console(service, "ana", images=tmp_path / "images", write=out.append)
    await console.handle("/game new ruleset:aa1942-2e name:maps")
    for power in ("Soviet Union", "Germany", "United Kingdom", "Japan", "United States"):
        await console.handle(f'/game join power:"{power}"')
    await console.handle("/game start")
    await console.handle("/map")
    png = tmp_path / "images" / "map-r1-soviet_union-purchase.png"
    assert out[-1] == f"Map written to {png}"
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


async def test_console_referee_option(service: GameService, tmp_path: Path) -> None:
    """Users named as referees act with the role: their move for another seat is a correction."""
    from tests.service.conftest import started

    await started(service, "local")
    out: list[str] = []
    console = Console(service, "ref", images=tmp_path, write=out.append, referees={"ref"})
    await console.handle('/buy units:"1 infantry"')
    correction = 'Referee correction by @ref for Soviet Union: /buy units:"1 infantry"'
    assert out[0] == '/buy units:"1 infantry"'
    assert f"  #local> {correction}" in out
    assert sum(correction in line for line in out) == 1, "posted lines are printed once"
    out.clear()
    await console.handle('@carol /buy units:"1 infantry"')
    assert out == ["(only you) You have no seat in game #1 (test)."]


async def test_map_region_and_territory_views(tmp_path: Path) -> None:
    """/map region:X and /map territory:X write enlarged crops, as in Discord (issue 7, item 3)."""
    from bot.service import FixedDiceSource
    from bot.store import Database, database_url

    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    out: list[str] = []
    console = Console(GameService(db, FixedDiceSource([3] * 10)), "ana", images=tmp_path / "img",
                      write=out.append)
    for line in ("/game new ruleset:aa1942-2e name:maps", *(f'/game join power:"{p}"' for p in
                 ("Soviet Union", "Germany", "United Kingdom", "Japan", "United States")), "/game start"):
        await console.handle(line)
    out.clear()
    await console.handle("/map region:europe")
    await console.handle("/map territory:kar")
    await console.handle("/map territory:Atlantis")
    assert out[0].endswith("-europe.png") and out[1].endswith("-Karelia_S.S.R..png"), out
    assert out[2].startswith("(only you) There is no space called")
    assert len(list((tmp_path / "img").glob("*.png"))) == 2
    await db.close()
