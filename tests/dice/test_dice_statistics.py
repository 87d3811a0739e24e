"""600,000 dice through the real rolling path: faces and consecutive pairs are uniform.

The dice are deterministic (fixed key), so these bounds either always hold or never; they
are the chi-square quantiles 0.0001 and 0.9999, which a sound generator passes and a
biased or cyclic one (too far from, or too close to, the expected counts) does not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from bot.dice.derive import NO_ENTROPY, derive_seed
from bot.dice.log import GENESIS
from bot.dice.session import AuditableDice

FACE_BOUNDS = (0.082, 25.745)  # chi-square, 5 degrees of freedom
PAIR_BOUNDS = (11.996, 74.926)  # chi-square, 35 degrees of freedom


def chi_square(counts: Counter[object], cells: Iterable[object]) -> float:
    cells = list(cells)
    expected = sum(counts.values()) / len(cells)
    return sum((counts[cell] - expected) ** 2 / expected for cell in cells)


def faces_and_pairs(rolls: list[list[int]]) -> tuple[float, float, int]:
    face_counts: Counter[object] = Counter()
    pair_counts: Counter[object] = Counter()
    for dice in rolls:
        face_counts.update(dice)
        pair_counts.update(zip(dice[0::2], dice[1::2], strict=False))
    pairs = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    total = sum(face_counts.values())
    return chi_square(face_counts, range(1, 7)), chi_square(pair_counts, pairs), total


def test_battle_size_rolls_are_uniform() -> None:
    """100,000 rolls of six dice, each with its own sequence number, as in real play."""
    seed = derive_seed(b"statistics key, fixed on purpose", "stats", "r1-germany")
    dice = AuditableDice(
        game_id="stats",
        period="r1-germany",
        seed=seed,
        commitment=seed.commitment,
        entropy=NO_ENTROPY,
        next_seq=1,
        prev_hash=GENESIS,
    )
    rolls = [dice.roll(6, "Ukraine r1 attacker 6 infantry @1") for _ in range(100_000)]
    faces, pairs, total = faces_and_pairs(rolls)
    assert total == 600_000
    assert FACE_BOUNDS[0] < faces < FACE_BOUNDS[1]
    assert PAIR_BOUNDS[0] < pairs < PAIR_BOUNDS[1]


def test_one_huge_roll_is_uniform() -> None:
    """600,000 dice from one message exercise the block expansion."""
    seed = derive_seed(b"statistics key, fixed on purpose", "stats", "r2-germany")
    dice = AuditableDice(
        game_id="stats",
        period="r2-germany",
        seed=seed,
        commitment=seed.commitment,
        entropy=NO_ENTROPY,
        next_seq=1,
        prev_hash=GENESIS,
    )
    faces, pairs, total = faces_and_pairs([dice.roll(600_000, "everything at once")])
    assert total == 600_000
    assert FACE_BOUNDS[0] < faces < FACE_BOUNDS[1]
    assert PAIR_BOUNDS[0] < pairs < PAIR_BOUNDS[1]
