#!/usr/bin/env python3
"""Verify the dice of an aaref game record, using nothing but the Python standard library.

Usage: python verify_dice.py RECORD

Reads the record's ``% dice`` lines, checks every commitment against its revealed seed,
recomputes every roll of every revealed period, checks the player entropy chain and the hash
chain of roll records; recomputes every revealed sealed draw from its own seed; then checks
that the readable ``roll PURPOSE: FACES`` lines (and ``sealed PURPOSE: FACES`` or
``sealed PURPOSE: hidden`` lines) state exactly those records, one each, in order, under the
command that rolled them. Prints
either ``OK: ...`` with counts (exit status 0) or ``FAIL: line N: ...`` with the first
discrepancy (exit status 1). Exit status 2 means the file could not be read.

This file is self-contained on purpose: copy it anywhere and audit a game without trusting
the server or installing the project. The protocol it checks is specified in docs/dice.md.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import sys

PREFIX = "% dice "
ROLL_WORD = "roll "
SEALED_WORD = "sealed "
HIDDEN = "hidden"
FACES = ("1", "2", "3", "4", "5", "6")
COMMENT = re.compile(r"\{[^}]*\}")
ZERO = "0" * 64  # prev of the first roll record; combined entropy before any contribution
FIELDS = {
    "commit": ["game", "period", "commitment", "entropy"],
    "entropy": ["game", "user", "text", "entropy"],
    "roll": ["seq", "period", "purpose", "dice", "commitment", "prev", "hash"],
    "reveal": ["period", "seed"],
    "sealed": ["seq", "period", "purpose", "count", "commitment", "prev", "hash"],
    "unseal": ["seq", "seed", "dice"],
}
KINDS = {
    "game": "name",
    "period": "name",
    "user": "label",
    "purpose": "label",
    "text": "text",
    "commitment": "hex",
    "entropy": "hex",
    "prev": "hex",
    "hash": "hex",
    "seed": "hex",
    "seq": "seq",
    "count": "seq",
    "dice": "dice",
}
DESCRIPTIONS = {
    "name": "a non-empty string without '|'",
    "label": "a non-empty string",
    "text": "a string",
    "hex": "64 lowercase hex digits",
    "seq": "a positive integer",
    "dice": "a non-empty list of faces 1 to 6",
}


class Discrepancy(Exception):
    """The first problem found, with the record line it is on."""

    def __init__(self, line, message):
        super().__init__(f"line {line}: {message}")


def sha256_hex(data):
    return hashlib.sha256(data).hexdigest()


def derive_dice(seed, game, seq, purpose, entropy, count):
    """Faces 1-6 from HMAC-SHA256 blocks, skipping bytes 252-255 (no modulo bias)."""
    message = f"{game}|{seq}|{purpose}|{entropy}".encode()
    dice = []
    block = 0
    while len(dice) < count:
        digest = hmac.new(seed, message + b"|" + str(block).encode("ascii"), hashlib.sha256)
        for byte in digest.digest():
            if byte < 252 and len(dice) < count:
                dice.append(byte % 6 + 1)
        block += 1
    return dice


def record_hash(entry):
    """SHA-256 of the record's canonical JSON (sorted keys, compact, UTF-8) without "hash"."""
    body = {key: value for key, value in entry.items() if key != "hash"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return sha256_hex(text.encode("utf-8"))


def valid(kind, value):
    if kind == "seq":
        return type(value) is int and value >= 1
    if kind == "dice":
        return (
            isinstance(value, list)
            and len(value) > 0
            and all(type(d) is int and 1 <= d <= 6 for d in value)
        )
    if not isinstance(value, str):
        return False
    if kind == "name":
        return value != "" and "|" not in value
    if kind == "label":
        return value != ""
    if kind == "hex":
        return len(value) == 64 and all(c in "0123456789abcdef" for c in value)
    return True


def no_duplicates(pairs):
    entry = {}
    for key, value in pairs:
        if key in entry:
            raise ValueError(f"duplicate key {key!r}")
        entry[key] = value
    return entry


def parse_entry(payload):
    """One entry as a dict, or ValueError saying what is malformed."""
    try:
        entry = json.loads(payload, object_pairs_hook=no_duplicates)
    except json.JSONDecodeError as err:
        raise ValueError(f"not valid JSON ({err.msg} at column {err.colno})") from None
    if not isinstance(entry, dict):
        raise ValueError("not a JSON object")
    kind = entry.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise ValueError(f"unknown entry type {kind!r}")
    for name in FIELDS[kind]:
        if name not in entry:
            raise ValueError(f"{kind} entry: missing field {name!r}")
    for name in sorted(entry):
        if name != "type" and name not in FIELDS[kind]:
            raise ValueError(f"{kind} entry: unknown field {name!r}")
    for name in FIELDS[kind]:
        if not valid(KINDS[name], entry[name]):
            raise ValueError(f"{kind} entry: field {name!r} must be {DESCRIPTIONS[KINDS[name]]}")
    return entry


def parse_roll_line(text):
    """(purpose, dice) of a readable roll line, or ValueError naming the line's text."""
    purpose, colon, faces = text[len(ROLL_WORD) :].rpartition(":")
    values = faces.split()
    if not colon or not purpose.strip() or not values or any(v not in FACES for v in values):
        raise ValueError(
            f'a roll line must read "roll PURPOSE: FACES" with faces 1 to 6, found {text!r}'
        )
    return purpose.strip(), [int(v) for v in values]


def parse_sealed_line(text):
    """(purpose, dice or None while hidden) of a sealed line, or ValueError naming it."""
    purpose, colon, faces = text[len(SEALED_WORD) :].rpartition(":")
    values = faces.split()
    hidden = values == [HIDDEN]
    if (
        not colon
        or not purpose.strip()
        or not values
        or (not hidden and any(v not in FACES for v in values))
    ):
        raise ValueError(
            f'a sealed line must read "sealed PURPOSE: FACES" with faces 1 to 6, or '
            f'"sealed PURPOSE: {HIDDEN}", found {text!r}'
        )
    return purpose.strip(), None if hidden else [int(v) for v in values]


def read_record(text):
    """Dice entries, roll lines and each line's block (a command, turn or tag line starts one)."""
    entries, rolls, blocks = [], [], []
    block = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = COMMENT.sub("", raw).strip()
        try:
            if raw.startswith(PREFIX):
                entries.append((number, parse_entry(raw[len(PREFIX) :])))
            elif line.startswith(ROLL_WORD):
                purpose, dice = parse_roll_line(line)
                rolls.append(
                    {"line": number, "word": "roll", "purpose": purpose, "dice": dice, "block": block}
                )
            elif line.startswith(SEALED_WORD):
                purpose, dice = parse_sealed_line(line)
                rolls.append(
                    {"line": number, "word": "sealed", "purpose": purpose, "dice": dice,
                     "block": block}
                )
            elif line:
                block += 1
        except ValueError as err:
            raise Discrepancy(number, str(err)) from None
        blocks.append(block)
    return entries, rolls, blocks


def roll_line_text(purpose, dice, word="roll"):
    if word == "roll":
        return f"{ROLL_WORD}{purpose}: {' '.join(map(str, dice))}"
    shown = HIDDEN if dice is None else " ".join(map(str, dice))
    return f"{SEALED_WORD}{purpose}: {shown}"


def states(line, roll):
    return (
        line["word"] == roll["word"]
        and line["purpose"] == roll["purpose"]
        and line["dice"] == roll["dice"]
    )


def record_name(roll):
    kind = "roll" if roll["word"] == "roll" else "sealed draw"
    return f"{kind} #{roll['seq']} ({roll['purpose']})"


def record_has(number, roll):
    """What the record says of the dice, for a line that states others."""
    if roll["word"] == "roll":
        return f"its record on line {number} has {' '.join(map(str, roll['dice']))}"
    if roll["dice"] is None:
        return f"its record on line {number} is still sealed (no unseal entry)"
    return f"its unseal entry on line {roll['unsealed on']} has {' '.join(map(str, roll['dice']))}"


def check_roll_line(lines, records, k):
    """Raise Discrepancy if roll line k does not state roll record k, naming the likely edit."""
    line, (number, roll) = lines[k], records[k]
    if states(line, roll):
        return
    name = record_name(roll)
    word = line["word"]
    shown = roll_line_text(line["purpose"], line["dice"], word)
    if line["purpose"] == roll["purpose"] and word == roll["word"]:
        stating = (
            "them hidden" if line["dice"] is None else f"dice {' '.join(map(str, line['dice']))}"
        )
        raise Discrepancy(
            line["line"],
            f"the {word} line states {stating} for {name}, but {record_has(number, roll)}",
        )
    ahead = k + 1 < len(lines) and states(lines[k + 1], roll)
    if k + 1 < len(records) and states(line, records[k + 1][1]):
        if ahead:
            raise Discrepancy(
                line["line"],
                f"the roll lines on lines {line['line']} and {lines[k + 1]['line']} are "
                f"swapped: {name} comes first in the dice log",
            )
        raise Discrepancy(
            line["line"],
            f"{name} (record on line {number}) has no {roll['word']} line: "
            "it was removed before this line",
        )
    if ahead:
        raise Discrepancy(
            line["line"], f"the {word} line {shown!r} states no recorded roll (it was added)"
        )
    raise Discrepancy(
        line["line"],
        f"the {word} line {shown!r} does not state {name} (record on line {number}), "
        f"which reads {roll_line_text(roll['purpose'], roll['dice'], roll['word'])!r}",
    )


def stated_records(entries):
    """Roll and sealed records in chain order, each with the dice its line must state."""
    unsealed = {e["seq"]: (n, e["dice"]) for n, e in entries if e["type"] == "unseal"}
    records = []
    for number, entry in entries:
        if entry["type"] == "roll":
            records.append((number, {**entry, "word": "roll"}))
        elif entry["type"] == "sealed":
            on, dice = unsealed.get(entry["seq"], (None, None))
            records.append(
                (number, {**entry, "word": "sealed", "dice": dice, "unsealed on": on})
            )
    return records


def check_roll_lines(entries, lines, blocks):
    """Every readable roll line states its roll record: same purpose and dice, same order."""
    records = stated_records(entries)
    for k in range(max(len(lines), len(records))):
        if k >= len(records):
            word = lines[k]["word"]
            shown = roll_line_text(lines[k]["purpose"], lines[k]["dice"], word)
            if not records:
                raise Discrepancy(
                    lines[k]["line"],
                    f"the {word} line {shown!r} has no roll record: the record has no dice log "
                    "(its dice were not auditable)",
                )
            raise Discrepancy(
                lines[k]["line"],
                f"the {word} line {shown!r} has no roll record in the dice log "
                f"(it has {len(records)} rolls; a {word} line was added)",
            )
        number, roll = records[k]
        name = record_name(roll)
        word = roll["word"]
        if k >= len(lines):
            raise Discrepancy(
                number, f"{name} has no {word} line in the record (a {word} line was removed)"
            )
        check_roll_line(lines, records, k)
        if number < lines[k]["line"] or blocks[number - 1] != lines[k]["block"]:
            raise Discrepancy(
                lines[k]["line"],
                f"the {word} line of {name} is not under the command that rolled it "
                f"(its record is on line {number})",
            )


def verify(text):
    """Return the counts of a sound record; raise Discrepancy at the first problem."""
    entries, roll_lines, blocks = read_record(text)
    reveals = {}  # period -> (line, seed hex) of its first reveal
    for line, entry in entries:
        if entry["type"] == "reveal" and entry["period"] not in reveals:
            reveals[entry["period"]] = (line, entry["seed"])
    game = None
    commits = {}  # period -> (line, commit entry)
    entropy = ZERO
    last_seq, last_hash = 0, ZERO
    counts = {
        "rolls": 0,
        "dice": 0,
        "recomputed": 0,
        "unverifiable": 0,
        "commits": 0,
        "reveals": 0,
        "entropy": 0,
        "sealed": 0,
        "unsealed": 0,
    }
    pending = []
    sealed = {}  # seq -> (line, sealed record)
    unsealed = {}  # seq -> line of its first unseal entry

    def check_game(line, what, entry_game):
        nonlocal game
        if game is None:
            game = entry_game
        elif entry_game != game:
            raise Discrepancy(line, f"{what} is for game {entry_game}, not {game}")

    def revealed_seed(period):
        line, seed_hex = reveals[period]
        if period not in commits:
            raise Discrepancy(line, f"reveal of period {period} without an earlier commitment")
        seed = bytes.fromhex(seed_hex)
        committed = commits[period][1]["commitment"]
        if sha256_hex(seed) != committed:
            raise Discrepancy(
                line,
                f"reveal of period {period}: SHA-256 of the revealed seed is {sha256_hex(seed)}, "
                f"but the commitment is {committed} (wrong seed)",
            )
        return seed

    def check_chain(line, entry, where):
        """Number, prev and period of a roll or sealed record."""
        if entry["seq"] != last_seq + 1:
            raise Discrepancy(
                line,
                f"{where}: expected sequence number {last_seq + 1}, found {entry['seq']} "
                "(a roll is missing or out of order)",
            )
        if entry["prev"] != last_hash:
            raise Discrepancy(
                line,
                f"{where}: expected prev {last_hash} (the previous record's hash), "
                f"found {entry['prev']}",
            )
        if entry["period"] not in commits:
            raise Discrepancy(
                line, f"{where}: period {entry['period']} has no commitment before this roll"
            )

    def check_open(line, period, where):
        if period in reveals and reveals[period][0] < line:
            raise Discrepancy(
                line,
                f"{where}: made after the seed of period {period} was revealed "
                f"on line {reveals[period][0]}",
            )

    def check_hash(line, entry, where):
        digest = record_hash(entry)
        if digest != entry["hash"]:
            raise Discrepancy(
                line,
                f"{where}: expected record hash {digest}, found {entry['hash']} "
                "(the record was altered)",
            )

    for line, entry in entries:
        kind = entry["type"]
        if kind == "commit":
            period = entry["period"]
            check_game(line, f"commitment of period {period}", entry["game"])
            if period in commits:
                raise Discrepancy(
                    line, f"period {period} committed twice (first on line {commits[period][0]})"
                )
            if entry["entropy"] != entropy:
                raise Discrepancy(
                    line,
                    f"commitment of period {period}: expected player entropy {entropy}, "
                    f"found {entry['entropy']}",
                )
            commits[period] = (line, entry)
            counts["commits"] += 1
        elif kind == "entropy":
            user = entry["user"]
            check_game(line, f"entropy entry of user {user}", entry["game"])
            combined = sha256_hex(f"{entropy}|{user}|{entry['text']}".encode())
            if entry["entropy"] != combined:
                raise Discrepancy(
                    line,
                    f"entropy entry of user {user}: expected combined entropy {combined}, "
                    f"found {entry['entropy']}",
                )
            entropy = combined
            counts["entropy"] += 1
        elif kind == "reveal":
            period = entry["period"]
            if reveals[period][0] != line:
                raise Discrepancy(
                    line, f"period {period} revealed twice (first on line {reveals[period][0]})"
                )
            revealed_seed(period)
            counts["reveals"] += 1
        elif kind == "sealed":
            where = f"sealed draw #{entry['seq']} ({entry['purpose']})"
            check_chain(line, entry, where)
            check_open(line, entry["period"], where)
            check_hash(line, entry, where)
            last_seq, last_hash = entry["seq"], entry["hash"]
            sealed[entry["seq"]] = (line, entry)
            counts["sealed"] += 1
        elif kind == "unseal":
            seq = entry["seq"]
            if seq not in sealed:
                raise Discrepancy(
                    line, f"unseal of sealed draw #{seq} without an earlier sealed record"
                )
            draw = sealed[seq][1]
            where = f"unseal of sealed draw #{seq} ({draw['purpose']})"
            if seq in unsealed:
                raise Discrepancy(line, f"{where}: unsealed twice (first on line {unsealed[seq]})")
            seed = bytes.fromhex(entry["seed"])
            if sha256_hex(seed) != draw["commitment"]:
                raise Discrepancy(
                    line,
                    f"{where}: SHA-256 of the revealed seed is {sha256_hex(seed)}, but the "
                    f"commitment is {draw['commitment']} (wrong seed)",
                )
            commit = commits[draw["period"]][1]
            expected = derive_dice(
                seed, commit["game"], seq, draw["purpose"], commit["entropy"], draw["count"]
            )
            if expected != entry["dice"]:
                raise Discrepancy(
                    line,
                    f"{where}: expected dice {expected} from the revealed seed, "
                    f"found {entry['dice']}",
                )
            unsealed[seq] = line
            counts["unsealed"] += 1
        else:
            seq, period, purpose, dice = (
                entry["seq"],
                entry["period"],
                entry["purpose"],
                entry["dice"],
            )
            where = f"roll #{seq} ({purpose})"
            check_chain(line, entry, where)
            commit = commits[period][1]
            if entry["commitment"] != commit["commitment"]:
                raise Discrepancy(
                    line,
                    f"{where}: expected commitment {commit['commitment']} of period {period}, "
                    f"found {entry['commitment']}",
                )
            check_open(line, period, where)
            if period in reveals:
                seed = revealed_seed(period)
                expected = derive_dice(
                    seed, commit["game"], seq, purpose, commit["entropy"], len(dice)
                )
                if expected != dice:
                    raise Discrepancy(
                        line,
                        f"{where}: expected dice {expected} from the revealed seed, found {dice}",
                    )
                counts["recomputed"] += 1
            else:
                counts["unverifiable"] += 1
                if period not in pending:
                    pending.append(period)
            check_hash(line, entry, where)
            last_seq, last_hash = seq, entry["hash"]
            counts["rolls"] += 1
            counts["dice"] += len(dice)
    check_roll_lines(entries, roll_lines, blocks)
    counts["roll lines"] = len(roll_lines)
    return counts, pending


def read_text(path):
    """The file as UTF-8 text (a byte order mark is allowed), or ValueError saying why not."""
    try:
        with open(path, "rb") as record:
            data = record.read()
    except OSError as err:
        raise ValueError(f"cannot read {path}: {err.strerror or err}") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ValueError(f"{path} is UTF-16 text; save it as UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise ValueError(
            f"{path} is not UTF-8 text (byte 0x{data[err.start]:02x} on line {line}); "
            "save it as UTF-8"
        ) from None


def main(argv):
    if len(argv) != 2:
        print("usage: verify_dice.py RECORD", file=sys.stderr)
        return 2
    try:
        text = read_text(argv[1])
    except ValueError as err:
        print(f"verify_dice.py: {err}", file=sys.stderr)
        return 2
    try:
        counts, pending = verify(text)
    except Discrepancy as found:
        print(f"FAIL: {found}")
        return 1
    sealed = ""
    if counts["sealed"]:
        sealed = (
            f"; sealed draws: {counts['sealed']} (revealed and recomputed: {counts['unsealed']}, "
            f"still sealed: {counts['sealed'] - counts['unsealed']})"
        )
    print(
        f"OK: rolls: {counts['rolls']} ({counts['dice']} dice), "
        f"recomputed: {counts['recomputed']}, unverifiable yet: {counts['unverifiable']} "
        f"(unrevealed periods: {', '.join(pending) or 'none'}){sealed}; "
        f"commitments: {counts['commits']}, reveals: {counts['reveals']}, "
        f"entropy entries: {counts['entropy']}; chain intact; "
        f"roll lines: {counts['roll lines']}, all as recorded"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
