"""A throwaway PostgreSQL cluster for tests: initdb and pg_ctl on a free loopback port.

Skips when the server binaries are missing, unless ``AAREF_REQUIRE_POSTGRES=1`` (CI), where
a missing server is a failure. As root, the cluster runs as the ``postgres`` user.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


def _binaries() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(candidates[-1]).parent if candidates else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def postgres_server(*, fsync: bool = False) -> Iterator[str]:
    """Start a cluster, yield its base URL (``postgresql+asyncpg://...``), then stop it.

    Tests run it without ``fsync`` (nothing to keep); a benchmark asks for it, as a real
    server runs."""
    bindir = _binaries()
    if bindir is None:
        reason = "PostgreSQL server binaries (initdb, pg_ctl) not found; apt-get install postgresql"
        if os.environ.get("AAREF_REQUIRE_POSTGRES") == "1":
            pytest.fail(reason + " (AAREF_REQUIRE_POSTGRES=1)")
        pytest.skip(reason)
    # Not under tmp_path: pytest's base directory is private to root, and the server runs
    # as the postgres user, who must reach its data directory.
    base = Path(tempfile.mkdtemp(prefix="aaref-pg-"))
    prefix: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    data, port = base / "data", _free_port()
    run = lambda *args: subprocess.run(
        [*prefix, *map(str, args)], check=True, capture_output=True, text=True
    )
    try:
        run(bindir / "initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync")
        options = (f"-p {port} -k {base} -c listen_addresses=127.0.0.1 "
                   f"-c fsync={'on' if fsync else 'off'}")
        run(bindir / "pg_ctl", "-D", data, "-o", options, "-l", base / "log", "-w", "start")
        try:
            yield f"postgresql+asyncpg://postgres@127.0.0.1:{port}"
        finally:
            run(bindir / "pg_ctl", "-D", data, "-m", "immediate", "stop")
    finally:
        shutil.rmtree(base, ignore_errors=True)
