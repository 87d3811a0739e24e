"""Tournament rounds and standings pictures in Discord: the parts that need Discord itself.

Opening a round makes a public thread per table (named for its round and table) before the
service creates the game in it, then greets the two players there with a ping. Pictures
show display names, fetched once per user, because a picture cannot carry a mention.
"""
from __future__ import annotations

import io
from typing import Literal

import discord

from bot.discord.bridge import Bridge, actor_of
from bot.discord.delivery import POST_FAILURES, report_post_failure
from bot.discord.replies import plan
from bot.ladder.pairing import Pairing
from bot.ladder.pictures import ladder_picture, tournament_picture

THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080   # a week: tournament games are slow


async def open_round(bridge: Bridge, interaction: discord.Interaction) -> None:
    """``/tournament start`` and ``/tournament next``: pairings, a thread per table."""
    channel = interaction.channel
    assert isinstance(channel, discord.TextChannel) and interaction.channel_id is not None
    # Private, so a refusal stays private; the pairings go to the channel as posts.
    await interaction.response.defer(ephemeral=True, thinking=True)

    async def make_thread(round_no: int, pairing: Pairing) -> str:
        """The table's thread, made once: the service keeps its id before the game is made,
        and a thread of the same name left by a failed attempt is taken over, not doubled.
        A greeting that cannot be posted is reported; the game opens anyway."""
        players = [u for u in (pairing.first, pairing.second) if u]
        name = f"Round {round_no}, table {pairing.table}"
        thread = discord.utils.get(channel.threads, name=name)
        if thread is None:
            thread = await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES)
        pings = discord.AllowedMentions(everyone=False, roles=False,
                                        users=[discord.Object(int(u)) for u in players
                                               if u.isdigit()])
        greeting = (" v ".join(f"<@{u}>" for u in players) + ": your game of round "
                    f"{round_no} is played in this thread.")
        try:
            await thread.send(greeting, allowed_mentions=pings)
        except POST_FAILURES as err:
            await report_post_failure(interaction, err, [greeting], attachment=False)
        return str(thread.id)

    reply = await bridge.service.tournaments.open_round(
        actor_of(interaction, bridge.referee_role), str(interaction.channel_id), make_thread,
        str(interaction.id))
    await bridge.send(interaction, plan(reply.ok, reply.message, reply.posts, reply.pings),
                      deferred=True)


async def standings_picture(bridge: Bridge, interaction: discord.Interaction,
                            ladder_scope: str | None) -> None:
    """The ladder (``ladder_scope``) or the channel's tournament standings as a PNG."""
    await interaction.response.defer(thinking=True)
    names: dict[str, str] = {}

    def name(user_id: str) -> str:
        return names.get(user_id, f"@{user_id}")

    if ladder_scope is not None:
        ids = [s.user_id for s in await bridge.service.ladder.table(ladder_scope)]
    else:
        _title, rows = await bridge.service.tournaments.table_rows(str(interaction.channel_id))
        ids = [row[1] for row in rows]
    for user_id in ids:
        if user_id.isdigit():
            try:
                names[user_id] = (await interaction.client.fetch_user(int(user_id))).display_name
            except POST_FAILURES:
                continue
    if ladder_scope is not None:
        filename, png = await ladder_picture(bridge.service.ladder, ladder_scope, name)
    else:
        filename, png = await tournament_picture(bridge.service.tournaments,
                                                 str(interaction.channel_id), name)
    try:
        await interaction.followup.send(file=discord.File(io.BytesIO(png), filename))
    except POST_FAILURES as err:
        await report_post_failure(interaction, err, [], attachment=True)
