"""When Discord refuses a post in a game's channel: tell the person who acted, privately.

The command was already stored (the service committed it before anything was posted), so
nothing is rolled back: the actor learns that it counted, why the channel did not see it,
who can fix that (a server admin grants the bot's missing permission), and reads the
announcement the channel missed. Interaction answers need no channel permission, so this
message arrives even where the bot may not post. Each failure is logged as a warning.
"""
from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.replies import ATTACHMENT_NAME, private
from engine.prose import listing

log = logging.getLogger(__name__)

POST_FAILURES = (discord.HTTPException, discord.RateLimited)
"""What a channel post raises when Discord refuses it (after discord.py's own retries)."""


def missing_permissions(interaction: discord.Interaction, attachment: bool) -> list[str]:
    """The permissions a channel post needs that the bot lacks there, by their names in
    Discord's settings (read from the interaction's ``app_permissions``)."""
    thread = isinstance(interaction.channel, discord.Thread)
    needed = [("view_channel", "View Channels"),
              ("send_messages_in_threads", "Send Messages in Threads") if thread else
              ("send_messages", "Send Messages")]
    if attachment:
        needed.append(("attach_files", "Attach Files"))
    have = interaction.app_permissions
    return [name for flag, name in needed if not getattr(have, flag)] or \
        [name for _, name in needed]


def failure_text(interaction: discord.Interaction, error: Exception, attachment: bool) -> str:
    """One paragraph: the command counted, what Discord refused, and who can fix it."""
    where = f"<#{interaction.channel_id}>"
    head = f"Your command was recorded, but the bot could not post its announcement in {where}"
    if isinstance(error, discord.Forbidden):
        names = listing(missing_permissions(interaction, attachment))
        said = error.text or "Missing Permissions"
        return (f"{head}: it lacks the {names} permission there (Discord: {said}, code "
                f"{error.code}). A server admin must grant the bot {names} "
                f"in that channel (channel settings, Permissions), or invite it again with the "
                f"link from the bot's start-up log.")
    if isinstance(error, discord.RateLimited) or (
            isinstance(error, discord.HTTPException) and error.status == 429):
        return (f"{head}: Discord is limiting how fast the bot may post there and it gave up "
                f"after retrying. Everyone can read the move with /game history; if this keeps "
                f"happening, a server admin should check what else posts in that channel.")
    status = error.status if isinstance(error, discord.HTTPException) else "?"
    return (f"{head}: Discord answered HTTP {status}. Everyone can read the move with "
            f"/game history; a server admin can check the bot's log.")


async def report_post_failure(interaction: discord.Interaction, error: Exception,
                              undelivered: Sequence[str], *, attachment: bool) -> None:
    """Log the failure and tell the actor privately, with the text the channel missed."""
    log.warning("Could not post in channel %s for interaction %s: %s", interaction.channel_id,
                interaction.id, error)
    text = failure_text(interaction, error, attachment)
    if undelivered:
        text += "\n\nWhat the channel should have seen:\n" + "\n".join(undelivered)
    out = private(text)
    kwargs: dict[str, Any] = {}
    if out.attachment is not None:
        kwargs["file"] = discord.File(io.BytesIO(out.attachment), ATTACHMENT_NAME)
    try:
        await interaction.followup.send(out.content, ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none(), **kwargs)
    except discord.HTTPException:
        log.warning("Could not tell the user of interaction %s either", interaction.id,
                    exc_info=True)
