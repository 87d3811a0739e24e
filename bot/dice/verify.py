"""Verification of a dice log: commitments, reveals, entropy, every roll, sealed draw and
their chain.

Used by ``aaref verify`` and ``/dice verify``. A game record is checked in two passes: its
``% dice`` log first, then its readable roll lines against the log's roll records
(``bot.dice.readable``). ``tools/verify_dice.py`` implements the same checks independently
and must report the same first discrepancy in the same words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.dice.derive import NO_ENTROPY, combine_entropy, commitment_of, derive_dice, roll_message
from bot.dice.log import (
    GENESIS,
    CommitEntry,
    DiceLogError,
    EntropyEntry,
    Entry,
    RevealEntry,
    RollRecord,
    SealedRecord,
    UnsealEntry,
    record_hash,
)
from bot.dice.readable import read_record_lines, roll_lines_discrepancy


@dataclass(frozen=True)
class Discrepancy:
    """The first thing found wrong: where, on which roll if any, and what was expected."""

    line: int
    message: str
    seq: int | None = None

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True)
class VerifyResult:
    """What was checked; ``error`` is None when everything that can be checked holds."""

    rolls: int = 0
    dice: int = 0
    recomputed: int = 0
    unverifiable: int = 0
    pending_periods: tuple[str, ...] = ()
    commits: int = 0
    reveals: int = 0
    entropy_entries: int = 0
    sealed: int = 0
    unsealed: int = 0
    roll_lines: int | None = None
    """Readable roll lines checked against the records; None for a bare dice log."""
    error: Discrepancy | None = None

    @property
    def ok(self) -> bool:
        """True when no discrepancy was found (rolls of unrevealed periods are not one)."""
        return self.error is None

    def summary(self) -> str:
        """One line for people: OK with counts, or FAIL with the first discrepancy."""
        if self.error is not None:
            return f"FAIL: {self.error}"
        pending = ", ".join(self.pending_periods) or "none"
        lines = ""
        if self.roll_lines is not None:
            lines = f"; roll lines: {self.roll_lines}, all as recorded"
        sealed = ""
        if self.sealed:
            sealed = (f"; sealed draws: {self.sealed} (revealed and recomputed: {self.unsealed}, "
                      f"still sealed: {self.sealed - self.unsealed})")
        return (
            f"OK: rolls: {self.rolls} ({self.dice} dice), recomputed: {self.recomputed}, "
            f"unverifiable yet: {self.unverifiable} (unrevealed periods: {pending}){sealed}; "
            f"commitments: {self.commits}, reveals: {self.reveals}, "
            f"entropy entries: {self.entropy_entries}; chain intact{lines}"
        )


class _Failed(Exception):
    """Stops the walk at the first discrepancy."""

    def __init__(self, discrepancy: Discrepancy) -> None:
        super().__init__(str(discrepancy))
        self.discrepancy = discrepancy


class _Walk:
    """State carried through the log in order: the chain head, commitments, entropy."""

    def __init__(self, entries: Sequence[tuple[int, Entry]]) -> None:
        self.reveals: dict[str, tuple[int, RevealEntry]] = {}
        for line, entry in entries:
            if isinstance(entry, RevealEntry):
                self.reveals.setdefault(entry.period, (line, entry))
        self.game: str | None = None
        self.commits: dict[str, tuple[int, CommitEntry]] = {}
        self.entropy = NO_ENTROPY
        self.last_seq = 0
        self.last_hash = GENESIS
        self.counts = {"rolls": 0, "dice": 0, "recomputed": 0, "unverifiable": 0}
        self.counts.update(commits=0, reveals=0, entropy_entries=0, sealed=0, unsealed=0)
        self.pending: list[str] = []
        self.sealed: dict[int, tuple[int, SealedRecord]] = {}
        self.unsealed: dict[int, int] = {}
        """Line of each sealed draw's first unseal entry, by its ``seq``."""

    def same_game(self, line: int, what: str, game: str) -> None:
        if self.game is None:
            self.game = game
        elif game != self.game:
            raise _Failed(Discrepancy(line, f"{what} is for game {game}, not {self.game}"))

    def commit(self, line: int, entry: CommitEntry) -> None:
        period = entry.period
        self.same_game(line, f"commitment of period {period}", entry.game)
        if period in self.commits:
            first = self.commits[period][0]
            raise _Failed(
                Discrepancy(line, f"period {period} committed twice (first on line {first})")
            )
        if entry.entropy != self.entropy:
            raise _Failed(
                Discrepancy(
                    line,
                    f"commitment of period {period}: expected player entropy {self.entropy}, "
                    f"found {entry.entropy}",
                )
            )
        self.commits[period] = (line, entry)
        self.counts["commits"] += 1

    def add_entropy(self, line: int, entry: EntropyEntry) -> None:
        self.same_game(line, f"entropy entry of user {entry.user}", entry.game)
        expected = combine_entropy(self.entropy, entry.user, entry.text)
        if entry.entropy != expected:
            raise _Failed(
                Discrepancy(
                    line,
                    f"entropy entry of user {entry.user}: expected combined entropy {expected}, "
                    f"found {entry.entropy}",
                )
            )
        self.entropy = expected
        self.counts["entropy_entries"] += 1

    def check_seed(self, period: str) -> bytes:
        """The revealed seed of a committed period, if it matches the commitment."""
        line, reveal = self.reveals[period]
        if period not in self.commits:
            raise _Failed(
                Discrepancy(line, f"reveal of period {period} without an earlier commitment")
            )
        secret = bytes.fromhex(reveal.seed)
        committed = self.commits[period][1].commitment
        if commitment_of(secret) != committed:
            raise _Failed(
                Discrepancy(
                    line,
                    f"reveal of period {period}: SHA-256 of the revealed seed is "
                    f"{commitment_of(secret)}, but the commitment is {committed} (wrong seed)",
                )
            )
        return secret

    def reveal(self, line: int, entry: RevealEntry) -> None:
        first = self.reveals[entry.period][0]
        if first != line:
            raise _Failed(
                Discrepancy(line, f"period {entry.period} revealed twice (first on line {first})")
            )
        self.check_seed(entry.period)
        self.counts["reveals"] += 1

    def chain(self, line: int, r: RollRecord | SealedRecord, name: str) -> None:
        """The checks every chained record passes: its number, ``prev`` and period."""

        def fail(message: str) -> _Failed:
            return _Failed(Discrepancy(line, f"{name}: {message}", r.seq))

        expected_seq = self.last_seq + 1
        if r.seq != expected_seq:
            raise fail(
                f"expected sequence number {expected_seq}, found {r.seq} "
                "(a roll is missing or out of order)"
            )
        if r.prev != self.last_hash:
            raise fail(
                f"expected prev {self.last_hash} (the previous record's hash), found {r.prev}"
            )
        if r.period not in self.commits:
            raise fail(f"period {r.period} has no commitment before this roll")

    def still_open(self, line: int, r: RollRecord | SealedRecord, name: str) -> None:
        """A record made after its period's seed was revealed could have been chosen."""
        reveal_line = self.reveals[r.period][0] if r.period in self.reveals else None
        if reveal_line is not None and reveal_line < line:
            raise _Failed(Discrepancy(line, f"{name}: made after the seed of period {r.period} "
                                      f"was revealed on line {reveal_line}", r.seq))

    def end_chain(self, line: int, r: RollRecord | SealedRecord, name: str) -> None:
        digest = record_hash(r)
        if digest != r.hash:
            raise _Failed(Discrepancy(
                line, f"{name}: expected record hash {digest}, found {r.hash} (the record was altered)",
                r.seq))
        self.last_seq, self.last_hash = r.seq, r.hash

    def roll(self, line: int, r: RollRecord) -> None:
        name = f"roll #{r.seq} ({r.purpose})"

        def fail(message: str) -> _Failed:
            return _Failed(Discrepancy(line, f"{name}: {message}", r.seq))

        self.chain(line, r, name)
        commit = self.commits[r.period][1]
        if r.commitment != commit.commitment:
            raise fail(
                f"expected commitment {commit.commitment} of period {r.period}, found {r.commitment}"
            )
        self.still_open(line, r, name)
        if r.period in self.reveals:
            secret = self.check_seed(r.period)
            message = roll_message(commit.game, r.seq, r.purpose, commit.entropy)
            expected = derive_dice(secret, message, len(r.dice))
            if expected != list(r.dice):
                raise fail(f"expected dice {expected} from the revealed seed, found {list(r.dice)}")
            self.counts["recomputed"] += 1
        else:
            self.counts["unverifiable"] += 1
            if r.period not in self.pending:
                self.pending.append(r.period)
        self.end_chain(line, r, name)
        self.counts["rolls"] += 1
        self.counts["dice"] += len(r.dice)

    def seal(self, line: int, r: SealedRecord) -> None:
        """A sealed draw is chained like a roll; its commitment is to its own seed."""
        name = f"sealed draw #{r.seq} ({r.purpose})"
        self.chain(line, r, name)
        self.still_open(line, r, name)
        self.end_chain(line, r, name)
        self.sealed[r.seq] = (line, r)
        self.counts["sealed"] += 1

    def unseal(self, line: int, entry: UnsealEntry) -> None:
        if entry.seq not in self.sealed:
            raise _Failed(Discrepancy(
                line, f"unseal of sealed draw #{entry.seq} without an earlier sealed record"))
        r = self.sealed[entry.seq][1]
        name = f"unseal of sealed draw #{r.seq} ({r.purpose})"
        if entry.seq in self.unsealed:
            first = self.unsealed[entry.seq]
            raise _Failed(Discrepancy(line, f"{name}: unsealed twice (first on line {first})", r.seq))
        secret = bytes.fromhex(entry.seed)
        if commitment_of(secret) != r.commitment:
            raise _Failed(Discrepancy(
                line, f"{name}: SHA-256 of the revealed seed is {commitment_of(secret)}, but the "
                f"commitment is {r.commitment} (wrong seed)", r.seq))
        commit = self.commits[r.period][1]
        message = roll_message(commit.game, r.seq, r.purpose, commit.entropy)
        expected = derive_dice(secret, message, r.count)
        if expected != list(entry.dice):
            raise _Failed(Discrepancy(
                line, f"{name}: expected dice {expected} from the revealed seed, found "
                f"{list(entry.dice)}", r.seq))
        self.unsealed[entry.seq] = line
        self.counts["unsealed"] += 1

    def result(self, error: Discrepancy | None = None) -> VerifyResult:
        return VerifyResult(pending_periods=tuple(self.pending), error=error, **self.counts)


