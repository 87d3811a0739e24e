"""The one conversion from a Discord interaction to a console command line."""
from __future__ import annotations

import pytest

from bot.discord.lines import command_path, interaction_line
from bot.service.lines import words_and_options
from engine.notation import split_line
from engine.tokens import quote


def opt(name: str, value: object, kind: int = 3) -> dict:
    return {"name": name, "type": kind, "value": value}


def test_move_matches_the_console_line() -> None:
    """Options come out in declared order whatever order Discord sent them in."""
    data = {"name": "move", "options": [opt("to", "Poland"), opt("from", "Germany"),
                                        opt("units", "2 infantry, 1 tank")]}
    assert interaction_line(data, ["units", "from", "to", "path", "mission"]) == \
        '/move units:"2 infantry, 1 tank" from:Germany to:Poland'


def test_subcommand_words_are_joined() -> None:
    data = {"name": "game", "options": [{"name": "join", "type": 1,
                                         "options": [opt("power", "Soviet Union")]}]}
    assert interaction_line(data, ["power"]) == '/game join power:"Soviet Union"'


def test_subcommand_group_and_no_options() -> None:
    data = {"name": "referee", "options": [{"name": "seat", "type": 2, "options": [
        {"name": "clear", "type": 1, "options": []}]}]}
    assert command_path(data) == (["referee", "seat", "clear"], [])
    assert interaction_line(data) == "/referee seat clear"


def test_numbers_booleans_and_empty_values() -> None:
    data = {"name": "orders", "options": [opt("retreat_below", 3, 4), opt("loss", ""),
                                          opt("flag", True, 5)]}
    assert interaction_line(data, ["loss", "retreat_below"]) == \
        "/orders retreat_below:3 flag:true"


def test_whitespace_is_collapsed() -> None:
    data = {"name": "retreat", "options": [opt("to", "  West\tRussia ")]}
    assert interaction_line(data) == '/retreat to:"West Russia"'


@pytest.mark.parametrize("value", ["Germany", "West Russia", 'a "quoted" word', "it's",
                                   "@everyone <@&1>", "x:y", "Germany > Poland"])
def test_values_survive_both_line_readers(value: str) -> None:
    """The engine's reader and the service's reader get every value back."""
    line = interaction_line({"name": "press", "options": [opt("note", value)]})
    assert split_line(line) == ("press", {"note": value}, [])
    assert words_and_options(line) == (["press"], {"note": value})


def test_quoting_matches_the_engine_canonical_form() -> None:
    assert [quote(v) for v in ("Germany", "aa1942-2e", "3", "West Russia", "x:y")] == \
        ["Germany", "aa1942-2e", "3", '"West Russia"', '"x:y"']
