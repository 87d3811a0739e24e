"""Dice sources: where a command's dice come from, and what gets stored about them.

The service asks its source for one dice object per command, hands it to the engine, and
stores the object's ``records`` (and any period commit/reveal entries) in the command's
transaction. A sealed draw's entry is public and holds no face; its faces are stored apart
(``sealed_faces``) until a command reveals the draw and the source's ``unseal`` entry is added. Two sources exist: auditable commit-reveal dice for real games, and a fixed
list of values for transcripts and tests. Replay uses :class:`RecordedDice`, which returns
exactly the rolls that were stored, so a game's state never depends on the source again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.dice.derive import derive_seed
from bot.dice.log import entry_to_json
from bot.dice.session import AuditableDice, close_period, open_period, sealing, unseal


class DiceKeyMismatchError(RuntimeError):
    """The master key in use is not the one the game's open period was committed with."""


class DiceExhaustedError(RuntimeError):
    """A fixed dice list ran out: the transcript needs more values."""


@dataclass(frozen=True)
class Chain:
    """What a game's dice log says about where the next roll continues from."""

    period: str
    commitment: str
    entropy: str
    next_seq: int
    prev_hash: str


class CommandDice(Protocol):
    """The engine's dice protocol plus the records of the rolls made through it."""

    def roll(self, count: int, purpose: str) -> list[int]: ...

    def sealed(self, count: int, purpose: str) -> list[int]: ...

    def roll_entries(self) -> list[dict[str, Any]]:
        """The public entries of the command's rolls and sealed draws, in order."""

    def sealed_faces(self) -> list[list[int]]:
        """The faces of the command's sealed draws, in order: stored, never published."""


class DiceSource(Protocol):
    """Supplies dice per command and the entries that open and close a period."""

    auditable: bool

    def open_period(self, game_id: int, period: str, entropy: str) -> dict[str, Any] | None: ...

    def close_period(self, game_id: int, period: str) -> dict[str, Any] | None: ...

    def for_command(self, game_id: int, chain: Chain | None) -> CommandDice: ...

    def committed(self, dice: CommandDice) -> None: ...

    def unseal(self, game_id: int, sealed: dict[str, Any], faces: list[int]) -> dict[str, Any]:
        """The entry revealing the sealed draw whose public entry is ``sealed``."""


class _AuditableRun:
    """One command's auditable dice; its records become ``roll`` entries of the dice log."""

    def __init__(self, dice: AuditableDice) -> None:
        self._dice = dice

    def roll(self, count: int, purpose: str) -> list[int]:
        return self._dice.roll(count, purpose)

    def sealed(self, count: int, purpose: str) -> list[int]:
        return self._dice.sealed(count, purpose)

    def roll_entries(self) -> list[dict[str, Any]]:
        return [entry_to_json(record) for record in self._dice.records]

    def sealed_faces(self) -> list[list[int]]:
        return [list(faces) for faces in self._dice.sealed_faces]


class AuditableDiceSource:
    """Commit-reveal dice (``bot.dice``): one secret seed per period, derived from a master key."""

    auditable = True

    def __init__(self, master_key: bytes) -> None:
        self._key = master_key

    def open_period(self, game_id: int, period: str, entropy: str) -> dict[str, Any]:
        _, entry = open_period(self._key, str(game_id), period, entropy)
        return entry_to_json(entry)

    def close_period(self, game_id: int, period: str) -> dict[str, Any]:
        return entry_to_json(close_period(self._key, str(game_id), period))

    def for_command(self, game_id: int, chain: Chain | None) -> CommandDice:
        if chain is None:
            raise RuntimeError(f"game {game_id} has no open dice period")
        seed = derive_seed(self._key, str(game_id), chain.period)
        if seed.commitment != chain.commitment:
            raise DiceKeyMismatchError(
                f"Game {game_id}'s dice were committed with another master key, so no roll could be "
                "verified: run aaref with the AAREF_DICE_KEY (or the dice.key file) the game was "
                "started with. Nothing was stored."
            )
        dice = AuditableDice(
            game_id=str(game_id),
            period=chain.period,
            seed=seed,
            commitment=chain.commitment,
            entropy=chain.entropy,
            next_seq=chain.next_seq,
            prev_hash=chain.prev_hash,
            seal=sealing(self._key, str(game_id)),
        )
        return _AuditableRun(dice)

    def committed(self, dice: CommandDice) -> None:
        """Nothing to advance: the chain continues from what was stored."""

    def unseal(self, game_id: int, sealed: dict[str, Any], faces: list[int]) -> dict[str, Any]:
        return entry_to_json(unseal(self._key, str(game_id), int(sealed["seq"]), faces))


