"""Fitting battle logs into Discord's limits: messages and embeds as plain values.

Limits (Discord API): a message holds at most 2000 characters; an embed's title 256, its
description 4096, a field value 1024, a footer 2048, all embeds of one message 6000 in
total, and a message at most 10 embeds. Text is split between lines, preferably where a
round begins, and a code block cut in two is closed and reopened so both halves render.
"""

from __future__ import annotations

from typing import Any

from bot.render.battlelog import BattleLog
from bot.render.battletext import FENCE, body_lines, title

MESSAGE_LIMIT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELD = 1024
EMBED_FOOTER = 2048
EMBED_TOTAL = 6000
EMBEDS_PER_MESSAGE = 10


def _fence_of(line: str) -> str | None:
    stripped = line.strip()
    return stripped if stripped.startswith(FENCE) else None


def _nice_break(line: str) -> bool:
    """A good place to start a new message: a blank line or a round's header."""
    return not line.strip() or line.startswith("Round ")


def split_for_discord(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Pieces of ``text`` each at most ``limit`` characters, cut between lines (at a round
    boundary when one is near), with code fences balanced in every piece. A single line
    longer than a piece can hold is the only thing ever cut, and only then."""
    lines = _fit_lines(text.split("\n"), limit)
    opener: list[str | None] = []        # the fence open before each line, if any
    state: str | None = None
    for line in lines:
        opener.append(state)
        if (fence := _fence_of(line)) is not None:
            state = None if state is not None else fence
    opener.append(state)
    pieces: list[str] = []
    start = 0
    while start < len(lines):
        end = _piece_end(lines, opener, start, limit)
        fence = opener[start]
        head = [fence] if fence is not None else []
        tail = [FENCE] if opener[end] is not None else []
        body = lines[start:end]
        while body and not body[-1].strip():
            body.pop()
        piece = "\n".join([*head, *body, *tail]).strip("\n")
        if piece.strip() and piece.strip() not in (FENCE, f"{FENCE}\n{FENCE}"):
            pieces.append(piece)
        start = end
        while start < len(lines) and not lines[start].strip():
            start += 1
    return pieces


def _piece_end(lines: list[str], opener: list[str | None], start: int, limit: int) -> int:
    """The index after the last line of the piece starting at ``start``."""
    fence = opener[start]
    reopen = len(fence) + 1 if fence is not None else 0
    size = reopen - 1
    best = None
    end = start
    while end < len(lines):
        grown = size + len(lines[end]) + 1
        close = len(FENCE) + 1 if opener[end + 1] is not None else 0
        if grown + close > limit and end > start:
            break
        if end > start and _nice_break(lines[end]) and size > limit // 3:
            best = end
        size = grown
        end += 1
    if end < len(lines) and best is not None:
        return best
    return end


def _fit_lines(lines: list[str], limit: int) -> list[str]:
    """Lines short enough to fit a piece with a fence at each end."""
    room = max(1, limit - 2 * (len(FENCE) + 1) - 16)
    out: list[str] = []
    for line in lines:
        while len(line) > room:
            out.append(line[:room])
            line = line[room:]
        out.append(line)
    return out


def battle_embeds(log: BattleLog, colour: int | None = None) -> list[list[dict[str, Any]]]:
    """The log as Discord embed dicts (``title``, ``description``, ``color``), grouped into
    messages that each respect the per-message limits."""
    head = title(log)[:EMBED_TITLE]
    budget = EMBED_DESCRIPTION
    chunks = split_for_discord("\n".join([FENCE, *body_lines(log), FENCE]), budget)
    embeds: list[dict[str, Any]] = []
    for i, chunk in enumerate(chunks):
        embed: dict[str, Any] = {"description": chunk}
        if i == 0:
            embed["title"] = head
        else:
            embed["footer"] = {"text": f"{head} ({i + 1}/{len(chunks)})"[:EMBED_FOOTER]}
        if colour is not None:
            embed["color"] = colour
        embeds.append(embed)
    return pack_embeds(embeds)


def embed_size(embed: dict[str, Any]) -> int:
    """Characters an embed counts against the 6000 per message."""
    fields = embed.get("fields") or []
    return (len(embed.get("title", "")) + len(embed.get("description", ""))
            + len((embed.get("footer") or {}).get("text", ""))
            + len((embed.get("author") or {}).get("name", ""))
            + sum(len(f.get("name", "")) + len(f.get("value", "")) for f in fields))


def pack_embeds(embeds: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Embeds in order, as few messages as the per-message count and total allow."""
    messages: list[list[dict[str, Any]]] = []
    total = 0
    for embed in embeds:
        size = embed_size(embed)
        if not messages or len(messages[-1]) == EMBEDS_PER_MESSAGE or total + size > EMBED_TOTAL:
            messages.append([])
            total = 0
        messages[-1].append(embed)
        total += size
    return messages
