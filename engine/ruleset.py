"""A rule system: its board, unit table, phase order, battle sequence, switches, options and setup.

One :class:`RuleSet` value per system (``aa1942-2e``; later ``revised-lhtr``, ``aarhe``,
``classic-3e``), built from the plain dicts under ``maps/<system>/`` by
:meth:`RuleSet.from_data`. Rules read typed switches (``rules.switches.capital_plunder``,
see :mod:`engine.switches`) rather than testing the system's name, so systems differ by
data, not by forks.
"""

from __future__ import annotations

from collections.abc import Mapping
from copy import copy
from dataclasses import dataclass, field, replace
from typing import Any

from .advantages_data import Advantages
from .board import Board
from .diplomacy_table import DiplomacyTable
from .economy.lendlease import LendLease
from .errors import BoardDataError, NotationError
from .goal_data import NO_GOALS, Goals
from .hooks import Hooks
from .ids import PowerId, SpaceId, UnitKind
from .names import NameIndex
from .production import PLAIN_PRODUCTION, Production
from .atomic_rules import AtomicRules
from .missions import Missions
from .redeployment import Redeployment
from .restrictions import Restriction, restrictions_from_list
from .rules import hooks_for
from .switches import Switches
from .teams import Turns
from .technology import Technology
from .units import UnitSpec, unit_spec_from_dict
from .variants import PLAIN, Effects, Known, Variant, effects_from_dict, melded


