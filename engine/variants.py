"""What a game option changes in its rule system: the tables under ``[options.<name>]``.

A rulebook's optional rules are data. Besides its description, default and choices, an
on/off option's table may say what the rules become while it is on; a game plays the
rule system those options make (:meth:`engine.ruleset.RuleSet.for_options`), so the engine
never tests an option's name:

- ``switches``: switch values (``{ aa_fires_at_overflight = true }``);
- ``battle_steps``: steps added to a battle, each before a step the rule system lists
  (``[{ step = "submerge_defender", before = "withdraw_defender" }]``);
- ``units``: unit table fields (``{ battleship = { hits = 2 } }``; ``buyable = true`` brings
  in a type the table keeps out of games without the option);
- ``skip_phases``: phases the turn leaves out;
- ``place``: units added to the opening setup, written like setup.toml's ``[[place]]``
  (a negative count takes units away: units the option's units replace);
- ``tech``: developments powers have from the start (``{ germany = ["jet_power"] }``);
- ``truce``: attacks a power may not make in the first rounds
  (``[{ power = "soviet_union", target = "germany", rounds = 1 }]``);
- ``groups``: the most groups (spaces holding them) of a unit type one power may have;
- ``carries``: aircraft that may carry one land unit each (``{ bomber = "infantry" }``);
- ``not_buyable``: unit types no power may buy;
- ``meld``: pairs of adjacent sea zones that count as one for movement: every neighbour of
  one is a neighbour of the other, through the canal between them if there is one;
- ``enables``: rules the engine plays only when asked (:data:`BEHAVIOURS`).

Everything is checked when the rule system loads; a key or a name the engine does not know
fails there, naming the option.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .board import Board
from .errors import BoardDataError
from .ids import PowerId, SpaceId, UnitKind

KAMIKAZE = "kamikaze"
"""Aircraft may make combat moves that leave them no place to land (004 §15, Kamikazes)."""
SCORCHED_EARTH = "scorched_earth"
"""The loser of a territory destroys its AA guns and industrial complex rather than let
the captor take them (004 §15, Scorched Earth)."""
RETURN_FLIGHT_FIRE = "return_flight_fire"
"""AA guns fire at aircraft flying over them in Noncombat Move too (004 §15, Always Active
AA Guns: "or coming back through to a friendly territory")."""
NATIONAL_ADVANTAGES = "national_advantages"
"""Each power's National Advantages are played (001 › Appendix: National Advantages;
``engine.advantages``)."""
STRATEGIC_REDEPLOYMENT = "strategic_redeployment"
"""Land units move by rail between friendly victory cities in Noncombat Move, on rail points
(001 › Phase 5, Strategic Redeployment (optional); ``engine.redeployment``)."""
BEHAVIOURS = (KAMIKAZE, SCORCHED_EARTH, RETURN_FLIGHT_FIRE, NATIONAL_ADVANTAGES, STRATEGIC_REDEPLOYMENT)

KEYS = ("description", "default", "choices", "switches", "battle_steps", "units", "skip_phases", "place", "tech", "truce",
        "groups", "carries", "not_buyable", "meld", "enables")


@dataclass(frozen=True, slots=True)
class Truce:
    """``power`` may not attack ``target`` before round ``rounds`` is over."""

    power: PowerId
    target: PowerId
    rounds: int
    option: str
    """The option that makes it, as players type it (for the refusal)."""


@dataclass(frozen=True, slots=True)
class Variant:
    """What the options a game has on change, beyond switches, units, phases and setup:
    what the engine reads on ``rules.variant`` (empty in a rule system's plain rules)."""

    tech: Mapping[PowerId, tuple[str, ...]] = field(default_factory=dict)
    truces: tuple[Truce, ...] = ()
    groups: Mapping[UnitKind, tuple[int, str]] = field(default_factory=dict)
    """Unit type -> (most groups per power, the option that says so)."""
    carries: Mapping[UnitKind, UnitKind] = field(default_factory=dict)
    not_buyable: Mapping[UnitKind, str] = field(default_factory=dict)
    """Unit type -> the option that forbids buying it."""
    enables: frozenset[str] = frozenset()

    def joined(self, other: Variant) -> Variant:
        """Both variants' changes (a game with several options on)."""
        tech = {p: tuple(dict.fromkeys((*self.tech.get(p, ()), *other.tech.get(p, ()))))
                for p in {*self.tech, *other.tech}}
        return Variant(tech, (*self.truces, *other.truces), {**self.groups, **other.groups},
                       {**self.carries, **other.carries}, {**self.not_buyable, **other.not_buyable},
                       self.enables | other.enables)

    def enabled(self, behaviour: str) -> bool:
        return behaviour in self.enables


PLAIN = Variant()


@dataclass(frozen=True, slots=True)
class Effects:
    """One option's changes, as read from its table (placements are parsed by the caller,
    which knows the setup format)."""

    switches: Mapping[str, object] = field(default_factory=dict)
    battle_steps: tuple[tuple[str, str], ...] = ()
    """(step added, the step it comes before)."""
    units: Mapping[UnitKind, Mapping[str, object]] = field(default_factory=dict)
    skip_phases: tuple[str, ...] = ()
    place: tuple[Any, ...] = ()
    meld: tuple[tuple[SpaceId, SpaceId], ...] = ()
    variant: Variant = PLAIN

    def __bool__(self) -> bool:
        return bool(self.switches or self.battle_steps or self.units or self.skip_phases or self.place or self.meld
                    or self.variant != PLAIN)


@dataclass(frozen=True, slots=True)
class Known:
    """What an option's table may name: the rule system's powers, units, phases and
    developments."""

    powers: Collection[str]
    units: Collection[str]
    phases: Collection[str]
    developments: Collection[str]
    board: Board
    battle_steps: Collection[str]


def effects_from_dict(where: str, name: str, data: Mapping[str, Any], known: Known,
                      place: tuple[Any, ...]) -> Effects:
    """Check the table of option ``name`` and read its changes (``place`` already parsed)."""
    at = f"{where} [options.{name}]"
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise BoardDataError(f"{at}: unknown key {unknown[0]!r}; an option takes {', '.join(KEYS)}")
    units = {UnitKind(_one_of(at, "units", k, known.units)): dict(v) for k, v in data.get("units", {}).items()}
    spec_fields = {"hits", "attack", "defense", "move", "cost", "buyable", "carrier_based", "air_transport"}
    for kind, changes in units.items():
        for f in changes:
            if f not in spec_fields:
                raise BoardDataError(f"{at}: units.{kind}.{f} cannot be changed; an option may change "
                                     f"{', '.join(sorted(spec_fields))}")
    tech = {PowerId(_one_of(at, "tech", p, known.powers)): tuple(_one_of(at, "tech", d, known.developments)
                                                                  for d in ds)
            for p, ds in data.get("tech", {}).items()}
    truces = tuple(Truce(PowerId(_one_of(at, "truce", t["power"], known.powers)),
                         PowerId(_one_of(at, "truce", t["target"], known.powers)), int(t.get("rounds", 1)), name)
                   for t in data.get("truce", ()))
    groups = {UnitKind(_one_of(at, "groups", k, known.units)): (int(n), name) for k, n in data.get("groups", {}).items()}
    carries = {UnitKind(_one_of(at, "carries", a, known.units)): UnitKind(_one_of(at, "carries", c, known.units))
               for a, c in data.get("carries", {}).items()}
    not_buyable = {UnitKind(_one_of(at, "not_buyable", k, known.units)): name for k in data.get("not_buyable", ())}
    enables = frozenset(_one_of(at, "enables", b, BEHAVIOURS) for b in data.get("enables", ()))
    effects = Effects(
        switches=dict(data.get("switches", {})),
        battle_steps=tuple((str(b.get("step")), _one_of(at, "battle_steps", b.get("before"), known.battle_steps))
                           for b in data.get("battle_steps", ())),
        units=units,
        skip_phases=tuple(_one_of(at, "skip_phases", p, known.phases) for p in data.get("skip_phases", ())),
        place=place,
        meld=tuple(_meld_pair(at, known.board, pair) for pair in data.get("meld", ())),
        variant=Variant(tech, truces, groups, carries, not_buyable, enables),
    )
    if effects and not isinstance(data.get("default"), bool):
        raise BoardDataError(f"{at}: only an on/off option (default true or false) may change the rules")
    return effects


def _meld_pair(at: str, board: Board, pair: object) -> tuple[SpaceId, SpaceId]:
    if not isinstance(pair, list) or len(pair) != 2:
        raise BoardDataError(f"{at}: meld takes pairs of sea zones, not {pair!r}")
    a, b = (SpaceId(_one_of(at, "meld", z, [s for s, sp in board.spaces.items() if sp.is_sea])) for z in pair)
    if b not in board.adjacency[a]:
        raise BoardDataError(f"{at}: meld joins {a} and {b}, which are not adjacent")
    return a, b


def melded(board: Board, pairs: tuple[tuple[SpaceId, SpaceId], ...]) -> Board:
    """``board`` with each pair of sea zones counting as one for movement: each zone gets
    the other's neighbours; a canal between them joins the new sea neighbours too."""
    spaces = dict(board.spaces)
    canals = list(board.canals)
    for a, b in pairs:
        canal = board.canal_between(a, b)
        for here, there in ((a, b), (b, a)):
            new = set(spaces[there].adjacent) - {here} - set(spaces[here].adjacent)
            spaces[here] = replace(spaces[here], adjacent=spaces[here].adjacent | new)
            for n in new:
                spaces[n] = replace(spaces[n], adjacent=spaces[n].adjacent | {here})
                if canal is not None and spaces[n].is_sea:
                    canals.append(replace(canal, sea_zones=(here, n)))
    return Board(board.id, board.title, spaces, tuple(board.powers.values()), canals, board.straits)


def _one_of(at: str, key: str, value: object, known: Collection[str]) -> str:
    if not isinstance(value, str) or value not in known:
        raise BoardDataError(f"{at}: {key} names {value!r}, which this rule system does not have")
    return value

