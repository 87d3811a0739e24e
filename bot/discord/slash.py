"""Slash commands generated from the command registry.

Each registry entry (:data:`bot.service.commands.ALL_COMMANDS`) becomes an
``app_commands.Command``; ``/game join`` and the like become subcommands of an
``app_commands.Group``. The option kind decides the Discord option type, its choices and
whether it autocompletes; the entry's help and each option's help are the descriptions. A
new command is a registry entry and its handler: its slash command appears by itself.

The set is the union over every rule system. Discord registers commands per application or
per server, not per channel, and one server may host games of several rule systems, so a
command exists wherever any rule system uses it; a game whose rule system does not use it
refuses it by name ("/research is not part of Axis & Allies 1942 Second Edition").

The callback's signature is generated (``__signature__``) so that discord.py reads the
parameters exactly as it reads a hand-written callback's.
"""
from __future__ import annotations

import inspect
import keyword
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord.choices import power_choices, ruleset_choices
from bot.discord.complete import complete_list
from bot.service.commands import GROUP_HELP, TAKE_RULE_OPTIONS
from engine.registry import CommandSpec, Kind, OptionSpec

Values = Mapping[str, Any]
"""The options given, by their registry names (``from``, not ``from_``); None when left out."""
Handler = Callable[[discord.Interaction, Values], Awaitable[None]]
Suggest = Callable[[discord.Interaction, str],
                   Coroutine[Any, Any, list[app_commands.Choice[str]]]]
SlashCommand = app_commands.Command[Any, ..., None] | app_commands.Group

DESCRIPTION_LIMIT = 100    # Discord's limit for command and option descriptions
CHOICE_LIMIT = 25          # and for the choices of one option

AUTOCOMPLETED = frozenset({Kind.UNITS, Kind.LOSSES, Kind.SPACE, Kind.PATH, Kind.DEVELOPMENT, Kind.MISSION,
                           Kind.UNIT_TYPES})
"""Kinds whose values come from the game (names of spaces, units, developments)."""


def short(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """``text`` within Discord's description limit, the cut marked."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def word_choices(values: Iterable[str]) -> list[app_commands.Choice[str]]:
    """Choices for a closed set of option words, shown with spaces for underscores."""
    return [app_commands.Choice(name=v.replace("_", " "), value=v) for v in values]


def _annotation(option: OptionSpec) -> Any:
    """The Python type discord.py turns into the Discord option type."""
    if option.kind == Kind.INTEGER:
        return app_commands.Range[int, option.minimum, option.maximum]
    if option.kind == Kind.SWITCH:
        return bool
    if option.kind == Kind.USER:
        return discord.User
    return str


def _choices(option: OptionSpec,
             regions: Callable[[], list[app_commands.Choice[str]]]) -> list[app_commands.Choice[str]]:
    if option.kind == Kind.CHOICES:
        return []                  # a list is typed, its items completed (_list_suggest)
    if option.choices:
        return word_choices(option.choices)
    if option.kind == Kind.POWER:
        return power_choices()
    if option.kind == Kind.RULESET:
        return ruleset_choices()
    if option.kind == Kind.REGION:
        return regions()
    return []


def _list_suggest(choices: tuple[str, ...]) -> Suggest:
    """Autocomplete for a list of ``choices``: the last item, from those not yet listed."""
    async def suggest(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=v[:100], value=v[:100])
                for v in complete_list(current, choices)[:CHOICE_LIMIT]]
    return suggest


def _parameter_name(option: str) -> str:
    """A Python name for an option word (``from`` -> ``from_``), renamed back for Discord."""
    return option + "_" if keyword.iskeyword(option) else option


def _callback(handler: Handler,
              options: Sequence[OptionSpec]) -> Callable[..., Coroutine[Any, Any, None]]:
    """A coroutine with one keyword parameter per option that hands their values, by option
    name, to ``handler``."""
    names = {_parameter_name(o.name): o.name for o in options}

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await handler(interaction, {names[k]: v for k, v in values.items()})

    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    for o in sorted(options, key=lambda o: not o.required):
        annotation = _annotation(o)
        parameters.append(inspect.Parameter(
            _parameter_name(o.name), inspect.Parameter.KEYWORD_ONLY,
            annotation=annotation if o.required else annotation | None,
            default=inspect.Parameter.empty if o.required else None))
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    return callback


def slash_command(spec: CommandSpec, handler: Handler, suggest: Suggest,
                  extra: Sequence[OptionSpec] = (),
                  regions: Callable[[], list[app_commands.Choice[str]]] = list,
                  ) -> app_commands.Command[Any, ..., None]:
    """The slash command of one registry entry (with ``extra`` options after its own)."""
    options = [*spec.options, *extra]
    callback = _callback(handler, options)
    described = {_parameter_name(o.name): short(o.help or o.name) for o in options}
    callback = app_commands.describe(**described)(callback)
    renamed = {_parameter_name(o.name): o.name for o in options
               if _parameter_name(o.name) != o.name}
    if renamed:
        callback = app_commands.rename(**renamed)(callback)
    choices = {_parameter_name(o.name): c[:CHOICE_LIMIT] for o in options
               if (c := _choices(o, regions))}
    if choices:
        callback = app_commands.choices(**choices)(callback)
    completed = {_parameter_name(o.name): suggest for o in options
                 if o.kind in AUTOCOMPLETED and not o.choices}
    completed.update({_parameter_name(o.name): _list_suggest(o.choices) for o in options
                      if o.kind == Kind.CHOICES})
    if completed:
        callback = app_commands.autocomplete(**completed)(callback)
    return app_commands.Command(name=spec.word, description=short(spec.help.rstrip(".")),
                                callback=callback)


def slash_commands(specs: Iterable[CommandSpec], handler_of: Callable[[CommandSpec], Handler],
                   suggest: Suggest, rule_options: Sequence[OptionSpec] = (),
                   regions: Callable[[], list[app_commands.Choice[str]]] = list,
                   ) -> list[SlashCommand]:
    """Top-level commands and groups for ``specs``, in registry order.

    ``rule_options`` are the rule systems' game options, offered by the commands that take
    them (``/game new``, ``/tournament new``); ``regions`` gives the map's region choices.
    """
    out: list[SlashCommand] = []
    groups: dict[str, app_commands.Group] = {}
    for spec in specs:
        extra = rule_options if spec.name in TAKE_RULE_OPTIONS else ()
        command = slash_command(spec, handler_of(spec), suggest, extra, regions)
        group_name, _, word = spec.name.rpartition(" ")
        if not group_name:
            out.append(command)
            continue
        if group_name not in groups:
            groups[group_name] = app_commands.Group(
                name=group_name, description=short(GROUP_HELP.get(group_name, group_name)))
            out.append(groups[group_name])
        groups[group_name].add_command(command)
    return out
