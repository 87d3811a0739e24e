"""The command registry: every command a player types, described once.

An entry names the command, the other words that call it, its options (name, kind,
required or not, what it is for), what it does and one example. The notation parser is
built from the engine's entries (:data:`ENGINE_COMMANDS`); the service lists its own
``/game`` and ``/dice`` commands with the same :class:`CommandSpec`, and every command
line, whatever its group, has its options checked by :func:`resolve_options`: an option the
command does not take is refused with the list of those it does take. A new command is one
entry here (and its handler), not an edit in every front end.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from .commands import (
    Advantage,
    Atomic,
    Battle,
    Buy,
    Cancel,
    Casualties,
    Command,
    Diplomacy,
    Dock,
    Done,
    Lend,
    Focus,
    Move,
    Orders,
    Place,
    Press,
    Redeploy,
    Reinforce,
    Repair,
    Research,
    Retreat,
    Rocket,
    Scorch,
    Share,
    Submerge,
    Support,
    Undo,
)
from .errors import IllegalCommandError, NotationError
from .names import NameIndex, shown
from .phases import phase_entry, phase_title

if TYPE_CHECKING:
    from .ruleset import RuleSet


class Kind(StrEnum):
    """How an option's text is read."""

    UNITS = "units"
    """A list of counted unit types: ``"2 infantry, 1 tank"``."""
    LOSSES = "losses"
    """Counted unit types, some named ``damaged``: ``"1 damaged battleship, 2 infantry"``;
    read into a command's ``units`` and ``damaged`` fields."""
    SPACE = "space"
    """A territory or sea zone."""
    PATH = "path"
    """Spaces in order: ``"Germany > Poland"``."""
    POWER = "power"
    DEVELOPMENT = "development"
    """A weapons development of the rule system, by name or id."""
    MISSION = "mission"
    """A mission of the rule system (``engine.missions``), by name or id."""
    INTEGER = "integer"
    UNIT_TYPES = "unit types"
    """Unit types in order, without counts: ``"infantry, artillery"``."""
    CHOICE = "choice"
    """One of the option's ``choices``."""
    CHOICES = "choices"
    """A list of the option's ``choices``, or none: ``axis_advantages:a,c``."""
    TEXT = "text"
    SWITCH = "on/off"
    USER = "user"
    """A player: ``@name`` in the console, a mention in Discord."""
    RULESET = "rule system"
    """A rule system's id, e.g. ``aa1942-2e``."""
    REGION = "region"
    """A region of the map picture, e.g. ``europe``."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One ``name:value`` option of a command."""

    name: str
    kind: Kind
    help: str
    required: bool = False
    field: str = ""
    """The command's field it fills (engine commands); the option name when empty."""
    choices: tuple[str, ...] = ()
    minimum: int = 0
    """The smallest number an ``INTEGER`` option takes."""
    maximum: int | None = None

    @property
    def target(self) -> str:
        return self.field or self.name


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One command: ``name`` is what follows the slash (``move``, ``game join``)."""

    name: str
    help: str
    example: str
    options: tuple[OptionSpec, ...] = ()
    aliases: tuple[str, ...] = ()
    command: type[Command] | None = None
    """The engine command class it reads into; None for the service's own commands."""

    @property
    def word(self) -> str:
        """The word that selects it within its group (``join`` of ``game join``)."""
        return self.name.rsplit(" ", 1)[-1]

    def option(self, name: str) -> OptionSpec:
        return next(o for o in self.options if o.name == name)

    def takes(self) -> str:
        """``"it takes units:, from:, to:"``, or that it takes none."""
        if not self.options:
            return "it takes no options"
        return "it takes " + ", ".join(f"{o.name}:" for o in self.options)

    def usage(self) -> str:
        """``/move units:<units> from:<space> to:<space> [path:<path>] ...``."""
        parts = [f"/{self.name}"]
        for o in self.options:
            shown_kind = "|".join(o.choices) if o.choices else o.kind.value
            part = f"{o.name}:<{shown_kind}>"
            parts.append(part if o.required else f"[{part}]")
        return " ".join(parts)

    def explain(self, when: str = "", example: str = "") -> str:
        """Several lines for ``/help <command>``: usage, what it does (and ``when``: the
        phases that take it), options, example (``example``: the game's, by default the
        registry's)."""
        lines = [self.usage(), self.help + (f" {when}" if when else "")]
        if self.aliases:
            lines.append("Also: " + ", ".join(f"/{a}" for a in self.aliases))
        lines += [f"  {o.name}: {o.help}" + ("" if o.required else " (optional)")
                  for o in self.options]
        lines.append(f"Example: {example or self.example}")
        return "\n".join(lines)


