"""Render a map from the command line.

    python -m bot.render STATE.json OUT.png [--changes CHANGES.json] [--region NAME]
                         [--territory NAME] [--width PX] [--title TEXT]
    python -m bot.render --example opening|midgame OUT.png [--board RULESET] [...]

STATE.json is the engine's state JSON (docs/state.md); CHANGES.json a list of
change dicts (docs/map.md). The board comes from the state's "ruleset".
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bot.render.demo import midgame_example, opening_state
from bot.render.geometry import load_board_geometry
from bot.render.map import render_map


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, render, write the PNG; return an exit status."""
    parser = argparse.ArgumentParser(prog="python -m bot.render", description=__doc__.split("\n")[0])
    parser.add_argument("state", nargs="?", type=Path, help="state JSON file")
    parser.add_argument("out", type=Path, help="PNG file to write")
    parser.add_argument("--example", choices=["opening", "midgame"], help="a built-in sample state")
    parser.add_argument("--board", default="aa1942-2e", help="the rule system whose opening --example opening draws")
    parser.add_argument("--changes", type=Path, help="JSON list of changes to mark")
    parser.add_argument("--region", help="crop to a named region")
    parser.add_argument("--territory", help="crop to a space and its neighbours")
    parser.add_argument("--width", type=int, default=2000)
    parser.add_argument("--title")
    args = parser.parse_args(argv)
    changes: list[dict[str, object]] = []
    if args.example == "opening":
        state = opening_state(args.board)
    elif args.example == "midgame":
        state, changes = midgame_example()
    elif args.state:
        state = json.loads(args.state.read_text(encoding="utf-8"))
    else:
        parser.error("give a state file or --example")
    if args.changes:
        changes = json.loads(args.changes.read_text(encoding="utf-8"))
    board = load_board_geometry(str(state.get("ruleset", "aa1942-2e")))
    png = render_map(state, board, changes=changes, region=args.region, focus=args.territory,
                     width=args.width, title=args.title)
    args.out.write_bytes(png)
    print(f"wrote {args.out} ({len(png) // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
