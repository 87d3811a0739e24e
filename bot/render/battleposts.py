"""What a front end posts for the battles in a reply's events: split texts, embeds, and a
picture of the table when the battle is long enough for one to help.

Pure and Discord-free (embeds are plain dicts); the picture takes a few tenths of a
second, so call this off the event loop (``asyncio.to_thread``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.render.battlelog import BattleLog, Volley, partition
from bot.render.battletable import render_battle_table, rgb
from bot.render.battletext import battle_text, title
from bot.render.discordtext import MESSAGE_LIMIT, battle_embeds, split_for_discord
from bot.render.style import Rgb
from bot.render.unitkey import UnitKey

IMAGE_ROUNDS = 3
"""A battle of this many rounds or more also gets the table as a picture."""


@dataclass(frozen=True)
class BattlePost:
    """One battle ready to post: ``texts`` are messages within the 2000-character limit,
    ``embeds`` the same log as embed messages (each a list of embed dicts), ``png`` the
    table picture or None, ``filename`` a name to attach it under."""

    title: str
    space: str
    finished: bool
    texts: list[str]
    embeds: list[list[dict[str, Any]]]
    png: bytes | None
    filename: str


def present_battles(events: Sequence[Mapping[str, Any]], units: UnitKey,
                    colours: Mapping[str, str | Rgb] | None = None,
                    image_rounds: int = IMAGE_ROUNDS) -> list[BattlePost]:
    """A post per battle in the events (``Event.to_json()`` dicts of a command or a turn).

    ``units`` names the game's units; ``colours`` maps power names to colours for the
    picture and the embeds, e.g.
    ``{p.name: p.color for p in state.rules.board.powers.values()}``.
    """
    return [present(log, colours, image_rounds) for log in partition(events, units)[0]]


def outside_battles(events: Sequence[Mapping[str, Any]], units: UnitKey) -> list[Mapping[str, Any]]:
    """The events that belong to no battle, to post as their plain sentences."""
    return partition(events, units)[1]


def present(log: BattleLog, colours: Mapping[str, str | Rgb] | None = None,
            image_rounds: int = IMAGE_ROUNDS) -> BattlePost:
    texts = split_for_discord(battle_text(log), MESSAGE_LIMIT)
    dice = any(isinstance(e, Volley) for r in log.rounds for e in r.entries)
    wants_image = dice and (len(log.rounds) >= image_rounds or len(texts) > 1)
    tint = rgb((colours or {}).get(log.attacker or ""))
    colour = (tint[0] << 16) | (tint[1] << 8) | tint[2] if tint else None
    return BattlePost(
        title=title(log), space=log.space, finished=log.finished, texts=texts,
        embeds=battle_embeds(log, colour),
        png=render_battle_table(log, colours) if wants_image else None,
        filename=f"battle-{_slug(log.space)}.png")


def _slug(name: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in name.lower()).split()) or "battle"
