"""The central error handler's wording: player errors verbatim, ours with a reference only."""
from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord.errors import explain, unanswerable
from bot.service.reply import Refusal
from engine.errors import IllegalCommandError


async def _done(interaction: discord.Interaction) -> None:
    """A command to hang errors on."""


COMMAND = app_commands.Command(name="done", description="End the phase", callback=_done)


def invoke_error(original: Exception) -> app_commands.CommandInvokeError:
    return app_commands.CommandInvokeError(COMMAND, original)


@pytest.mark.parametrize("error, expected", [
    (Refusal("There is no game in this channel.", "game.not_found"),
     "There is no game in this channel."),
    (IllegalCommandError("Tanks move at most 2 spaces.", reason="move.too_far"),
     "Tanks move at most 2 spaces."),
    (app_commands.CommandNotFound("settings", []), "This command changed"),
])
def test_expected_errors_are_explained_not_logged(error: Exception, expected: str) -> None:
    text, unexpected = explain(invoke_error(error), reference=1)
    assert text.startswith(expected) and not unexpected


def test_anything_else_gets_an_apology_with_the_reference() -> None:
    text, unexpected = explain(invoke_error(KeyError("secret internals")), reference=123456)
    assert unexpected and "123456" in text and "secret" not in text


class _Response:
    """What ``discord.HTTPException`` reads from an HTTP response."""

    status = 400
    reason = "Bad Request"


@pytest.mark.parametrize("code, expected", [(40060, 40060), (10062, 10062), (50013, None)])
def test_interactions_discord_no_longer_lets_us_answer(code: int, expected: int | None) -> None:
    response: Any = _Response()
    error = discord.HTTPException(response, {"code": code, "message": "..."})
    assert unanswerable(invoke_error(error)) == expected
