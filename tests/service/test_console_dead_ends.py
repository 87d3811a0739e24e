"""Nothing typed at the console ends it: every line gets an answer, the prompt comes back,
and the command history is kept (issue 10, item 4)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.console.console import Console
from bot.console.prompt import run_console
from bot.service import FixedDiceSource, GameService
from bot.store import Database

ODD_LINES = [
    '/as "unclosed',
    "/as",
    "/as @",
    "/as two words",
    "@",
    "@bob",
    '@bob /game new name:"unclosed',
    '/map region:"unclosed',
    "/map changes:last_turn",
    "/map",
    '"',
    "/",
    "//",
    "\x00",
    "@@@ /done",
    "/game",
    '/game new ruleset:aa1942-2e name:"x',
    "/buy units:" + "9" * 400,
    "\u202e/done",
]


async def test_every_odd_line_is_answered_and_changes_no_user(
    service: GameService, tmp_path: Path
) -> None:
    out: list[str] = []
    console = Console(service, "ana", images=tmp_path / "images", write=out.append)
    for line in ODD_LINES:
        out.clear()
        assert await console.handle(line), line
        assert out, f"no answer to {line!r}"
        assert all("Traceback" not in o and "internal error" not in o for o in out), (line, out)
        assert console.user == "ana", line


async def test_switching_user_explains_what_it_needs(service: GameService, tmp_path: Path) -> None:
    out: list[str] = []
    console = Console(service, "ana", images=tmp_path, write=out.append)
    await console.handle('/as "unclosed')
    await console.handle("/as @")
    await console.handle('/as "bo b"')
    await console.handle('/as "bob"')
    assert out == [
        '(only you) A quote is never closed in: /as "unclosed (close it, or leave the quotes '
        'out). Say who: /as alice',
        "(only you) Say who, in one word: /as alice",
        "(only you) Say who, in one word: /as alice",
        "You are now @bob.",
    ]


async def test_a_map_that_cannot_be_written_is_reported(db: Database, tmp_path: Path) -> None:
    blocked = tmp_path / "images"
    blocked.write_text("a file where the image folder should be")
    out: list[str] = []
    console = Console(GameService(db, FixedDiceSource([])), "ana", images=blocked, write=out.append)
    await console.handle("/game new ruleset:aa1942-2e name:maps")
    for power in ("Soviet Union", "Germany", "United Kingdom", "Japan", "United States"):
        await console.handle(f'/game join power:"{power}"')
    await console.handle("/game start")
    assert await console.handle("/map")
    assert out[-1] == f"(only you) The map could not be written: {blocked}: File exists"


def typed(*lines: str | BaseException) -> Callable[[str], str]:
    """A stand-in for ``input``: each line in turn (raising it if it is an exception), then EOF."""
    queue: Iterator[str | BaseException] = iter(lines)

    def read(prompt: str) -> str:
        line = next(queue, EOFError())
        if isinstance(line, BaseException):
            raise line
        return line

    return read


async def test_the_console_survives_every_line_and_keeps_its_history(
    service: GameService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Undecodable input and a failing line are reported; the loop goes on to the end of input
    and the history read at the start is written back."""
    readline = pytest.importorskip("readline")
    history = tmp_path / "history"
    history.write_text("/game status\n")
    out: list[str] = []
    console = Console(service, "ana", images=tmp_path / "images", write=out.append)
    failing = console.handle

    async def handle(raw: str) -> bool:
        if raw == "/explode":
            raise RuntimeError("a bug")
        return await failing(raw)

    monkeypatch.setattr(console, "handle", handle)
    not_utf8 = UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
    await run_console(console, history, typed('/as "unclosed', not_utf8, "/explode", "/as bob"))
    assert out[1].startswith('(only you) A quote is never closed in: /as "unclosed')
    assert out[2] == "(only you) That line is not UTF-8 text; nothing was run."
    assert out[3] == "(only you) internal error (RuntimeError: a bug); go on typing"
    assert out[4] == "You are now @bob."
    assert "/game status" in history.read_text()
    readline.clear_history()


async def test_an_unreadable_history_does_not_stop_the_console(
    service: GameService, tmp_path: Path
) -> None:
    pytest.importorskip("readline")
    history = tmp_path / "history"
    history.mkdir()
    out: list[str] = []
    console = Console(service, "ana", images=tmp_path / "images", write=out.append)
    await run_console(console, history, typed("/as bob"))
    assert out[0].startswith("(only you) The command history was not read: ")
    assert "You are now @bob." in out
    assert out[-1].startswith("(only you) The command history was not saved: ")


PREFIXES = ["", "/as ", "/map ", "@bob ", "@ ", "/game ", "/game new ", "/buy units:", "/help ",
            "/"]
PIECES = ['"', "'", "\\", ":", "@", "/", " ", "#", "region:", "territory:", "changes:", "x", "\t"]


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    prefix=st.sampled_from(PREFIXES),
    rest=st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=6)), max_size=8),
)
async def test_any_typed_line_gets_an_answer_and_no_internal_error(
    service: GameService, tmp_path: Path, prefix: str, rest: list[str]
) -> None:
    """Lines built from the console's own words and the characters that trip readers."""
    line = prefix + "".join(rest)
    out: list[str] = []
    console = Console(service, "ana", images=tmp_path / "images", write=out.append)
    keep = await console.handle(line)
    assert keep or line.strip().split(" ", 1)[0].lower() in ("/quit", "/exit")
    assert not any("internal error" in o for o in out), (line, out)
    if line.strip() and not line.strip().startswith("#") and keep:
        assert out, f"no answer to {line!r}"
