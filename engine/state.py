"""Game state: who owns what, where every unit stands, whose turn and phase it is.

:class:`GameState` is immutable by convention: rules build a new state with
:meth:`GameState.evolve` and never change one in place, so a refused command leaves the
state untouched and any state can be kept, compared and serialised. Units are
individual pieces (:class:`Unit`) because per-unit facts matter within a turn: how far a
tank has moved, which transport carries which infantry, a damaged battleship.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .economy.ledger import EMPTY, Ledger
from .goal_data import Record
from .ids import PowerId, SpaceId, UnitKind
from .relations import NONE, Relations
from .technology import Lab, Research

if TYPE_CHECKING:
    from .advantages_data import Hand
    from .board import Board
    from .lanes import Lane
    from .passive import OpenWindow
    from .ruleset import RuleSet

# Per-turn facts a unit may carry in ``Unit.flags``; all are cleared when a turn ends.
COMBAT_MOVED = "combat_moved"
"""Moved in Combat Move: may not move in Noncombat Move (air units excepted)."""
FOUGHT = "fought"
"""Took part in a battle this turn."""
BLITZED = "blitzed"
"""A tank that blitzed through an unoccupied hostile territory."""
SEABORNE = "seaborne"
"""A land unit that offloaded from a transport into a battle: it cannot retreat."""
LOADED = "loaded"
"""Cargo loaded this turn."""
LOADED_IN_COMBAT = "loaded_in_combat"
"""Cargo loaded during Combat Move: it must offload in an amphibious assault."""
OFFLOADED = "offloaded"
"""A transport that offloaded this turn: it cannot move, load or offload again."""
RETREATED = "retreated"
"""Retreated from a battle this turn."""
RAID = "raid"
"""A bomber flying a strategic bombing raid (or a fighter escorting one)."""
PLACED = "placed"
"""Mobilized this turn."""
SUBMERGED = "submerged"
"""A submarine that submerged in a battle: ignored for the zone's status until it resurfaces
at the end of Noncombat Move (switch ``submerged_until_noncombat_end``)."""
ROCKET = "rocket"
"""An AA gun declared to fire a rocket this turn (at the territory in ``Unit.target``)."""
REDEPLOYED = "redeployed"
"""A land unit moved by Strategic Redeployment this turn, or a transport that ferried one
(``engine.movement.redeploy``)."""
SAILED = "sailed"
"""A ship that moved in a turn since its owner's last turn began: not repaired in port as
that power's next turn begins (switch ``ship_repair``; ``engine.naval_repair``). Not a turn
flag: it outlasts the turn it was set in."""
PASSIVE_MOVED = "passive_moved"
"""A unit of the passive side moved in a window of the other team's turn (``engine.passive``:
AARHE's Defensive Air Support or Reinforcement); each unit moves once a window."""
BOMBS_CAPACITY = "bombs_capacity"
"""A bomber on a Strategic Bombing Raid whose owner chose, in person, that it strike the
complex's production capacity (``engine.combat.missions``)."""
BOMBS_INCOME = "bombs_income"
"""A bomber on a Strategic Bombing Raid whose owner chose, in person, that it strike the
territory's income."""
DROPPED = "dropped"
"""A land unit dropped into a hostile territory by Airborne Drop this turn: it does not
retreat (``engine.movement.airdrop``)."""
AIRLIFTED = "airlifted"
"""An aircraft that carried a land unit by Air Transport this turn, or the unit it carried
(``engine.movement.airlift``)."""
MOVES_AGAIN = "moves_again"
"""Armor that may move in Noncombat Move although it fought, having cleared a territory's
land defenders in one cycle (Panzer blitz, a National Advantage: ``combat.national``)."""
MISSION_FLAG = "mission:"
"""Prefix of the flag an air unit on one of the rule system's air missions carries this turn,
the mission's id after it (``mission:night_bombing``; ``engine.missions``), with ``raid``."""
TURN_FLAGS = frozenset(
    {COMBAT_MOVED, FOUGHT, BLITZED, SEABORNE, LOADED, LOADED_IN_COMBAT, OFFLOADED, RETREATED, RAID, PLACED, ROCKET,
     REDEPLOYED, PASSIVE_MOVED, AIRLIFTED, DROPPED, BOMBS_CAPACITY, BOMBS_INCOME, MOVES_AGAIN}
)


@dataclass(frozen=True, slots=True)
class Build:
    """A unit laid down and partly paid for, mobilized in a later turn when the rest is
    paid (001, Phase 6, "Build schedule")."""

    kind: UnitKind
    paid: int
    laid: int
    """The round it was laid down in: it may be mobilized from the next round on."""


