"""Phases 2 and 4: Combat Move and Noncombat Move (000, Phase 2: Combat Move; Special
Combat Movement; Phase 4: Noncombat Move; Canals; Neutral Territories; Unit Profiles).

``apply_move`` judges and carries out one ``/move``; ``end_combat_move`` and
``end_noncombat_move`` are the checks and settlements of ``/done``; ``reachable`` lists
where a group could go, for autocomplete.
"""

from __future__ import annotations

from .apply import apply_move
from .phases import end_combat_move, end_noncombat_move
from .reach import reachable

__all__ = ["apply_move", "end_combat_move", "end_noncombat_move", "reachable"]
