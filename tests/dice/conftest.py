"""Fixtures: a realistic game record, and both verifiers behind one interface."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.dice.verify import verify_text
from tests.dice.records import Record, build_entries, load_standalone, record_text


@pytest.fixture
def record() -> Record:
    return Record(record_text(build_entries()))


def _run_package(text: str) -> tuple[int, str]:
    result = verify_text(text)
    return (0 if result.ok else 1), result.summary()


def _runner_for_standalone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> Callable[[str], tuple[int, str]]:
    module = load_standalone()

    def run(text: str) -> tuple[int, str]:
        path = tmp_path / "record.txt"
        path.write_text(text, encoding="utf-8")
        capsys.readouterr()
        status = module.main(["verify_dice.py", str(path)])
        return status, capsys.readouterr().out.strip()

    return run


@pytest.fixture(params=["package", "standalone"])
def verify(
    request: pytest.FixtureRequest, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> Callable[[str], tuple[int, str]]:
    """Either verifier as ``text -> (exit status, printed line)``; both must say the same."""
    if request.param == "package":
        return _run_package
    return _runner_for_standalone(tmp_path, capsys)
