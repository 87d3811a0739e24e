"""The master key: from the environment, else a private key file created on first run."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.dice.keys import KEY_FILE, DiceKeyError, load_master_key, parse_key


@pytest.fixture
def open_umask() -> Iterator[None]:
    """A umask that would leave new files world-readable, to prove the key file is not."""
    old = os.umask(0)
    yield
    os.umask(old)


def test_first_run_creates_a_private_random_key(tmp_path: Path, open_umask: None) -> None:
    data = tmp_path / "data"
    key = load_master_key(data)
    path = data / KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(key) == 32
    assert path.read_text() == key.hex() + "\n"
    assert [p.name for p in data.iterdir()] == [KEY_FILE]


def test_key_file_is_reused(tmp_path: Path) -> None:
    assert load_master_key(tmp_path) == load_master_key(tmp_path)


def test_two_data_directories_get_different_keys(tmp_path: Path) -> None:
    assert load_master_key(tmp_path / "a") != load_master_key(tmp_path / "b")


def test_environment_overrides_the_key_file(tmp_path: Path) -> None:
    load_master_key(tmp_path)
    key = load_master_key(tmp_path, configured="00112233445566778899aabbccddeeff")
    assert key == bytes.fromhex("00112233445566778899aabbccddeeff")


def test_environment_key_creates_no_file(tmp_path: Path) -> None:
    load_master_key(tmp_path, configured="a passphrase of some length")
    assert not (tmp_path / KEY_FILE).exists()


@pytest.mark.parametrize(
    "text, key",
    [
        ("00112233445566778899AABBCCDDEEFF", bytes.fromhex("00112233445566778899aabbccddeeff")),
        ("correct horse battery staple", b"correct horse battery staple"),
        ("0011223344556677889", b"0011223344556677889"),  # odd length: not hex
        ("  " + "ab" * 32 + "\n", bytes.fromhex("ab" * 32)),
    ],
)
def test_hex_is_decoded_and_anything_else_is_utf8(text: str, key: bytes) -> None:
    assert parse_key(text) == key


@pytest.mark.parametrize("text", ["", "short", "0011223344556677"])
def test_short_keys_are_refused(text: str) -> None:
    with pytest.raises(DiceKeyError, match="at least 16 bytes"):
        parse_key(text)


def test_key_file_readable_by_others_is_refused(tmp_path: Path) -> None:
    load_master_key(tmp_path)
    (tmp_path / KEY_FILE).chmod(0o644)
    with pytest.raises(DiceKeyError, match="chmod 600"):
        load_master_key(tmp_path)