def resolve_options(spec: CommandSpec, given: Mapping[str, str], text: str | None = None,
                    extra: tuple[str, ...] = (), example: str = "") -> dict[str, str]:
    """The options of a line keyed by the option names of ``spec`` (and ``extra``: more
    names it takes, such as a rule system's game options at ``/game new``); ``example``:
    the one a refusal shows (the game's, ``engine.examples``; the registry's by default).

    Any case and unique prefixes are read (``u:`` for ``units:``).

    Raises:
        NotationError: an option the command does not take (the message lists those it
            takes), one given twice under two spellings, or a required one missing.
    """
    own = [o.name for o in spec.options]
    names = own + [e for e in extra if e not in own]
    index = NameIndex("option", {n: () for n in names}, {n: n for n in names})
    out: dict[str, str] = {}
    for key, value in given.items():
        try:
            name = index.find(key) if names else None
        except NotationError:
            name = None
        if name is None:
            takes = ("it takes " + ", ".join(f"{n}:" for n in names)) if names else spec.takes()
            raise NotationError(f'/{spec.name} has no option "{shown(key)}"; {takes}.',
                                reason="notation.unknown_option", text=text)
        if name in out:
            raise NotationError(f'Option "{name}" is given twice.',
                                reason="notation.duplicate_option", text=text)
        out[name] = value
    missing = [o.name for o in spec.options if o.required and o.name not in out]
    if missing:
        needs = ", ".join(f"{m}:" for m in missing)
        raise NotationError(f"/{spec.name} needs {needs} as in: {example or spec.example}",
                            reason="notation.missing_option", text=text)
    return out


MAX_DIGITS = 6
"""Longer numbers are refused before they are read (no count in a game comes close)."""


def number_problem(text: str) -> str | None:
    """What keeps ``text`` from being a whole number written in digits, or None."""
    text = text.strip()
    if re.fullmatch(r"\d+", text):
        return "too long a number" if len(text.lstrip("0")) > MAX_DIGITS else None
    if re.fullmatch(r"-\s*\d+(\.\d*)?", text):
        return "a negative number"
    if re.fullmatch(r"[+-]?(\d+[.,]\d*|[.,]\d+|\d+([.,]\d*)?[eE][+-]?\d+)", text):
        return "not a whole number written out in digits"
    return "not a number"


def read_count(option: str, raw: str, minimum: int = 0, maximum: int | None = None) -> int:
    """A whole number typed for ``option``, with what is wrong with it when it is not one.

    Raises:
        NotationError: not a whole number (a sign, a fraction, an exponent, a word), below
            ``minimum`` or above ``maximum``.
    """
    text = raw.strip()
    problem = number_problem(text)
    if problem is not None:
        raise NotationError(f'{option}: must be a whole number from {minimum}; "{shown(text)}" '
                            f"is {problem}.", reason="notation.not_a_number", text=raw)
    value = int(text)
    if value < minimum:
        raise NotationError(f"{option}: must be at least {minimum}, not {value}.",
                            reason="notation.number_too_small", text=raw)
    if maximum is not None and value > maximum:
        raise NotationError(f"{option}: must be at most {maximum}, not {value}.",
                            reason="notation.number_too_large", text=raw)
    return value


SUBMERGE_CHOICES = ("always", "never", "when_outnumbered")
DECIDE_CHOICES = ("orders", "self")
PASSIVE_CHOICES = ("pass", "ask")
BOMB_CHOICES = ("income", "capacity")

