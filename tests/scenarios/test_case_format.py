"""The case reader and runner report a malformed case file by file, line and what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from .caseformat import CaseFormatError, read_cases
from .runner import CaseFailure, run_case

GOOD = """\
CASE ok
RULESET aa1942-2e
SOURCE 000_fc7e3a790a753b06.txt "Tanks and Blitzing"
START 1 Germany combat_move
UNITS
  Poland: Germany 1 tank
/move units:"1 tank" from:Poland to:Belorussia
REFUSED combat_move.no_combat
END
"""


def write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "aa1942-2e"
    folder.mkdir(exist_ok=True)
    path = folder / "x.case"
    path.write_text(text, encoding="utf-8")
    return path


def error(tmp_path: Path, text: str) -> CaseFormatError:
    path = write(tmp_path, text)
    with pytest.raises(CaseFormatError) as err:
        for case in read_cases(path):
            run_case(case)
    return err.value


def test_a_well_formed_case_runs(tmp_path: Path) -> None:
    (case,) = read_cases(write(tmp_path, GOOD))
    assert (case.id, case.line, case.steps[0].line, case.steps[0].refused) == ("ok", 1, 7, ("combat_move.no_combat", None))
    run_case(case)


@pytest.mark.parametrize(("old", "new", "line", "says"), [
    ("REFUSED combat_move.no_combat\n", "REFUSED\n", 8, "REFUSED takes a reason key"),
    ("END\n", "", 1, "case ok has no END"),
    ("START 1 Germany combat_move\n", "START soon\n", 4, "START takes 'opening' or '<round> <power> <phase>'"),
    ("SOURCE 000_fc7e3a790a753b06.txt", "SOURCE the rulebook", 3, "SOURCE starts with the seed file"),
    ("REFUSED combat_move.no_combat\n", "DICE 1 7\n", 8, "a die shows 1 to 6, not '7'"),
    ("REFUSED combat_move.no_combat\n", "WAIT 3\n", 8, "unknown keyword 'WAIT'"),
    ("  Poland: Germany 1 tank\n", "", 5, "UNITS with no indented line below it"),
    ("REFUSED combat_move.no_combat\n", "UNITS\n  Poland: Germany 1 tank\n", 8, "UNITS after the first command"),
    ("RULESET aa1942-2e\n", "", 8, "case ok has no RULESET line"),
    ("  Poland: Germany 1 tank", "  Poland: Germany 1 tonk", 6, 'There is no unit type called "tonk"'),
    ("  Poland: Germany 1 tank", "  Polund: Germany 1 tank", 6, "Polund"),
    ("  Poland: Germany 1 tank", "  Poland Germany 1 tank", 6, "expected '<space>: <value>'"),
    ("START 1 Germany combat_move", "START 1 Germany combat", 4, "has no phase 'combat'"),
    ("RULESET aa1942-2e", "RULESET revised", 1, "RULESET revised in the folder of aa1942-2e"),
])
def test_malformed_case_names_file_and_line(tmp_path: Path, old: str, new: str, line: int, says: str) -> None:
    """Each kind of mistake is reported at the line that has it."""
    assert old in GOOD
    err = error(tmp_path, GOOD.replace(old, new, 1))
    assert err.line == line, str(err)
    assert str(err).startswith(f"{tmp_path / 'aa1942-2e' / 'x.case'}:{line}: ")
    assert says in str(err)


def test_a_file_that_is_not_utf8_is_reported(tmp_path: Path) -> None:
    path = write(tmp_path, "")
    path.write_bytes(b"CASE \xff\n")
    with pytest.raises(CaseFormatError, match=r"x\.case:1: not UTF-8"):
        read_cases(path)


def test_a_failing_expectation_names_its_line(tmp_path: Path) -> None:
    """A case the engine does not satisfy fails at the line of the check, quoting both sides."""
    text = GOOD.replace("REFUSED combat_move.no_combat\n", "EXPECT\n  owner Belorussia: Germany\n")
    text = text.replace("UNITS\n", "OWNER Belorussia: Soviet Union\nUNITS\n")
    (case,) = read_cases(write(tmp_path, text))
    with pytest.raises(CaseFailure) as err:
        run_case(case)
    assert "x.case:10: case ok: owner of Belorussia: expected Germany, found Soviet Union" in str(err.value)
