"""Closed option sets offered as Discord choices, read from the shipped rule data."""
from __future__ import annotations

from discord import app_commands

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


def option_choices(name: str) -> list[str]:
    """The values a game option (chosen at /game new) may take in any shipped rule system."""
    values: dict[str, None] = {}
    for rid in RULESETS:
        spec = load_ruleset(rid).options.get(name)
        if spec is not None:
            values.update((str(v), None) for v in spec.choices)
    return list(values)


def ruleset_choices() -> list[app_commands.Choice[str]]:
    """Discord choices for ``ruleset``: shown by full name, sent as the id."""
    return [app_commands.Choice(name=name[:100], value=rid) for rid, name in rulesets()]


def power_choices() -> list[app_commands.Choice[str]]:
    """Discord choices for ``power``."""
    return [app_commands.Choice(name=name, value=name) for name in powers()]