def with_builds(builds: Mapping[PowerId, tuple[Build, ...]], power: PowerId,
                left: Iterable[Build]) -> dict[PowerId, tuple[Build, ...]]:
    """``builds`` with ``power``'s replaced by ``left``; a power with none is left out, as
    the JSON leaves it out."""
    out = {p: bs for p, bs in builds.items() if p != power}
    kept = tuple(left)
    if kept:
        out[power] = kept
    return out


@dataclass(frozen=True, slots=True)
class Unit:
    """One piece on the board."""

    id: int
    kind: UnitKind
    owner: PowerId
    space: SpaceId
    hits: int = 0
    """Hits taken and not yet repaired (a battleship's first hit)."""
    moved: int = 0
    """Movement points spent this turn."""
    path: tuple[SpaceId, ...] = ()
    """Spaces this unit occupied this turn, starting space first; empty if it has not moved."""
    aboard: int | None = None
    """Id of the transport or carrier carrying this unit."""
    flags: frozenset[str] = frozenset()
    target: SpaceId | None = None
    """The territory an amphibious cargo will assault, or a raid's target."""
    built_with: frozenset[str] = frozenset()
    """Developments the unit was built with and keeps for good, where a development improves
    only units built after it (``Development.new_units``)."""

    def has(self, flag: str) -> bool:
        return flag in self.flags

    @property
    def mission(self) -> str | None:
        """The id of the rule system's air mission the unit flies this turn, if any."""
        return next((f[len(MISSION_FLAG):] for f in self.flags if f.startswith(MISSION_FLAG)), None)

    def with_flags(self, *flags: str) -> Unit:
        return replace(self, flags=self.flags | frozenset(flags))

    @property
    def came_from(self) -> SpaceId | None:
        """The space entered just before the current one this turn, if the unit moved."""
        return self.path[-2] if len(self.path) >= 2 else None

    @property
    def start(self) -> SpaceId:
        """Where the unit stood at the start of the turn."""
        return self.path[0] if self.path else self.space

    def fresh(self) -> Unit:
        """The unit as a new turn sees it: no movement, no turn flags (damage stays)."""
        kept = frozenset(f for f in self.flags - TURN_FLAGS if not f.startswith(MISSION_FLAG))
        return replace(self, moved=0, path=(), flags=kept, target=None)


