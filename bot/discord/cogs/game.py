"""/game new|join|leave|start|status|history|export|settings|vacation|concede|abandon, and the
referee's pause|resume|replace."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.bridge import Bridge
from bot.discord.choices import option_choices, power_choices, ruleset_choices
from bot.discord.cogs import suggest
from bot.ladder.outcome import ADJUDICATION_RULES
from bot.scheduler.deadlines import POLICIES


class GameCog(commands.GroupCog, group_name="game", group_description="Create and run games"):
    """Game lifecycle; one game per channel."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        super().__init__()

    @app_commands.command(description="Start a new game in this channel")
    @app_commands.describe(ruleset="Rule system", name="A name for the game",
                           victory="Victory condition (default: standard, 9 victory cities)",
                           escorts_and_interceptors="Optional rule: fighters escort and "
                           "intercept in bombing raids",
                           turkish_straits="Optional rule: Turkey closes sea zone 16",
                           bid_units_per_territory="League bid: most bid units per territory "
                           "(default 1, 0: no limit)",
                           bid_only_where_units="League bid: only where the power has units "
                           "(default on)",
                           bid_ships_only_where_ships="League bid: ships only where the power "
                           "has ships (default on)",
                           bid_powers="League bid: powers that may receive units (default any)",
                           low_luck="League rule: Low Luck dice in combat",
                           low_luck_aa="League rule: Low Luck antiaircraft fire",
                           low_luck_bombing="League rule: Low Luck bombing damage")
    @app_commands.choices(ruleset=ruleset_choices(),
                          victory=[app_commands.Choice(name=v, value=v)
                                   for v in option_choices("victory")])
    async def new(self, interaction: discord.Interaction, ruleset: str, name: str,
                  victory: str | None = None, escorts_and_interceptors: bool | None = None,
                  turkish_straits: bool | None = None,
                  bid_units_per_territory: app_commands.Range[int, 0, 20] | None = None,
                  bid_only_where_units: bool | None = None,
                  bid_ships_only_where_ships: bool | None = None,
                  bid_powers: str | None = None, low_luck: bool | None = None,
                  low_luck_aa: bool | None = None, low_luck_bombing: bool | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Take a seat in this channel's game")
    @app_commands.describe(power="The power you will play")
    @app_commands.choices(power=power_choices())
    async def join(self, interaction: discord.Interaction, power: str) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Give up your seat before the game starts")
    @app_commands.describe(power="The seat to give up (default: every seat you hold)")
    @app_commands.choices(power=power_choices())
    async def leave(self, interaction: discord.Interaction, power: str | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Start play once the seats are taken")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Whose input is due and why, treasuries, production, "
                          "victory cities; or the units in one space")
    @app_commands.describe(territory="A territory or sea zone to list the units of")
    @app_commands.autocomplete(territory=suggest)
    async def status(self, interaction: discord.Interaction,
                     territory: str | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="The latest commands and events of this game")
    @app_commands.describe(last="How many entries (default 20)")
    async def history(self, interaction: discord.Interaction,
                      last: app_commands.Range[int, 1, 500] | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Each side's luck: IPC value destroyed in battle, actual against expected")
    async def luck(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="The game record (commands and dice), for replay or audit")
    async def export(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Concede the game for your side")
    @app_commands.describe(power="Referees: the power whose side concedes")
    @app_commands.choices(power=power_choices())
    async def concede(self, interaction: discord.Interaction,
                      power: str | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="End this game without a result (its creator or a referee)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Show or change deadlines, reminders, vacations and DMs")
    @app_commands.describe(deadline_hours="Hours each player has for their input (0: none)",
                           reminders="Hours before the deadline to remind, e.g. 12,1",
                           policy="What happens at the deadline",
                           substitute="Who takes over a silent seat (policy substitute)",
                           vacation_days="Vacation days each player may take in this game",
                           vacation_max="Longest single vacation, in days",
                           bumps="Missed deadlines after which a player forfeits (0: never)",
                           rated="Whether the result moves the players' ratings",
                           time_limit_hours="Running hours for the whole game, then "
                                            "adjudication (0: none)",
                           adjudication="Who wins at the time limit",
                           pause_hours="Hours the players may pause the game in all "
                                       "(0: referees only)",
                           dm="Your own choice: a direct message when your input is due")
    @app_commands.choices(policy=[app_commands.Choice(name=p.replace("_", " "), value=p)
                                  for p in POLICIES],
                          adjudication=[app_commands.Choice(name=a.replace("_", " "), value=a)
                                        for a in ADJUDICATION_RULES])
    async def settings(self, interaction: discord.Interaction,
                       deadline_hours: app_commands.Range[int, 0, 8760] | None = None,
                       reminders: str | None = None, policy: str | None = None,
                       substitute: discord.User | None = None,
                       vacation_days: app_commands.Range[int, 0, 365] | None = None,
                       vacation_max: app_commands.Range[int, 0, 365] | None = None,
                       bumps: app_commands.Range[int, 0, 100] | None = None,
                       rated: bool | None = None,
                       time_limit_hours: app_commands.Range[int, 0, 8760] | None = None,
                       adjudication: str | None = None,
                       pause_hours: app_commands.Range[int, 0, 8760] | None = None,
                       dm: bool | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Pause your deadlines for some days (0 ends it)")
    @app_commands.describe(days="Days from now; 0 ends your vacation early")
    async def vacation(self, interaction: discord.Interaction,
                       days: app_commands.Range[int, 0, 365]) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Pause the game: deadlines stop, players wait (a referee; "
                          "a player from the game's pause allowance)")
    @app_commands.describe(reason="Why, shown to players until the game resumes")
    async def pause(self, interaction: discord.Interaction, reason: str | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="End the pause; deadlines run again (a referee, or the "
                          "player who paused)")
    async def resume(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Hand a power's seat to another player (referee)")
    @app_commands.describe(power="The seat to hand over", user="Who plays it from now on")
    @app_commands.choices(power=power_choices())
    async def replace(self, interaction: discord.Interaction, power: str,
                      user: discord.User) -> None:
        await self.bridge.run(interaction)
