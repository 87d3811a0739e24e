"""The console's prompt loop, light enough to show the first prompt before the service loads.

The service (the rules engine, SQLAlchemy, the database and its tables) takes a few hundred
milliseconds to load, and nothing of it is needed until a line has been typed. So the loop
can be given a console still opening (:class:`Opening`): it shows the prompt at once and reads
the first line while the console loads, then runs that line on it. Only the standard library
is imported here.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

BANNER = "aaref console. /help for help, /quit to leave."

Read = Callable[[str], str]
"""Reads one line after showing a prompt, as ``input`` does."""


class Prompted(Protocol):
    """A console as its prompt loop uses it."""

    def prompt(self) -> str: ...

    def write(self, text: str) -> None: ...

    async def handle(self, raw: str) -> bool:
        """Run one line; False when the user asked to leave."""

    def complete(self, text: str, line: str) -> list[str]:
        """Completion candidates for the word ``text`` at the end of ``line``."""


@dataclass
class Opening:
    """A console still loading: its first prompt, and where to write until it is ready."""

    ready: Awaitable[Prompted]
    prompt: str
    write: Callable[[str], None] = print


def prompt_for(user: str) -> str:
    """The prompt, which names who is typing."""
    return f"aaref @{user}> "


def why(err: OSError) -> str:
    """An OS error as people read it: the file and the reason."""
    return f"{err.filename}: {err.strerror}" if err.filename else str(err)


async def run_console(console: Prompted | Opening, history: Path | None,
                      read: Read = input) -> None:
    """The prompt loop, with readline history and completion when the terminal has them.

    Whatever a line does, the prompt comes back, and the history is saved when it ends.
    """
    write = console.write
    completing: list[Prompted] = [] if isinstance(console, Opening) else [console]
    readline = _readline(completing, history, write)
    write(BANNER)
    try:
        if isinstance(console, Opening):
            first = _read(read, console.prompt)
            try:
                completing.append(await console.ready)
            except BaseException:
                write("")  # end the prompt's line before the reason is told
                if not first.cancel():
                    first.exception()  # read and dropped: no line will be run
                raise
            if not await _one_line(completing[0], await _line(completing[0], first)):
                return
        ready = completing[0]
        while await _one_line(ready, await _line(ready, _read(read, ready.prompt()))):
            pass
    finally:
        if readline is not None and history is not None:
            try:
                history.parent.mkdir(parents=True, exist_ok=True)
                readline.write_history_file(str(history))
            except OSError as err:
                write(f"(only you) The command history was not saved: {why(err)}")


def _read(read: Read, prompt: str) -> asyncio.Future[str]:
    """The next typed line, read in a thread of its own so that the event loop runs meanwhile.

    The thread is a daemon: a console that fails while it loads stops at once, without
    waiting for a line that will never be used."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[str] = loop.create_future()

    def settle(line: str | None, err: BaseException | None) -> None:
        if future.done():
            return
        if err is not None:
            future.set_exception(err)
        else:
            future.set_result(line or "")

    def work() -> None:
        try:
            line, err = read(prompt), None
        except BaseException as caught:  # noqa: BLE001  (handed to the loop, which decides)
            line, err = None, caught
        try:
            loop.call_soon_threadsafe(settle, line, err)
        except RuntimeError:
            pass  # the loop has closed: nobody waits for this line any more

    threading.Thread(target=work, name="console-input", daemon=True).start()
    return future


async def _line(console: Prompted, pending: Awaitable[str]) -> str | None:
    """The typed line; None at the end of input; "" for a line that is not text."""
    try:
        return await pending
    except (EOFError, KeyboardInterrupt):
        console.write("")
        return None
    except UnicodeDecodeError:
        console.write("(only you) That line is not UTF-8 text; nothing was run.")
        return ""


async def _one_line(console: Prompted, raw: str | None) -> bool:
    """Run one line; False to leave. A failure is reported and the console goes on."""
    if raw is None:
        return False
    try:
        return await console.handle(raw)
    except Exception as err:  # noqa: BLE001  (keep the prompt and its history alive)
        console.write(f"(only you) internal error ({type(err).__name__}: {err}); go on typing")
        return True


def _readline(completing: list[Prompted], history: Path | None,
              write: Callable[[str], None]) -> Any:
    """Line editing, history and completion, all set up before the first line is read (GNU
    readline is not to be changed while a thread reads); completion offers nothing until
    the console has loaded."""
    try:
        import readline
    except ImportError:
        return None
    if history is not None and history.exists():
        try:
            readline.read_history_file(str(history))
        except OSError as err:
            write(f"(only you) The command history was not read: {why(err)}")
    readline.set_completer_delims(" ")
    matches: list[str] = []

    def completer(text: str, state: int) -> str | None:
        nonlocal matches
        if state == 0:
            matches = (completing[0].complete(text, readline.get_line_buffer())
                       if completing else [])
        return matches[state] if state < len(matches) else None

    readline.set_completer(completer)
    readline.parse_and_bind("tab: complete")
    return readline