@dataclass(frozen=True, slots=True)
class Placement:
    space: SpaceId
    power: PowerId
    units: Mapping[UnitKind, int]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A game option the rulebook calls optional, set when a game is created."""

    name: str
    description: str
    default: Any
    choices: tuple[Any, ...] = ()
    effects: Effects = field(default_factory=Effects)
    """What the rules become while the option is on (``engine.variants``)."""
    many: bool = False
    """The option takes a list of its choices, or none (``axis_advantages:a,c``)."""
    by_choice: Mapping[str, Effects] = field(default_factory=dict)
    """What each choice of a ``many`` option changes while it is chosen."""

    def checked(self, value: Any) -> Any:
        """``value`` if the option takes it: one of its choices (a list of them for a
        ``many`` option, written back in the choices' order), on or off for a switch, a
        whole number for a number; else a refusal naming the option and what it takes."""
        if self.many:
            return ",".join(self.picked(value, refuse=True)) or "none"
        if self.choices:
            if value not in self.choices:
                raise NotationError(
                    f'Option "{self.name}" takes one of {", ".join(map(str, self.choices))}, not "{value}".',
                    reason="options.bad_value")
        elif isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise NotationError(f'Option "{self.name}" is on or off (on/off, true/false), not "{value}".',
                                    reason="options.bad_value")
        elif isinstance(self.default, int) and (isinstance(value, bool) or not isinstance(value, int)):
            raise NotationError(f'Option "{self.name}" takes a whole number, not "{value}".',
                                reason="options.bad_value")
        return value

    def picked(self, value: Any, refuse: bool = False) -> tuple[str, ...]:
        """The choices a ``many`` option's value names, in the choices' order."""
        text = str(value).strip().lower()
        named = [] if text in ("", "none") else [p.strip() for p in text.split(",")]
        wrong = [p for p in named if p not in self.choices]
        if wrong and refuse:
            raise NotationError(
                f'Option "{self.name}" takes none or a list of {", ".join(map(str, self.choices))} '
                f'(like {self.choices[0]},{self.choices[-1]}), not "{wrong[0]}".', reason="options.bad_value")
        return tuple(c for c in self.choices if c in named)

    def labelled(self) -> list[tuple[str, Effects]]:
        """Every change the option can make, with its label (``name``; ``name:choice`` for
        each choice of a ``many`` option), to name the option that made a change."""
        return [(self.name, self.effects), *((f"{self.name}:{c}", e) for c, e in self.by_choice.items())]

    def changes(self, value: Any) -> list[tuple[str, Effects]]:
        """The changes ``value`` makes, each with its label (``name`` or ``name:choice``)."""
        if self.many:
            return [(f"{self.name}:{c}", self.by_choice[c]) for c in self.picked(value) if self.by_choice[c]]
        return [(self.name, self.effects)] if self.effects and value is True else []


@dataclass(frozen=True, slots=True)
class BattleSequence:
    """The steps of a battle as data (``[battle]`` in ruleset.toml): step ids in order,
    where each new round starts again, and the steps of a strategic bombing raid. The
    step functions are in ``engine.combat.sequence``; a step that does not apply to a
    kind of battle says so by its condition there."""

    steps: tuple[str, ...]
    repeat_from: str
    """The step each round after the first starts at."""
    raid: tuple[str, ...]

    @classmethod
    def from_dict(cls, where: str, data: Mapping[str, Any]) -> BattleSequence:
        try:
            steps = tuple(str(s) for s in data["steps"])
            sequence = cls(steps, str(data["repeat_from"]), tuple(str(s) for s in data["raid"]))
        except KeyError as err:
            raise BoardDataError(f"{where}: [battle] needs {err.args[0]!r}") from None
        if sequence.repeat_from not in steps:
            raise BoardDataError(f"{where}: [battle] repeat_from {sequence.repeat_from!r} is not one of its steps")
        return sequence


class RuleSet:
    """Data and switches of one rule system."""

    def __init__(
        self,
        *,
        ruleset_id: str,
        name: str,
        aliases: tuple[str, ...],
        board: Board,
        units: Mapping[UnitKind, UnitSpec],
        phases: tuple[str, ...],
        switches: Switches,
        battle: BattleSequence,
        hooks: Hooks,
        technology: Technology,
        victory: Mapping[str, Any],
        options: Mapping[str, OptionSpec],
        turn_order: tuple[PowerId, ...],
        treasury: Mapping[PowerId, int],
        placements: tuple[Placement, ...],
        commands: tuple[str, ...] = (),
        lend_lease: LendLease = LendLease(),
        turns: Turns | None = None,
        production: Production = PLAIN_PRODUCTION,
        notice: str = "",
        diplomacy: DiplomacyTable = DiplomacyTable(),
        advantages: Advantages = Advantages(),
        goals: Goals = NO_GOALS,
        restrictions: tuple[Restriction, ...] = (),
        redeployment: Redeployment = Redeployment(),
        missions: Missions = Missions(),
        atomic: AtomicRules = AtomicRules(),
    ) -> None:
        self.id = ruleset_id
        self.notice = notice
        """What players must know before choosing the rule system (``notice`` in
        ``ruleset.toml``), e.g. a part of its rules still played by the rules it builds on;
        shown when a game is created and in its status. Empty: nothing to say."""
        self.name = name
        self.aliases = aliases
        self.board = board
        self.units = dict(units)
        self.phases = phases
        self.switches = switches
        self.battle = battle
        self.hooks = hooks
        """The rule system's hook module (``engine.rules``): victory, plunder, bombing,
        unit values."""
        self.technology = technology
        self.victory = dict(victory)
        self.options = dict(options)
        self.turn_order = turn_order
        self.treasury = dict(treasury)
        self.placements = placements
        self.commands = commands
        """Commands the rule system adds to its phases (``/rocket``), by name."""
        self.lend_lease = lend_lease
        """Who may send IPCs to whom in Collect Income (``[lend_lease]``); nobody by default."""
        self.turns = turns if turns is not None else Turns.alone(turn_order)
        """Who plays together in a round (``[turns]``, ``engine.teams``)."""
        self.production = production
        """Where units are built and what the site does to their price (``engine.production``)."""
        self.diplomacy = diplomacy
        """Diplomacy rolls per power and what a roll needs (``[diplomacy]``, ``engine.diplomacy``)."""
        self.advantages = advantages
        """Each power's National Advantages (``maps/<id>/advantages.toml``); none by default."""
        self.goals = goals
        """Each nation's goals for Historical Victory (``goals.toml``, ``engine.goals``)."""
        self.restrictions = restrictions
        """Where a side's own units are kept out or apart (``[[restriction]]``, ``engine.restrictions``)."""
        self.redeployment = redeployment
        """Each power's rail points a turn (``[redeployment]``, ``engine.redeployment``)."""
        self.atomic = atomic
        """Atomic bombs' price, build time and effect (``[atomic]``, ``engine.atomic``); none by default."""
        self.missions = missions
        """The missions ``/move`` takes: the engine's and the rule system's air missions
        (``[missions]``, ``engine.missions``)."""
        self.variant: Variant = PLAIN
        """What the game's options change beyond switches, units, phases and setup
        (``engine.variants``); plain in the rule system as loaded."""
        self.variants: dict[tuple[str, ...], RuleSet] = {}
        """The rule systems :meth:`for_options` made, by the options on."""
        self.made_from: RuleSet | None = None
        """The rule system a variant was made from (None: this is not a variant)."""
        self.unit_names = NameIndex(
            "unit type",
            {k: (s.name, s.plural, *s.aliases) for k, s in units.items()},
            {k: s.word() for k, s in units.items()},
        )

    def __repr__(self) -> str:
        return f"RuleSet({self.id!r})"

    # -- lookups ---------------------------------------------------------------------
    @property
    def powers(self) -> tuple[PowerId, ...]:
        return self.turn_order

    def power_name(self, power: PowerId) -> str:
        return self.board.powers[power].name

    def find_power(self, text: str) -> PowerId:
        return self.board.find_power(text)

    def find_unit(self, text: str) -> UnitKind:
        """Resolve a unit word (``"inf"``, ``"tanks"``, ``"AA gun"``) to its kind."""
        return UnitKind(self.unit_names.find(text))

    def spec(self, kind: str) -> UnitSpec:
        return self.units[UnitKind(kind)]

    def with_switches(self, **changes: object) -> RuleSet:
        """The same rule system with some switches flipped (a variant, or a test of one)."""
        other = copy(self)
        other.switches = self.switches.but(**changes)
        other.variants = {}
        return other

    def option_defaults(self) -> dict[str, Any]:
        return {name: o.default for name, o in self.options.items()}

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults overridden by ``given``; unknown options and values are refused, naming
        the option and what it takes."""
        out = self.option_defaults()
        for name, value in (given or {}).items():
            if name not in self.options:
                listed = next((o.name for o in self.options.values() if o.many and name in o.choices), None)
                meant = f' "{name}" is a choice of {listed}: {listed}:{name}.' if listed else ""
                raise NotationError(
                    f'{self.name} has no option "{name}".{meant} Options: {", ".join(sorted(self.options))}.',
                    reason="options.unknown",
                )
            out[name] = self.options[name].checked(value)
        return out

    def for_options(self, options: Mapping[str, Any]) -> RuleSet:
        """The rules a game with ``options`` plays: this rule system changed by each on/off
        option that is on (``engine.variants``); the same object for the same options."""
        plain = self.made_from or self
        changes = sorted((c for n, o in plain.options.items() for c in o.changes(options.get(n, o.default))),
                         key=lambda c: c[0])
        if not changes:
            return plain
        on = tuple(label for label, _ in changes)
        made = plain.variants.get(on)
        if made is None or made.made_from is not plain:
            made = plain.variants[on] = plain.changed_by([e for _, e in changes])
        return made

    def changed_by(self, changes: list[Effects]) -> RuleSet:
        """A copy of these rules with each option's ``changes`` applied, in order (what
        :meth:`for_options` keeps per set of options)."""
        other = copy(self)
        other.variants, other.made_from = {}, self
        switches: dict[str, object] = {}
        units = dict(self.units)
        skip: set[str] = set()
        placements = list(self.placements)
        variant = PLAIN
        meld: list[tuple[SpaceId, SpaceId]] = []
        steps = list(self.battle.steps)
        for e in changes:
            meld.extend(e.meld)
            for added, before in e.battle_steps:
                steps.insert(steps.index(before), added)
            switches.update(e.switches)
            for kind, fields_ in e.units.items():
                units[kind] = replace(units[kind], **fields_)  # type: ignore[arg-type]
            skip.update(e.skip_phases)
            placements = _add_placements(placements, e.place)
            variant = variant.joined(e.variant)
        other.switches = self.switches.but(**switches) if switches else self.switches
        other.units = units
        other.phases = tuple(p for p in self.phases if p not in skip)
        other.placements = tuple(placements)
        other.variant = variant
        other.battle = replace(self.battle, steps=tuple(steps))
        if meld:
            other.board = melded(self.board, tuple(meld))
        return other

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def from_data(
        cls,
        *,
        ruleset: Mapping[str, Any],
        units: Mapping[str, Any],
        board: Mapping[str, Any],
        setup: Mapping[str, Any],
        advantages: Mapping[str, Any] | None = None,
    ) -> RuleSet:
        """Build a rule system from the dicts of ``ruleset.toml``, ``units.toml``,
        ``board.toml``, ``setup.toml`` and, where it has one, ``advantages.toml``,
        validating the setup against the board."""
        rid = str(ruleset["id"])
        the_board = Board.from_dict(board)
        specs = {UnitKind(k): unit_spec_from_dict(k, v) for k, v in units.get("unit", {}).items()}
        for space in the_board.spaces.values():
            if unknown := sorted(k for k, _ in space.troops if k not in specs):
                raise BoardDataError(f"{rid}: the troops of {space.id} name unknown unit types {unknown}")
        technology = Technology.from_dict(f"{rid}/ruleset.toml", ruleset.get("technology", {}))
        technology.check_names(f"{rid}/ruleset.toml", the_board.powers, specs)
        for spec in specs.values():
            for dev in spec.requires_development:
                if dev not in {d.id for d in technology.developments}:
                    raise BoardDataError(f"{rid}/units.toml: {spec.kind} requires unknown development {dev!r}")
        battle = BattleSequence.from_dict(f"{rid}/ruleset.toml", ruleset.get("battle", {}))
        known = Known(the_board.powers, specs, tuple(ruleset["phases"]), tuple(d.id for d in technology.developments),
                      the_board, battle.steps)
        options = {name: _option(rid, the_board, specs, known, name, o) for name, o in ruleset.get("options", {}).items()}
        turn_order = tuple(PowerId(p) for p in setup.get("turn_order", ()))
        for p in turn_order:
            if p not in the_board.powers:
                raise BoardDataError(f"{rid}: turn order names unknown power {p!r}")
        treasury = {PowerId(p): int(v) for p, v in setup.get("treasury", {}).items()}
        placements = tuple(_placement(rid, the_board, specs, p) for p in setup.get("place", ()))
        rules = cls(
            ruleset_id=rid,
            name=str(ruleset.get("name", rid)),
            aliases=tuple(ruleset.get("aliases", ())),
            board=the_board,
            units=specs,
            phases=tuple(ruleset["phases"]),
            switches=Switches.from_dict(f"{rid}/ruleset.toml", ruleset.get("switches", {})),
            battle=battle,
            hooks=hooks_for(rid),
            technology=technology,
            victory=ruleset.get("victory", {}),
            options=options,
            turn_order=turn_order,
            treasury=treasury,
            placements=placements,
            commands=tuple(str(c) for c in ruleset.get("commands", ())),
            lend_lease=LendLease.from_dict(f"{rid}/ruleset.toml", ruleset.get("lend_lease", {}), the_board),
            turns=Turns.from_dict(f"{rid}/ruleset.toml", ruleset.get("turns", {}), turn_order,
                                  {p: the_board.powers[p].side for p in turn_order}, tuple(ruleset["phases"])),
            production=Production.from_dict(f"{rid}/ruleset.toml", ruleset.get("production", {}), the_board,
                                            frozenset(specs)),
            notice=" ".join(str(ruleset.get("notice", "")).split()),
            diplomacy=DiplomacyTable.from_dict(f"{rid}/ruleset.toml", ruleset.get("diplomacy", {}), the_board),
            advantages=Advantages.from_dict(f"{rid}/advantages.toml", advantages or {}, the_board, specs,
                                            known.developments),
            goals=Goals.from_dict(f"{rid}/goals.toml", ruleset.get("goals", {}), the_board),
            restrictions=restrictions_from_list(f"{rid}/ruleset.toml", ruleset.get("restriction", ()), the_board),
            redeployment=Redeployment.from_dict(f"{rid}/ruleset.toml", ruleset.get("redeployment", {}), the_board),
            missions=Missions.from_dict(f"{rid}/ruleset.toml", ruleset.get("missions", {})),
            atomic=AtomicRules.from_dict(f"{rid}/ruleset.toml", ruleset.get("atomic", {}),
                                         [d.id for d in technology.developments]),
        )
        items = {i.id for its in rules.advantages.items.values() for i in its}
        for mission in rules.missions.air:
            if mission.advantage and mission.advantage not in items:
                raise BoardDataError(f"{rid}/ruleset.toml [missions.{mission.id}]: advantage {mission.advantage!r} is "
                                     "no item of advantages.toml")
        for spec in specs.values():
            if spec.advantage and spec.advantage not in items:
                raise BoardDataError(f"{rid}/units.toml: {spec.kind} names unknown National Advantage "
                                     f"{spec.advantage!r}")
        _check_setup_capacity(rules)
        for name, option in options.items():
            _check_setup_capacity(rules.for_options({name: ",".join(option.choices) if option.many else True}))
        return rules


def _option(rid: str, board: Board, specs: Mapping[UnitKind, UnitSpec], known: Known, name: str,
            o: Mapping[str, Any]) -> OptionSpec:
    """One ``[options.<name>]`` table; a ``many`` option's changes are in a table per choice."""
    def effects(label: str, table: Mapping[str, Any]) -> Effects:
        places = tuple(_placement(rid, board, specs, p) for p in table.get("place", ()))
        return effects_from_dict(f"{rid}/ruleset.toml", label, table, known, places)

    choices = tuple(o.get("choices", ()))
    many = bool(o.get("many", False))
    own = {k: v for k, v in o.items() if not (many and (k in choices or k == "many"))}
    by_choice = {str(c): effects(f"{name}:{c}", {"default": False, **o.get(c, {})}) for c in choices} if many else {}
    return OptionSpec(name, str(o.get("description", "")), o.get("default"), choices, effects(name, own), many,
                      by_choice)


