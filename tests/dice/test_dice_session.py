"""Rolling for one command, the log format round trip, and seed secrecy before the reveal."""

from __future__ import annotations

import hashlib
import inspect
import json
import logging

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.dice.derive import NO_ENTROPY, derive_seed
from bot.dice.log import (
    GENESIS,
    CommitEntry,
    DiceLogError,
    RevealEntry,
    RollRecord,
    dice_log_lines,
    format_recent_rolls,
    parse_dice_log,
    roll_hash,
)
from bot.dice.readable import stated_log_lines
from bot.dice.session import AuditableDice, open_period
from bot.dice.verify import verify_log, verify_text
from engine.dice import Dice
from tests.dice.records import GAME, MASTER_KEY, build_entries, record_text

PERIOD = "r3-germany"


def new_dice(next_seq: int = 1, prev_hash: str = GENESIS) -> AuditableDice:
    seed, commit = open_period(MASTER_KEY, GAME, PERIOD, NO_ENTROPY)
    return AuditableDice(
        game_id=GAME,
        period=PERIOD,
        seed=seed,
        commitment=commit.commitment,
        entropy=NO_ENTROPY,
        next_seq=next_seq,
        prev_hash=prev_hash,
    )


def test_rolls_are_recorded_and_chained() -> None:
    dice = new_dice(next_seq=7, prev_hash="c" * 64)
    first = dice.roll(3, "Ukraine r1 attacker 3 infantry @1")
    second = dice.roll(2, "Ukraine r1 defender 2 infantry @2")
    a, b = dice.records
    assert (a.seq, a.dice, a.prev, a.period) == (7, tuple(first), "c" * 64, PERIOD)
    assert (b.seq, b.dice, b.prev) == (8, tuple(second), a.hash)
    assert a.hash == roll_hash(7, PERIOD, a.purpose, first, a.commitment, "c" * 64)
    assert (dice.next_seq, dice.prev_hash) == (9, b.hash)


def test_no_dice_make_no_record() -> None:
    dice = new_dice()
    assert dice.roll(0, "Egypt r1 attacker no units") == []
    assert dice.records == []


@pytest.mark.parametrize("count, purpose", [(-1, "Egypt r1"), (2, "")])
def test_bad_requests_are_refused(count: int, purpose: str) -> None:
    with pytest.raises(ValueError):
        new_dice().roll(count, purpose)


def test_seed_not_matching_the_stored_commitment_is_refused() -> None:
    seed = derive_seed(b"a different master key entirely", GAME, PERIOD)
    _, commit = open_period(MASTER_KEY, GAME, PERIOD, NO_ENTROPY)
    with pytest.raises(ValueError, match="does not match its commitment") as raised:
        AuditableDice(
            game_id=GAME,
            period=PERIOD,
            seed=seed,
            commitment=commit.commitment,
            entropy=NO_ENTROPY,
            next_seq=1,
            prev_hash=GENESIS,
        )
    assert seed.reveal() not in str(raised.value)


def test_same_inputs_give_the_same_rolls_so_replay_is_exact() -> None:
    one, two = new_dice(), new_dice()
    assert [one.roll(n, f"roll {n}") for n in (1, 5, 40)] == [
        two.roll(n, f"roll {n}") for n in (1, 5, 40)
    ]


def test_dice_lines_round_trip_and_other_lines_are_ignored() -> None:
    entries = build_entries()
    assert parse_dice_log(record_text(entries)) == entries
    assert all(line.startswith('% dice {"type":') for line in dice_log_lines(entries))


def test_non_ascii_purposes_survive_the_round_trip_and_verify() -> None:
    seed, commit = open_period(MASTER_KEY, GAME, PERIOD, NO_ENTROPY)
    dice = AuditableDice(
        game_id=GAME,
        period=PERIOD,
        seed=seed,
        commitment=commit.commitment,
        entropy=NO_ENTROPY,
        next_seq=1,
        prev_hash=GENESIS,
    )
    dice.roll(4, 'Française "quoted" r1 attacker\t4 infantry @1')
    text = "\n".join(stated_log_lines([commit, *dice.records, RevealEntry(PERIOD, seed.reveal())]))
    assert parse_dice_log(text)[1] == dice.records[0]
    assert verify_text(text).ok


