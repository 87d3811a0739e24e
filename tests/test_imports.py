"""Every module of ``bot`` imports on its own: no module needs another to have been imported
first, so there is no import circle between the service and its peers (deadlines, referee,
dice, ladder) that only a lucky import order hides."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_PROBE = """
import importlib, sys
TABLES = ("bot.store.models", "bot.store.ladder_models")
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m.split(".")[0] == "bot" and m not in TABLES]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except ImportError as err:
        failed.append(f"{name}: {err}")
print("\\n".join(failed))
"""


def modules() -> list[str]:
    return sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in (ROOT / "bot").rglob("*.py")
        if "migrations" not in p.parts
    )


def test_every_bot_module_imports_on_its_own() -> None:
    """Each module is imported after every ``bot`` module is forgotten (the table modules
    stay: SQLAlchemy allows a table to be declared once per process)."""
    names = modules()
    assert "bot.service.game_service" in names and "bot.ladder.desk" in names
    done = subprocess.run([sys.executable, "-c", _PROBE, *names], cwd=ROOT, capture_output=True,
                          text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", done.stdout
