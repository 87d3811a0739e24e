"""A realistic dice log, an editable game record and the standalone verifier module, for the tests."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from bot.dice.derive import NO_ENTROPY
from bot.dice.log import GENESIS, Entry, roll_hash
from bot.dice.readable import format_roll_line, stated_log_lines
from bot.dice.session import AuditableDice, add_entropy, close_period, open_period

MASTER_KEY = bytes(range(32))
GAME = "g42"
STANDALONE = Path(__file__).parents[2] / "tools" / "verify_dice.py"

# (period, [(count, purpose)], revealed)
PERIODS = [
    (
        "r1-germany",
        [
            (3, "Ukraine r1 attacker 3 infantry @1"),
            (2, "Ukraine r1 attacker 2 armour @3"),
            (4, "Ukraine r1 defender 4 infantry @2"),
            (40, "Western Europe r1 defender 40 infantry @2"),
            (1, "Ukraine r2 attacker 1 armour @3"),
        ],
        True,
    ),
    (
        "r1-soviet-union",
        [
            (6, "West Russia r1 attacker 6 infantry @1"),
            (5, "West Russia r1 defender 5 infantry @2"),
        ],
        True,
    ),
    (
        "r2-germany",
        [(3, "Karelia r1 attacker 3 artillery @2"), (2, "Karelia r1 defender 2 infantry @2")],
        False,
    ),
]


def build_entries() -> list[Entry]:
    """Two revealed periods and an open one, with player entropy added between them."""
    entries: list[Entry] = []
    entropy = NO_ENTROPY
    seq, prev = 1, GENESIS
    for number, (period, rolls, revealed) in enumerate(PERIODS):
        contribution = add_entropy(GAME, entropy, f"10{number}", f"lucky charm {number}")
        entropy = contribution.entropy
        seed, commit = open_period(MASTER_KEY, GAME, period, entropy)
        entries += [contribution, commit]
        dice = AuditableDice(
            game_id=GAME,
            period=period,
            seed=seed,
            commitment=commit.commitment,
            entropy=entropy,
            next_seq=seq,
            prev_hash=prev,
        )
        for count, purpose in rolls:
            dice.roll(count, purpose)
        entries += dice.records
        seq, prev = dice.next_seq, dice.prev_hash
        if revealed:
            entries.append(close_period(MASTER_KEY, GAME, period))
    return entries


def record_text(entries: list[Entry]) -> str:
    """A game record: header and a command line, then the dice log with each roll's line."""
    header = ['[Game "g42"]', '[Rules "aa1942-2e"]', "  /battle territory:Ukraine"]
    return "\n".join(header + stated_log_lines(entries)) + "\n"


class Record:
    """An editable game record: lines, with helpers to find, change and re-chain dice lines."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def dice(self) -> Iterator[tuple[int, dict[str, object]]]:
        """(index, parsed entry) of every dice line."""
        for index, line in enumerate(self.lines):
            if line.startswith("% dice "):
                yield index, json.loads(line[7:])

    def find(self, kind: str, **match: object) -> int:
        """Index of the first dice line of this type whose fields match."""
        for index, entry in self.dice():
            if entry["type"] == kind and all(entry[k] == v for k, v in match.items()):
                return index
        raise LookupError((kind, match))

    def get(self, index: int) -> dict[str, object]:
        return dict(json.loads(self.lines[index][7:]))

    def put(self, index: int, entry: dict[str, object]) -> None:
        self.lines[index] = "% dice " + json.dumps(entry, separators=(",", ":"))

    def edit(self, index: int, **changes: object) -> None:
        self.put(index, {**self.get(index), **changes})

    def roll_line(self, seq: int) -> int:
        """Index of the readable roll line of roll ``seq`` (just before its dice line)."""
        return self.find("roll", seq=seq) - 1

    def restate(self, seq: int) -> None:
        """Rewrite roll ``seq``'s readable line from its dice line, as a forger would."""
        entry = self.get(self.find("roll", seq=seq))
        dice = list(entry["dice"])  # type: ignore[call-overload]
        self.lines[self.roll_line(seq)] = format_roll_line(str(entry["purpose"]), dice)

    def rechain(self, renumber: bool = False) -> None:
        """Recompute every roll hash and link, as a forger who knows the format would."""
        prev, seq = GENESIS, 0
        for index, entry in list(self.dice()):
            if entry["type"] != "roll":
                continue
            seq = seq + 1 if renumber else int(entry["seq"])  # type: ignore[call-overload]
            entry.update(seq=seq, prev=prev)
            entry["hash"] = roll_hash(
                seq,
                str(entry["period"]),
                str(entry["purpose"]),
                list(entry["dice"]),  # type: ignore[call-overload]
                str(entry["commitment"]),
                prev,
            )
            prev = str(entry["hash"])
            self.put(index, entry)


def load_standalone() -> ModuleType:
    spec = importlib.util.spec_from_file_location("verify_dice", STANDALONE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
