"""Seed derivation, commitments, entropy and roll derivation, byte for byte as documented."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter
from pathlib import Path

import pytest

from bot.dice.derive import (
    NO_ENTROPY,
    Seed,
    combine_entropy,
    derive_dice,
    derive_sealed_seed,
    derive_seed,
    faces,
    roll_message,
)

DOC = Path(__file__).parents[2] / "docs" / "dice.md"

# The worked example of docs/dice.md.
KEY = bytes(range(32))
SEED = "521fdf38b4effc557fae7d3a08f7272a7acc120ef38a6435490a00c5ac33f9ed"
COMMITMENT = "711ebd19c9f664a693893b2e7072b9cdace44a499ffe0148fc941d97db419467"
ENTROPY = "f8af2bb6efc15a4bb76a0d02c9d2d812340063bb19032996a5dc40d847bba8ae"
BLOCK_0 = "ee750a0cb6b9dd78452e7cd82c283db22bca5b0c6f83f2f9a6ff7de211bb452b"
FORTY = [6, 6, 1, 5, 5, 4, 6, 2, 4, 6, 5, 2, 1, 2, 2, 5, 6, 6, 3, 6]
FORTY += [5, 4, 6, 3, 3, 1, 3, 2, 4, 1, 5, 3, 3, 2, 5, 1, 3, 5, 4, 5]


def reference_dice(seed: bytes, message: bytes, count: int) -> list[int]:
    """The documented algorithm, written as plainly as possible."""
    dice: list[int] = []
    block = 0
    while len(dice) < count:
        digest = hmac.new(seed, message + b"|" + str(block).encode(), hashlib.sha256).digest()
        dice += [byte % 6 + 1 for byte in digest if byte < 252]
        block += 1
    return dice[:count]


def test_worked_example_of_the_documentation() -> None:
    seed = derive_seed(KEY, "demo", "r1-germany")
    entropy = combine_entropy(NO_ENTROPY, "111", "hello")
    first = roll_message("demo", 1, "Ukraine r1 attacker 3 infantry @1", entropy)
    second = roll_message("demo", 2, "Western Europe r1 defender 40 infantry @2", entropy)
    assert (seed.reveal(), seed.commitment, entropy) == (SEED, COMMITMENT, ENTROPY)
    assert hmac.digest(seed.secret, first + b"|0", "sha256").hex() == BLOCK_0
    assert derive_dice(seed.secret, first, 3) == [5, 4, 5]
    assert derive_dice(seed.secret, second, 40) == FORTY


def test_documentation_shows_the_worked_example() -> None:
    text = DOC.read_text(encoding="utf-8")
    for value in (SEED, COMMITMENT, ENTROPY, BLOCK_0, "[5, 4, 5]", str(FORTY)):
        assert value in text


SEALED_SEED = "1d26dda6e9c7d69e6fb93b13248a4466757c284e008efbdeb63f659a0f92ec70"
SEALED_COMMITMENT = "a090c2db9cbf8692bff6ccdfef2ee9d9c81c80152acc50bd5ced6175922e54ad"


def test_worked_example_of_a_sealed_draw() -> None:
    """docs/dice.md, "Sealed draws": the draw's seed is its own, labelled by its number."""
    seed = derive_sealed_seed(KEY, "demo", 3)
    assert seed.secret == hmac.digest(KEY, b"aaref/sealed/v1|demo|3", "sha256")
    assert (seed.reveal(), seed.commitment) == (SEALED_SEED, SEALED_COMMITMENT)
    message = roll_message("demo", 3, "Germany draw r1", ENTROPY)
    assert derive_dice(seed.secret, message, 2) == reference_dice(seed.secret, message, 2) == [4, 1]
    text = DOC.read_text(encoding="utf-8")
    assert SEALED_SEED in text and SEALED_COMMITMENT in text and "dice are [4, 1]" in text


def test_seed_is_hmac_of_the_labelled_period() -> None:
    expected = hmac.digest(KEY, b"aaref/seed/v1|demo|r1-germany", "sha256")
    assert derive_seed(KEY, "demo", "r1-germany").secret == expected
    assert hashlib.sha256(expected).hexdigest() == COMMITMENT


def test_every_period_and_game_has_its_own_seed() -> None:
    seeds = {derive_seed(KEY, g, p) for g in ("g1", "g2") for p in ("r1-germany", "r2-germany")}
    assert len(seeds) == 4


@pytest.mark.parametrize("game, period", [("a|b", "r1"), ("g1", "r1|x"), ("", "r1"), ("g", "")])
def test_separator_cannot_hide_in_game_or_period(game: str, period: str) -> None:
    with pytest.raises(ValueError, match="must not contain"):
        derive_seed(KEY, game, period)


@pytest.mark.parametrize("count", [0, 1, 2, 6, 31, 32, 33, 63, 64, 65, 200, 1000, 4099])
def test_fast_derivation_matches_the_plain_algorithm(count: int) -> None:
    seed = derive_seed(KEY, "g1", "r1-germany").secret
    for seq in range(1, 6):
        message = roll_message("g1", seq, "Karelia r1 attacker 2 infantry @1", ENTROPY)
        assert derive_dice(seed, message, count) == reference_dice(seed, message, count)


def test_longer_roll_extends_a_shorter_one() -> None:
    seed = derive_seed(KEY, "g1", "r1-germany").secret
    message = roll_message("g1", 1, "Egypt r1 defender 9 infantry @2", ENTROPY)
    assert derive_dice(seed, message, 500)[:77] == derive_dice(seed, message, 77)


def test_every_input_changes_the_dice() -> None:
    seed = derive_seed(KEY, "g1", "r1-germany").secret
    base = derive_dice(seed, roll_message("g1", 1, "Egypt r1", ENTROPY), 30)
    others = [
        derive_dice(seed, roll_message("g2", 1, "Egypt r1", ENTROPY), 30),
        derive_dice(seed, roll_message("g1", 2, "Egypt r1", ENTROPY), 30),
        derive_dice(seed, roll_message("g1", 1, "Egypt r2", ENTROPY), 30),
        derive_dice(seed, roll_message("g1", 1, "Egypt r1", NO_ENTROPY), 30),
        derive_dice(
            derive_seed(KEY, "g1", "r2").secret, roll_message("g1", 1, "Egypt r1", ENTROPY), 30
        ),
    ]
    assert all(other != base for other in others)


def test_mapping_has_no_modulo_bias() -> None:
    """Exhaustive over all 256 byte values: each face from exactly 42, 252-255 dropped."""
    mapped = faces(bytes(range(256)))
    assert Counter(mapped) == {face: 42 for face in range(1, 7)}
    assert faces(bytes(range(252, 256))) == b""
    assert list(faces(bytes(range(252)))) == [b % 6 + 1 for b in range(252)]


def test_seed_must_have_32_bytes() -> None:
    with pytest.raises(ValueError, match="32 bytes"):
        Seed(b"short")
    with pytest.raises(ValueError, match="32 bytes"):
        derive_dice(b"\x01" * 64, b"m", 3)


def test_entropy_is_a_sha256_chain_of_contributions() -> None:
    once = combine_entropy(NO_ENTROPY, "111", "hello")
    assert once == hashlib.sha256(f"{NO_ENTROPY}|111|hello".encode()).hexdigest()
    twice = combine_entropy(once, "222", "dé")
    assert twice == hashlib.sha256(f"{once}|222|dé".encode()).hexdigest()
    assert combine_entropy(combine_entropy(NO_ENTROPY, "222", "dé"), "111", "hello") != twice
