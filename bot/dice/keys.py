"""The master key from which every period's seed is derived.

It comes from ``AAREF_DICE_KEY`` (``Settings.dice_key``) or, failing that, from ``dice.key``
in the data directory,
created with random bytes and mode 0600 on first run. Whoever holds it can predict every
future roll, so it is never stored in the database.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

KEY_FILE = "dice.key"
MIN_KEY_BYTES = 16
"""Commitments are public, so a short key could be found by trying keys against them."""
_HEX = frozenset("0123456789abcdefABCDEF")


class DiceKeyError(RuntimeError):
    """The master key is missing, too weak or not kept private."""


def parse_key(value: str) -> bytes:
    """A key from its text: an even number of hex digits is decoded, anything else is UTF-8."""
    value = value.strip()
    if value and len(value) % 2 == 0 and set(value) <= _HEX:
        key = bytes.fromhex(value)
    else:
        key = value.encode()
    if len(key) < MIN_KEY_BYTES:
        raise DiceKeyError(
            f"the dice master key must have at least {MIN_KEY_BYTES} bytes, got {len(key)}"
        )
    return key


def load_master_key(data_dir: Path, configured: str | None = None) -> bytes:
    """The master key: ``configured`` (``AAREF_DICE_KEY``) if set, else the key file in
    ``data_dir`` (created if missing)."""
    if configured:
        return parse_key(configured)
    path = data_dir / KEY_FILE
    try:
        return _read_key_file(path)
    except FileNotFoundError:
        pass
    try:
        _create_key_file(path)
    except FileExistsError:
        pass  # another process created it first; use theirs
    return _read_key_file(path)


def _create_key_file(path: Path) -> None:
    """Write 32 random bytes as hex to a new file only the owner can read.

    The key is written to a private temporary file and then linked into place, so no
    reader ever sees a half-written key and a concurrent first run cannot overwrite it.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(8)}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        try:
            os.fchmod(fd, 0o600)  # whatever the umask
            os.write(fd, (secrets.token_hex(32) + "\n").encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        os.link(temporary, path)
    finally:
        temporary.unlink()


def _read_key_file(path: Path) -> bytes:
    """Read the key file, refusing one that others may read (like ssh does)."""
    mode = path.stat().st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise DiceKeyError(
            f"{path} is accessible to other users (mode {stat.S_IMODE(mode):o}); "
            f"run: chmod 600 {path}"
        )
    return parse_key(path.read_text(encoding="utf-8"))
