"""No rule knowledge in ``bot/``: no unit, phase, power or development id of a shipped rule
system appears there as a string literal (architecture.md: rules live in ``engine/`` and
``maps/<id>/``). A new rule system then needs no bot edit, and a message never shows an id
where players read a name. Prose that quotes an example command ('"3 infantry, 1 tank"') is
not an id and passes; a dict keyed by ``"infantry"`` or a comparison with ``"mobilize"``
fails, naming file and line."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import maps

ROOT = Path(__file__).resolve().parent.parent

EXEMPT = {
    "bot/render/demo.py": "a hand-made 1942 position for previews and the README's pictures",
}


def rule_ids() -> dict[str, str]:
    """Every id a shipped rule system defines, with what it is."""
    ids: dict[str, str] = {}
    for ident in maps.SHIPPED:
        rules = maps.load_ruleset(ident, unplayable=True)
        ids.update({str(k): f"unit of {ident}" for k in rules.units})
        ids.update({p: f"phase of {ident}" for p in rules.phases})
        ids.update({str(p): f"power of {ident}" for p in rules.board.powers})
        ids.update({d.id: f"development of {ident}" for d in rules.technology.developments})
    return ids


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings (explanations, not code)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def string_literals(source: str) -> Iterator[tuple[int, str]]:
    """(line, value) of each string constant in ``source`` that is not a docstring."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            yield node.lineno, node.value


def test_the_scan_finds_an_id_used_as_a_literal() -> None:
    source = 'def f(state):\n    """Ends "mobilize"."""\n    return state.phase == "mobilize"\n'
    assert list(string_literals(source)) == [(3, "mobilize")]
    assert "mobilize" in rule_ids() and "cruiser" in rule_ids()


def test_bot_names_no_rule_id() -> None:
    ids = rule_ids()
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name in EXEMPT:
            continue
        for line, value in string_literals(path.read_text(encoding="utf-8")):
            if value in ids:
                found.append(f"{name}:{line}: {value!r} is a {ids[value]}")
    assert not found, "rule ids in bot/ (move them to the rule system's data or an engine query):\n" \
        + "\n".join(found)
