"""Benchmark how fast ``aaref`` starts: ``aaref --help``, and the console on an existing
SQLite database: until its first prompt is on the screen (the prompt is read from a pipe),
and until it is ready and has quit at the end of its input (the service loads behind the
prompt, so this is how long a line typed at once waits).

Run: ``python bench/bench_start.py [--runs 7]``; prints the median and the fastest run of
the wall time, and the median CPU time (user + system) the process used, which other work on
a shared machine disturbs less than the wall time.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


PROMPT = b"> "
"""How the console's prompt ends (``aaref @user> ``)."""


def timed(command: list[str], cwd: Path) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def to_prompt(command: list[str], cwd: Path) -> float:
    """Wall time until the console's first prompt has been written; then its input ends."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert child.stdout is not None and child.stdin is not None
    seen = b""
    while not seen.endswith(PROMPT):
        chunk = child.stdout.read1(4096)
        if not chunk:
            raise SystemExit(f"the console ended before its prompt: {seen!r}")
        seen += chunk
    wall = time.perf_counter() - start
    child.stdin.close()
    child.stdout.read()
    if child.wait() != 0:
        raise SystemExit(f"the console failed: {child.returncode}")
    return wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    aaref = shutil.which("aaref") or str(Path(sys.executable).with_name("aaref"))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        db = str(work / "bench.sqlite3")
        timed([aaref, "console", "--db", db], work)  # create and migrate the database once
        console = [aaref, "console", "--db", db]
        prompts = [to_prompt(console, work) for _ in range(args.runs)]
        cases = {"aaref --help": [aaref, "--help"], "console ready, then quit at once": console}
        for name, command in cases.items():
            runs = [timed(command, work) for _ in range(args.runs)]
            wall = [w for w, _ in runs]
            cpu = statistics.median(c for _, c in runs)
            print(f"{name:42s} wall median {statistics.median(wall) * 1000:5.0f} ms, fastest "
                  f"{min(wall) * 1000:5.0f} ms; CPU median {cpu * 1000:5.0f} ms ({args.runs} runs)")
        print(f"{'console to first prompt (database exists)':42s} wall median"
              f" {statistics.median(prompts) * 1000:5.0f} ms, fastest {min(prompts) * 1000:5.0f} ms"
              f" ({args.runs} runs)")


if __name__ == "__main__":
    main()
