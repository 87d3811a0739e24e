"""Every scenario case of every rule system (``tests/scenarios/<rule system>/*.case``).

The cases are the rule tests written as data (format: ``README.md`` here); this module
only finds and runs them. A malformed file becomes one failing test that names the file,
the line and what is wrong with it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .caseformat import Case, CaseFormatError, read_cases
from .runner import run_case

HERE = Path(__file__).parent


def _collect() -> list[object]:
    params: list[object] = []
    for path in sorted(HERE.glob("*/*.case")):
        name = f"{path.parent.name}/{path.name}"
        try:
            params += [pytest.param(case, id=case.name) for case in read_cases(path)]
        except CaseFormatError as err:
            params.append(pytest.param(err, id=f"{name}::malformed"))
    return params


@pytest.mark.parametrize("case", _collect())
def test_case(case: Case | CaseFormatError) -> None:
    """Runs one case; the rule it tests is cited by the case's SOURCE lines."""
    if isinstance(case, CaseFormatError):
        pytest.fail(f"malformed case file: {case}", pytrace=False)
    failure = None
    try:
        run_case(case)
    except (AssertionError, CaseFormatError) as err:
        failure = str(err)
    if failure is not None:
        pytest.fail(failure, pytrace=False)


def test_every_rule_system_has_cases() -> None:
    """Each rule system offered for games has a folder of cases, and each folder is a
    shipped rule system (one whose rules are still being added may have cases already)."""
    import maps

    folders = {p.name for p in HERE.iterdir() if p.is_dir() and any(p.glob("*.case"))}
    assert set(maps.RULESETS) <= folders <= set(maps.SHIPPED)
