"""Reading the text files people pass to ``aaref``: a message for every way it can fail."""

from __future__ import annotations

from pathlib import Path

_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")


class UnreadableFileError(Exception):
    """A file that cannot be read as UTF-8 text; the message names it and says why."""


def read_text(path: Path | str) -> str:
    """The file's text, UTF-8 with or without a byte order mark.

    :raises UnreadableFileError: if it is missing, a directory, not readable, or not UTF-8.
    """
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise UnreadableFileError(f"cannot read {path}: {err.strerror or err}") from None
    if data.startswith(_UTF16_MARKS):
        raise UnreadableFileError(f"{path} is UTF-16 text; save it as UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise UnreadableFileError(
            f"{path} is not UTF-8 text (byte 0x{data[err.start]:02x} on line {line}); "
            "save it as UTF-8"
        ) from None
