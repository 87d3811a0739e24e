"""Sentences the engine writes for players: one full stop where a name ends with its own.

Names such as "Karelia S.S.R." end with a full stop, so a sentence ending with one would
read "in Karelia S.S.R.."; events and refusals pass their text through :func:`one_stop`.
"""

from __future__ import annotations

import re

_DOUBLE = re.compile(r"(?<!\.)\.\.(?=\s|$|\))")


def one_stop(text: str) -> str:
    """``text`` with a doubled full stop (not an ellipsis) made one."""
    return _DOUBLE.sub(".", text)
