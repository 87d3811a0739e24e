"""``aaref verify RECORD``: check the dice log of an exported game record."""

from __future__ import annotations

import sys

from bot.dice.verify import verify_text


def verify_command(path: str) -> int:
    """Print OK with counts or the first discrepancy; exit status 0, 1 (discrepancy) or 2."""
    try:
        with open(path, encoding="utf-8") as record:
            text = record.read()
    except (OSError, UnicodeDecodeError) as err:
        print(f"cannot read {path}: {err}", file=sys.stderr)
        return 2
    result = verify_text(text)
    print(result.summary())
    return 0 if result.ok else 1
