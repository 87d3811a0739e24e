"""Transcripts: files of ``@user /command option:value`` lines run through the GameService.

Lines run in order in one local channel; a refused line is reported and the run continues.
``#`` starts a comment (outside quotes). Every result says whose turn and which phase follow.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from bot.service.game_service import GameService
from bot.service.lines import LineError, split_user
from bot.service.reply import Actor, Refusal, Reply
from engine.tokens import DOUBLE_QUOTES

LOCAL_CHANNEL = "local"
"""The channel id the console and transcripts play in."""


@dataclass(frozen=True)
class LineResult:
    """The outcome of one transcript line."""

    line: int
    user: str | None
    command: str
    ok: bool
    message: str
    turn: str | None
    phase: str | None
    reason: str | None = None
    state: dict[str, Any] | None = None
    """The game state JSON after this line, when asked for (``aaref script --states``)."""

    def to_json(self, with_state: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "line": self.line,
            "user": self.user,
            "command": self.command,
            "ok": self.ok,
            "message": self.message,
            "turn": self.turn,
            "phase": self.phase,
        }
        if with_state:
            out["state"] = self.state
        return out


def strip_comment(line: str) -> str:
    """The line up to a ``#`` that is not inside double quotes (straight or typographic,
    as :mod:`engine.tokens` reads them)."""
    quoted = False
    for i, char in enumerate(line):
        if char in DOUBLE_QUOTES:
            quoted = not quoted
        elif char == "#" and not quoted:
            return line[:i]
    return line


async def run_lines(
    service: GameService,
    lines: Iterable[str],
    channel_id: str = LOCAL_CHANNEL,
    referees: Collection[str] = (),
    states: bool = False,
) -> list[LineResult]:
    """Run every non-blank line; refusals are results, never exceptions.

    Users named in ``referees`` act with the referee role. With ``states`` each result
    carries the game state after its line (None while the game has not started).
    """
    results: list[LineResult] = []
    user: str | None = None
    for number, raw in enumerate(lines, start=1):
        text = strip_comment(raw).strip()
        if not text:
            continue
        command = text
        try:
            line = split_user(text)
            user = line.user or user
            if user is None:
                raise LineError("start the line with the user who acts, as in: @alice /done")
            if not line.text:
                raise LineError(f"no command after @{user}")
            command = line.text
            reply = await service.execute(Actor(user, user in referees), channel_id, command)
        except LineError as err:
            reply = Reply(False, str(err), reason="line.malformed")
        except Exception as err:  # noqa: BLE001  (a bug must not end the transcript)
            message = f"internal error ({type(err).__name__}: {err}); nothing was stored"
            reply = Reply(False, message, reason="internal")
        state = await _state(service, channel_id)
        turn, phase = (state.rules.power_name(state.turn), state.phase) if state else (None, None)
        snapshot = state.to_json() if states and state is not None else None
        results.append(
            LineResult(
                number, user, command, reply.ok, reply.message, turn, phase, reply.reason, snapshot
            )
        )
    return results


async def final_state(service: GameService, channel_id: str = LOCAL_CHANNEL) -> Any:
    """The engine state JSON of the channel's game, or None before it starts."""
    state = await _state(service, channel_id)
    return state.to_json() if state is not None else None


async def _state(service: GameService, channel_id: str) -> Any:
    """The engine state of the channel's game, or None (no game, or not started)."""
    try:
        return await service.state(channel_id)
    except Refusal:
        return None
