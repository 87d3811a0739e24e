"""The ``aaref`` command: the local console by default, transcripts, records, dice, Discord.

Each subcommand imports what it uses when it runs, so ``aaref --help`` and a subcommand that
needs no database, pictures or Discord start without loading them.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import json
import sys
import tempfile
from collections.abc import Sequence
from contextlib import AsyncExitStack
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.console.console import Console
    from bot.service.game_service import GameService
    from bot.settings import Settings

SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""
REFEREE_HELP = "a user who acts with the referee role (may correct any seat); repeatable"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = argparse.ArgumentParser(
        prog="aaref", description="Referee Axis & Allies games: Discord bot and local console."
    )
    sub = parser.add_subparsers(dest="command")
    console = sub.add_parser("console", help="play at a local prompt (default without a token)")
    console.add_argument("--db", help="SQLite file (default: the data directory's database)")
    console.add_argument("--user", default=_local_user(), help="who you are at the start")
    console.add_argument("--dice", help="fixed:3,1,6,... instead of the auditable dice")
    console.add_argument(
        "--referee", action="append", default=[], metavar="USER", help=REFEREE_HELP
    )
    script = sub.add_parser("script", help="run a transcript of @user /command lines")
    script.add_argument("file", type=Path)
    script.add_argument("--dice", help="fixed:3,1,6,... (used in order; running out is an error)")
    script.add_argument("--db", help="SQLite file to keep (default: a temporary database)")
    script.add_argument("--json", action="store_true", help="print one JSON object")
    script.add_argument(
        "--states",
        action="store_true",
        help="each result also holds the game state after its line (implies --json)",
    )
    script.add_argument("--referee", action="append", default=[], metavar="USER", help=REFEREE_HELP)
    export = sub.add_parser("export", help="write a game's record (PGN-like text)")
    export.add_argument("game", help="game id, or game name")
    export.add_argument("--db", help="SQLite file (default: DATABASE_URL or the data directory)")
    export.add_argument("-o", "--output", type=Path, help="file to write (default: stdout)")
    replay = sub.add_parser("replay", help="rebuild a game from its record, print the state")
    replay.add_argument("record", type=Path)
    replay.add_argument("--json", action="store_true", help="print the state JSON")
    verify = sub.add_parser("verify", help="check the dice of an exported record")
    verify.add_argument("record")
    sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    odds = sub.add_parser("odds", help="exact odds of a battle, for planning away from a game")
    odds.add_argument("--attack", required=True, help='attacking units, e.g. "3 infantry, 1 tank"')
    odds.add_argument("--defend", required=True, help='defending units, e.g. "2 infantry, 1 aaa"')
    odds.add_argument("--sea", action="store_true", help="a sea battle (default: a territory)")
    odds.add_argument("--ruleset", default="aa1942-2e", help="rule system id or alias (default: aa1942-2e)")
    odds.add_argument("--bombard", default="", help='ships bombarding an amphibious assault, e.g. "1 battleship"')
    odds.add_argument("--attacker-loss", default="", help='attacker\'s order of loss, e.g. "infantry, artillery"')
    odds.add_argument("--defender-loss", default="", help="defender's order of loss")
    odds.add_argument("--retreat-below", type=int, default=0, help="attacker retreats when fewer units are left")
    odds.add_argument("--dice", default="standard", help="standard or low_luck")
    odds.add_argument("--attacker-tech", default="", help='attacker\'s developments, e.g. "jets, heavy bombers"')
    odds.add_argument("--defender-tech", default="", help="defender's developments")
    odds.add_argument("--json", action="store_true", help="print one JSON object")
    odds.add_argument("--picture", default="", metavar="FILE", help="also write a histogram of the IPC value "
                      "lost as a PNG")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``aaref`` script; returns the exit status."""
    args = build_parser().parse_args(argv)
    command = args.command
    if command == "verify":
        from bot.dice.cli import verify_command

        return verify_command(args.record)
    if command == "replay":
        return _replay(args.record, args.json)
    if command == "odds":
        return _odds(args)
    from bot.settings import Settings, SettingsError

    try:
        settings = Settings.load()
    except SettingsError as err:
        print(f"aaref: {err}", file=sys.stderr)
        return 2
    if command is None:
        command = "run" if settings.token else "console"
        args = build_parser().parse_args([command, *(argv or [])])
    if command == "run":
        from bot.discord import run  # discord.py loads only when the bot runs

        return run(settings=settings)
    handlers = {"console": _console, "script": _script, "export": _export}
    problem = _sqlite_problem(args.db)
    if problem is not None:
        print(f"aaref {command}: {problem}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(handlers[command](args, settings))
    except Exception as err:  # noqa: BLE001  (only the kinds _trouble names; others re-raised)
        message = _trouble(err, args.db)
        if message is None:
            raise
        print(f"aaref {command}: {message}", file=sys.stderr)
        return 2


def _sqlite_problem(db: str | None) -> str | None:
    """Why ``--db`` cannot be a SQLite database file, found before the driver tries it."""
    if db is None:
        return None
    path = Path(db)
    if path.is_dir():
        return f"--db {db} is a directory; give a SQLite database file"
    blocked = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
    if blocked is not None:
        return f"--db {db}: {blocked} is a file, not a folder"
    if not path.exists():
        return None
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except OSError as err:
        return f"cannot read --db {db}: {err.strerror}"
    if head and head != SQLITE_HEADER:
        return f"--db {db} is not a SQLite database (an empty or missing file becomes one)"
    return None


def _trouble(err: Exception, db: str | None) -> str | None:
    """What to tell a person about a database, key or file they gave that cannot be used."""
    from sqlalchemy.exc import SQLAlchemyError

    from bot.dice.keys import DiceKeyError
    from bot.files import UnreadableFileError

    if isinstance(err, SQLAlchemyError):
        reason = getattr(err, "orig", None) or err
        where = db or "the default database (DATABASE_URL or the data directory)"
        return f"cannot use the database {where}: {reason}"
    if isinstance(err, DiceKeyError | UnreadableFileError):
        return str(err)
    if isinstance(err, OSError):
        return f"cannot use {err.filename or 'a file'}: {err.strerror or err}"
    return None


async def _console(args: argparse.Namespace, settings: Settings) -> int:
    """The prompt shows at once; the service loads while the first line is typed."""
    from bot.console.prompt import Opening, prompt_for, run_console

    async with AsyncExitStack() as resources:

        async def opened() -> Console:
            from bot.console.console import Console
            from bot.service.setup import open_service

            service = await resources.enter_async_context(
                open_service(args.db, args.dice, settings))
            return Console(service, args.user, images=settings.data_dir / "images",
                           referees=args.referee)

        try:
            await run_console(Opening(opened(), prompt_for(args.user)),
                              settings.data_dir / "console_history")
        except ValueError as err:  # only opening raises it: each line's failure is reported
            print(f"aaref console: {err}", file=sys.stderr)
            return 2
    return 0


async def _script(args: argparse.Namespace, settings: Settings) -> int:
    from bot.console.script import final_state, run_lines
    from bot.files import UnreadableFileError, read_text
    from bot.service.setup import open_service

    try:
        lines = read_text(args.file).splitlines()
    except UnreadableFileError as err:
        print(f"aaref script: {err}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="aaref-script-") as tmp:
        db = args.db or Path(tmp) / "script.sqlite3"
        try:
            async with open_service(db, args.dice, settings) as service:
                results = await run_lines(
                    service, lines, referees=args.referee, states=args.states
                )
                state = await final_state(service)
        except ValueError as err:
            print(f"aaref script: {err}", file=sys.stderr)
            return 2
    if args.json or args.states:
        print(
            json.dumps(
                {"results": [r.to_json(args.states) for r in results], "state": state},
                ensure_ascii=False,
            )
        )
    else:
        for r in results:
            mark = "ok" if r.ok else "REFUSED"
            print(f"{r.line}: @{r.user} {r.command}\n  {mark}: {r.message}".replace("\n", "\n  "))
    return 1 if any(r.reason == "dice.exhausted" for r in results) else 0


async def _export(args: argparse.Namespace, settings: Settings) -> int:
    from bot.service.reply import Refusal
    from bot.service.setup import open_service

    async with open_service(args.db, "fixed:", settings) as service:
        ref: int | str | None = int(args.game) if args.game.isdigit() else None
        if ref is None:
            ref = await _game_by_name(service, args.game)
        if ref is None:
            print(f"aaref export: no game called {args.game!r}", file=sys.stderr)
            return 1
        try:
            record = await service.export(ref)
        except Refusal as refusal:
            print(f"aaref export: {refusal.message}", file=sys.stderr)
            return 1
    if args.output:
        try:
            args.output.write_text(record, encoding="utf-8")
        except OSError as err:
            print(f"aaref export: cannot write {args.output}: {err.strerror}", file=sys.stderr)
            return 2
    else:
        sys.stdout.write(record)
    return 0


async def _game_by_name(service: GameService, name: str) -> int | None:
    from bot.store import repo

    async with service.db.read() as session:
        games = await repo.find_games(session, name)
    return games[0].id if games else None


def _replay(path: Path, as_json: bool) -> int:
    from bot.dice.verify import verify_text
    from bot.files import UnreadableFileError, read_text
    from bot.service.record import AUDITABLE_DICE, replay_record
    from bot.service.rules import engine_rules

    try:
        text = read_text(path)
        rules = engine_rules()
        replayed = replay_record(rules, text)
    except UnreadableFileError as err:
        print(f"aaref replay: {err}", file=sys.stderr)
        return 2
    except ValueError as err:
        print(f"aaref replay: {path}: {err}", file=sys.stderr)
        return 1
    errors = [str(e) for e in replayed.errors]
    if replayed.tags.get("Dice") == AUDITABLE_DICE:
        checked = verify_text(text)
        if checked.error is not None:
            errors.insert(0, f"{checked.error} (dice verification)")
    for error in errors:
        print(f"aaref replay: {path}: {error}", file=sys.stderr)
    print(json.dumps(replayed.state.to_json(), ensure_ascii=False) if as_json else replayed.summary(rules))
    return 1 if errors else 0


def _odds(args: argparse.Namespace) -> int:
    """``aaref odds``: the engine's exact odds for two unit lists."""
    from bot.service.odds import as_json, table
    from bot.service.rules import engine_rules
    from engine import RulesError
    from engine.odds import ask, calculate

    try:
        rules = engine_rules().load_ruleset(args.ruleset)
        question = ask(rules, args.attack, args.defend, sea=args.sea, bombard=args.bombard,
                       attacker_loss=args.attacker_loss, defender_loss=args.defender_loss,
                       retreat_below=args.retreat_below, dice=args.dice, attacker_tech=args.attacker_tech,
                       defender_tech=args.defender_tech)
    except RulesError as err:
        print(f"aaref odds: {err}", file=sys.stderr)
        return 2
    result = calculate(rules, question)
    print(json.dumps(as_json(rules, result)) if args.json else table(rules, result))
    if args.picture:
        from bot.render.oddschart import odds_png
        from bot.service.odds import chart

        try:
            title = f"{args.attack} against {args.defend}"
            Path(args.picture).write_bytes(odds_png(chart(title, ("attacker", "defender"), result)))
        except OSError as err:
            print(f"aaref odds: the picture could not be written to {args.picture}: {err.strerror}", file=sys.stderr)
            return 2
        print(f"Odds histogram written to {args.picture}", file=sys.stderr if args.json else sys.stdout)
    return 0


def _local_user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "player"


if __name__ == "__main__":
    raise SystemExit(main())
