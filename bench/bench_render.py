"""Map snapshot speed and size: the full 1942 board at 2,000 px, cold and warm, and the
opening of every other shipped rule system's board, warm.

Run: .venv/bin/python bench/bench_render.py
Goals: a warm render under 250 ms and a PNG under 2 MB. "Cold" runs in a fresh
interpreter and counts the imports, reading the land mask and building the
board's base raster; "warm" renders again in the same process, as the bot does
for every later /map. "cpu" is the process's CPU time per warm render, which
other work on a busy machine inflates less than the wall-clock figures.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

import maps
from bot.render import load_board_geometry, render_map_result
from bot.render.demo import midgame_example, opening_state

BOARD = "aa1942-2e"
WARM_RUNS = 15

_COLD = """
import time
start = time.perf_counter()
from bot.render import load_board_geometry, render_map
from bot.render.demo import opening_state
png = render_map(opening_state("aa1942-2e"), load_board_geometry("aa1942-2e"), width=2000)
print(time.perf_counter() - start, len(png))
"""


def cold_start() -> tuple[float, int]:
    """Seconds and PNG bytes of a first render in a new interpreter."""
    out = subprocess.run([sys.executable, "-c", _COLD], check=True, capture_output=True, text=True)
    seconds, size = out.stdout.split()
    return float(seconds), int(size)


def warm(label: str, board_id: str = BOARD, **options: object) -> None:
    """Print median and best of repeated renders after a first one has filled the caches."""
    board = load_board_geometry(board_id)
    state, changes = midgame_example() if options.pop("midgame", False) else (opening_state(board_id), [])
    render_map_result(state, board, changes=changes, **options)  # type: ignore[arg-type]
    times, cpu = [], []
    for _ in range(WARM_RUNS):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = render_map_result(state, board, changes=changes, **options)  # type: ignore[arg-type]
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    print(f"{label:<34} warm median {statistics.median(times) * 1000:6.1f} ms"
          f"  best {min(times) * 1000:6.1f} ms  cpu {statistics.median(cpu) * 1000:6.1f} ms"
          f"  {result.width}x{result.height}  PNG {len(result.png) / 1024:6.0f} KiB")


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the bot's worker has
    seconds, size = cold_start()
    print(f"{'opening, full map, 2000 px':<34} cold {seconds * 1000:7.0f} ms  PNG {size / 1024:6.0f} KiB")
    warm("opening, full map, 2000 px", width=2000)
    warm("mid-game with changes, 2000 px", width=2000, midgame=True)
    warm("region europe, 2000 px", width=2000, region="europe")
    warm("territory Egypt, 1200 px", width=1200, focus="Egypt")
    for board_id in maps.SHIPPED:
        if board_id != BOARD:
            warm(f"{board_id} opening, 2000 px", board_id, width=2000)


if __name__ == "__main__":
    main()