def test_malformed_dice_line_raises_with_its_line_number() -> None:
    with pytest.raises(DiceLogError, match=r"^line 2: unknown entry type 'rol'$"):
        parse_dice_log('header\n% dice {"type":"rol"}\n')


def test_recent_rolls_for_the_log_command() -> None:
    entries = build_entries()
    lines = format_recent_rolls(entries, limit=2)
    last = [e for e in entries if isinstance(e, RollRecord)][-1]
    assert len(lines) == 2
    assert lines[-1] == f"#9 Karelia r1 defender 2 infantry @2: 1 2 (record {last.hash[:12]})"


def test_structured_result_of_a_verification() -> None:
    entries = build_entries()
    result = verify_log(entries)
    assert result.ok
    assert (result.rolls, result.dice, result.recomputed, result.unverifiable) == (9, 66, 7, 2)
    assert result.pending_periods == ("r2-germany",)
    bad = [
        e if not isinstance(e, RevealEntry) else RevealEntry(e.period, "0" * 64) for e in entries
    ]
    failed = verify_log(bad)
    assert failed.error is not None
    assert (failed.error.line, failed.error.seq) == (8, None)
    assert "wrong seed" in failed.error.message


def test_structured_result_names_the_roll() -> None:
    entries = build_entries()
    index = next(i for i, e in enumerate(entries) if isinstance(e, RollRecord) and e.seq == 2)
    entries[index] = RollRecord(**{**vars(entries[index]), "dice": (6, 6)})
    failed = verify_log(entries)
    assert failed.error is not None and failed.error.seq == 2


def test_seed_is_invisible_before_its_reveal(caplog: pytest.LogCaptureFixture) -> None:
    """Not in reprs, strings, exceptions, log output, records or exported lines."""
    caplog.set_level(logging.DEBUG)
    seed, commit = open_period(MASTER_KEY, GAME, PERIOD, NO_ENTROPY)
    dice = new_dice()
    for n in (1, 6, 80):
        dice.roll(n, f"Ukraine r1 attacker {n} infantry @1")
    secret_forms = (seed.reveal(), seed.reveal().upper(), repr(seed.secret), str(seed.secret))
    exported = dice_log_lines([commit, *dice.records])
    visible = [
        repr(seed),
        str(seed),
        repr(dice),
        str(dice),
        repr(vars(dice)),
        repr(commit),
        repr(dice.records),
        *exported,
        *format_recent_rolls(dice.records),
        verify_text("\n".join(exported)).summary(),
        caplog.text,
    ]
    for text in visible:
        for secret in secret_forms:
            assert secret not in text
    assert isinstance(commit, CommitEntry) and commit.commitment == seed.commitment


@given(
    seq=st.integers(min_value=1, max_value=10**12),
    period=st.text(st.characters(exclude_categories=["Cs"], exclude_characters="|"), min_size=1),
    purpose=st.text(st.characters(exclude_categories=["Cs"]), min_size=1),
    dice=st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=50),
)
def test_record_hash_is_sha256_of_the_canonical_json(
    seq: int, period: str, purpose: str, dice: list[int]
) -> None:
    """The hand-written canonical form equals the documented json.dumps definition."""
    body = {
        "type": "roll",
        "seq": seq,
        "period": period,
        "purpose": purpose,
        "dice": dice,
        "commitment": "c" * 64,
        "prev": GENESIS,
    }
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    expected = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    assert roll_hash(seq, period, purpose, dice, "c" * 64, GENESIS) == expected


def test_auditable_dice_fit_the_engine_dice_protocol() -> None:
    dice: Dice = new_dice()
    assert inspect.signature(type(dice).roll) == inspect.signature(Dice.roll)
