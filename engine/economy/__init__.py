"""The economy of a turn beyond buying and placing: what a power collects and why.

``income``: the Collect Income phase, an account of every IPC collected or lost with its
reason, which rule switches and the board's data shape (001, Phase 1: Collect Income).
"""

from __future__ import annotations

from .income import Line, Statement, collect, statement

__all__ = ["Line", "Statement", "collect", "statement"]