UNITS_EXAMPLE = "2 infantry, 1 tank"
"""A list of units as the registry writes it (in 1942's words; ``engine.examples`` rewrites it)."""

_UNITS_HELP = f'units with counts, e.g. "{UNITS_EXAMPLE}"'

ENGINE_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "buy", "Order units for this turn's mobilization, paid from your treasury.",
        '/buy units:"3 infantry, 1 tank"', aliases=("purchase",), command=Buy,
        options=(OptionSpec("units", Kind.UNITS, _UNITS_HELP, required=True),
                 OptionSpec("at", Kind.SPACE, "where infantry or a factory priced by its site is built (AARHE)",
                            field="site"))),
    CommandSpec(
        "cancel", "Give up ships laid down in an earlier turn and not yet mobilized, for half of what "
        "was paid.", '/cancel units:"1 battleship"', command=Cancel,
        options=(OptionSpec("units", Kind.UNITS, _UNITS_HELP, required=True),)),
    CommandSpec(
        "repair", "Repair damage to one of your industrial complexes, 1 IPC a point.",
        "/repair territory:Germany points:2", command=Repair,
        options=(OptionSpec("territory", Kind.SPACE, "the damaged complex's territory",
                            required=True),
                 OptionSpec("points", Kind.INTEGER, "damage points to remove", required=True,
                            minimum=1))),
    CommandSpec(
        "scorch", "Select one of your industrial complexes for destruction (scorched earth): it is removed "
        "when Mobilize New Units begins, and nothing is placed there this turn.",
        "/scorch territory:Karelia", aliases=("scorched_earth",), command=Scorch,
        options=(OptionSpec("territory", Kind.SPACE, "the complex's territory", required=True),)),
    CommandSpec(
        "lendlease", "Send IPCs of lend-lease to an ally, in your Collect Income (where the rules have it).",
        '/lendlease ipcs:8 to:"Soviet Union"', aliases=("lend", "lend_lease"), command=Lend,
        options=(OptionSpec("ipcs", Kind.INTEGER, "how many IPCs", required=True, minimum=1),
                 OptionSpec("to", Kind.POWER, "the ally who receives them", required=True, field="power"))),
    CommandSpec(
        "research", "Buy research dice for one weapons development and roll them (where dice fill "
        "progress boxes: buy them in Purchase, assign them in Develop Weapons).",
        '/research tech:"super submarines" dice:3', aliases=("develop",), command=Research,
        options=(OptionSpec("tech", Kind.DEVELOPMENT, "the development (where the rules let you choose one)",
                            field="development"),
                 OptionSpec("dice", Kind.INTEGER, "research dice to buy and roll, or to assign to the development",
                            required=True))),
    CommandSpec(
        "share", "Pass one progress box of a minor technology to an ally (where the rules allow it); you keep "
        "yours.", '/share tech:rockets to:Japan', command=Share,
        options=(OptionSpec("tech", Kind.DEVELOPMENT, "the technology", required=True, field="development"),
                 OptionSpec("to", Kind.POWER, "the ally who receives the box", required=True, field="power"))),
    CommandSpec(
        "diplomacy", "Roll one diplomacy die for a neutral: a hit moves it a step toward your side on its track "
        "of cooperation (where the rules have one).", "/diplomacy neutral:Spain", command=Diplomacy,
        options=(OptionSpec("neutral", Kind.SPACE, "the neutral you roll for", required=True),
                 OptionSpec("sea", Kind.SPACE, "the sea zone next to it where its ships join you, should the roll "
                            "make it join"))),
    CommandSpec(
        "dock", "Dock your ships at a neutral leaning at least 1 toward your side, in Noncombat Move: until "
        "your next turn they do not make their sea zone hostile, and an attack on them is an attack on the "
        "neutral (where the rules have a track of cooperation).", '/dock neutral:Spain sea:"Sea Zone 13"',
        command=Dock,
        options=(OptionSpec("neutral", Kind.SPACE, "the neutral your ships dock at", required=True),
                 OptionSpec("sea", Kind.SPACE, "the sea zone next to it whose ships dock, where you have ships "
                            "in more than one"))),
    CommandSpec(
        "advantage", "National Advantages (where the game plays them): alone, list your items, shown to you "
        "only; draw: draws your secret item of the round; reveal: puts a drawn item in force for all to see; use: buys an item's units in Purchase, "
        "places its free units or converts units in Mobilize New Units, declares an item in the phase it names, "
        "or, asked in the other side's turn, places or sacrifices units where you are attacked or launches an "
        "item's attacks at targets.", '/advantage reveal:"Liberty Ship Program"',
        aliases=("advantages",), command=Advantage,
        options=(OptionSpec("reveal", Kind.TEXT, "the item to reveal, by name or number"),
                 OptionSpec("use", Kind.TEXT, "the item whose units you buy or place, or that you declare, by name or number"),
                 OptionSpec("at", Kind.SPACE, "where its free units go; the battle an item is declared for; where "
                            "it converts units; where you are attacked", field="site"),
                 OptionSpec("draw", Kind.INTEGER, "draw this many secret items, one for each of the first 5 "
                            "rounds", minimum=1),
                 OptionSpec("count", Kind.INTEGER, "how many units the item converts where it converts units "
                            "(1 if not given)", minimum=1),
                 OptionSpec("targets", Kind.UNITS, "the enemy ships an item's attacks aim at, one each "
                            '(e.g. "1 battleship, 1 carrier")', field="units"))),
    CommandSpec(
        "atomic", "Atomic bombs (where the rules have them): build: buys bombs in Purchase; load: puts a ready bomb "
        "aboard your bomber at one of your industrial complexes in Noncombat Move; in an atomic attack, groups: "
        "divides the defender's units and strike: names the group the attacker strikes. The attack itself is "
        "an air mission: /move with mission:atomic.", "/atomic build:1", aliases=("atomic_bomb", "nuke"),
        command=Atomic,
        options=(OptionSpec("build", Kind.INTEGER, "atomic bombs to buy", minimum=1),
                 OptionSpec("load", Kind.SPACE, "the territory of the bomber that takes a bomb aboard"),
                 OptionSpec("groups", Kind.TEXT, 'the defender\'s groups, separated by "|": "2 infantry | 1 tank"'),
                 OptionSpec("strike", Kind.INTEGER, "the number of the group the bomb strikes", minimum=1))),
    CommandSpec(
        "move", "Move a group of units from one space to another.",
        '/move units:"2 infantry, 1 tank" from:"West Russia" to:Ukraine', command=Move,
        options=(OptionSpec("units", Kind.UNITS, _UNITS_HELP, required=True),
                 OptionSpec("from", Kind.SPACE, "where they are", required=True,
                            field="origin"),
                 OptionSpec("to", Kind.SPACE, "where they go", required=True,
                            field="destination"),
                 OptionSpec("path", Kind.PATH, 'the way, e.g. "Germany > Poland > Ukraine"'),
                 OptionSpec("mission", Kind.MISSION, "what aircraft or ships do there: attack, raid, escort, "
                            "bombard, ignore, or an air mission of the rules"))),
    CommandSpec(
        "redeploy", "Move land units by rail between two friendly victory cities in Noncombat Move, one rail "
        "point each (Strategic Redeployment, where the game plays it).",
        '/redeploy units:"2 infantry" from:Germany to:"Eastern Europe"', aliases=("rail", "strategic_redeployment"),
        command=Redeploy,
        options=(OptionSpec("units", Kind.UNITS, _UNITS_HELP, required=True),
                 OptionSpec("from", Kind.SPACE, "the victory city they leave", required=True, field="origin"),
                 OptionSpec("to", Kind.SPACE, "the victory city they go to", required=True,
                            field="destination"))),
    CommandSpec(
        "support", "Defensive Air Support, in the enemy team's turn once it has declared its combat moves: move "
        "air units (not bombers) one space, to a friendly territory or onto a friendly carrier in a sea zone, "
        "where they defend (where the rules have it).", '/support units:"1 fighter" from:Germany to:Poland',
        aliases=("das", "air_support"), command=Support,
        options=(OptionSpec("units", Kind.UNITS, _UNITS_HELP, required=True),
                 OptionSpec("from", Kind.SPACE, "where they are", required=True, field="origin"),
                 OptionSpec("to", Kind.SPACE, "the adjacent space they defend", required=True,
                            field="destination"))),
    CommandSpec(
        "reinforce", "Reinforcement, in the enemy team's turn once it has declared its noncombat moves: move "
        "land or naval units that did not fight this turn one space, to a friendly territory or sea zone "
        "(where the rules have it).", '/reinforce units:"2 infantry" from:Germany to:Poland',
        aliases=("reinforcement",), command=Reinforce,
        options=(OptionSpec("units", Kind.UNITS, _UNITS_HELP, required=True),
                 OptionSpec("from", Kind.SPACE, "where they are", required=True, field="origin"),
                 OptionSpec("to", Kind.SPACE, "the adjacent space they go to", required=True,
                            field="destination"))),
    CommandSpec(
        "rocket", "Fire a rocket from one of your AA guns at an enemy industrial complex within 3 "
        "spaces (with the Rockets development); it strikes when Conduct Combat begins.",
        '/rocket from:"Western Europe" target:"United Kingdom"', aliases=("rockets",), command=Rocket,
        options=(OptionSpec("from", Kind.SPACE, "the territory of the gun that fires", required=True,
                            field="origin"),
                 OptionSpec("target", Kind.SPACE, "the territory of the enemy industrial complex",
                            required=True))),
    CommandSpec(
        "place", "Place units bought this turn in a territory with a factory.",
        '/place units:"3 infantry" territory:Russia', aliases=("mobilize",), command=Place,
        options=(OptionSpec("units", Kind.UNITS, _UNITS_HELP, required=True),
                 OptionSpec("territory", Kind.SPACE, "where they appear", required=True))),
    CommandSpec("done", "End this phase (or your part of it) and go on to the next.", "/done",
                aliases=("end", "next", "end_phase"), command=Done),
    CommandSpec("undo", "Take back your last step of this phase that rolled no dice.",
                "/undo", aliases=("takeback",), command=Undo),
    CommandSpec(
        "focus", "In a team turn, say which of your powers acts now: your next commands are "
        "for it, in its own phase.", "/focus power:Japan", aliases=("as", "switch"), command=Focus,
        options=(OptionSpec("power", Kind.POWER, "the power whose part of the team turn you play",
                            required=True),)),
    CommandSpec(
        "battle", "Fight the battle in a territory or sea zone.", "/battle territory:Ukraine",
        aliases=("fight",), command=Battle,
        options=(OptionSpec("territory", Kind.SPACE, "where the battle is", required=True),)),
    CommandSpec(
        "casualties", "Choose which of your units are lost to the hits just scored.",
        '/casualties units:"2 infantry"', aliases=("losses", "lose"), command=Casualties,
        options=(OptionSpec("units", Kind.LOSSES, _UNITS_HELP + '; "1 damaged battleship" '
                            "names a damaged one", required=True),)),
    CommandSpec(
        "retreat", "Retreat the attacking units to a space they came from (in AARHE's land battles "
        "either side, some or all of its units).",
        '/retreat to:"West Russia"', command=Retreat,
        options=(OptionSpec("to", Kind.SPACE, "where they retreat to", required=True),
                 OptionSpec("units", Kind.UNITS, "which units retreat, where a part of the force may "
                            "(all that may go there without it)"))),
    CommandSpec("press", "Go on with the attack for another round.", "/press",
                aliases=("continue",), command=Press),
    CommandSpec(
        "submerge", "Submerge attacking or defending submarines: they leave the battle.",
        '/submerge units:"1 submarine"', aliases=("dive", "withdraw"), command=Submerge,
        options=(OptionSpec("units", Kind.UNITS, _UNITS_HELP, required=True),
                 OptionSpec("to", Kind.SPACE, "the sea zone they withdraw to, where the rules let "
                            "submarines withdraw"))),
    CommandSpec(
        "orders", "Standing orders for your battle choices when you are not there to make "
        "them, and whether you are asked in the other team's turn (with no options: show them).", '/orders loss:"infantry, artillery, tank"',
        aliases=("standing_orders",), command=Orders,
        options=(OptionSpec("power", Kind.POWER, "whose orders, if you play several"),
                 OptionSpec("loss", Kind.UNIT_TYPES, "unit types in the order you lose them"),
                 OptionSpec("retreat_below", Kind.INTEGER,
                            "retreat when this many of your units are left"),
                 OptionSpec("retreat_odds", Kind.INTEGER,
                            "retreat when the chance of winning falls below this percentage"),
                 OptionSpec("submerge", Kind.CHOICE, "when your submarines submerge",
                            choices=SUBMERGE_CHOICES),
                 OptionSpec("decide", Kind.CHOICE,
                            "orders: these orders decide; self: ask me in person",
                            choices=DECIDE_CHOICES),
                 OptionSpec("passive", Kind.CHOICE,
                            "in the other side's turn (Defensive Air Support, Reinforcement, where the rules "
                            "have them): pass, or ask me in person", choices=PASSIVE_CHOICES),
                 OptionSpec("bomb", Kind.CHOICE, "what your bombers' raids reduce, where the rules let "
                            "them choose: a territory's income or its complex's production capacity",
                            choices=BOMB_CHOICES))),
)
"""The engine's commands, in the order help lists them."""


