"""Notation: canonical command lines, forgiving reading, never guessing (issue: engine part 1, item 4)."""

from __future__ import annotations

import functools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import maps
from engine import (
    AmbiguousCommandError,
    Buy,
    Casualties,
    Done,
    GameState,
    Move,
    NotationError,
    Orders,
    Place,
    Repair,
    RuleSet,
    RulesError,
    Undo,
    format_command,
    new_game,
    parse_command,
)
from engine.phases import phase_entry


def test_move_reads_aliases_case_and_prefixes(opening: GameState) -> None:
    """Players type short forms; the engine resolves them to one canonical command."""
    cmd = parse_command('/MOVE units:"2 inf, 1 tnk" from:ger to:"w russia"', opening)
    assert cmd == Move((("infantry", 2), ("tank", 1)), "germany", "west_russia")
    assert format_command(cmd, opening) == '/move units:"2 infantry, 1 tank" from:Germany to:"West Russia"'


def test_sea_zone_spellings(opening: GameState) -> None:
    """Sea zones are named "Sea Zone N"; sz5, SZ 05 and 5 all name sea zone 5."""
    for text in ("sz5", "SZ 05", "Sea Zone 5", "sea zone 5", "5"):
        cmd = parse_command(f'/move units:"1 transport" from:"{text}" to:sz6', opening)
        assert cmd.origin == "sz_05", text


def test_path_and_mission(opening: GameState) -> None:
    cmd = parse_command('/move units:bomber from:Germany to:Russia path:"Germany > Poland > Belorussia > Russia" '
                        "mission:raid", opening)
    assert cmd == Move((("bomber", 1),), "germany", "russia", ("germany", "poland", "belorussia", "russia"), "raid")
    assert parse_command(format_command(cmd, opening), opening) == cmd


def test_unit_list_forms(opening: GameState) -> None:
    """"3 infantry, 1 tank", "3 inf 1 tank", "inf x3 + tank" mean the same."""
    expected = Buy((("infantry", 3), ("tank", 1)))
    for text in ('"3 infantry, 1 tank"', '"3 inf 1 tank"', '"inf x3 + tank"', '"1 tank and 3 infantry"'):
        assert parse_command(f"/buy units:{text}", opening) == expected, text


def test_misspelling_suggests_the_nearest_name(opening: GameState) -> None:
    """"did you mean Karelia S.S.R.?" (developers' guide, bad input)."""
    with pytest.raises(NotationError) as err:
        parse_command('/move units:inf from:Karelai to:Archangel', opening)
    assert "Karelia S.S.R." in str(err.value)
    assert err.value.reason == "name.unknown_space"


