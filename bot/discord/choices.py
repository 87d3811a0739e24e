"""Closed option sets offered as Discord choices, read from the shipped rule data."""
from __future__ import annotations

from collections.abc import Iterable

from discord import app_commands

from engine.registry import Kind, OptionSpec
from engine.ruleset import OptionSpec as GameOption
from maps import RULESETS, load_ruleset


def rulesets() -> list[tuple[str, str]]:
    """(id, full name) of every shipped rule system, in the order they are offered."""
    return [(rid, load_ruleset(rid).name) for rid in RULESETS]


def boards() -> list[str]:
    """Ids of the boards the shipped rule systems are played on, once each."""
    return list(dict.fromkeys(load_ruleset(rid).board.id for rid in RULESETS))


def powers() -> list[str]:
    """Display names of the powers of every shipped rule system, in turn order, once each."""
    names: dict[str, None] = {}
    for rid in RULESETS:
        rules = load_ruleset(rid)
        names.update((rules.power_name(p), None) for p in rules.powers)
    return list(names)


def ruleset_choices() -> list[app_commands.Choice[str]]:
    """Discord choices for ``ruleset``: shown by full name, sent as the id."""
    return [app_commands.Choice(name=name[:100], value=rid) for rid, name in rulesets()]


def power_choices() -> list[app_commands.Choice[str]]:
    """Discord choices for ``power``."""
    return [app_commands.Choice(name=name, value=name) for name in powers()]


_KINDS = {bool: Kind.SWITCH, int: Kind.INTEGER}
"""Registry kinds of game options by the type of their default."""


def rule_option_specs(ids: Iterable[str] = RULESETS) -> tuple[OptionSpec, ...]:
    """The game options of the rule systems ``ids`` (by default every playable one,
    ``maps/<id>/ruleset.toml``), once each, as registry options: a yes/no default is a
    switch, a closed set a choice, a number an integer, a list of choices and anything else
    text. An option two systems declare with different choices (``victory``: 1942's
    ``total``, Revised's ``world_domination``) offers all of them, as text if either takes a
    list; the game's rule system refuses a choice it does not have, naming its own."""
    first: dict[str, GameOption] = {}
    choices: dict[str, tuple[str, ...]] = {}
    listed: set[str] = set()
    for rid in ids:
        for name, spec in load_ruleset(rid, unplayable=True).options.items():
            first.setdefault(name, spec)
            choices[name] = tuple(dict.fromkeys((*choices.get(name, ()), *(str(c) for c in spec.choices))))
            if spec.many:
                listed.add(name)
    return tuple(_option_spec(spec, choices[name], name in listed) for name, spec in first.items())


def _option_spec(spec: GameOption, choices: tuple[str, ...], listed: bool) -> OptionSpec:
    """The registry option of a game option declared with ``choices`` over the rule systems,
    ``listed`` if one of them takes a list of them (typed as text: ``axis_advantages:a,c``)."""
    help_ = spec.description if choices == tuple(str(c) for c in spec.choices) else _shared(spec.description, choices)
    if listed:
        return OptionSpec(spec.name, Kind.CHOICES, help_, choices=choices)
    kind = Kind.CHOICE if choices else _KINDS.get(type(spec.default), Kind.TEXT)
    return OptionSpec(spec.name, kind, help_, choices=choices)


def _shared(description: str, choices: tuple[str, ...]) -> str:
    """The description of an option whose choices differ by rule system: its subject (the
    first description up to its colon) and every choice."""
    subject = description.split(":", 1)[0]
    return f"{subject}: {', '.join(choices)} (as the game's rule system offers)"
