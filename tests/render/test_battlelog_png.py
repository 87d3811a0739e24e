"""The battle table picture and the posts a front end sends for a reply's battles."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from bot.render.battlelog import battle_logs
from bot.render.battleposts import outside_battles, present_battles
from bot.render.battletable import WIDTH, render_battle_table
from bot.render.discordtext import MESSAGE_LIMIT
from tests.render import battlelog_kit as kit

COLOURS = {"Soviet Union": "#7a1f1f", "Germany": "#5f6062"}
SOVIET, GERMAN = (0x7A, 0x1F, 0x1F), (0x5F, 0x60, 0x62)
DISCORD_FILE_LIMIT = 8 * 1024 * 1024


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def pixels_of(image: Image.Image, colour: tuple[int, int, int]) -> int:
    return int(np.all(np.asarray(image.convert("RGB")) == colour, axis=-1).sum())


def test_table_is_a_png_with_hits_in_each_side_colour() -> None:
    (log,) = battle_logs(kit.west_russia(), kit.UNITS)
    image = decode(render_battle_table(log, COLOURS))
    assert image.format == "PNG" and image.width == WIDTH and 400 < image.height < 1200
    assert pixels_of(image, SOVIET) > 500 and pixels_of(image, GERMAN) > 500


def test_misses_are_not_coloured() -> None:
    """Six dice that all miss leave no trace of either side's colour."""
    state = kit.karelia(orders={"Germany": {"decide": "self"}})
    _, events = kit.fight(state, "Karelia", [6, 6, 6, 6, 6, 6])
    image = decode(render_battle_table(battle_logs(events, kit.UNITS)[0], COLOURS))
    assert pixels_of(image, SOVIET) == 0 and pixels_of(image, GERMAN) == 0


def test_big_battle_table_stays_postable() -> None:
    (log,) = battle_logs(kit.war_of_attrition(), kit.UNITS)
    png = render_battle_table(log)
    image = decode(png)
    assert len(png) < DISCORD_FILE_LIMIT
    assert image.width == WIDTH and image.height < 6000


def test_posts_carry_texts_and_a_picture_for_long_battles() -> None:
    events = [{"type": "phase", "text": "Germany: Conduct Combat."}, *kit.west_russia(),
              *kit.raid_on_italy()]
    long, raid = present_battles(events, kit.UNITS, COLOURS)
    assert long.title == "⚔ West Russia — Soviet Union attacks Germany" and long.finished
    assert long.png is not None and decode(long.png).format == "PNG"
    assert long.filename == "battle-west-russia.png"
    assert all(len(t) <= MESSAGE_LIMIT for t in long.texts) and len(long.texts) == 1
    assert long.embeds[0][0]["color"] == 0x7A1F1F
    assert raid.png is None and raid.texts[0].startswith("**✈ Raid on Italy")
    assert [e["type"] for e in outside_battles(events, kit.UNITS)] == ["phase"]


def test_a_picture_on_request_and_none_for_a_battle_without_dice() -> None:
    (raid,) = present_battles(kit.raid_on_italy(), kit.UNITS, image_rounds=1)
    assert raid.png is not None
    start = {"type": "battle_start", "text": "", "space": "Finland", "combat": "land",
             "attacker": "Soviet Union", "attackers": {"infantry": 1}, "defenders": {}}
    end = {"type": "battle_end", "text": "", "space": "Finland", "outcome": "attacker",
           "rounds": 0, "captured": True, "attackers": {"infantry": 1}, "defenders": {}}
    (quiet,) = present_battles([start, end], kit.UNITS, image_rounds=0)
    assert quiet.png is None and quiet.finished


def test_partial_battle_post() -> None:
    state = kit.karelia(orders={"Soviet Union": {"decide": "self"}})
    _, events = kit.fight(state, "Karelia", [1, 6, 6])
    (post,) = present_battles(events, kit.UNITS)
    assert not post.finished and post.png is None
    assert post.texts[0].endswith("… continues: waiting for Soviet Union to choose casualties\n```")
