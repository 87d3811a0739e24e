"""``/advantage`` alone: a player's own National Advantages, answered to that player only and
never logged (001 › Appendix: National Advantages: "The randomly selected items are secret to
enemy team")."""

from __future__ import annotations

from pathlib import Path

from bot.service import Actor, FixedDiceSource, GameService
from bot.store import Database, database_url

SEATS = {"Soviet Union": "carol", "Germany": "alice", "Japan": "alice", "United Kingdom": "carol",
         "United States": "carol"}


async def _game(tmp_path: Path, options: dict[str, object]) -> GameService:
    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    service = GameService(db, FixedDiceSource([3, 4] * 50))
    assert (await service.create_game(Actor("carol"), "c1", ruleset="aarhe", name="na", options=options)).ok
    for power, who in SEATS.items():
        assert (await service.join(Actor(who), "c1", power)).ok
    assert (await service.start(Actor("carol"), "c1")).ok
    return service


async def test_the_hand_is_shown_to_its_player_alone_and_not_logged(tmp_path: Path) -> None:
    service = await _game(tmp_path, {"national_advantages": True})
    try:
        before = (await service.history("c1")).message
        reply = await service.submit(Actor("alice"), "c1", "/advantage")
        assert reply.ok and not reply.posts, reply
        assert "Germany's National Advantages:\n- VII Submarine (item 1), standard, in force" in reply.message
        assert "Japan's National Advantages:\n- Patriotism (item 1), standard, in force" in reply.message
        assert "Soviet Union" not in reply.message
        assert (await service.history("c1")).message == before
        outsider = await service.submit(Actor("dora"), "c1", "/advantage")
        assert not outsider.ok and outsider.reason == "advantage.no_hand", outsider
    finally:
        await service.db.close()


async def test_without_the_option_the_answer_says_so(tmp_path: Path) -> None:
    service = await _game(tmp_path, {})
    try:
        reply = await service.submit(Actor("carol"), "c1", "/advantage")
        assert reply.ok and not reply.posts
        assert reply.message.count("National Advantages are not played in this game") == 3
    finally:
        await service.db.close()
