"""Dice for one command, plus the entries that open, feed and close a period.

The game service builds an :class:`AuditableDice` per command from what it has stored (the
period's commitment and entropy, the next sequence number, the last record hash), hands it
to the engine, then stores ``dice.records`` in the same transaction as the command.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.dice.derive import (
    Seed,
    combine_entropy,
    derive_dice,
    derive_sealed_seed,
    derive_seed,
    roll_message,
)
from bot.dice.log import (
    Chained,
    CommitEntry,
    EntropyEntry,
    RevealEntry,
    UnsealEntry,
    make_roll_record,
    make_sealed_record,
)


class AuditableDice:
    """The engine's dice protocol (``roll(count, purpose)``) backed by committed seeds.

    Each call derives its dice from the period's seed and appends a chained record to
    :attr:`records`. The seed is private: the repr shows only public values. A sealed draw
    (:meth:`sealed`) takes its dice from a seed of its own, given by ``seal`` from the draw's
    sequence number; its record holds no face (:attr:`sealed_faces` keeps them for storage).
    """

    def __init__(
        self,
        *,
        game_id: str,
        period: str,
        seed: Seed,
        commitment: str,
        entropy: str,
        next_seq: int,
        prev_hash: str,
        seal: Callable[[int], Seed] | None = None,
    ) -> None:
        if seed.commitment != commitment:
            # A changed master key would otherwise produce rolls nobody can verify.
            raise ValueError(f"the seed of period {period} does not match its commitment")
        if next_seq < 1:
            raise ValueError(f"sequence numbers start at 1, got {next_seq}")
        self.game_id = game_id
        self.period = period
        self.commitment = commitment
        self.entropy = entropy
        self.next_seq = next_seq
        self.prev_hash = prev_hash
        self.records: list[Chained] = []
        self.sealed_faces: list[list[int]] = []
        """The faces of each sealed draw, in order: stored privately, never published."""
        self._seed = seed
        self._seal = seal

    def roll(self, count: int, purpose: str) -> list[int]:
        """Roll ``count`` dice for ``purpose`` (e.g. ``Ukraine r2 attacker 3 infantry @1``).

        Zero dice make no record; a negative count or an empty purpose is a bug in the caller.
        """
        self._check(count, purpose)
        if count == 0:
            return []
        message = roll_message(self.game_id, self.next_seq, purpose, self.entropy)
        dice = derive_dice(self._seed.secret, message, count)
        record = make_roll_record(
            self.next_seq, self.period, purpose, dice, self.commitment, self.prev_hash
        )
        self.records.append(record)
        self.next_seq += 1
        self.prev_hash = record.hash
        return dice

    def sealed(self, count: int, purpose: str) -> list[int]:
        """Draw ``count`` dice for ``purpose`` in secret (docs/dice.md, "Sealed draws").

        The record commits to the draw's own seed, so revealing the period's seed at the end
        of the period reveals nothing of it; :func:`unseal` publishes it when it is played.
        """
        self._check(count, purpose)
        if self._seal is None:
            raise ValueError("these dice were made without a key for sealed draws")
        if count == 0:
            raise ValueError("a sealed draw needs at least one die")
        seed = self._seal(self.next_seq)
        message = roll_message(self.game_id, self.next_seq, purpose, self.entropy)
        dice = derive_dice(seed.secret, message, count)
        record = make_sealed_record(
            self.next_seq, self.period, purpose, count, seed.commitment, self.prev_hash
        )
        self.records.append(record)
        self.sealed_faces.append(dice)
        self.next_seq += 1
        self.prev_hash = record.hash
        return dice

    @staticmethod
    def _check(count: int, purpose: str) -> None:
        if count < 0:
            raise ValueError(f"cannot roll {count} dice")
        if not purpose:
            raise ValueError("every roll needs a purpose")

    def __repr__(self) -> str:
        return (
            f"AuditableDice(game_id={self.game_id!r}, period={self.period!r}, "
            f"commitment={self.commitment!r}, next_seq={self.next_seq})"
        )


def open_period(
    master_key: bytes, game_id: str, period: str, entropy: str
) -> tuple[Seed, CommitEntry]:
    """The seed of a period and the commit entry to publish before its first roll."""
    seed = derive_seed(master_key, game_id, period)
    return seed, CommitEntry(game_id, period, seed.commitment, entropy)


def close_period(master_key: bytes, game_id: str, period: str) -> RevealEntry:
    """The reveal entry to publish when a period ends; only now does its seed become public."""
    return RevealEntry(period, derive_seed(master_key, game_id, period).reveal())


def add_entropy(game_id: str, current: str, user_id: str, text: str) -> EntropyEntry:
    """A player's entropy entry; its ``entropy`` is the new combined value to store."""
    return EntropyEntry(game_id, user_id, text, combine_entropy(current, user_id, text))


def sealing(master_key: bytes, game_id: str) -> Callable[[int], Seed]:
    """The ``seal`` of :class:`AuditableDice`: each sealed draw's seed from its number."""
    return lambda seq: derive_sealed_seed(master_key, game_id, seq)


def unseal(master_key: bytes, game_id: str, seq: int, dice: list[int]) -> UnsealEntry:
    """The entry that reveals sealed draw ``seq``: its seed, and the dice it was drawn with."""
    return UnsealEntry(seq, derive_sealed_seed(master_key, game_id, seq).reveal(), tuple(dice))
