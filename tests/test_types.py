"""The engine and the service's seam to it type-check under ``mypy --strict``
(architecture.md, "Variants, concretely": the service holds the engine through a Protocol)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_engine_and_its_seam_pass_mypy_strict() -> None:
    """Other bot modules are imported for their types only (``--follow-imports=silent``)."""
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-incremental",
         "engine", "bot/service/rules.py"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout
