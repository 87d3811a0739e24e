"""The service's own commands (``/game ...``, ``/dice ...``, ``/map``, ``/help``) as entries
of the engine's command registry, so that one reader checks every command's options and one
help lists them all. Engine commands (``/buy``, ``/move``...) are the engine's entries.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from engine.names import shown
from engine.registry import ENGINE_COMMANDS, CommandSpec, Kind, OptionSpec

from bot.ladder.outcome import ADJUDICATION_RULES, ENDINGS
from bot.scheduler.deadlines import POLICIES
from bot.service.lines import LineError

GAME_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "game new", "Open a game in this channel; the rule system's options may follow "
        "(victory:, ...).", "/game new ruleset:aa1942-2e name:sunday",
        options=(OptionSpec("ruleset", Kind.RULESET, "the rule system, e.g. aa1942-2e",
                            required=True),
                 OptionSpec("name", Kind.TEXT, "a name for the game", required=True))),
    CommandSpec("game join", "Take the seat of a power (several for a hot-seat game).",
                '/game join power:"Soviet Union"',
                options=(OptionSpec("power", Kind.POWER, "the power you will play",
                                    required=True),)),
    CommandSpec("game leave", "Give up your seat before the game starts.",
                "/game leave power:Germany",
                options=(OptionSpec("power", Kind.POWER,
                                    "the seat to give up (default: all of yours)"),)),
    CommandSpec("game start", "Start play once every power has a seat.", "/game start"),
    CommandSpec("game status", "Whose input is due and why, treasuries, production, "
                "victory cities; with territory: the units there.",
                "/game status territory:Ukraine",
                options=(OptionSpec("territory", Kind.SPACE, "a space to list the units of"),)),
    CommandSpec("game history", "The latest commands of this game.", "/game history last:5",
                options=(OptionSpec("last", Kind.INTEGER, "how many entries (default 20)",
                                    minimum=1, maximum=500),)),
    CommandSpec("game luck", "Each side's luck: IPC value destroyed in battle, actual "
                "against expected.", "/game luck"),
    CommandSpec("game export", "The game record, with every roll, for replay or audit.",
                "/game export"),
    CommandSpec("game concede", "Concede the game for your side.", "/game concede",
                options=(OptionSpec("power", Kind.POWER,
                                    "referees: the power whose side concedes"),)),
    CommandSpec("game abandon", "End the game without a result (its creator or a referee).",
                "/game abandon"),
    CommandSpec(
        "game settings", "Show or change deadlines, reminders, vacations and DMs.",
        "/game settings deadline_hours:24 reminders:12,1",
        options=(OptionSpec("deadline_hours", Kind.INTEGER, "hours for each input (0: none)"),
                 OptionSpec("reminders", Kind.TEXT, "hours before the deadline, e.g. 12,1"),
                 OptionSpec("policy", Kind.CHOICE, "what happens at the deadline",
                            choices=POLICIES),
                 OptionSpec("substitute", Kind.USER, "who takes over a silent seat"),
                 OptionSpec("vacation_days", Kind.INTEGER, "vacation days per player"),
                 OptionSpec("vacation_max", Kind.INTEGER, "longest single vacation, in days"),
                 OptionSpec("bumps", Kind.INTEGER,
                            "missed deadlines after which a seat forfeits (0: never)"),
                 OptionSpec("rated", Kind.SWITCH, "whether the result moves the ratings"),
                 OptionSpec("time_limit_hours", Kind.INTEGER,
                            "running hours for the whole game, then adjudication (0: none)"),
                 OptionSpec("adjudication", Kind.CHOICE, "who wins at the time limit",
                            choices=ADJUDICATION_RULES),
                 OptionSpec("pause_hours", Kind.INTEGER,
                            "hours the players may pause the game in all (0: referees only)"),
                 OptionSpec("dm", Kind.SWITCH, "a direct message when your input is due"))),
    CommandSpec("game vacation", "Pause your deadlines for some days (0 ends it).",
                "/game vacation days:3",
                options=(OptionSpec("days", Kind.INTEGER, "days from now", required=True,
                                    maximum=365),)),
    CommandSpec("game pause", "Pause the game: deadlines stop, players wait (a referee; "
                "a player from the game's pause allowance).",
                '/game pause reason:"rules question"',
                options=(OptionSpec("reason", Kind.TEXT, "shown to players until resumed"),)),
    CommandSpec("game resume", "End the pause; deadlines run again (a referee, or the "
                "player who paused).",
                "/game resume"),
    CommandSpec("game replace", "Hand a power's seat to another player (referee).",
                "/game replace power:Germany user:@dora",
                options=(OptionSpec("power", Kind.POWER, "the seat to hand over", required=True),
                         OptionSpec("user", Kind.USER, "who plays it from now on",
                                    required=True))),
)

DICE_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("dice verify", "Check every revealed roll of this game against its "
                "commitment.", "/dice verify"),
    CommandSpec("dice log", "The newest rolls with what they were for.", "/dice log last:10",
                options=(OptionSpec("last", Kind.INTEGER, "how many rolls (default 10)",
                                    minimum=1, maximum=100),)),
    CommandSpec("dice sealed", "The faces of your own sealed draws (only you see them).",
                "/dice sealed"),
    CommandSpec("dice entropy", "Add your own text to the dice's randomness (it counts from "
                "the next turn).", '/dice entropy text:"anything"',
                options=(OptionSpec("text", Kind.TEXT, "anything", required=True),)),
)

_UNITS_HELP = 'units with counts, e.g. "1 infantry"'

BID_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("bid commit", "Seal your bid: the amount with a secret word, or a hash.",
                "/bid commit amount:9 salt:walnut",
                options=(OptionSpec("amount", Kind.INTEGER, "IPCs you want to play the Axis"),
                         OptionSpec("salt", Kind.TEXT, "a secret word; keep it to reveal"),
                         OptionSpec("hash", Kind.TEXT,
                                    'sha256 of "aaref-bid:<your id>:<bid>:<salt>"'))),
    CommandSpec("bid reveal", "Reveal your bid once both are sealed.",
                "/bid reveal amount:9 salt:walnut",
                options=(OptionSpec("amount", Kind.INTEGER, "the bid you sealed",
                                    required=True),
                         OptionSpec("salt", Kind.TEXT, "the secret word", required=True))),
    CommandSpec("bid show", "Every commitment and revealed bid, checked.", "/bid show"),
    CommandSpec("bid place", "Place units of the bid (its winner, before the start).",
                '/bid place units:"1 infantry" territory:Ukraine',
                options=(OptionSpec("units", Kind.UNITS, _UNITS_HELP, required=True),
                         OptionSpec("territory", Kind.SPACE, "territory or sea zone",
                                    required=True),
                         OptionSpec("power", Kind.POWER, "the power receiving them, if not "
                                    "clear from the territory"))),
)

_SIDES = ("Axis", "Allies", "none")
_RULESET = OptionSpec("ruleset", Kind.RULESET, "one rule system (default: all)")

LADDER_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("ladder standings", "The top players and your own place.",
                "/ladder standings top:10",
                options=(OptionSpec("top", Kind.INTEGER, "how many (default 10)", minimum=1,
                                    maximum=50), _RULESET)),
    CommandSpec("ladder player", "A player's rating, games, wins by side, recent results.",
                "/ladder player user:@bob",
                options=(OptionSpec("user", Kind.USER, "whose record (default: yours)"),)),
    CommandSpec("ladder export", "CSV for organisers: the standings or every result.",
                "/ladder export what:results",
                options=(OptionSpec("what", Kind.CHOICE, "standings or results",
                                    choices=("standings", "results")),)),
    CommandSpec("ladder correct", "Referees: correct a recorded result, with the reason.",
                '/ladder correct game:12 reason:"misreported" winner:Allies',
                options=(OptionSpec("game", Kind.INTEGER, "game number", required=True,
                                    minimum=1),
                         OptionSpec("reason", Kind.TEXT, "why", required=True),
                         OptionSpec("winner", Kind.CHOICE, "the side that won", choices=_SIDES),
                         OptionSpec("ending", Kind.CHOICE, "how the game ended",
                                    choices=ENDINGS))),
    CommandSpec("ladder picture", "The standings as a picture.", "/ladder picture",
                options=(_RULESET,)),
)

TOURNAMENT_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "tournament new", "Organisers: open a tournament in this channel.",
        '/tournament new name:"Spring Cup" rounds:3',
        options=(OptionSpec("name", Kind.TEXT, "the tournament's name", required=True),
                 OptionSpec("ruleset", Kind.RULESET, "the rule system (default aa1942-2e)"),
                 OptionSpec("pairing", Kind.CHOICE, "how tables are paired",
                            choices=("swiss", "knockout")),
                 OptionSpec("rounds", Kind.INTEGER, "Swiss rounds (default 3)", minimum=1),
                 OptionSpec("deadline_hours", Kind.INTEGER, "hours per move"),
                 OptionSpec("bumps", Kind.INTEGER, "missed deadlines before a forfeit"),
                 OptionSpec("time_limit_hours", Kind.INTEGER,
                            "running hours per game, then adjudication"),
                 OptionSpec("adjudication", Kind.CHOICE, "at the time limit: who wins",
                            choices=ADJUDICATION_RULES),
                 OptionSpec("pause_hours", Kind.INTEGER, "hours the players may pause a game"),
                 OptionSpec("concession", Kind.TEXT,
                            "points of a conceded game, winner,loser (e.g. 2,1)"),
                 OptionSpec("bids", Kind.SWITCH,
                            "players bid for the sides in each game (sealed bid)"))),
    CommandSpec("tournament join", "Sign up for this channel's tournament.",
                "/tournament join"),
    CommandSpec("tournament start", "Organisers: pair round 1 and open its games.",
                "/tournament start"),
    CommandSpec("tournament next", "Organisers: pair the next round (or finish).",
                "/tournament next"),
    CommandSpec("tournament pairings", "The tables of a round, their games and results.",
                "/tournament pairings round:2",
                options=(OptionSpec("round", Kind.INTEGER, "which round (default: the "
                                    "current one)", minimum=1),)),
    CommandSpec("tournament standings", "Post the standings with their tie-breakers.",
                "/tournament standings"),
    CommandSpec(
        "tournament report", "Organisers: adjudicate, declare a forfeit, or correct.",
        "/tournament report table:3 forfeit:@bob",
        options=(OptionSpec("table", Kind.INTEGER, "table of the current round",
                            required=True, minimum=1),
                 OptionSpec("adjudicate", Kind.SWITCH,
                            "end the game at the time limit by the tournament's rule"),
                 OptionSpec("forfeit", Kind.USER, "the player who forfeits"),
                 OptionSpec("winner", Kind.USER, "correct: who won"),
                 OptionSpec("reason", Kind.TEXT, "why (kept in the record)"))),
    CommandSpec("tournament picture", "The standings as a picture.", "/tournament picture"),
)

OTHER_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("map", "A picture of the board.", "/map territory:Ukraine",
                options=(OptionSpec("region", Kind.REGION, "one region only, e.g. europe"),
                         OptionSpec("territory", Kind.SPACE, "one space and its neighbours"),
                         OptionSpec("changes", Kind.CHOICE, "mark the last turn's changes",
                                    choices=("last_turn",)))),
    CommandSpec("odds", "Exact odds of the battle in a space, or of an attack you plan "
                "(answered to you alone).", '/odds territory:Ukraine attack:"3 infantry, 1 tank"',
                options=(OptionSpec("territory", Kind.SPACE, "territory or sea zone of the "
                                    "battle", required=True),
                         OptionSpec("attack", Kind.UNITS, "units you would attack with "
                                    "(default: the pending battle)"),
                         OptionSpec("picture", Kind.SWITCH, "also a histogram of the IPC value each "
                                    "side loses"))),
    CommandSpec("help", "The commands you can use now, or one command explained.",
                "/help move",
                options=(OptionSpec("command", Kind.TEXT, "a command to explain"),)),
)

ALL_COMMANDS: tuple[CommandSpec, ...] = (
    *ENGINE_COMMANDS, *GAME_COMMANDS, *DICE_COMMANDS, *BID_COMMANDS, *LADDER_COMMANDS,
    *TOURNAMENT_COMMANDS, *OTHER_COMMANDS)
"""Every command of the registry, engine commands first."""

DEFAULT_RULESET = "aa1942-2e"
TAKE_RULE_OPTIONS = frozenset({"game new", "tournament new"})
"""Commands that also take the rule system's game options (``victory:``, ``bid_powers:``...),
those of ``ruleset:`` or of the default rule system."""

GROUPS: Mapping[str, tuple[CommandSpec, ...]] = {
    "game": GAME_COMMANDS, "dice": DICE_COMMANDS, "bid": BID_COMMANDS, "ladder": LADDER_COMMANDS,
    "tournament": TOURNAMENT_COMMANDS}
GROUP_HELP: Mapping[str, str] = {
    "game": "Create and run games", "dice": "Check the dice of this channel's game and add your "
    "own entropy", "bid": "A sealed bid for the sides, and placing it before the start",
    "ladder": "Ratings over every rated game", "tournament": "Tournaments: sign-up, rounds, "
    "standings"}
"""What each group of commands is for (Discord shows it beside the group's name)."""
SINGLE_COMMANDS = ("odds", "help")
"""Commands of no group that the service reads itself (``/map`` is drawn by front ends)."""


_SERVICE_WORD = re.compile(rf"\s*/({'|'.join((*GROUPS, *SINGLE_COMMANDS))})(?![\w-])",
                           re.IGNORECASE)


def command_group(line: str) -> str | None:
    """The group (``game``, ``dice``, ``ladder``, ``tournament``) or ``help`` of a line the
    service reads itself; None for an engine command."""
    m = _SERVICE_WORD.match(line)
    return m.group(1).lower() if m else None


def top_command(name: str) -> CommandSpec:
    return next(c for c in OTHER_COMMANDS if c.name == name)


def find_command(text: str) -> CommandSpec | None:
    """The entry a player means by ``move``, ``/game join``, ``game-join`` or an alias."""
    words = " ".join(re.split(r"[\s/]+", text.strip().lower())).strip()
    return next((c for c in ALL_COMMANDS if words == c.name or words in c.aliases), None)


def group_command(group: str, word: str) -> CommandSpec:
    """The entry of ``/group word`` (``/game join``).

    Raises:
        LineError: no such command in the group; the message lists the group's words.
    """
    entries = GROUPS[group]
    found = next((c for c in entries if c.word == word), None)
    if found is None:
        words = ", ".join(c.word for c in entries)
        what = repr(shown(word)) if word else "nothing"
        raise LineError(f"/{group} takes one of {words}; got {what}.")
    return found
