"""Every line kind of a real exported record, tampered: what each verifier and replay report.

The dice verifiers (``aaref verify`` and ``tools/verify_dice.py``, run by the ``verify``
fixture) prove the dice and every readable roll line; commands, casualty choices and the
result are proved by replaying them against the rules (``aaref replay``), which must then
name the line that is wrong. docs/dice.md, "What a passing verification proves".
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.cli import main
from bot.service.record import replay_record
from bot.service.rules import engine_rules
from tests.dice.game_record import exported_record
from tests.dice.records import Record

Verify = Callable[[str], tuple[int, str]]

TANK_R1 = "    roll West Russia r1 attacker 1 tank @3: 6"
ART_R1 = "    roll West Russia r1 attacker 1 infantry, 1 artillery @2: 4 3"
INF_R1 = "    roll West Russia r1 attacker 2 infantry @1: 2 4"
TANK_R2 = "    roll West Russia r2 attacker 1 tank @3: 2"
LAST = "    roll West Russia r2 defender 1 tank @3: 2"
CASUALTIES = '  /casualties units:"1 infantry"'
BATTLE = '  /battle territory:"West Russia"'


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> str:
    return exported_record(tmp_path_factory.mktemp("game"))


@pytest.fixture
def game(exported: str) -> Record:
    return Record(exported)


def at(record: Record, text: str) -> int:
    """1-based number of the line that reads ``text``."""
    return record.lines.index(text) + 1


def dice_line(record: Record, seq: int) -> int:
    return record.find("roll", seq=seq) + 1


def replay_errors(record: Record) -> list[str]:
    return [str(e) for e in replay_record(engine_rules(), record.text).errors]


def test_the_untouched_record_verifies_and_replays(game: Record, verify: Verify) -> None:
    status, line = verify(game.text)
    assert status == 0
    assert line.startswith("OK: rolls: 9 (17 dice), recomputed: 9, unverifiable yet: 0")
    assert line.endswith("entropy entries: 1; chain intact; roll lines: 9, all as recorded")
    replayed = replay_record(engine_rules(), game.text)
    assert (replayed.errors, replayed.state.winner, replayed.commands) == ([], "Allies", 11)


def test_a_changed_die_on_a_roll_line(game: Record, verify: Verify) -> None:
    number = at(game, TANK_R1)
    game.lines[number - 1] = TANK_R1[:-1] + "1"
    assert verify(game.text) == (
        1,
        f"FAIL: line {number}: the roll line states dice 1 for roll #3 "
        f"(West Russia r1 attacker 1 tank @3), but its record on line {dice_line(game, 3)} has 6",
    )


def test_a_changed_purpose_on_a_roll_line(game: Record, verify: Verify) -> None:
    number = at(game, ART_R1)
    game.lines[number - 1] = ART_R1.replace("@2", "@1")
    assert verify(game.text) == (
        1,
        f"FAIL: line {number}: the roll line 'roll West Russia r1 attacker 1 infantry, "
        "1 artillery @1: 4 3' does not state roll #2 (West Russia r1 attacker 1 infantry, "
        f"1 artillery @2) (record on line {dice_line(game, 2)}), which reads "
        "'roll West Russia r1 attacker 1 infantry, 1 artillery @2: 4 3'",
    )


def test_a_removed_roll_line(game: Record, verify: Verify) -> None:
    number = at(game, ART_R1)
    del game.lines[number - 1]
    assert verify(game.text) == (
        1,
        f"FAIL: line {number}: roll #2 (West Russia r1 attacker 1 infantry, 1 artillery @2) "
        f"(record on line {dice_line(game, 2)}) has no roll line: it was removed before this line",
    )


def test_the_last_roll_line_removed(game: Record, verify: Verify) -> None:
    del game.lines[at(game, LAST) - 1]
    assert verify(game.text) == (
        1,
        f"FAIL: line {dice_line(game, 9)}: roll #9 (West Russia r2 defender 1 tank @3) "
        "has no roll line in the record (a roll line was removed)",
    )


def test_two_roll_lines_swapped(game: Record, verify: Verify) -> None:
    first, second = at(game, INF_R1), at(game, ART_R1)
    game.lines[first - 1], game.lines[second - 1] = ART_R1, INF_R1
    assert verify(game.text) == (
        1,
        f"FAIL: line {first}: the roll lines on lines {first} and {second} are swapped: "
        "roll #1 (West Russia r1 attacker 2 infantry @1) comes first in the dice log",
    )


def test_a_roll_line_added(game: Record, verify: Verify) -> None:
    number = at(game, TANK_R1)
    game.lines.insert(number, TANK_R1)
    assert verify(game.text) == (
        1,
        f"FAIL: line {number + 1}: the roll line 'roll West Russia r1 attacker 1 tank @3: 6' "
        "states no recorded roll (it was added)",
    )


def test_a_roll_line_added_after_the_last_roll(game: Record, verify: Verify) -> None:
    number = at(game, "  /concede side:Axis")
    game.lines.insert(number, "    roll Karelia r1 attacker 1 tank @3: 6")
    assert verify(game.text) == (
        1,
        f"FAIL: line {number + 1}: the roll line 'roll Karelia r1 attacker 1 tank @3: 6' has no "
        "roll record in the dice log (it has 9 rolls; a roll line was added)",
    )


def test_a_roll_line_moved_under_another_command(game: Record, verify: Verify) -> None:
    game.lines.remove(TANK_R2)
    number = at(game, CASUALTIES) + 1
    game.lines.insert(number - 1, TANK_R2)
    assert verify(game.text) == (
        1,
        f"FAIL: line {number}: the roll line of roll #7 (West Russia r2 attacker 1 tank @3) is "
        f"not under the command that rolled it (its record is on line {dice_line(game, 7)})",
    )


def test_a_malformed_roll_line(game: Record, verify: Verify) -> None:
    number = at(game, TANK_R1)
    game.lines[number - 1] = TANK_R1[:-1] + "7"
    assert verify(game.text) == (
        1,
        f'FAIL: line {number}: a roll line must read "roll PURPOSE: FACES" with faces 1 to 6, '
        "found 'roll West Russia r1 attacker 1 tank @3: 7'",
    )


@pytest.mark.parametrize(
    ("kind", "match", "change"),
    [
        ("entropy", {"user": "ana"}, {"text": "charm 1"}),
        ("commit", {"period": "2-r1-germany"}, {"entropy": "0" * 64}),
        ("roll", {"seq": 4}, {"dice": [1, 1, 4, 3]}),
        ("reveal", {"period": "1-r1-soviet_union"}, {"seed": "0" * 64}),
    ],
)
def test_each_kind_of_dice_line(
    game: Record, verify: Verify, kind: str, match: dict[str, object], change: dict[str, object]
) -> None:
    index = game.find(kind, **match)
    game.edit(index, **change)
    status, line = verify(game.text)
    assert status == 1
    assert line.startswith(f"FAIL: line {index + 1}: ")


def test_an_impossible_casualty_choice_is_caught_by_replay(game: Record, verify: Verify) -> None:
    """The dice do not depend on the casualties chosen, so the verifiers pass; replay applies
    the choice by the rules and names its line."""
    chosen = at(game, CASUALTIES)
    game.lines[chosen - 1] = '  /casualties units:"2 infantry"'
    assert verify(game.text)[0] == 0
    errors = replay_errors(game)
    assert len(errors) == 1
    assert errors[0].startswith(f'line {chosen}: /casualties units:"2 infantry": ')


def test_another_legal_casualty_choice_is_not_proven_by_the_record(
    game: Record, verify: Verify
) -> None:
    """docs/dice.md, "What it does not prove": here the defender's casualties fire back in the
    same round and the battle ends, so no later roll depends on the choice; only the battle
    log posted in the channel shows what was chosen."""
    before = replay_record(engine_rules(), game.text).state
    game.lines[at(game, CASUALTIES) - 1] = '  /casualties units:"1 artillery"'
    after = replay_record(engine_rules(), game.text)
    assert verify(game.text)[0] == 0
    assert after.errors == []
    assert after.state.to_json() != before.to_json()


def test_a_changed_command_is_caught_by_replay(game: Record, verify: Verify) -> None:
    game.lines.remove('  /move units:"1 tank" from:Caucasus to:"West Russia"')
    assert verify(game.text)[0] == 0
    errors = replay_errors(game)
    assert errors == [
        f"line {at(game, TANK_R1)}: the roll line is for West Russia r1 attacker 1 tank @3, "
        "but the rules roll for West Russia r1 defender 3 infantry, 1 artillery @2 here "
        "(a command, casualty choice or roll line was changed, removed or moved) "
        f'(under /battle territory:"West Russia", line {at(game, BATTLE)})'
    ]


def test_a_changed_result_tag_is_caught_by_replay(game: Record, verify: Verify) -> None:
    game.lines[at(game, '[Result "Allies"]') - 1] = '[Result "Axis"]'
    assert verify(game.text)[0] == 0
    assert replay_errors(game) == [
        'line 7: [Result "Axis"], but in the replayed game the Allies won'
    ]


def test_a_changed_result_line_is_caught_by_replay(game: Record, verify: Verify) -> None:
    game.lines[-1] = "*"
    assert verify(game.text)[0] == 0
    assert replay_errors(game) == [
        f'line {len(game.lines)}: the record ends "*", but [Result "Allies"]'
    ]


def test_a_changed_concession_is_caught_by_replay(game: Record, verify: Verify) -> None:
    game.lines[at(game, "  /concede side:Axis") - 1] = "  /concede side:Allies"
    assert verify(game.text)[0] == 0
    assert replay_errors(game) == [
        'line 7: [Result "Allies"], but in the replayed game the Axis won'
    ]


def test_replay_names_a_tampered_roll_line(
    game: Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``aaref replay`` of an auditable record runs the dice verification too."""
    number = at(game, TANK_R1)
    game.lines[number - 1] = TANK_R1[:-1] + "1"
    path = tmp_path / "game.record"
    path.write_text(game.text, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err.startswith(
        f"aaref replay: {path}: line {number}: the roll line states dice 1 for roll #3 "
    )


def test_a_changed_turn_line_is_caught_by_replay(game: Record, verify: Verify) -> None:
    """A turn line states whose turn the commands under it are; replay checks it."""
    number = at(game, "1 germany")
    game.lines[number - 1] = "1 japan"
    assert verify(game.text)[0] == 0
    assert replay_errors(game) == [
        f'line {number}: the record says "1 japan" here, but the game is at "1 germany"'
    ]
