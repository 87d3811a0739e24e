"""``aaref verify RECORD``: check the dice log of an exported game record."""

from __future__ import annotations

import sys

from bot.dice.verify import verify_text
from bot.files import UnreadableFileError, read_text


def verify_command(path: str) -> int:
    """Print OK with counts or the first discrepancy; exit status 0, 1 (discrepancy) or 2."""
    try:
        text = read_text(path)
    except UnreadableFileError as err:
        print(f"aaref verify: {err}", file=sys.stderr)
        return 2
    result = verify_text(text)
    print(result.summary())
    return 0 if result.ok else 1
