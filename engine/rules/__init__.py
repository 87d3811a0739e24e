"""Hook modules by rule system id: a new rule system adds its module and one line here."""

from __future__ import annotations

from ..errors import BoardDataError
from ..hooks import Hooks
from . import aa1942_2e, aarhe, classic_3e, revised_lhtr

HOOKS: dict[str, Hooks] = {
    aa1942_2e.ID: aa1942_2e,
    revised_lhtr.ID: revised_lhtr,
    classic_3e.ID: classic_3e,
    aarhe.ID: aarhe,
}


def hooks_for(ruleset_id: str) -> Hooks:
    """The hook module of ``ruleset_id``; a rule system without one fails at load."""
    try:
        return HOOKS[ruleset_id]
    except KeyError:
        raise BoardDataError(f"{ruleset_id}: no hook module is registered in engine/rules") from None
