"""Benchmark how fast ``aaref`` starts: ``aaref --help``, and the console up to its first
prompt on an existing SQLite database (the prompt is read from a pipe, then the console
quits at the end of its input).

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


def timed(command: list[str], cwd: Path) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    aaref = shutil.which("aaref") or str(Path(sys.executable).with_name("aaref"))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        db = str(work / "bench.sqlite3")
        timed([aaref, "console", "--db", db], work)  # create and migrate the database once
        cases = {
            "aaref --help": [aaref, "--help"],
            "console to first prompt (database exists)": [aaref, "console", "--db", db],
        }
        for name, command in cases.items():
            runs = [timed(command, work) for _ in range(args.runs)]
            wall = [w for w, _ in runs]
            cpu = statistics.median(c for _, c in runs)
            print(f"{name:42s} wall median {statistics.median(wall) * 1000:5.0f} ms, fastest "
                  f"{min(wall) * 1000:5.0f} ms; CPU median {cpu * 1000:5.0f} ms ({args.runs} runs)")


if __name__ == "__main__":
    main()
