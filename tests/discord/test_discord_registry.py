"""Slash commands generated from the command registry (issue 11, "One command registry"):
every entry is a slash command with its options, kinds, descriptions and choices; a new
entry needs nothing else; autocomplete works for generated commands."""
from __future__ import annotations

from typing import Any

import pytest
from fake_discord import ALICE, EPHEMERAL, FakeDiscord
from service_double import DoubleService
from test_discord_e2e import open_game

import maps
from bot.discord.choices import rule_option_specs
from bot.discord.slash import AUTOCOMPLETED, short
from bot.service import GameService
from bot.service.commands import ALL_COMMANDS, TAKE_RULE_OPTIONS
from engine.registry import CommandSpec, Kind, OptionSpec

DISCORD_TYPES = {Kind.INTEGER: 4, Kind.SWITCH: 5, Kind.USER: 6}
"""Discord option types of the kinds that are not text (3)."""


def synced_options(fake: FakeDiscord, name: str) -> dict[str, dict[str, Any]]:
    """The synced options of ``/name`` (``game join`` walks into the group)."""
    words = name.split()
    node = next(c for c in fake.commands if c["name"] == words[0])
    for word in words[1:]:
        node = next(o for o in node["options"] if o["name"] == word)
    return {o["name"]: o for o in node.get("options", [])}


def check_option(spec: CommandSpec, option: OptionSpec, synced: dict[str, Any]) -> None:
    where = f"/{spec.name} {option.name}:"
    assert synced["type"] == DISCORD_TYPES.get(option.kind, 3), where
    assert synced.get("required", False) == option.required, where
    assert synced["description"] == short(option.help), where
    if option.kind == Kind.CHOICES:              # a list: typed, each item completed
        assert "choices" not in synced and synced["autocomplete"], where
    else:
        if option.choices:
            assert [c["value"] for c in synced["choices"]] == list(option.choices), where
        assert synced.get("autocomplete", False) == \
            (option.kind in AUTOCOMPLETED and not option.choices), where
    if option.kind == Kind.INTEGER:
        assert synced["min_value"] == option.minimum, where
        assert synced.get("max_value") == option.maximum, where


async def test_every_registry_command_is_a_slash_command_with_its_options(
        fake: FakeDiscord, start_bot) -> None:
    """Same words, same order (required first, as Discord wants), Discord types from the
    option kinds, the registry's help as descriptions, choices and autocomplete by kind;
    and no slash command that is not in the registry."""
    await start_bot(DoubleService(), render=lambda state, region, focus: b"")
    rule_options = {o.name: o for o in rule_option_specs()}
    for spec in ALL_COMMANDS:
        synced = synced_options(fake, spec.name)
        assert len(synced) <= 25, f"/{spec.name}: Discord takes at most 25 options"
        own = sorted(spec.options, key=lambda o: not o.required)
        assert list(synced)[:len(own)] == [o.name for o in own], spec.name
        extra = list(synced)[len(own):]
        assert extra == (list(rule_options) if spec.name in TAKE_RULE_OPTIONS else []), spec.name
        for option in (*own, *(rule_options[n] for n in extra)):
            check_option(spec, option, synced[option.name])
    assert {c["name"] for c in fake.commands} == {c.name.split()[0] for c in ALL_COMMANDS}
    top = {c["name"]: c for c in fake.commands}
    assert top["move"]["description"] == "Move a group of units from one space to another"
    assert "Soviet Union" in [c["value"] for c in synced_options(fake, "game join")["power"]
                              ["choices"]]
    assert "aa1942-2e" in [c["value"] for c in synced_options(fake, "ladder standings")
                           ["ruleset"]["choices"]]


def test_every_rule_systems_options_fit_on_the_commands_that_take_them() -> None:
    """Discord takes at most 25 options on a command, and ``/game new`` and ``/tournament
    new`` carry the game options of every playable rule system: counted over every shipped
    one, playable or still being built, so a rule system whose options would not fit fails
    here before it is offered (Classic gives its on/off rules as one list option)."""
    options = rule_option_specs(maps.SHIPPED)
    for name in TAKE_RULE_OPTIONS:
        own = next(c for c in ALL_COMMANDS if c.name == name).options
        assert len(own) + len(options) <= 25, (
            f"/{name}: {len(own)} options of its own and {len(options)} game options of "
            f"{', '.join(maps.SHIPPED)}; Discord takes 25")


BARRAGE = CommandSpec(
    "barrage", "Fire a barrage from an antiaircraft gun at an enemy industrial complex.",
    "/barrage from:Germany target:Russia",
    options=(OptionSpec("from", Kind.SPACE, "the territory of the firing gun", required=True),
             OptionSpec("target", Kind.SPACE, "the complex's territory", required=True),
             OptionSpec("mode", Kind.CHOICE, "how", choices=("single", "all_guns"))))


async def test_a_new_registry_entry_is_a_slash_command_by_itself(
        fake: FakeDiscord, start_bot, monkeypatch: pytest.MonkeyPatch) -> None:
    """One entry more in the registry: the slash command, its options, choices and
    autocomplete appear, and using it sends the console's line to the service."""
    import bot.discord.cogs.commands as cog

    monkeypatch.setattr(cog, "ALL_COMMANDS", (*ALL_COMMANDS, BARRAGE))
    svc = DoubleService()
    await start_bot(svc)
    synced = synced_options(fake, "barrage")
    for option in BARRAGE.options:
        check_option(BARRAGE, option, synced[option.name])
    reply = await fake.respond("barrage", {"target": "Russia", "from": "West Germany",
                                          "mode": "all_guns"})
    assert reply.content == f'<@{ALICE["id"]}>: /barrage from:"West Germany" target:Russia ' \
        "mode:all_guns"
    assert svc.applied[-1][1] == '/barrage from:"West Germany" target:Russia mode:all_guns'


async def choices(fake: FakeDiscord, command: str, values: dict[str, Any],
                  focused: str) -> list[str]:
    payload = await fake.autocomplete(command, values, focused)
    answer = await fake.wait_for_token(payload["token"])
    return [c["value"] for c in answer.payload["data"]["choices"]]


async def test_generated_commands_autocomplete_by_option_kind(
        fake: FakeDiscord, start_bot, service: GameService) -> None:
    """Autocomplete follows the option's kind in the registry, so commands whose hand-written
    form had none (/bid place, /odds attack:) now complete spaces and units too."""
    await start_bot(service)
    await open_game(fake)
    assert await choices(fake, "odds", {"territory": "w rus"}, "territory") == ["West Russia"]
    assert await choices(fake, "odds", {"territory": "Ukraine", "attack": "2 inf"},
                         "attack") == ["2 infantry"]
    assert await choices(fake, "bid place", {"units": "1 inf", "territory": "w rus"},
                         "territory") == ["West Russia"]


async def test_a_command_of_another_rule_system_is_refused_by_name(
        fake: FakeDiscord, start_bot, service: GameService) -> None:
    """The slash commands are the union over rule systems (one server may host games of
    several); in a 1942 game /research is refused naming the rule system, and its options
    offer nothing."""
    await start_bot(service)
    await open_game(fake)
    assert await choices(fake, "research", {"tech": "je", "dice": 1}, "tech") == []
    reply = await fake.respond("research", {"tech": "jets", "dice": 1})
    assert reply.flags & EPHEMERAL
    assert reply.content == "/research is not part of Axis & Allies 1942 Second Edition."
