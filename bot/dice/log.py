"""The dice log: typed entries, the record hash chain and the ``% dice`` lines of a game record.

Entries are what gets stored, posted and exported; the verifier reads them back. Roll records
and sealed records are chained by hash so that a removed, reordered or edited roll breaks the
chain. A sealed record holds no face: its dice become public only in its unseal entry.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from json.encoder import encode_basestring

GENESIS = "0" * 64
"""The ``prev`` of a game's first roll record."""
DICE_PREFIX = "% dice "
"""Game record lines starting with this carry one dice log entry as compact JSON."""


@dataclass(frozen=True)
class CommitEntry:
    """Published before a period's first roll: the seed commitment and the entropy in force."""

    game: str
    period: str
    commitment: str
    entropy: str


@dataclass(frozen=True)
class EntropyEntry:
    """A player's contribution and the combined entropy after it."""

    game: str
    user: str
    text: str
    entropy: str


@dataclass(frozen=True)
class RollRecord:
    """One roll batch, bound to its purpose, its period's commitment and the previous record."""

    seq: int
    period: str
    purpose: str
    dice: tuple[int, ...]
    commitment: str
    prev: str
    hash: str


@dataclass(frozen=True)
class RevealEntry:
    """Published when a period ends: its seed, so anyone can recompute its rolls."""

    period: str
    seed: str


@dataclass(frozen=True)
class SealedRecord:
    """A sealed draw: chained like a roll, committed to its own seed, its faces not shown."""

    seq: int
    period: str
    purpose: str
    count: int
    commitment: str
    prev: str
    hash: str


@dataclass(frozen=True)
class UnsealEntry:
    """Published when a sealed draw is revealed (or its game ends): its seed and dice."""

    seq: int
    seed: str
    dice: tuple[int, ...]


Entry = CommitEntry | EntropyEntry | RollRecord | RevealEntry | SealedRecord | UnsealEntry
Chained = RollRecord | SealedRecord
"""The records of the hash chain, numbered by ``seq``."""

_TYPES: dict[type, str] = {
    CommitEntry: "commit",
    EntropyEntry: "entropy",
    RollRecord: "roll",
    RevealEntry: "reveal",
    SealedRecord: "sealed",
    UnsealEntry: "unseal",
}
_CLASSES = {name: cls for cls, name in _TYPES.items()}

FIELDS: dict[str, dict[str, str]] = {
    "commit": {"game": "name", "period": "name", "commitment": "hex", "entropy": "hex"},
    "entropy": {"game": "name", "user": "label", "text": "text", "entropy": "hex"},
    "roll": {
        "seq": "seq",
        "period": "name",
        "purpose": "label",
        "dice": "dice",
        "commitment": "hex",
        "prev": "hex",
        "hash": "hex",
    },
    "reveal": {"period": "name", "seed": "hex"},
    "sealed": {
        "seq": "seq",
        "period": "name",
        "purpose": "label",
        "count": "seq",
        "commitment": "hex",
        "prev": "hex",
        "hash": "hex",
    },
    "unseal": {"seq": "seq", "seed": "hex", "dice": "dice"},
}
"""Each entry type's fields, in output order, and the kind of value each must hold."""

_KINDS = {
    "name": "a non-empty string without '|'",
    "label": "a non-empty string",
    "text": "a string",
    "hex": "64 lowercase hex digits",
    "seq": "a positive integer",
    "dice": "a non-empty list of faces 1 to 6",
}
_HEX = frozenset("0123456789abcdef")


class DiceLogError(ValueError):
    """A ``% dice`` line that is not a well-formed entry; ``line`` is its 1-based number."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.detail = message


def roll_hash(
    seq: int, period: str, purpose: str, dice: Sequence[int], commitment: str, prev: str
) -> str:
    """SHA-256 of a roll record's canonical JSON without its ``hash`` field.

    Canonical JSON is sorted keys, no whitespace, UTF-8, as ``json.dumps(record,
    sort_keys=True, separators=(",", ":"), ensure_ascii=False)`` writes it. The record's keys
    are fixed, so it is written out directly: this runs once per roll and is three times
    faster than going through ``json.dumps``. ``encode_basestring`` is the string encoder
    ``json.dumps`` itself uses when ``ensure_ascii`` is off.
    """
    faces = ",".join(map(str, dice))
    text = (
        f'{{"commitment":{encode_basestring(commitment)},"dice":[{faces}],'
        f'"period":{encode_basestring(period)},"prev":{encode_basestring(prev)},'
        f'"purpose":{encode_basestring(purpose)},"seq":{seq},"type":"roll"}}'
    )
    return hashlib.sha256(text.encode()).hexdigest()


def make_roll_record(
    seq: int, period: str, purpose: str, dice: Sequence[int], commitment: str, prev: str
) -> RollRecord:
    """A roll record with its hash filled in."""
    digest = roll_hash(seq, period, purpose, dice, commitment, prev)
    return RollRecord(seq, period, purpose, tuple(dice), commitment, prev, digest)


def sealed_hash(
    seq: int, period: str, purpose: str, count: int, commitment: str, prev: str
) -> str:
    """SHA-256 of a sealed record's canonical JSON without its ``hash`` field."""
    body = {"type": "sealed", "seq": seq, "period": period, "purpose": purpose, "count": count,
            "commitment": commitment, "prev": prev}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def make_sealed_record(
    seq: int, period: str, purpose: str, count: int, commitment: str, prev: str
) -> SealedRecord:
    """A sealed record with its hash filled in."""
    digest = sealed_hash(seq, period, purpose, count, commitment, prev)
    return SealedRecord(seq, period, purpose, count, commitment, prev, digest)


