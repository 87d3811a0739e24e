"""Standings pictures for the front ends: the ladder of a scope, a tournament's table.

``names`` turns user ids into what the picture shows (Discord display names in Discord; the
console's ``@name`` by default), since a picture cannot carry a mention.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.ladder.desk import mention
from bot.render.standings import standings_png

if TYPE_CHECKING:
    from bot.ladder.desk import LadderDesk
    from bot.ladder.tournament import TournamentDesk

Names = Callable[[str], str]


async def ladder_picture(desk: LadderDesk, scope: str, names: Names = mention
                         ) -> tuple[str, bytes]:
    """(file name, PNG) of the ladder in ``scope``."""
    rows = [[str(s.rank), names(s.user_id), f"{s.skill.shown:.1f}", str(s.games)]
            for s in await desk.table(scope)]
    png = await asyncio.to_thread(standings_png, f"Ladder standings: {scope}",
                                  ["#", "player", "rating", "games"], rows)
    return f"ladder-{scope}.png", png


async def tournament_picture(desk: TournamentDesk, channel_id: str, names: Names = mention
                             ) -> tuple[str, bytes]:
    """(file name, PNG) of the channel's tournament standings with their tie-breakers."""
    title, rows = await desk.table_rows(channel_id)
    shown = [[rank, names(user), *rest] for rank, user, *rest in rows]
    png = await asyncio.to_thread(
        standings_png, title, ["#", "player", "score", "h2h", "points", "opposition"], shown)
    return "tournament-standings.png", png
