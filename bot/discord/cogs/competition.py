"""/bid commit|reveal|show|place, /ladder standings|player|export|correct|picture and
/tournament new|join|start|next|pairings|standings|report|picture: the console's words."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.bridge import Bridge
from bot.discord.choices import ruleset_choices
from bot.discord.competition import open_round, standings_picture
from bot.ladder.outcome import ADJUDICATION_RULES, ENDINGS

SIDES = [app_commands.Choice(name=s, value=s) for s in ("Axis", "Allies", "none")]


class LadderCog(commands.GroupCog, group_name="ladder",
                group_description="Ratings over every rated game"):
    """Standings, a player's record, the organisers' export and corrections."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        super().__init__()

    @app_commands.command(description="The top players and your own place")
    @app_commands.describe(top="How many (default 10)", ruleset="One rule system (default: all)")
    @app_commands.choices(ruleset=ruleset_choices())
    async def standings(self, interaction: discord.Interaction,
                        top: app_commands.Range[int, 1, 50] | None = None,
                        ruleset: str | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="A player's rating, games, wins by side, recent results")
    @app_commands.describe(user="Whose record (default: yours)")
    async def player(self, interaction: discord.Interaction,
                     user: discord.User | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="CSV for organisers: the standings or every result")
    @app_commands.choices(what=[app_commands.Choice(name=w, value=w)
                                for w in ("standings", "results")])
    async def export(self, interaction: discord.Interaction, what: str | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Referees: correct a recorded result, with the reason")
    @app_commands.describe(game="Game number", winner="The side that won", reason="Why")
    @app_commands.choices(winner=SIDES, ending=[app_commands.Choice(name=e.replace("_", " "),
                                                                    value=e) for e in ENDINGS])
    async def correct(self, interaction: discord.Interaction, game: int, reason: str,
                      winner: str | None = None, ending: str | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="The standings as a picture")
    @app_commands.choices(ruleset=ruleset_choices())
    async def picture(self, interaction: discord.Interaction, ruleset: str | None = None) -> None:
        await standings_picture(self.bridge, interaction, ruleset or "overall")


class TournamentCog(commands.GroupCog, group_name="tournament",
                    group_description="Tournaments: sign-up, rounds, standings"):
    """One tournament per channel; each round's games in their own threads."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        super().__init__()

    @app_commands.command(description="Organisers: open a tournament in this channel")
    @app_commands.describe(rounds="Swiss rounds (default 3)", deadline_hours="Hours per move",
                           bumps="Missed deadlines before a forfeit",
                           time_limit_hours="Running hours per game, then adjudication",
                           adjudication="At the time limit: who wins",
                           pause_hours="Hours the players may pause a game",
                           concession="Points of a conceded game, winner,loser (e.g. 2,1)",
                           bids="Players bid for the sides in each game (sealed bid)")
    @app_commands.choices(
        ruleset=ruleset_choices(),
        pairing=[app_commands.Choice(name=p, value=p) for p in ("swiss", "knockout")],
        adjudication=[app_commands.Choice(name=a.replace("_", " "), value=a)
                      for a in ADJUDICATION_RULES])
    async def new(self, interaction: discord.Interaction, name: str,
                  ruleset: str | None = None, pairing: str | None = None,
                  rounds: app_commands.Range[int, 1, 20] | None = None,
                  deadline_hours: app_commands.Range[int, 0, 720] | None = None,
                  bumps: app_commands.Range[int, 0, 20] | None = None,
                  time_limit_hours: app_commands.Range[int, 0, 8760] | None = None,
                  adjudication: str | None = None,
                  pause_hours: app_commands.Range[int, 0, 8760] | None = None,
                  concession: str | None = None,
                  bids: bool | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Sign up for this channel's tournament")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Organisers: pair round 1 and open its games")
    async def start(self, interaction: discord.Interaction) -> None:
        await open_round(self.bridge, interaction)

    @app_commands.command(description="Organisers: pair the next round (or finish)")
    async def next(self, interaction: discord.Interaction) -> None:
        await open_round(self.bridge, interaction)

    @app_commands.command(description="The tables of a round, their games and results")
    async def pairings(self, interaction: discord.Interaction,
                       round: app_commands.Range[int, 1, 50] | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Post the standings with their tie-breakers")
    async def standings(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Organisers: adjudicate, declare a forfeit, or correct")
    @app_commands.describe(table="Table of the current round",
                           adjudicate="End the game at the time limit by the tournament's rule",
                           forfeit="The player who forfeits", winner="Correct: who won",
                           reason="Why (kept in the record)")
    async def report(self, interaction: discord.Interaction, table: int,
                     adjudicate: bool | None = None, forfeit: discord.User | None = None,
                     winner: discord.User | None = None, reason: str | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="The standings as a picture")
    async def picture(self, interaction: discord.Interaction) -> None:
        await standings_picture(self.bridge, interaction, None)


class BidCog(commands.GroupCog, group_name="bid",
             group_description="A sealed bid for the sides, and placing it before the start"):
    """Commit, reveal, show and place, in this channel's game before it starts."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        super().__init__()

    @app_commands.command(description="Seal your bid: the amount with a secret word, or a hash")
    @app_commands.describe(amount="IPCs you want to play the Axis", salt="A secret word; "
                           "keep it to reveal", hash='sha256 of "aaref-bid:<your id>:<bid>:<salt>"')
    async def commit(self, interaction: discord.Interaction,
                     amount: app_commands.Range[int, 0, 200] | None = None,
                     salt: str | None = None, hash: str | None = None) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Reveal your bid once both are sealed")
    async def reveal(self, interaction: discord.Interaction,
                     amount: app_commands.Range[int, 0, 200], salt: str) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Every commitment and revealed bid, checked")
    async def show(self, interaction: discord.Interaction) -> None:
        await self.bridge.run(interaction)

    @app_commands.command(description="Place units of the bid (its winner, before the start)")
    @app_commands.describe(units='e.g. "1 infantry"', territory="Territory or sea zone",
                           power="The power receiving them, if not clear from the territory")
    async def place(self, interaction: discord.Interaction, units: str, territory: str,
                    power: str | None = None) -> None:
        await self.bridge.run(interaction)
