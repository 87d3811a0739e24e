"""Events: what a command did, as data for logs, battle reports and the map.

An :class:`Event` has a ``type`` key, a plain sentence for the channel and a JSON-able
payload. Events are produced by the engine and stored by the shell with the command.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .prose import one_stop
from .state import frozen


@dataclass(frozen=True, slots=True)
class Event:
    type: str
    """A stable key: ``purchase``, ``move``, ``capture``, ``phase``, ``turn``, ``roll``, ..."""
    text: str
    """One plain sentence a player reads in the channel."""
    data: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "data", frozen(self.data))
        object.__setattr__(self, "text", one_stop(self.text))

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "text": self.text, **_plain(self.data)}


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def event(kind: str, text: str, **data: Any) -> Event:
    return Event(kind, text, data)
