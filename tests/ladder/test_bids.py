"""Sealed bids: commit-reveal, tampering refused, the award, verifiable afterwards."""

from __future__ import annotations

import hashlib

import pytest

from bot.ladder.bids import (
    BidError,
    SealedBid,
    award,
    check_amount,
    check_commitment,
    commitment,
)


def sealed(user: str, bid: int, salt: str) -> SealedBid:
    return SealedBid(user, commitment(user, bid, salt))


def test_the_commitment_is_a_plain_sha256_anyone_can_recompute() -> None:
    expected = hashlib.sha256(b"aaref-bid:ana:9:pepper").hexdigest()
    assert commitment("ana", 9, "pepper") == expected
    assert commitment("ben", 9, "pepper") != expected       # bound to the bidder


def test_a_commitment_shows_nothing_of_the_bid() -> None:
    one, other = sealed("ana", 9, "x1"), sealed("ana", 10, "x1")
    assert (one.bid, one.salt, one.revealed) == (None, None, False)
    assert one.commitment != other.commitment and len(one.commitment) == 64


def test_a_tampered_reveal_is_refused() -> None:
    bid = sealed("ana", 9, "pepper")
    with pytest.raises(BidError) as caught:
        bid.reveal(7, "pepper")
    assert caught.value.reason == "bid.tampered"
    with pytest.raises(BidError):
        bid.reveal(9, "salt")
    opened = bid.reveal(9, "pepper")
    assert opened.bid == 9 and opened.verify()
    with pytest.raises(BidError, match="already revealed"):
        opened.reveal(9, "pepper")


def test_the_lower_bid_takes_the_axis_or_the_organisers_rule() -> None:
    ana = sealed("ana", 9, "a").reveal(9, "a")
    ben = sealed("ben", 14, "b").reveal(14, "b")
    result = award(ana, ben)
    assert (result.axis, result.allies, result.side, result.ipcs) == ("ana", "ben", "Axis", 9)
    result = award(ben, ana, "lower_takes_allies")
    assert (result.axis, result.allies, result.side, result.ipcs) == ("ben", "ana", "Allies", 9)
    with pytest.raises(BidError, match="revealed first"):
        award(ana, sealed("ben", 3, "c"))


def test_an_equal_bid_goes_by_the_commitments_which_nobody_chose() -> None:
    ana = sealed("ana", 10, "a").reveal(10, "a")
    ben = sealed("ben", 10, "b").reveal(10, "b")
    first = award(ana, ben)
    assert award(ben, ana) == first
    lower = min((ana, ben), key=lambda s: s.commitment)
    assert first.axis == lower.user


def test_input_checks() -> None:
    assert check_commitment(" " + "AB" * 32) == "ab" * 32
    with pytest.raises(BidError, match="64 hex digits"):
        check_commitment("xyz")
    with pytest.raises(BidError, match="0 to 200"):
        check_amount(201)
