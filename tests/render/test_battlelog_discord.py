"""Battle logs within Discord's limits: messages of 2000 characters split between lines
and rounds with balanced code fences; embeds within their per-field and per-message
limits. The big case is a real 30-round battle of 60 units."""

from __future__ import annotations

import pytest

from bot.render.battlelog import BattleLog, battle_logs
from bot.render.battletext import FENCE, battle_text, body_lines
from bot.render.discordtext import (
    EMBED_DESCRIPTION,
    EMBED_TITLE,
    EMBED_TOTAL,
    EMBEDS_PER_MESSAGE,
    MESSAGE_LIMIT,
    battle_embeds,
    embed_size,
    split_for_discord,
)
from tests.render import battlelog_kit as kit


@pytest.fixture(scope="module")
def attrition() -> BattleLog:
    (log,) = battle_logs(kit.war_of_attrition(), kit.UNITS)
    return log


def fences_balanced(piece: str) -> bool:
    return sum(1 for line in piece.splitlines() if line.strip().startswith(FENCE)) % 2 == 0


def unfenced(pieces: list[str]) -> list[str]:
    return [line for p in pieces for line in p.splitlines() if not line.startswith(FENCE)]


def test_the_big_battle_is_real(attrition: BattleLog) -> None:
    assert attrition.finished and len(attrition.rounds) == 30
    assert sum(attrition.attackers.values()) + sum(
        sum(c.values()) for c in attrition.defenders.values()) == 60


def test_big_battle_splits_into_messages_at_round_boundaries(attrition: BattleLog) -> None:
    text = battle_text(attrition)
    pieces = split_for_discord(text)
    assert len(pieces) > 3
    assert all(len(p) <= MESSAGE_LIMIT for p in pieces)
    assert all(fences_balanced(p) for p in pieces)
    assert all(p.startswith(f"{FENCE}\nRound ") for p in pieces[1:])
    original = [line for line in text.splitlines() if not line.startswith(FENCE) and line]
    assert [line for line in unfenced(pieces) if line] == original


def test_no_line_is_ever_cut(attrition: BattleLog) -> None:
    lines = set(battle_text(attrition).splitlines())
    for limit in (300, 700, 2000):
        assert set(unfenced(split_for_discord(battle_text(attrition), limit))) <= lines | {""}


def test_a_short_log_is_one_message() -> None:
    text = battle_text(battle_logs(kit.west_russia(), kit.UNITS)[0])
    assert split_for_discord(text) == [text]


def test_plain_text_and_a_line_longer_than_the_limit() -> None:
    text = "\n".join(["alpha " * 5, "x" * 250, "", "Round 2", "beta"])
    pieces = split_for_discord(text, 100)
    assert all(len(p) <= 100 for p in pieces)
    assert "".join(pieces).count("x") == 250
    assert pieces[-1] == "Round 2\nbeta"


def test_fence_left_open_by_the_text_is_closed_and_reopened() -> None:
    text = "\n".join(["head", "```text", *[f"line {i:03}" for i in range(40)], "```", "tail"])
    pieces = split_for_discord(text, 120)
    assert all(len(p) <= 120 and fences_balanced(p) for p in pieces)
    assert all(p.startswith("```text") for p in pieces[1:-1])


def test_embeds_respect_every_limit(attrition: BattleLog) -> None:
    messages = battle_embeds(attrition, colour=0x5F6062)
    embeds = [e for m in messages for e in m]
    assert len(embeds) > 1
    assert all(len(m) <= EMBEDS_PER_MESSAGE for m in messages)
    assert all(sum(embed_size(e) for e in m) <= EMBED_TOTAL for m in messages)
    assert all(len(e["description"]) <= EMBED_DESCRIPTION for e in embeds)
    assert all(fences_balanced(e["description"]) for e in embeds)
    assert len(embeds[0]["title"]) <= EMBED_TITLE and embeds[0]["color"] == 0x5F6062
    shown = [line for e in embeds for line in e["description"].splitlines()
             if line and not line.startswith(FENCE)]
    assert shown == [line for line in body_lines(attrition) if line]


def test_embeds_are_plain_json_values() -> None:
    (log,) = battle_logs(kit.sea_zone_6(), kit.UNITS)
    (message,) = battle_embeds(log)
    assert message == [{"description": message[0]["description"], "title": message[0]["title"]}]
    assert all(isinstance(v, str) for v in message[0].values())
