"""``/help``: the commands a player can use now, one example each; ``/help move`` explains
one command. Both come from the command registry, and what the power due may do now from
the engine (``legal_commands``), so help never lists a command the game would refuse for
being out of phase, and a new command appears here by being registered.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.examples import example_in
from engine.names import shown
from engine.registry import ENGINE_COMMANDS, CommandSpec, is_used_by, phases_taking

from bot.service.commands import DICE_COMMANDS, GAME_COMMANDS, OTHER_COMMANDS, find_command
from bot.service.reply import Refusal, Reply

if TYPE_CHECKING:
    from bot.service.game_service import GameService
    from engine import RuleSet


_ANY_TIME = ("status", "history", "export", "settings")
_GAME_WORDS: dict[str | None, tuple[str, ...]] = {
    None: ("new",),
    "setup": ("join", "leave", "start", "abandon", *_ANY_TIME, "replace"),
    "active": (*_ANY_TIME, "vacation", "concede", "pause", "abandon", "replace"),
    "paused": (*_ANY_TIME, "resume", "concede", "abandon", "replace"),
    "finished": ("new", *_ANY_TIME),
    "abandoned": ("new", *_ANY_TIME),
}
"""The /game commands that do something at each stage of a game's life."""


async def _state(service: GameService, channel_id: str) -> Any:
    """The channel's game state, None before its start or without a game."""
    try:
        return await service.state(channel_id)
    except Refusal:
        return None


def _examples(entries: Iterable[CommandSpec], rules: RuleSet | None) -> list[str]:
    """One line per command: its example as the game's rule system plays it, and its help."""
    return [f"  {example_in(rules, c)} — {c.help}" for c in entries]


async def help_reply(service: GameService, channel_id: str, topic: str) -> Reply:
    """The commands usable now in the channel's game, or ``topic`` explained."""
    if topic:
        spec = find_command(topic)
        if spec is None:
            return Reply(False, f'There is no command "/{shown(topic.strip().lstrip("/"))}"; '
                         "/help lists them.", reason="help.unknown_command")
        state = await _state(service, channel_id)
        phases = phases_taking(state.rules, spec) if state is not None else None
        when = "Taken at any time." if spec.command is not None and state is not None else ""
        if state is not None and not is_used_by(state.rules, spec):
            when = f"Not part of {state.rules.name}."
        elif phases is not None:
            titles = [service.rules.phase_title(state.rules, p) for p in phases]
            when = f"Taken in: {', '.join(titles)}."
        return Reply(True, spec.explain(when, example_in(state.rules if state is not None else None, spec)))
    state = await _state(service, channel_id)
    lines: list[str] = []
    if state is not None and not state.is_over:
        legal = service.rules.legal_commands(state)
        who = state.rules.power_name(legal.power)
        lines.append(f"Now {who} ({service.rules.phase_title(state.rules, legal.phase)}) can use:")
        lines += _examples((c for c in ENGINE_COMMANDS
                            if c.name in legal.commands and is_used_by(state.rules, c)), state.rules)
    stage = await service.lifecycle(channel_id)
    words = _GAME_WORDS[stage]
    lines.append("The game:" if state is not None else "Game commands:")
    rules = state.rules if state is not None else None
    lines += _examples((c for c in GAME_COMMANDS if c.word in words), rules)
    lines.append("Dice and the board:")
    lines += _examples((*DICE_COMMANDS, *OTHER_COMMANDS), rules)
    lines.append("/help <command> explains one command, e.g. /help move")
    return Reply(True, "\n".join(lines))