def phases_taking(rules: RuleSet, spec: CommandSpec) -> tuple[str, ...] | None:
    """The phase ids of ``rules`` in which ``spec``'s command is taken, read from the phase
    registry; None for a command taken at any time (``/orders``) or not by the engine."""
    if spec.command is None or spec.command is Orders:
        return None
    entries = [phase_entry(p) for p in (*rules.phases, *rules.turns.windows)]
    if spec.command is Done:
        return tuple(rules.phases)
    if spec.command is Focus:
        return tuple(rules.phases) if rules.turns.together else ()
    if spec.command is Undo:
        return tuple(e.id for e in entries if e.undo)
    return tuple(e.id for e in entries if spec.command in e.taken(rules))


def is_used_by(rules: RuleSet, spec: CommandSpec) -> bool:
    """Whether the rule system uses ``spec``'s command: a rule system lists its phases and
    each phase the commands it takes (a phase's optional commands only where the rule
    system lists them, as Revised lists ``rocket``), so a command no listed phase takes
    (``/research`` in 1942 Second Edition) is not part of it. Service commands are part of
    every system."""
    return phases_taking(rules, spec) != ()


def refuse_unused(rules: RuleSet, spec: CommandSpec, text: str | None = None) -> None:
    """Refuse a command the rule system does not use, naming the rule system.

    Raises:
        IllegalCommandError: ``/research is not part of Axis & Allies 1942 Second Edition.``
    """
    if is_used_by(rules, spec):
        return
    plain = rules.made_from
    if plain is not None and is_used_by(plain, spec):
        phases = set(phases_taking(plain, spec) or ())
        why = [label for o in plain.options.values() for label, e in o.labelled() if phases & set(e.skip_phases)]
        raise IllegalCommandError(f"/{spec.name} is not played in this game: option {', '.join(why)} leaves "
                                  f"out {', '.join(phase_title(plain, p) for p in sorted(phases))}.",
                                  reason="command.not_in_game", text=text)
    raise IllegalCommandError(f"/{spec.name} is not part of {rules.name}.",
                              reason="command.not_in_ruleset", text=text)


def engine_command(name: str) -> CommandSpec:
    """The engine registry entry called ``name`` (its own name, not an alias)."""
    return next(c for c in ENGINE_COMMANDS if c.name == name)