def record_hash(record: Chained) -> str:
    """The hash a chained record should carry, recomputed from its other fields."""
    if isinstance(record, RollRecord):
        return roll_hash(record.seq, record.period, record.purpose, record.dice,
                         record.commitment, record.prev)
    return sealed_hash(record.seq, record.period, record.purpose, record.count,
                       record.commitment, record.prev)


def entry_to_json(entry: Entry) -> dict[str, object]:
    """The entry as a JSON object, ``type`` first, then the fields in protocol order."""
    kind = _TYPES[type(entry)]
    obj: dict[str, object] = {"type": kind}
    for name in FIELDS[kind]:
        value = getattr(entry, name)
        obj[name] = list(value) if isinstance(value, tuple) else value
    return obj


def dice_log_lines(entries: Iterable[Entry]) -> list[str]:
    """The ``% dice`` lines a game record export embeds, one per entry, in log order."""
    return [
        DICE_PREFIX + json.dumps(entry_to_json(e), separators=(",", ":"), ensure_ascii=False)
        for e in entries
    ]


def read_dice_lines(text: str) -> list[tuple[int, Entry]]:
    """Every dice entry of a game record with its line number; other lines are ignored.

    :raises DiceLogError: on the first ``% dice`` line that is not a well-formed entry.
    """
    found: list[tuple[int, Entry]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(DICE_PREFIX):
            try:
                found.append((number, entry_from_json(load_entry(line[len(DICE_PREFIX) :]))))
            except ValueError as err:
                raise DiceLogError(number, str(err)) from None
    return found


def parse_dice_log(text: str) -> list[Entry]:
    """The dice entries of a game record, in order, for import and verification."""
    return [entry for _, entry in read_dice_lines(text)]


def load_entry(payload: str) -> dict[str, object]:
    """Parse one JSON object, refusing duplicate keys (they would hide a second value)."""

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        obj: dict[str, object] = {}
        for key, value in items:
            if key in obj:
                raise ValueError(f"duplicate key {key!r}")
            obj[key] = value
        return obj

    try:
        obj = json.loads(payload, object_pairs_hook=pairs)
    except json.JSONDecodeError as err:
        raise ValueError(f"not valid JSON ({err.msg} at column {err.colno})") from None
    if not isinstance(obj, dict):
        raise ValueError("not a JSON object")
    return obj


def entry_from_json(obj: dict[str, object]) -> Entry:
    """The typed entry of a parsed ``% dice`` object, checking every field strictly."""
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise ValueError(f"unknown entry type {kind!r}")
    fields = FIELDS[kind]
    for name in fields:
        if name not in obj:
            raise ValueError(f"{kind} entry: missing field {name!r}")
    for name in sorted(obj):
        if name != "type" and name not in fields:
            raise ValueError(f"{kind} entry: unknown field {name!r}")
    for name, value_kind in fields.items():
        if not _valid(value_kind, obj[name]):
            raise ValueError(f"{kind} entry: field {name!r} must be {_KINDS[value_kind]}")
    values = [tuple(v) if isinstance(v, list) else v for v in (obj[n] for n in fields)]
    entry: Entry = _CLASSES[kind](*values)
    return entry


def _valid(kind: str, value: object) -> bool:
    """Whether a field value has the kind the protocol requires."""
    if kind == "seq":
        return type(value) is int and value >= 1
    if kind == "dice":
        return (
            isinstance(value, list)
            and bool(value)
            and all(type(d) is int and 1 <= d <= 6 for d in value)
        )
    if not isinstance(value, str):
        return False
    if kind == "name":
        return bool(value) and "|" not in value
    if kind == "label":
        return bool(value)
    if kind == "hex":
        return len(value) == 64 and set(value) <= _HEX
    return True


def format_recent_rolls(entries: Sequence[Entry], limit: int = 10) -> list[str]:
    """The last ``limit`` rolls and sealed draws, one line each, for ``/dice log``: a sealed
    draw shows its faces only once the log holds its unseal entry."""
    unsealed = {e.seq: e.dice for e in entries if isinstance(e, UnsealEntry)}
    chained = [e for e in entries if isinstance(e, (RollRecord, SealedRecord))]
    return [f"#{r.seq} {_stated(r, unsealed)} (record {r.hash[:12]})" for r in chained[-limit:]]


def _stated(record: Chained, unsealed: dict[int, tuple[int, ...]]) -> str:
    if isinstance(record, RollRecord):
        return f"{record.purpose}: {' '.join(map(str, record.dice))}"
    faces = unsealed.get(record.seq)
    shown = "still sealed" if faces is None else f"revealed {' '.join(map(str, faces))}"
    return f"sealed {record.purpose}, {record.count} dice: {shown}"
