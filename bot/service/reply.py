"""What the service hands back to a front end: plain values, no Discord types."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Actor:
    """Who is asking: a user id (Discord snowflake or a console name) and their role.

    ``referee`` is granted by the front end (a Discord role or the Administrator permission,
    ``--referee`` locally). Only a referee may act for a seat that is not theirs, and each
    such command is logged as a correction naming them; only a referee hands a seat to
    another user. A game's creator may start, pause, resume or abandon it.
    """

    user_id: str
    referee: bool = False


@dataclass(frozen=True)
class Reply:
    """The answer to one request.

    ``message`` is for the actor (shown privately when ``ok`` is false), ``posts`` go to the
    game's channel, ``pings`` are the user ids whose input is now due. ``turn`` and ``phase``
    describe the game after the request (display name of the power to move, phase name).
    """

    ok: bool
    message: str
    posts: tuple[str, ...] = ()
    pings: tuple[str, ...] = ()
    game_id: int | None = None
    turn: str | None = None
    phase: str | None = None
    reason: str | None = None
    """A stable key for a refusal (``service.not_your_turn``, or the engine's reason)."""
    files: tuple[str, ...] = field(default=())
    """Names of images the front end should render and attach (``map``)."""
    events: tuple[dict[str, Any], ...] = ()
    """The command's engine events (JSON), for pictures of its battles."""
    board: str | None = None
    """The game's board id, to draw those pictures."""
    ruleset: str | None = None
    """The game's rule system id, to name its units in those pictures."""
    turn_end: int | None = None
    """The log entry that ended a power's turn: the front end posts that turn's map."""
    candidates: tuple[str, ...] = ()
    """Names an ambiguous name could mean (display names), to offer as a pick list."""
    ambiguous: str | None = None
    """The text that was ambiguous, to substitute a picked candidate for."""
    chart: dict[str, Any] | None = None
    """Figures the front end draws as a picture for the actor alone (``/odds picture:yes``:
    ``bot.render.oddschart``)."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict, stored with the request id for idempotent retries."""
        data = asdict(self)
        for key in _LISTS:
            data[key] = list(data[key])
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Reply:
        """The reply :meth:`to_json` stored."""
        values = dict(data)
        for key in _LISTS:
            values[key] = tuple(values.get(key, ()))
        return cls(**values)


_LISTS = ("posts", "pings", "files", "events", "candidates")


class Refusal(Exception):
    """A request the service turns down; nothing it did is stored.

    ``candidates`` and ``ambiguous`` come from a name that fits several things.
    """

    def __init__(
        self,
        message: str,
        reason: str,
        candidates: tuple[str, ...] = (),
        ambiguous: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason
        self.candidates = candidates
        self.ambiguous = ambiguous

    @classmethod
    def of(cls, err: Exception) -> Refusal:
        """The refusal for an engine ``RulesError``, keeping an ambiguous name's candidates."""
        candidates = tuple(getattr(err, "candidates", ()))
        return cls(
            str(err),
            str(getattr(err, "reason", "rules")),
            candidates,
            getattr(err, "text", None) if candidates else None,
        )
