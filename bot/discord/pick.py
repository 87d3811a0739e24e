"""Pick lists for ambiguous names: ``from:Ka`` fits Karelia S.S.R. and Kazakh S.S.R.

The refusal is shown privately with a select menu of the candidates. Choosing one submits
the same line again with that name in place of the ambiguous text, as the same user, under a
request id derived from the first interaction and the choice (so a retried choice is applied
once).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.service.ambiguity import substitute
from bot.service.reply import Reply

if TYPE_CHECKING:
    from bot.discord.bridge import Bridge

MAX_OPTIONS = 25           # Discord's limit for a select menu
PICK_TIMEOUT = 15 * 60.0   # seconds; an ephemeral message's interactions expire after that


class PickView(discord.ui.View):
    """A select menu of the candidates; only the user who typed the line may choose."""

    def __init__(self, bridge: Bridge, owner: int, line: str, request_id: str,
                 reply: Reply) -> None:
        super().__init__(timeout=PICK_TIMEOUT)
        self.bridge = bridge
        self.owner = owner
        self.line = line
        self.request_id = request_id
        self.text = reply.ambiguous or ""
        self.candidates = reply.candidates[:MAX_OPTIONS]
        self.menu: discord.ui.Select[PickView] = discord.ui.Select(
            placeholder=f'Which one did you mean by "{self.text}"?'[:150],
            options=[discord.SelectOption(label=name[:100], value=str(i))
                     for i, name in enumerate(self.candidates)])
        self.menu.callback = self.picked  # type: ignore[method-assign]
        self.add_item(self.menu)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.owner

    async def picked(self, interaction: discord.Interaction) -> None:
        """Submit the line with the chosen name, then retire the menu."""
        index = int(self.menu.values[0])
        self.stop()
        line = substitute(self.line, self.text, self.candidates[index])
        await self.bridge.answer(interaction, line, f"{self.request_id}-{index}")


async def offer(bridge: Bridge, interaction: discord.Interaction, line: str, request_id: str,
                reply: Reply, *, deferred: bool) -> None:
    """Answer an ambiguous name privately, with the candidates to pick from."""
    view = PickView(bridge, interaction.user.id, line, request_id, reply)
    if deferred:
        await interaction.followup.send(reply.message, ephemeral=True, view=view)
    else:
        await interaction.response.send_message(reply.message, ephemeral=True, view=view)
