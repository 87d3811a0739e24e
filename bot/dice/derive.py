"""Seeds, commitments and roll derivation: the deterministic heart of the dice protocol.

Every function here is pure, so the server that rolls and anyone who verifies compute the
same dice from the same inputs. The byte-exact rules are in ``docs/dice.md``.
"""

from __future__ import annotations

import hashlib
import hmac

SEED_LABEL = "aaref/seed/v1"
SEALED_LABEL = "aaref/sealed/v1"
SEED_BYTES = 32
NO_ENTROPY = "0" * 64
"""Combined player entropy before any player has added some."""

_REJECT_FROM = 252
"""Bytes 252..255 are skipped: 252 = 6 * 42 is the largest multiple of six in a byte."""
_FACES = bytes(b % 6 + 1 for b in range(256))
_REJECTED = bytes(range(_REJECT_FROM, 256))
_BLOCK = 64
"""SHA-256 block size, for the precomputed HMAC pads of long rolls."""
_IPAD = bytes(0x36 for _ in range(_BLOCK))
_OPAD = bytes(0x5C for _ in range(_BLOCK))


class Seed:
    """A period's secret seed; its repr and str show only the public commitment.

    The seed must stay unknown until the period ends, so it never appears in messages,
    logs or reprs by accident: read :attr:`secret` or call :meth:`reveal` on purpose.
    """

    __slots__ = ("commitment", "secret")

    def __init__(self, secret: bytes) -> None:
        if len(secret) != SEED_BYTES:
            raise ValueError(f"a dice seed has {SEED_BYTES} bytes, got {len(secret)}")
        self.secret = secret
        self.commitment = commitment_of(secret)

    def reveal(self) -> str:
        """The seed as lowercase hex, for the reveal entry at the end of its period."""
        return self.secret.hex()

    def __repr__(self) -> str:
        return f"Seed(commitment={self.commitment!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seed) and hmac.compare_digest(self.secret, other.secret)

    def __hash__(self) -> int:
        return hash(self.commitment)


def _check_field(name: str, value: str) -> None:
    """Game ids and periods are joined with ``|``, so they may not contain it."""
    if not value or "|" in value:
        raise ValueError(f"{name} must be non-empty and must not contain '|': {value!r}")


def derive_seed(master_key: bytes, game_id: str, period: str) -> Seed:
    """The seed of one game period: HMAC-SHA256(master key, "aaref/seed/v1|game|period").

    Derived rather than stored, so a leaked database holds no future seed.
    """
    _check_field("game id", game_id)
    _check_field("period", period)
    label = f"{SEED_LABEL}|{game_id}|{period}".encode()
    return Seed(hmac.digest(master_key, label, "sha256"))


def derive_sealed_seed(master_key: bytes, game_id: str, seq: int) -> Seed:
    """The seed of one sealed draw: HMAC-SHA256(master key, "aaref/sealed/v1|game|seq").

    A draw has its own seed because its period's seed is revealed when the period ends,
    while the draw stays secret until it is played; ``seq`` is the draw's number in the
    game's chain of rolls, so no two draws share a seed.
    """
    _check_field("game id", game_id)
    if seq < 1:
        raise ValueError(f"sequence numbers start at 1, got {seq}")
    return Seed(hmac.digest(master_key, f"{SEALED_LABEL}|{game_id}|{seq}".encode(), "sha256"))


def commitment_of(secret: bytes) -> str:
    """The public commitment to a seed: SHA-256 of its 32 bytes, lowercase hex."""
    return hashlib.sha256(secret).hexdigest()


def combine_entropy(current: str, user_id: str, text: str) -> str:
    """Fold one player's contribution into the combined entropy (a SHA-256 chain).

    Chaining means no contribution can be removed or reordered later, and the last
    contributor cannot choose the result without knowing the secret seed anyway.
    """
    return hashlib.sha256(f"{current}|{user_id}|{text}".encode()).hexdigest()


def roll_message(game_id: str, seq: int, purpose: str, entropy: str) -> bytes:
    """The HMAC message of one roll: ``game|seq|purpose|entropy`` in UTF-8."""
    return f"{game_id}|{seq}|{purpose}|{entropy}".encode()


def faces(stream: bytes) -> bytes:
    """Map random bytes to faces 1-6 by rejection sampling: no face is favoured.

    Each accepted byte 0..251 gives ``byte % 6 + 1`` (42 bytes per face); bytes 252..255
    are dropped. Done by ``bytes.translate`` so no Python code runs per die.
    """
    return stream.translate(_FACES, _REJECTED)


def derive_dice(seed: bytes, message: bytes, count: int) -> list[int]:
    """``count`` faces from blocks HMAC-SHA256(seed, message | block number), blocks 0, 1, ..."""
    if len(seed) != SEED_BYTES:
        raise ValueError(f"a dice seed has {SEED_BYTES} bytes, got {len(seed)}")
    if count <= 0:
        return []
    got = faces(hmac.digest(seed, message + b"|0", "sha256"))
    if len(got) < count:
        got = _expand(seed, message, count, got)
    return list(got[:count])


def _expand(seed: bytes, message: bytes, count: int, got: bytes) -> bytes:
    """Further blocks for long rolls, with the HMAC pads hashed once instead of per block."""
    key = seed.ljust(_BLOCK, b"\0")
    inner = hashlib.sha256(bytes(k ^ p for k, p in zip(key, _IPAD)))
    inner.update(message + b"|")
    outer = hashlib.sha256(bytes(k ^ p for k, p in zip(key, _OPAD)))
    parts = [got]
    have = len(got)
    block = 1
    while have < count:
        # About 31.5 faces per block; ask for a few spare blocks to rarely loop twice.
        batch = (count - have) // 31 + 2
        for number in range(block, block + batch):
            mac = inner.copy()
            mac.update(b"%d" % number)
            tail = outer.copy()
            tail.update(mac.digest())
            chunk = faces(tail.digest())
            parts.append(chunk)
            have += len(chunk)
        block += batch
    return b"".join(parts)
