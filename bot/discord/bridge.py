"""The glue between an interaction and the service: one line in, planned messages out.

Every slash command runs :meth:`Bridge.run`: build the canonical line from the interaction,
execute it with the interaction id as request id (Discord may deliver an interaction twice;
the service applies it once), then send the planned replies. If the service is slow the
interaction is deferred first, so Discord's 3-second limit never expires.
"""
from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord.complete import suggestions
from bot.discord.delivery import POST_FAILURES, report_post_failure
from bot.discord.lines import command_path, interaction_line
from bot.discord.pick import offer
from bot.discord.pictures import MAP_WIDTH, post_pictures
from bot.discord.ports import Service
from bot.discord.replies import ATTACHMENT_NAME, Outgoing, plan
from bot.render.pictures import turn_picture
from bot.service.reply import Actor, Refusal

log = logging.getLogger(__name__)

DEFER_AFTER = 1.5          # seconds; Discord drops an interaction not answered within 3
MAX_CHOICES = 25           # Discord's limit for autocomplete answers
LAST_TURN = "last_turn"    # /map changes:last_turn
Renderer = Callable[[Any, str | None, str | None], bytes]
"""(state, region, focus) -> PNG bytes."""


def actor_of(interaction: discord.Interaction, referee_role: str) -> Actor:
    """Who is acting, and whether they referee: the referee role in this server, or the
    server's Administrator permission."""
    user = interaction.user
    roles = getattr(user, "roles", ())
    referee = any(role.name == referee_role for role in roles)
    return Actor(user_id=str(user.id),
                 referee=referee or interaction.permissions.administrator)


def declared_order(interaction: discord.Interaction) -> list[str]:
    """The command's parameter names in declaration order (for a canonical line)."""
    command = interaction.command
    if isinstance(command, app_commands.Command):
        return [p.display_name for p in command.parameters]
    return []


