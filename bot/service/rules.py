"""The rules the service plays by: the engine's public functions plus the rule set loader.

The service takes this as a parameter so its tests can run it against a small stand-in;
``maps`` supplies ``load_ruleset`` because the engine itself reads no files.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import engine
import maps


def engine_rules() -> Any:
    """The ``engine`` module's names, with ``load_ruleset`` from ``maps``."""
    return SimpleNamespace(**vars(engine), load_ruleset=maps.load_ruleset)
