"""Pictures in Discord: the /map PNG for a game state and its region choices, and the
pictures that follow a command's answer (battle tables, the map of a finished turn)."""
from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands

from bot.discord.choices import boards
from bot.discord.ports import Service
from bot.render import load_board_geometry, region_names, render_map
from bot.render.pictures import battle_pictures, odds_picture, turn_picture
from bot.service.reply import Reply
from engine.prose import possessive

MAP_WIDTH = 1600


def render_state(state: Any, region: str | None, focus: str | None) -> bytes:
    """PNG of the game's board: whole map, one region, or one space and its neighbours.

    Slow (tenths of a second, about a second for a view's first render): run it in a thread.
    """
    board = load_board_geometry(state.board.id)
    return render_map(state.to_json(), board, region=region, focus=focus, width=MAP_WIDTH)


def region_choices() -> list[app_commands.Choice[str]]:
    """Regions of the boards of every shipped rule system."""
    names: dict[str, None] = {}
    for board in boards():
        names.update((name, None) for name in region_names(load_board_geometry(board)))
    return [app_commands.Choice(name=n.title(), value=n) for n in names]


async def post_pictures(service: Service, interaction: discord.Interaction, reply: Reply) -> None:
    """Post the battle tables of a reply's battles worth one and, when it ended a power's
    turn, the whole board marking that turn's moves, battles and captures; an odds
    histogram goes to the asker alone.

    Called after the interaction was answered; each picture is drawn in a worker thread.
    """
    if reply.chart is not None:
        name, png = await asyncio.to_thread(odds_picture, reply.chart)
        await interaction.followup.send(file=discord.File(io.BytesIO(png), name), ephemeral=True)
    channel = interaction.channel
    assert isinstance(channel, discord.abc.Messageable)
    if reply.events and reply.board is not None and reply.ruleset is not None:
        for name, png in await asyncio.to_thread(battle_pictures, reply.events, reply.board,
                                                 reply.ruleset):
            await channel.send(file=discord.File(io.BytesIO(png), name))
    if reply.turn_end is not None and reply.game_id is not None:
        turn = await service.turn_map(reply.game_id, reply.turn_end)
        assert turn is not None
        png = await asyncio.to_thread(turn_picture, turn.state, turn.changes, turn.board,
                                      turn.title, MAP_WIDTH)
        power = turn.power.lower().replace(" ", "-")
        await channel.send(f"Map after {possessive(turn.power)} turn, round {turn.round}.",
                           file=discord.File(io.BytesIO(png), f"turn-r{turn.round}-{power}.png"))
