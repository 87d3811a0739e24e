"""Sealed bids between two players: commit, reveal, award. Pure.

Each player commits to a bid (IPCs they want in order to play the side being bid for) by
publishing ``sha256("aaref-bid:<user>:<bid>:<salt>")``; nobody's bid is shown before both
have committed. Then each reveals the bid and the salt; a reveal that does not hash to the
commitment is refused. With the default rule the lower bid takes the Axis with that many
IPCs; an equal bid goes to the lower commitment hash, which neither player could choose.
Anyone can recompute every hash afterwards, as with the dice.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from typing import Literal

AwardRule = Literal["lower_takes_axis", "lower_takes_allies"]
AWARD_RULES: tuple[AwardRule, ...] = ("lower_takes_axis", "lower_takes_allies")
MAX_BID = 200


class BidError(ValueError):
    """A commit or reveal that cannot be accepted; the message says why."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def commitment(user: str, bid: int, salt: str) -> str:
    """The hex SHA-256 a player publishes for ``bid`` (the user id binds it to them)."""
    return hashlib.sha256(f"aaref-bid:{user}:{bid}:{salt}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class SealedBid:
    """One player's bid: the commitment, and once revealed the bid and its salt."""

    user: str
    commitment: str
    bid: int | None = None
    salt: str | None = None

    @property
    def revealed(self) -> bool:
        return self.bid is not None

    def reveal(self, bid: int, salt: str) -> SealedBid:
        """This bid opened; refused unless ``bid`` and ``salt`` hash to the commitment."""
        if self.revealed:
            raise BidError("Your bid is already revealed.", "bid.revealed")
        if commitment(self.user, bid, salt) != self.commitment:
            raise BidError(f"A bid of {bid} with that salt does not match your commitment "
                           f"{self.commitment[:16]}...; reveal exactly what you committed.",
                           "bid.tampered")
        return replace(self, bid=bid, salt=salt)

    def verify(self) -> bool:
        """Whether a revealed bid hashes to its commitment (for anyone checking later)."""
        return (self.bid is not None and self.salt is not None
                and commitment(self.user, self.bid, self.salt) == self.commitment)


def check_commitment(text: str) -> str:
    """A commitment as typed: 64 hex digits, lower-cased."""
    value = text.strip().lower()
    if len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
        raise BidError("A commitment is the 64 hex digits of a SHA-256 hash.", "bid.commitment")
    return value


def check_amount(bid: int) -> int:
    """A bid in IPCs: a whole number from 0 to :data:`MAX_BID`."""
    if not 0 <= bid <= MAX_BID:
        raise BidError(f"A bid is 0 to {MAX_BID} IPCs, not {bid}.", "bid.amount")
    return bid


@dataclass(frozen=True, slots=True)
class Award:
    """Who plays which side after the auction, and the IPCs the bid gives."""

    axis: str
    allies: str
    side: str
    """The side that receives the bid."""
    ipcs: int


def award(a: SealedBid, b: SealedBid, rule: AwardRule = "lower_takes_axis") -> Award:
    """Decide the auction once both bids are revealed."""
    if a.bid is None or b.bid is None:
        raise BidError("Both bids must be revealed first.", "bid.not_revealed")
    low, high = sorted((a, b), key=lambda s: (s.bid, s.commitment))
    assert low.bid is not None
    if rule == "lower_takes_axis":
        return Award(axis=low.user, allies=high.user, side="Axis", ipcs=low.bid)
    return Award(axis=high.user, allies=low.user, side="Allies", ipcs=low.bid)
