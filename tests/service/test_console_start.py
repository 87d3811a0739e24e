"""The console's first prompt does not wait for the service: it is shown, and the first line
read, while the rules engine and the database load; the line then runs on the loaded console."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from bot.cli import main
from bot.console.console import Console
from bot.console.prompt import BANNER, Opening, prompt_for, run_console
from bot.service import GameService


async def test_the_first_line_is_read_while_the_console_loads(
    service: GameService, tmp_path: Path
) -> None:
    """The console loads only once its prompt is up (else this test waits in vain and fails);
    the line typed meanwhile is run once it has loaded, as the user who typed it."""
    prompted = threading.Event()
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        prompted.set()
        if len(prompts) > 1:
            raise EOFError
        return "/as bob"

    out: list[str] = []

    async def opened() -> Console:
        assert await asyncio.to_thread(prompted.wait, 10), "no prompt before the console loaded"
        return Console(service, "ana", images=tmp_path / "images", write=out.append)

    await run_console(Opening(opened(), prompt_for("ana"), write=out.append), None, read)
    assert prompts == ["aaref @ana> ", "aaref @bob> "]
    assert out == [BANNER, "You are now @bob.", ""]


async def test_a_console_that_cannot_open_ends_the_prompt_line_and_says_why(
    tmp_path: Path,
) -> None:
    """The reason comes on a line of its own, and the line being typed is not waited for."""
    out: list[str] = []
    never = threading.Event()

    async def opened() -> Console:
        raise ValueError("no such dice")

    with pytest.raises(ValueError, match="no such dice"):
        await run_console(Opening(opened(), prompt_for("ana"), write=out.append), None,
                          lambda prompt: str(never.wait()))
    assert out == [BANNER, ""]


def test_the_command_line_names_dice_it_cannot_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``aaref console --dice fixed:x`` stops with the reason, not a traceback."""
    assert main(["console", "--db", str(tmp_path / "x.sqlite3"), "--dice", "fixed:x"]) == 2
    assert capsys.readouterr().err == "aaref console: dice must look like fixed:3,1,6 ; got 'fixed:x'\n"