def frozen(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    """A read-only view, so shared mappings cannot be changed behind a state's back."""
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything needed to continue a game; serialises to plain JSON (see ``docs/state.md``)."""

    rules: RuleSet = field(repr=False, compare=False)
    round: int
    turn: PowerId
    phase: str
    treasury: Mapping[PowerId, int]
    owners: Mapping[SpaceId, PowerId | None]
    units: Mapping[int, Unit]
    ic_damage: Mapping[SpaceId, int] = field(default_factory=dict)
    turn_start_owners: Mapping[SpaceId, PowerId | None] = field(default_factory=dict)
    """Owners at the start of the current turn: landing, canals and placement depend on it."""
    purchased: Mapping[UnitKind, int] = field(default_factory=dict)
    """Units bought this turn and waiting in the mobilization zone."""
    sites: Mapping[PowerId, Mapping[SpaceId, Mapping[UnitKind, int]]] = field(default_factory=dict)
    """Of each power's ``purchased``, the units bought for one site and priced by it
    (``engine.production``: AARHE's infantry at a victory city, a factory): placed there only."""
    builds: Mapping[PowerId, tuple[Build, ...]] = field(default_factory=dict)
    """Units each power laid down and partly paid for, mobilized in a later turn when the
    rest is paid (``engine.production``, two-round builds)."""
    arsenal: Mapping[PowerId, tuple[int, ...]] = field(default_factory=dict)
    """Each power's atomic bombs bought and not yet loaded, as the rounds they were bought in
    (``engine.atomic``)."""
    options: Mapping[str, Any] = field(default_factory=dict)
    orders: Mapping[PowerId, Mapping[str, Any]] = field(default_factory=dict)
    """Standing orders per power (order of loss, retreat conditions...)."""
    combat: Any = None
    """The Conduct Combat phase's battles and pending choice (``engine.combat``), or None."""
    tech: Mapping[PowerId, tuple[str, ...]] = field(default_factory=dict)
    """Each power's developments in effect (``engine.technology``), in the order gained."""
    research: Research | None = None
    """The last Develop Weapons result, until the next power's; its breakthrough joins
    ``tech`` when that power's Mobilize New Units begins (003, Phase 1, Step 4)."""
    economy: Ledger = EMPTY
    """Income reductions waiting for a territory's next Collect Income and lend-lease sent
    this turn (``engine.economy.ledger``); empty where the rule system has neither."""
    progress: Mapping[PowerId, Mapping[str, int]] = field(default_factory=dict)
    """Progress boxes filled per power and development, where research fills boxes; a
    development not listed has its head start (``Technology.filled``)."""
    labs: Mapping[PowerId, Lab] = field(default_factory=dict)
    """Each power's research dice of its latest round (bought, assigned, rolled)."""
    victory_since: Mapping[str, int] = field(default_factory=dict)
    """The round at whose end a side first met its victory condition, while it still does,
    where a side must hold it for some rounds (``engine.victory``)."""
    cooperation: Mapping[SpaceId, int] = field(default_factory=dict)
    """Each neutral's position on the track of cooperation (``engine.neutrals``); empty
    where the board has no track."""
    diplomacy: Relations = NONE
    """Who collects each pro-side neutral's income and the neutrals each power rolled for in
    its Diplomacy phase (``engine.relations``); empty where nobody rolls for neutrals."""
    advantages: Mapping[PowerId, Hand] = field(default_factory=dict)
    """Each power's National Advantages drawn, revealed and used (``engine.advantages``);
    empty where the game does not play them."""
    goals: Record | None = None
    """In a game of Historical Victory, each nation's goals and their progress
    (``engine.goals``); None in every other game."""
    fallen: frozenset[SpaceId] = frozenset()
    """Capitals an enemy of their power has captured at least once (``engine.control.capture``):
    what lifts a rule system's restrictions (``engine.restrictions``)."""
    lanes: Mapping[PowerId, Lane] = field(default_factory=dict)
    """In a team turn, each teammate but the one in focus (``turn``) with its own phase,
    purchases, research and battles (``engine.lanes``); empty where one power plays."""
    window: OpenWindow | None = None
    """A window of the passive side in progress (``engine.passive``): the other team's powers
    still to act in it and the one acting; None outside one."""
    winner: str | None = None
    next_id: int = 1
    checkpoint: GameState | None = field(default=None, compare=False, repr=False)
    """The state that ``/undo`` may return to: start of phase or last dice roll."""
    since_checkpoint: tuple[str, ...] = ()
    """Canonical text of the commands applied since ``checkpoint``, oldest first."""
    back: StepBack | None = field(default=None, compare=False, repr=False)
    """How to step back over the last of ``since_checkpoint`` (see :attr:`before`)."""
    _by_space: dict[SpaceId, tuple[Unit, ...]] | None = field(
        default=None, compare=False, repr=False, init=False
    )

    # -- identity -----------------------------------------------------------------
    @property
    def ruleset(self) -> str:
        return self.rules.id

    @property
    def board(self) -> Board:
        return self.rules.board

    @property
    def actor(self) -> PowerId:
        """The power whose input is due: the power to move, the chooser of a battle choice, or
        the passive power acting in a window of the other team's turn."""
        if self.window is not None:
            return self.window.acting
        if self.combat is not None:
            chooser = self.combat.chooser()
            if chooser is not None:
                return PowerId(chooser)
        return self.turn

    @property
    def due(self) -> tuple[PowerId, ...]:
        """Every power whose input is due now: ``actor``, and in a team turn each teammate
        playing its own phase (or the chooser of a choice in its battle); in a passive window,
        its powers still to act."""
        if self.window is not None and not self.is_over:
            return self.window.due
        if not self.lanes:
            return () if self.is_over else (self.actor,)
        from .lanes import due

        return tuple(due(self))

    @property
    def team(self) -> tuple[PowerId, ...]:
        """The powers playing this turn: ``turn`` alone, or its team (``engine.teams``)."""
        return self.rules.turns.team_of(self.round, self.turn)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def before(self) -> GameState | None:
        """The state before the last of ``since_checkpoint``, so ``/undo`` steps back without
        replaying; None where it is not known (``/undo`` then replays from ``checkpoint``)."""
        step = self.back
        if step is None:
            return None
        return self.with_units(step.units, step.added).evolve(
            since_checkpoint=self.since_checkpoint[:-1], back=step.older, **step.fields)

    # -- derived views ------------------------------------------------------------
    def evolve(self, **changes: Any) -> GameState:
        """A new state with ``changes`` applied (mappings are frozen on the way in)."""
        for key, value in changes.items():
            if isinstance(value, dict):
                changes[key] = frozen(value)
        new = replace(self, **changes)
        if "units" not in changes:
            object.__setattr__(new, "_by_space", self._by_space)
        return new

    def with_units(self, changed: Iterable[Unit] = (), removed: Iterable[int] = (), **other: Any) -> GameState:
        """A new state with some units replaced, added or removed."""
        units = dict(self.units)
        next_id = self.next_id
        placed: dict[int, Unit] = {}
        touched: set[SpaceId] = set()
        for unit in changed:
            old = units.get(unit.id)
            if old is not None:
                touched.add(old.space)
            units[unit.id] = placed[unit.id] = unit
            touched.add(unit.space)
            next_id = max(next_id, unit.id + 1)
        for uid in removed:
            old = units.pop(uid, None)
            if old is not None:
                touched.add(old.space)
            placed.pop(uid, None)
        new = self.evolve(units=units, next_id=next_id, **other)
        if self._by_space is not None and "units" not in other:
            object.__setattr__(new, "_by_space", _reindexed(self._by_space, units, placed, touched))
        return new

    def units_at(self, space: SpaceId) -> tuple[Unit, ...]:
        index = self._by_space
        if index is None:
            index = _index(self.units.values())
            object.__setattr__(self, "_by_space", index)
        return index.get(space, ())

    def units_of(self, power: PowerId) -> Iterator[Unit]:
        return (u for u in self.units.values() if u.owner == power)

    def cargo_of(self, carrier_id: int) -> tuple[Unit, ...]:
        carrier = self.units[carrier_id]
        return tuple(u for u in self.units_at(carrier.space) if u.aboard == carrier_id)

    def owner(self, space: SpaceId) -> PowerId | None:
        return self.owners.get(space)

    def captured_this_turn(self, space: SpaceId) -> bool:
        """Changed hands during the current turn (captured, liberated or blitzed)."""
        return self.owners.get(space) != self.turn_start_owners.get(space, self.owners.get(space))

    def count(self, space: SpaceId, power: PowerId | None = None) -> dict[UnitKind, int]:
        out: dict[UnitKind, int] = {}
        for u in self.units_at(space):
            if power is None or u.owner == power:
                out[u.kind] = out.get(u.kind, 0) + 1
        return out

    # -- serialisation --------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        from .serial import state_to_json

        return state_to_json(self)

    @staticmethod
    def from_json(data: Mapping[str, Any], rules: RuleSet) -> GameState:
        from .serial import state_from_json

        return state_from_json(data, rules)


@dataclass(frozen=True, slots=True)
class StepBack:
    """What turns a state back into the one before its last command. Kept instead of that
    whole state, so each command of a long phase costs only what it changed."""

    units: tuple[Unit, ...]
    """The units as they were, where the command changed or removed them."""
    added: tuple[int, ...]
    """Ids of the units the command added."""
    fields: Mapping[str, Any]
    """The other fields as they were, where the command changed them."""
    older: StepBack | None = None
    """The step back from there, over the command before."""


_STEPPED_FIELDS = tuple(f.name for f in fields(GameState) if f.name not in (
    "rules", "units", "checkpoint", "since_checkpoint", "back", "_by_space"))


def step_back(before: GameState, after: GameState) -> StepBack:
    """The step from ``after`` back to ``before`` (one command apart), after ``before``'s own."""
    was, now = before.units, after.units
    return StepBack(
        tuple(u for uid, u in was.items() if now.get(uid) is not u),
        tuple(uid for uid in now if uid not in was),
        {f: getattr(before, f) for f in _STEPPED_FIELDS if getattr(before, f) is not getattr(after, f)},
        before.back,
    )


def _by_id(unit: Unit) -> int:
    return unit.id


def _index(units: Iterable[Unit]) -> dict[SpaceId, tuple[Unit, ...]]:
    """Units by the space they stand in, each space's in id order."""
    built: dict[SpaceId, list[Unit]] = {}
    for unit in units:
        built.setdefault(unit.space, []).append(unit)
    return {s: tuple(sorted(us, key=_by_id)) for s, us in built.items()}


def _reindexed(
    index: dict[SpaceId, tuple[Unit, ...]],
    units: Mapping[int, Unit],
    placed: Mapping[int, Unit],
    touched: set[SpaceId],
) -> dict[SpaceId, tuple[Unit, ...]]:
    """``index`` after some units changed: only the ``touched`` spaces (where a changed or
    removed unit stood or stands now) are recomputed, from their old entries and the
    ``placed`` units, so a move costs the size of two spaces, not a sort of the board."""
    out = dict(index)
    arriving: dict[SpaceId, list[Unit]] = {}
    for unit in placed.values():
        arriving.setdefault(unit.space, []).append(unit)
    for space in touched:
        here = [u for u in index.get(space, ()) if u.id not in placed and u.id in units]
        here.extend(arriving.get(space, ()))
        if here:
            out[space] = tuple(sorted(here, key=_by_id))
        else:
            out.pop(space, None)
    return out
