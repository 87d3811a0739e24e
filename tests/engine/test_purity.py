"""The engine is pure: no I/O, no asyncio, no database, no Discord, no randomness, no clock."""

from __future__ import annotations

import ast
from pathlib import Path

import engine

ENGINE = Path(engine.__file__).parent
FORBIDDEN = {
    "asyncio", "random", "secrets", "time", "datetime", "socket", "sqlite3", "sqlalchemy", "sqlmodel",
    "aiosqlite", "asyncpg", "discord", "aiohttp", "requests", "urllib", "http", "os", "subprocess",
    "logging", "pathlib", "io", "shutil", "tempfile", "threading", "bot", "maps", "importlib", "tomllib",
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_engine_imports_nothing_impure() -> None:
    """architecture.md, engine/: state + command + dice in, new state + events out."""
    offenders = {
        str(p.relative_to(ENGINE)): sorted(_imports(p) & FORBIDDEN) for p in sorted(ENGINE.rglob("*.py"))
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_engine_calls_no_open_or_print() -> None:
    """No file or console I/O inside the engine."""
    calls = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"open", "print", "input"}:
                calls.append(f"{path.relative_to(ENGINE)}:{node.lineno} {node.func.id}()")
    assert calls == []


def test_purity_check_catches_an_offender(tmp_path: Path) -> None:
    """The import scan itself works: a module importing random is reported."""
    bad = tmp_path / "bad.py"
    bad.write_text("import random\nfrom asyncio import sleep\nfrom . import dice\n", encoding="utf-8")
    assert _imports(bad) & FORBIDDEN == {"random", "asyncio"}
