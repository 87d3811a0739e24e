"""What an accepted command says in the game's channel: sentences, and battles as logs.

Battle events (``battle_start`` ... ``battle_end`` and everything between) become one log per
battle (``bot.render.battletext``); every other event is its plain sentence. Each battle log
ends with the newest roll record of that battle, so that a channel holds the chain's head:
a later export missing that record shows the newest rolls were cut off (docs/dice.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.battlelog import partition
from bot.render.battletext import battle_text

Event = Mapping[str, Any]


def channel_posts(events: Sequence[Event], rolls: Sequence[Mapping[str, Any]] = ()) -> list[str]:
    """The posts for a command's events, in order; ``rolls`` are its dice log roll entries."""
    outside = {id(e) for e in partition(events)[1]}
    posts: list[str] = []
    run: list[Event] = []
    for event in [*events, None]:
        if event is not None and id(event) not in outside:
            run.append(event)
            continue
        if run:
            posts += [_with_dice(battle_text(log), log.space, rolls) for log in partition(run)[0]]
            run = []
        if event is not None and event.get("text"):
            posts.append(str(event["text"]))
    return posts


def dice_line(roll: Mapping[str, Any]) -> str:
    """``dice: roll #41, record 3f2a9c1e7b0d``: the roll's number and its record hash."""
    return f"dice: roll #{roll['seq']}, record {str(roll['hash'])[:12]}"


def _with_dice(text: str, space: str, rolls: Sequence[Mapping[str, Any]]) -> str:
    """The battle's log followed by its newest roll record, when the dice are auditable."""
    mine = [r for r in rolls if "hash" in r and str(r.get("purpose", "")).startswith(space + " ")]
    return f"{text}\n{dice_line(mine[-1])}" if mine else text