def test_ambiguous_prefix_lists_candidates(opening: GameState) -> None:
    """Never guess between two meanings: the error lists the candidates."""
    with pytest.raises(AmbiguousCommandError) as err:
        parse_command('/move units:inf from:"Western" to:Archangel', opening)
    assert {"Western Australia", "Western Canada", "Western United States"} <= set(err.value.candidates)
    with pytest.raises(AmbiguousCommandError) as err2:
        parse_command("/mo units:inf from:Germany to:Poland", opening)
    assert set(err2.value.candidates) == {"move", "place"}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "notation.empty"),
        ("/fly units:inf from:Germany to:Poland", "name.unknown_command"),
        ("/buy", "notation.missing_option"),
        ('/buy units:"2 inf" colour:red', "notation.unknown_option"),
        ('/buy units:"2 dragons"', "name.unknown_unit_type"),
        ('/buy units:"0 infantry"', "notation.zero_units"),
        ('/repair territory:Germany points:two', "notation.not_a_number"),
        ('/move units:"2 inf from:Germany to:Poland', "notation.quotes"),
        ("/move units:inf from:Germany to:Poland mission:kamikaze", "notation.bad_choice"),
        ("/done now", "notation.loose_words"),
    ],
)
def test_bad_lines_get_a_specific_reason(opening: GameState, text: str, reason: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_command(text, opening)
    assert err.value.reason == reason
    assert str(err.value)


def test_every_command_round_trips(opening: GameState) -> None:
    """format_command(parse_command(t)) round-trips for each command kind."""
    commands = [
        Buy((("infantry", 3), ("industrial_complex", 1))),
        Repair("germany", 2),
        Move((("transport", 1),), "sz_05", "sz_06", ("sz_05", "sz_06"), "ignore"),
        Place((("destroyer", 2),), "sz_05"),
        Done(),
        Undo(),
        Orders("germany", ("infantry", "artillery", "tank"), 3, 40, "never", "self"),
        Orders(),
        Casualties((("infantry", 2),)),
        Casualties((("battleship", 1),), (("battleship", 1),)),
        Casualties((), (("battleship", 2),)),
    ]
    for cmd in commands:
        assert parse_command(format_command(cmd, opening), opening) == cmd


def test_casualties_name_damaged_units(opening: GameState) -> None:
    """A damaged battleship is named as such (000, Unit Profiles, Battleships: Two Hits to
    Destroy); the rest of the list reads as usual."""
    cmd = parse_command('/casualties units:"1 Damaged BB, 2 inf, damaged battleship"', opening)
    assert cmd == Casualties((("infantry", 2),), (("battleship", 2),))
    assert format_command(cmd, opening) == '/casualties units:"2 infantry, 2 damaged battleships"'


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_fuzzed_text_raises_only_rules_errors(text: str) -> None:
    """Nothing but a RulesError may escape parse_command (style.md, property tests)."""
    try:
        parse_command(text, _opening())
    except RulesError:
        pass


@functools.cache
def _opening() -> GameState:
    return new_game(maps.load_ruleset("aa1942-2e"))


@pytest.mark.parametrize("text", ["Narnia", "Atlantis", "Mordor", "xyzzy"])
def test_a_name_with_nothing_in_common_gets_no_guesses(opening: GameState, text: str) -> None:
    """Guesses are for typos; a made-up name is told so, without unrelated suggestions."""
    with pytest.raises(NotationError) as err:
        opening.board.find_space(text)
    assert str(err.value) == f'There is no space called "{text}".'
    assert err.value.suggestions == ()


@pytest.mark.parametrize(("typed", "meant"), [
    ("Germny", "Germany"), ("Jpan", "Japan"), ("Brazl", "Brazil"), ("West Rusia", "West Russia"),
    ("Kareila", "Karelia S.S.R."),
])
def test_a_typo_gets_only_the_names_it_is_close_to(opening: GameState, typed: str,
                                                   meant: str) -> None:
    with pytest.raises(NotationError) as err:
        opening.board.find_space(typed)
    assert err.value.suggestions == (meant,)


def test_typos_counts_added_dropped_changed_and_swapped_letters() -> None:
    from engine.names import typos

    assert [typos("germany", w, 3) for w in ("germany", "germny", "gremany", "germanyy",
                                              "gxrmany")] == [0, 1, 1, 1, 1]
    assert typos("narnia", "arabia", 2) == 3            # above the limit: limit + 1


def test_the_parser_is_built_from_the_registry() -> None:
    """Every registry entry reads its example (in Revised played in team turns with AARHE's
    passive windows, with AARHE's Diplomacy phase and every command a phase of it may add
    listed), and its aliases name it."""
    from engine.phases import anytime
    from engine.registry import ENGINE_COMMANDS
    from tests.engine.teams_kit import TURNS

    data: dict[str, Any] = maps.load_rule_data("revised-lhtr")
    phases = [*data["ruleset"]["phases"], "diplomacy"]
    passive = [{"after": "combat_move", "phase": "defensive_air_support"},
               {"after": "noncombat_move", "phase": "reinforcement"}]
    data["ruleset"] = {**data["ruleset"], "turns": {**TURNS, "passive": passive}, "phases": phases,
                       "commands": sorted({c.name for p in phases for c in phase_entry(p).optional}
                                          | {c.name for c in anytime()})}
    revised = new_game(RuleSet.from_data(**data))
    for spec in ENGINE_COMMANDS:
        for word in (spec.name, *spec.aliases):
            line = spec.example.replace(f"/{spec.name}", f"/{word}", 1)
            assert type(parse_command(line, revised)) is spec.command, line
