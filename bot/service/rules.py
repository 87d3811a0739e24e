"""The rules the service plays by: the engine's public functions plus the rule set loader."""

from __future__ import annotations

import importlib
from types import SimpleNamespace
from typing import Any


def engine_rules() -> Any:
    """The ``engine`` module, with ``load_ruleset`` taken from ``maps`` if it lives there.

    The engine reads no files; ``maps`` loads the board data and builds rule sets.
    """
    engine = importlib.import_module("engine")
    if hasattr(engine, "load_ruleset"):
        return engine
    maps = importlib.import_module("maps")
    return SimpleNamespace(**vars(engine), load_ruleset=maps.load_ruleset)