def verify_entries(entries: Sequence[tuple[int, Entry]]) -> VerifyResult:
    """Check numbered entries in log order and stop at the first discrepancy."""
    walk = _Walk(entries)
    try:
        for line, entry in entries:
            if isinstance(entry, CommitEntry):
                walk.commit(line, entry)
            elif isinstance(entry, EntropyEntry):
                walk.add_entropy(line, entry)
            elif isinstance(entry, RollRecord):
                walk.roll(line, entry)
            elif isinstance(entry, SealedRecord):
                walk.seal(line, entry)
            elif isinstance(entry, UnsealEntry):
                walk.unseal(line, entry)
            else:
                walk.reveal(line, entry)
    except _Failed as failed:
        return walk.result(failed.discrepancy)
    return walk.result()


def verify_log(entries: Sequence[Entry]) -> VerifyResult:
    """Verify a game's stored dice log (``/dice verify``); "line" numbers count entries from 1."""
    return verify_entries(list(enumerate(entries, start=1)))


def verify_text(text: str) -> VerifyResult:
    """Verify a game record: its ``% dice`` log, then that every roll line states its record."""
    try:
        record = read_record_lines(text)
    except DiceLogError as err:
        return VerifyResult(error=Discrepancy(err.line, err.detail))
    result = verify_entries(record.entries)
    if not result.ok:
        return result
    found = roll_lines_discrepancy(record)
    error = None if found is None else Discrepancy(*found)
    return replace(result, roll_lines=len(record.rolls), error=error)
