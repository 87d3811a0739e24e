"""Turn a slash-command interaction into the command line the console would accept.

Discord and the console speak the same words: ``/move units:"2 infantry" from:Germany
to:Poland`` typed in the console and the same options filled in Discord's form must reach the
service as the same text. This module is the only place that conversion happens; it is pure
(plain dicts in, a string out) so it is tested without Discord.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.tokens import quote

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return " ".join(str(value).split())


def command_path(data: Mapping[str, Any]) -> tuple[list[str], list[Mapping[str, Any]]]:
    """The command words (``['game', 'new']``) and the leaf options of an interaction."""
    words = [str(data["name"])]
    options: list[Mapping[str, Any]] = list(data.get("options") or [])
    while len(options) == 1 and options[0].get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
        words.append(str(options[0]["name"]))
        options = list(options[0].get("options") or [])
    return words, options


def interaction_line(data: Mapping[str, Any], order: Sequence[str] = ()) -> str:
    """The canonical command line for an application-command interaction's ``data``.

    Options come out in ``order`` (the command's declared parameter order), any others after
    them in the order Discord sent them; empty values are left out.

    >>> interaction_line({"name": "move", "options": [
    ...     {"name": "to", "type": 3, "value": "West Russia"},
    ...     {"name": "units", "type": 3, "value": "2 infantry, 1 tank"},
    ...     {"name": "from", "type": 3, "value": "Germany"}]}, ["units", "from", "to"])
    '/move units:"2 infantry, 1 tank" from:Germany to:"West Russia"'
    """
    words, options = command_path(data)
    rank = {name: i for i, name in enumerate(order)}
    options = sorted(options, key=lambda o: rank.get(str(o["name"]), len(rank)))
    parts = ["/" + " ".join(words)]
    for option in options:
        text = _text(option.get("value", ""))
        if text:
            parts.append(f"{option['name']}:{quote(text)}")
    return " ".join(parts)
