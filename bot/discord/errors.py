"""The one error handler for every slash command.

Dispatch order: (0) an interaction Discord no longer lets us answer: one already answered
(Discord delivered it again, error 40060) or expired (10062); nobody could read an answer,
so none is attempted and the log gets one line; (1) requests the service or engine turned
down (``Refusal``, ``RulesError``: the sentence is for the player), (2) a command Discord
knows but this version of the bot does not (commands are re-synced at start; Discord clients
may lag), (3) anything else: a short apology naming a reference id (the interaction id),
with the full traceback only in the log.
Every answer is ephemeral; a traceback never reaches a channel.
"""
from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.service.reply import Refusal
from engine.errors import RulesError

log = logging.getLogger(__name__)


def unwrap(error: BaseException) -> BaseException:
    """The exception a command actually raised, without discord.py's wrapper."""
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    return error


ALREADY_ACKNOWLEDGED = 40060
"""Discord's code for a second answer to one interaction (it was delivered twice)."""
UNKNOWN_INTERACTION = 10062
"""Discord's code for an interaction whose answer window has closed."""


def unanswerable(error: BaseException) -> int | None:
    """Discord's code if the interaction can no longer be answered at all, else None."""
    error = unwrap(error)
    if isinstance(error, discord.HTTPException) and error.code in (ALREADY_ACKNOWLEDGED,
                                                                     UNKNOWN_INTERACTION):
        return error.code
    return None


def explain(error: BaseException, reference: int) -> tuple[str, bool]:
    """The sentence for the user and whether the error is unexpected (to be logged in full)."""
    error = unwrap(error)
    if isinstance(error, Refusal):
        return error.message, False
    if isinstance(error, RulesError):
        return str(error), False
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return "This command changed; try again in a minute once Discord has the new one.", False
    return (f"Sorry, something went wrong on our side. The referee log has the details "
            f"under reference {reference}."), True


async def on_app_command_error(interaction: discord.Interaction,
                               error: app_commands.AppCommandError) -> None:
    """``CommandTree.on_error``: answer the user privately; log what was not their fault."""
    code = unanswerable(error)
    if code == ALREADY_ACKNOWLEDGED:
        log.info("Interaction %s was delivered again and is already answered; not answering "
                 "twice", interaction.id)
        return
    if code is not None:
        log.warning("Interaction %s expired before it was answered (Discord %s)",
                    interaction.id, code)
        return
    text, unexpected = explain(error, interaction.id)
    if unexpected:
        name = interaction.command.qualified_name if interaction.command else "?"
        log.error("Command /%s failed (reference %s)", name, interaction.id,
                  exc_info=unwrap(error))
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("Could not tell the user about error %s", interaction.id, exc_info=True)
