"""`python -m bot.render` writes a PNG from a state file or a built-in sample."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.render.__main__ import main


def test_sample_state_to_png(tmp_path: Path) -> None:
    out = tmp_path / "opening.png"
    assert main(["--example", "opening", str(out), "--width", "600"]) == 0
    assert Image.open(out).size[0] == 600


def test_any_boards_opening_to_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--board draws another rule system's opening (AARHE's map, docs/map.md)."""
    out = tmp_path / "aarhe.png"
    assert main(["--example", "opening", "--board", "aarhe", str(out), "--region", "europe", "--width", "600"]) == 0
    assert Image.open(out).size[0] == 600
    assert "wrote" in capsys.readouterr().out


def test_state_and_changes_files_to_region_png(
    tmp_path: Path, midgame: tuple[dict[str, Any], list[dict[str, Any]]]
) -> None:
    state, changes = midgame
    (tmp_path / "state.json").write_text(json.dumps(state), encoding="utf-8")
    (tmp_path / "changes.json").write_text(json.dumps(changes), encoding="utf-8")
    out = tmp_path / "europe.png"
    status = main([str(tmp_path / "state.json"), str(out), "--changes", str(tmp_path / "changes.json"),
                   "--region", "europe", "--width", "800"])
    assert status == 0
    assert Image.open(out).size[0] == 800
