"""Sealed draws in the dice log: hidden until unsealed, then recomputed by both verifiers.

A sealed draw is a secret random draw of one power (docs/dice.md, "Sealed draws"), such as
AARHE's National Advantages, "secret to enemy team" until revealed (001 › Appendix:
National Advantages). Every test runs on ``bot.dice.verify`` and on the standalone
``tools/verify_dice.py`` and expects the same exit status and printed line from each.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

import pytest

from bot.dice.derive import NO_ENTROPY, derive_dice, roll_message
from bot.dice.log import GENESIS, Entry, SealedRecord, UnsealEntry, sealed_hash
from bot.dice.readable import format_sealed_line
from bot.dice.session import AuditableDice, close_period, open_period, sealing, unseal
from tests.dice.records import GAME, MASTER_KEY, Record, record_text

Verify = Callable[[str], tuple[int, str]]
DRAW = "Germany draw r1"
KEPT = "Japan draw r1"


def build_sealed() -> tuple[list[Entry], dict[str, list[int]]]:
    """Period r1 with a roll, two sealed draws and a roll, then its reveal; period r2 with a
    roll and the unseal of the first draw; the second draw stays sealed."""
    entries: list[Entry] = []
    faces: dict[str, list[int]] = {}
    seq, prev = 1, GENESIS
    for period, plays in (("r1-germany", True), ("r2-japan", False)):
        seed, commit = open_period(MASTER_KEY, GAME, period, NO_ENTROPY)
        dice = AuditableDice(game_id=GAME, period=period, seed=seed, commitment=commit.commitment,
                             entropy=NO_ENTROPY, next_seq=seq, prev_hash=prev,
                             seal=sealing(MASTER_KEY, GAME))
        dice.roll(3, f"Ukraine {period} attacker 3 infantry @1")
        if plays:
            faces[DRAW] = dice.sealed(2, DRAW)
            faces[KEPT] = dice.sealed(1, KEPT)
            dice.roll(2, f"Ukraine {period} defender 2 infantry @2")
        entries += [commit, *dice.records]
        seq, prev = dice.next_seq, dice.prev_hash
        if not plays:
            entries.append(unseal(MASTER_KEY, GAME, 2, faces[DRAW]))
        entries.append(close_period(MASTER_KEY, GAME, period))
    return entries, faces


@pytest.fixture
def sealed() -> tuple[Record, dict[str, list[int]]]:
    entries, faces = build_sealed()
    return Record(record_text(entries)), faces


def test_a_sealed_record_holds_no_face_and_the_period_seed_does_not_give_them() -> None:
    """The period's seed is revealed when the period ends; the draw must stay secret after."""
    entries, faces = build_sealed()
    kept = next(e for e in entries if isinstance(e, SealedRecord) and e.purpose == KEPT)
    period_seed = open_period(MASTER_KEY, GAME, "r1-germany", NO_ENTROPY)[0]
    from_period = derive_dice(period_seed.secret, roll_message(GAME, kept.seq, KEPT, NO_ENTROPY), 8)
    from_own = derive_dice(sealing(MASTER_KEY, GAME)(kept.seq).secret,
                           roll_message(GAME, kept.seq, KEPT, NO_ENTROPY), 8)
    assert from_own[:1] == faces[KEPT] and from_period != from_own
    assert kept.commitment != period_seed.commitment
    assert not any(isinstance(e, UnsealEntry) and e.seq == kept.seq for e in entries)


def test_the_record_states_a_sealed_line_hidden_until_its_unseal(
    sealed: tuple[Record, dict[str, list[int]]],
) -> None:
    record, faces = sealed
    assert format_sealed_line(DRAW, faces[DRAW]) in record.lines
    assert format_sealed_line(KEPT, None) in record.lines
    assert f"sealed {KEPT}: hidden" in record.lines
    kept = record.get(record.find("sealed", purpose=KEPT))
    assert set(kept) == {"type", "seq", "period", "purpose", "count", "commitment", "prev", "hash"}


def test_untouched_sealed_record_verifies(
    sealed: tuple[Record, dict[str, list[int]]], verify: Verify
) -> None:
    record, _ = sealed
    assert verify(record.text) == (0, (
        "OK: rolls: 3 (8 dice), recomputed: 3, unverifiable yet: 0 (unrevealed periods: none); "
        "sealed draws: 2 (revealed and recomputed: 1, still sealed: 1); commitments: 2, "
        "reveals: 2, entropy entries: 0; chain intact; roll lines: 5, all as recorded"))


def test_changed_unsealed_dice_are_recomputed_and_refused(
    sealed: tuple[Record, dict[str, list[int]]], verify: Verify
) -> None:
    record, faces = sealed
    index = record.find("unseal", seq=2)
    forged = [7 - f for f in faces[DRAW]]
    record.edit(index, dice=forged)
    assert verify(record.text) == (1, (
        f"FAIL: line {index + 1}: unseal of sealed draw #2 ({DRAW}): expected dice "
        f"{faces[DRAW]} from the revealed seed, found {forged}"))


def test_a_seed_other_than_the_committed_one_is_refused(
    sealed: tuple[Record, dict[str, list[int]]], verify: Verify
) -> None:
    """An operator who picks another draw after the fact needs another seed: the commitment,
    chained and posted when the draw was made, no longer matches."""
    record, _ = sealed
    index = record.find("unseal", seq=2)
    other = sealing(MASTER_KEY, GAME)(3)
    draw = record.get(record.find("sealed", seq=2))
    record.edit(index, seed=other.reveal())
    assert verify(record.text) == (1, (
        f"FAIL: line {index + 1}: unseal of sealed draw #2 ({DRAW}): SHA-256 of the revealed "
        f"seed is {other.commitment}, but the commitment is {draw['commitment']} (wrong seed)"))