@dataclass
class _FixedRun:
    values: Sequence[int]
    pos: int
    entries: list[dict[str, Any]] = field(default_factory=list)
    hidden: list[list[int]] = field(default_factory=list)

    def roll(self, count: int, purpose: str) -> list[int]:
        dice = self._take(count, purpose)
        if dice:
            self.entries.append({"type": "roll", "purpose": purpose, "dice": dice})
        return dice

    def sealed(self, count: int, purpose: str) -> list[int]:
        dice = self._take(count, purpose)
        self.entries.append({"type": "sealed", "purpose": purpose, "count": count})
        self.hidden.append(dice)
        return dice

    def sealed_faces(self) -> list[list[int]]:
        return [list(faces) for faces in self.hidden]

    def _take(self, count: int, purpose: str) -> list[int]:
        if self.pos + count > len(self.values):
            raise DiceExhaustedError(
                f"the fixed dice ran out: {purpose} needs {count} more, "
                f"{len(self.values) - self.pos} left of {len(self.values)}"
            )
        dice = list(self.values[self.pos : self.pos + count])
        self.pos += count
        return dice

    def roll_entries(self) -> list[dict[str, Any]]:
        return list(self.entries)


class FixedDiceSource:
    """Values used in order across the whole run; a refused command gives its values back."""

    auditable = False

    def __init__(self, values: Sequence[int]) -> None:
        bad = [v for v in values if not 1 <= v <= 6]
        if bad:
            raise ValueError(f"dice values must be 1 to 6, got {bad}")
        self.values = tuple(values)
        self.pos = 0

    def open_period(self, game_id: int, period: str, entropy: str) -> None:
        return None

    def close_period(self, game_id: int, period: str) -> None:
        return None

    def for_command(self, game_id: int, chain: Chain | None) -> CommandDice:
        return _FixedRun(self.values, self.pos)

    def committed(self, dice: CommandDice) -> None:
        assert isinstance(dice, _FixedRun)
        self.pos = dice.pos

    def unseal(self, game_id: int, sealed: dict[str, Any], faces: list[int]) -> dict[str, Any]:
        """Fixed dice prove nothing: the entry names the draw and states its faces."""
        return {"type": "unseal", "purpose": sealed["purpose"], "dice": list(faces)}


@dataclass(frozen=True)
class RecordedRoll:
    """A stored roll; read from a game record it also has the purpose it states and its line."""

    dice: Sequence[int]
    purpose: str | None = None
    line: int | None = None


class ReplayMismatchError(RuntimeError):
    """The rules asked for other rolls than the stored ones; ``line`` names the roll line."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


class RecordedDice:
    """Replays stored rolls: each call must ask for the next recorded roll's dice count.

    When a roll's purpose is known (a record's roll line states it), the rules must roll for
    that same purpose: a changed casualty choice or command then shows at the first roll
    whose units differ, instead of silently giving other dice to other units.
    """

    def __init__(self, rolls: Sequence[Sequence[int] | RecordedRoll]) -> None:
        self._rolls = [r if isinstance(r, RecordedRoll) else RecordedRoll(tuple(r)) for r in rolls]
        self._next = 0

    def roll(self, count: int, purpose: str) -> list[int]:
        if count == 0:
            return []
        if self._next >= len(self._rolls):
            raise ReplayMismatchError(
                f"the rules roll {count} dice for {purpose} next, but no recorded roll is left "
                "for this command (a roll line was removed, or a command changed)"
            )
        recorded = self._rolls[self._next]
        if recorded.purpose is not None and recorded.purpose != purpose:
            raise ReplayMismatchError(
                f"the roll line is for {recorded.purpose}, but the rules roll for {purpose} "
                "here (a command, casualty choice or roll line was changed, removed or moved)",
                recorded.line,
            )
        if len(recorded.dice) != count:
            raise ReplayMismatchError(
                f"the rules roll {count} dice for {purpose}, "
                f"but {len(recorded.dice)} were recorded",
                recorded.line,
            )
        self._next += 1
        return list(recorded.dice)

    sealed = roll
    """A sealed draw replays from its stored faces, in its place among the command's rolls."""

    def finish(self) -> None:
        """Fail if some recorded rolls were not used: the engine and the log disagree."""
        if self._next != len(self._rolls):
            unused = self._rolls[self._next]
            what = f"the roll for {unused.purpose}" if unused.purpose else "a recorded roll"
            raise ReplayMismatchError(
                f"{what} was never rolled: the command made {self._next} of its "
                f"{len(self._rolls)} recorded rolls (a roll line was added or moved here, "
                "or a command changed)",
                unused.line,
            )


def parse_fixed(spec: str) -> FixedDiceSource:
    """``fixed:3,1,6`` (or ``3,1,6``) as a :class:`FixedDiceSource`."""
    body = spec.removeprefix("fixed:")
    try:
        values = [int(v) for v in body.replace(" ", "").split(",") if v]
    except ValueError:
        raise ValueError(f"dice must look like fixed:3,1,6 ; got {spec!r}") from None
    return FixedDiceSource(values)


__all__ = [
    "AuditableDiceSource",
    "Chain",
    "CommandDice",
    "DiceExhaustedError",
    "DiceKeyMismatchError",
    "DiceSource",
    "FixedDiceSource",
    "RecordedDice",
    "RecordedRoll",
    "ReplayMismatchError",
    "parse_fixed",
]