def _add_placements(placements: list[Placement], more: tuple[Placement, ...]) -> list[Placement]:
    """``placements`` with ``more`` added, counts summed where space and power repeat; a
    negative count takes units away (an option whose units replace others: AARHE's
    mechanized infantry "replace Infantry", 001 › Optional units setup)."""
    out = list(placements)
    for p in more:
        at = next((i for i, q in enumerate(out) if (q.space, q.power) == (p.space, p.power)), None)
        units = {} if at is None else dict(out[at].units)
        for kind, n in p.units.items():
            units[kind] = units.get(kind, 0) + n
            if units[kind] < 0:
                raise BoardDataError(f"setup: an option takes {-n} {kind} from {p.space}, where {p.power} has "
                                     f"{units[kind] - n}")
        placed = Placement(p.space, p.power, {k: n for k, n in units.items() if n})
        if at is None:
            out.append(placed)
        else:
            out[at] = placed
    return out


def _placement(rid: str, board: Board, specs: Mapping[UnitKind, UnitSpec], p: Mapping[str, Any]) -> Placement:
    space, power = p.get("space"), p.get("power")
    if space not in board.spaces:
        raise BoardDataError(f"{rid} setup: unknown space {space!r}")
    if power not in board.powers:
        raise BoardDataError(f"{rid} setup: unknown power {power!r} in {space}")
    where = board.spaces[SpaceId(space)]
    if where.impassable or where.neutral:
        raise BoardDataError(f"{rid} setup: units placed in impassable or neutral {space}")
    units: dict[UnitKind, int] = {}
    for kind, count in p.get("units", {}).items():
        if kind not in specs:
            raise BoardDataError(f"{rid} setup: unknown unit type {kind!r} in {space}")
        spec = specs[UnitKind(kind)]
        if spec.is_sea and not where.is_sea:
            raise BoardDataError(f"{rid} setup: sea unit {kind} placed on land in {space}")
        if spec.structure and where.is_sea:
            raise BoardDataError(f"{rid} setup: {kind} placed at sea in {space}")
        units[UnitKind(kind)] = int(count)
    return Placement(SpaceId(space), PowerId(power), units)


def _check_setup_capacity(rules: RuleSet) -> None:
    """Land units at sea need transport room, fighters at sea need carrier room."""
    from .cargo import assign_cargo

    for p in rules.placements:
        if rules.board.spaces[p.space].is_sea:
            try:
                assign_cargo(rules, p.units)
            except ValueError as err:
                raise BoardDataError(f"{rules.id} setup: {p.power} in {p.space}: {err}") from None
