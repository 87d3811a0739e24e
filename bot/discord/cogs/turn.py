"""The turn commands: /research /buy /repair /move /battle /casualties /retreat /press /submerge /place
/done /undo, and /orders (standing orders for battles)."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.bridge import Bridge
from bot.discord.choices import power_choices
from bot.discord.cogs import suggest
from engine.registry import DECIDE_CHOICES, MISSIONS, SUBMERGE_CHOICES

UNITS = "Units, e.g. 2 infantry, 1 tank"


def words(values: tuple[str, ...]) -> list[app_commands.Choice[str]]:
    """Choices for one of the engine's closed sets of option words."""
    return [app_commands.Choice(name=v.replace("_", " "), value=v) for v in values]


class TurnCog(commands.Cog):
    """Commands of the power to move (or the power that must choose in a battle)."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge

    @app_commands.command(description="Buy research dice for one weapons development (Develop Weapons)")
    @app_commands.describe(tech="The development, e.g. Super Submarines", dice="Research dice to buy and roll")
    @app_commands.autocomplete(tech=suggest)
    async def research(self, interaction: discord.Interaction, tech: str,
                       dice: app_commands.Range[int, 1, 99]) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Purchase units (phase 1)")
    @app_commands.describe(units=UNITS)
    @app_commands.autocomplete(units=suggest)
    async def buy(self, interaction: discord.Interaction, units: str) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Repair damage on an industrial complex (phase 1)")
    @app_commands.describe(territory="Territory with the damaged complex", points="Damage to remove")
    @app_commands.autocomplete(territory=suggest)
    async def repair(self, interaction: discord.Interaction, territory: str,
                     points: app_commands.Range[int, 1, 99]) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Move units (combat or noncombat move)")
    @app_commands.rename(from_="from")
    @app_commands.describe(units=UNITS, from_="Where they are", to="Where they go",
                           path="Spaces on the way, e.g. Germany > Poland",
                           mission="Special mission (default: inferred)")
    @app_commands.choices(mission=words(MISSIONS))
    @app_commands.autocomplete(units=suggest, from_=suggest, to=suggest, path=suggest)
    async def move(self, interaction: discord.Interaction, units: str, from_: str, to: str,
                   path: str | None = None, mission: str | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Fight the battle in a space (phase 3)")
    @app_commands.describe(territory="Territory or sea zone of the battle")
    @app_commands.autocomplete(territory=suggest)
    async def battle(self, interaction: discord.Interaction, territory: str) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Choose your casualties in the current battle")
    @app_commands.describe(units=UNITS)
    @app_commands.autocomplete(units=suggest)
    async def casualties(self, interaction: discord.Interaction, units: str) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Retreat the attackers from the current battle")
    @app_commands.describe(to="Where to retreat")
    @app_commands.autocomplete(to=suggest)
    async def retreat(self, interaction: discord.Interaction, to: str) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Press on with the attack for another round")
    async def press(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Submerge submarines in the current battle")
    @app_commands.describe(units="Submarines, e.g. 1 submarine")
    @app_commands.autocomplete(units=suggest)
    async def submerge(self, interaction: discord.Interaction, units: str) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Place purchased units (phase 5)")
    @app_commands.describe(units=UNITS, territory="Territory or sea zone to place them in")
    @app_commands.autocomplete(units=suggest, territory=suggest)
    async def place(self, interaction: discord.Interaction, units: str, territory: str) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="End the current phase")
    async def done(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Take back your last command in this phase")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Standing orders for your battles when you are away")
    @app_commands.describe(power="Whose orders (default: your power due now)",
                           loss="Order of loss, e.g. infantry, artillery, tank",
                           retreat_below="Retreat when fewer attacking units than this remain",
                           retreat_odds="Retreat when the odds to win drop below this percent",
                           submerge="When submarines submerge",
                           decide="Who decides battle choices: the orders, or you each time")
    @app_commands.choices(power=power_choices(), submerge=words(SUBMERGE_CHOICES),
                          decide=words(DECIDE_CHOICES))
    @app_commands.autocomplete(loss=suggest)
    async def orders(self, interaction: discord.Interaction, power: str | None = None,
                     loss: str | None = None,
                     retreat_below: app_commands.Range[int, 0, 999] | None = None,
                     retreat_odds: app_commands.Range[int, 0, 100] | None = None,
                     submerge: str | None = None, decide: str | None = None) -> None:
        await self.bridge.run(interaction)