class Bridge:
    """Runs interactions against one service."""

    def __init__(self, service: Service, referee_role: str, render: Renderer | None = None,
                 defer_after: float = DEFER_AFTER) -> None:
        self.service = service
        self.referee_role = referee_role
        self.render = render
        self.defer_after = defer_after

    def line(self, interaction: discord.Interaction) -> str:
        assert interaction.data is not None
        return interaction_line(interaction.data, declared_order(interaction))

    async def run(self, interaction: discord.Interaction) -> None:
        """Submit the interaction's command line and answer with the service's reply."""
        await self.answer(interaction, self.line(interaction), str(interaction.id))

    async def answer(self, interaction: discord.Interaction, line: str, request_id: str) -> None:
        """Execute ``line`` as the interaction's user; answer with the text, then pictures.

        An ambiguous name is answered with a pick list (:mod:`bot.discord.pick`); pictures are
        drawn in a worker thread once the interaction has been answered.
        """
        assert interaction.channel_id is not None
        started = time.perf_counter()
        submit = asyncio.ensure_future(self.service.execute(
            actor_of(interaction, self.referee_role), str(interaction.channel_id),
            line, request_id))
        done, _ = await asyncio.wait({submit}, timeout=self.defer_after)
        deferred = not done
        if deferred:
            await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await submit
        log.info("%s user %s channel %s: %s -> %s in %.1f ms", interaction.id,
                 interaction.user.id, interaction.channel_id, line,
                 "ok" if reply.ok else f"refused ({reply.reason})",
                 1000 * (time.perf_counter() - started))
        if not reply.ok and reply.candidates:
            await offer(self, interaction, line, request_id, reply, deferred=deferred)
            return
        await self.send(interaction, plan(reply.ok, reply.message, reply.posts, reply.pings),
                        deferred=deferred)
        if reply.ok and self.render is not None:
            try:
                await post_pictures(self.service, interaction, reply)
            except POST_FAILURES as err:
                await report_post_failure(interaction, err, [], attachment=True)

    async def send(self, interaction: discord.Interaction, outgoing: Sequence[Outgoing], *,
                   deferred: bool) -> None:
        """Send planned messages: the first answers the interaction, the rest follow it.

        After a (private) deferral, public messages go to the channel directly, because the
        first followup would inherit the deferral's privacy. If the channel refuses them
        (permissions, rate limits), the actor is told privately; the command stays stored.
        """
        failure: discord.HTTPException | discord.RateLimited | None = None
        undelivered: list[str] = []
        for i, out in enumerate(outgoing):
            kwargs: dict[str, Any] = {"allowed_mentions": out.allowed_mentions}
            if out.attachment is not None:
                kwargs["file"] = discord.File(io.BytesIO(out.attachment), ATTACHMENT_NAME)
            if deferred and not out.ephemeral:
                assert isinstance(interaction.channel, discord.abc.Messageable)
                if failure is None:
                    try:
                        await interaction.channel.send(out.content, **kwargs)
                        continue
                    except POST_FAILURES as err:
                        failure = err
                undelivered.append(out.content)
            elif i == 0 and not deferred:
                await interaction.response.send_message(out.content, ephemeral=out.ephemeral,
                                                        **kwargs)
            else:
                await interaction.followup.send(out.content, ephemeral=out.ephemeral, **kwargs)
        if failure is not None:
            await report_post_failure(interaction, failure, undelivered,
                                      attachment=any(o.attachment for o in outgoing))
        elif deferred and all(not o.ephemeral for o in outgoing):
            await interaction.followup.send("Done.", ephemeral=True)

    async def complete(self, interaction: discord.Interaction,
                       current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: names from the channel's game for the option being typed, offered
        for a command of the power whose input is due only to its player or a referee."""
        assert interaction.data is not None and interaction.channel_id is not None
        words, options = command_path(interaction.data)
        focused = next((str(o["name"]) for o in options if o.get("focused")), None)
        channel = str(interaction.channel_id)
        actor = actor_of(interaction, self.referee_role)
        try:
            state = await self.service.state(channel)
            if focused is None or state is None:
                return []
            mine = await self.service.powers_of(channel, actor.user_id)
            held = [p for p in state.due if p in mine]
            may_act = actor.referee or bool(held)
            if held and state.actor not in held:        # a teammate's lane is in focus
                state = self.service.rules.focus(state, held[0])
        except Refusal:
            return []
        given = {str(o["name"]): str(o.get("value", "")) for o in options if not o.get("focused")}
        values = suggestions(state, " ".join(words), focused, current, given,
                             may_act)[:MAX_CHOICES]
        return [app_commands.Choice(name=v[:100], value=v[:100]) for v in values]

    async def map(self, interaction: discord.Interaction, region: str | None,
                  focus: str | None, changes: str | None = None) -> None:
        """Render the channel's game as a PNG: defer first, rendering can take a while.

        ``changes:last_turn`` shows the board after the last finished turn, marked.
        """
        assert interaction.channel_id is not None and self.render is not None
        if changes == LAST_TURN:
            await self.last_turn_map(interaction, region, focus)
            return
        state = await self.service.state(str(interaction.channel_id))   # Refusal: no game
        if state is None:
            await interaction.response.send_message(
                "The game has not started yet; the map appears once it does.", ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        png = await asyncio.to_thread(self.render, state, region, focus)
        await interaction.followup.send(file=discord.File(io.BytesIO(png), "map.png"))

    async def last_turn_map(self, interaction: discord.Interaction, region: str | None,
                            focus: str | None) -> None:
        """The board after the last finished turn with its moves, battles and captures."""
        turn = await self.service.turn_map(str(interaction.channel_id))   # Refusal: no game
        if turn is None:
            await interaction.response.send_message("No turn has ended yet in this game.",
                                                    ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        png = await asyncio.to_thread(turn_picture, turn.state, turn.changes, turn.board,
                                      turn.title, MAP_WIDTH, region, focus)
        await interaction.followup.send(file=discord.File(io.BytesIO(png), "map.png"))
