"""Identifier types and the closed sets the engine names everywhere.

Ids are snake_case slugs from the map files (``west_russia``, ``sz_05``,
``soviet_union``). ``NewType`` keeps a power from being passed where a space is meant.
"""

from __future__ import annotations

import re
from typing import NewType

SpaceId = NewType("SpaceId", str)
PowerId = NewType("PowerId", str)
UnitKind = NewType("UnitKind", str)

SIDES = ("Axis", "Allies")

_DROP = re.compile(r"[.'’]")
_SEPARATORS = re.compile(r"[^a-z0-9]+")


def slug(name: str) -> str:
    """Return the id a display name gets in the map files.

    >>> slug("Karelia S.S.R.")
    'karelia_ssr'
    >>> slug("French Indo-China Thailand")
    'french_indo_china_thailand'
    """
    return _SEPARATORS.sub("_", _DROP.sub("", name.lower())).strip("_")