def test_a_sealed_record_rewritten_with_a_new_chain_fails_at_its_unseal(
    sealed: tuple[Record, dict[str, list[int]]], verify: Verify
) -> None:
    """The purpose is bound into the dice: a forger who renames the draw and rebuilds the
    whole chain is caught when the seed is revealed, since it gives other dice."""
    record, faces = sealed
    record.edit(record.find("sealed", seq=2), purpose="Germany draw r2")
    _rechain(record)
    index = record.find("unseal", seq=2)
    seed = bytes.fromhex(str(record.get(index)["seed"]))
    expected = derive_dice(seed, roll_message(GAME, 2, "Germany draw r2", NO_ENTROPY), 2)
    assert expected != faces[DRAW]
    at = record.lines.index(format_sealed_line(DRAW, faces[DRAW]))
    record.lines[at] = format_sealed_line("Germany draw r2", faces[DRAW])
    assert verify(record.text) == (1, (
        f"FAIL: line {index + 1}: unseal of sealed draw #2 (Germany draw r2): expected dice "
        f"{expected} from the revealed seed, found {faces[DRAW]}"))


def _rechain(record: Record) -> None:
    """Recompute every link and hash of rolls and sealed draws, as a forger would."""
    prev = GENESIS
    for index, e in list(record.dice()):
        if e["type"] not in ("roll", "sealed"):
            continue
        e["prev"] = prev
        e["hash"] = hashlib.sha256(json.dumps({k: v for k, v in e.items() if k != "hash"},
                                              sort_keys=True, separators=(",", ":")).encode()).hexdigest()
        prev = str(e["hash"])
        record.put(index, e)


def test_an_edited_sealed_record_breaks_its_hash(
    sealed: tuple[Record, dict[str, list[int]]], verify: Verify
) -> None:
    record, _ = sealed
    index = record.find("sealed", seq=3)
    entry = record.get(index)
    record.edit(index, count=2)
    expected = sealed_hash(3, str(entry["period"]), KEPT, 2, str(entry["commitment"]), str(entry["prev"]))
    assert verify(record.text) == (1, (
        f"FAIL: line {index + 1}: sealed draw #3 ({KEPT}): expected record hash {expected}, "
        f"found {entry['hash']} (the record was altered)"))


def test_a_sealed_line_may_not_state_dice_before_the_unseal(
    sealed: tuple[Record, dict[str, list[int]]], verify: Verify
) -> None:
    record, _ = sealed
    at = record.lines.index(f"sealed {KEPT}: hidden")
    record.lines[at] = f"sealed {KEPT}: 4"
    assert verify(record.text) == (1, (
        f"FAIL: line {at + 1}: the sealed line states dice 4 for sealed draw #3 ({KEPT}), "
        f"but its record on line {at + 2} is still sealed (no unseal entry)"))


def test_a_sealed_line_must_state_the_unsealed_dice(
    sealed: tuple[Record, dict[str, list[int]]], verify: Verify
) -> None:
    record, faces = sealed
    at = record.lines.index(format_sealed_line(DRAW, faces[DRAW]))
    unseal_line = record.find("unseal", seq=2) + 1
    record.lines[at] = f"sealed {DRAW}: hidden"
    shown = " ".join(map(str, faces[DRAW]))
    assert verify(record.text) == (1, (
        f"FAIL: line {at + 1}: the sealed line states them hidden for sealed draw #2 ({DRAW}), "
        f"but its unseal entry on line {unseal_line} has {shown}"))


def test_a_removed_sealed_line_is_named(
    sealed: tuple[Record, dict[str, list[int]]], verify: Verify
) -> None:
    record, _ = sealed
    at = record.lines.index(f"sealed {KEPT}: hidden")
    del record.lines[at]
    assert verify(record.text) == (1, (
        f"FAIL: line {at + 2}: sealed draw #3 ({KEPT}) (record on line {at + 1}) has no sealed "
        "line: it was removed before this line"))


def test_unseal_twice_and_unseal_of_nothing_are_refused(
    sealed: tuple[Record, dict[str, list[int]]], verify: Verify
) -> None:
    record, _ = sealed
    index = record.find("unseal", seq=2)
    twice = record.lines[index]
    record.lines.insert(index + 1, twice)
    assert verify(record.text) == (1, (
        f"FAIL: line {index + 2}: unseal of sealed draw #2 ({DRAW}): unsealed twice "
        f"(first on line {index + 1})"))
    record.lines[index + 1] = twice.replace('"seq":2', '"seq":1')
    assert verify(record.text) == (1, (
        f"FAIL: line {index + 2}: unseal of sealed draw #1 without an earlier sealed record"))


def test_a_sealed_entry_with_a_face_field_is_malformed(
    sealed: tuple[Record, dict[str, list[int]]], verify: Verify
) -> None:
    """A face written into the public record is refused, not silently accepted."""
    record, _ = sealed
    index = record.find("sealed", seq=3)
    record.lines[index] = "% dice " + json.dumps({**record.get(index), "dice": [4]}, separators=(",", ":"))
    assert verify(record.text) == (1, f"FAIL: line {index + 1}: sealed entry: unknown field 'dice'")
