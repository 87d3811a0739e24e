"""Phases as a registry: what a phase accepts, what happens on entering it and at its end.

A rule system lists its phase ids in order (``phases`` in ``maps/<id>/ruleset.toml``);
each id names one :class:`Phase` here. ``engine.game`` walks that list and asks the entry
what to do, so no other part of the engine names a phase: a new phase (Revised's
``develop_weapons``) is one :func:`register_phase` call with its handler functions, and
a rule system takes it by listing its id.

The entries of 1942 Second Edition's six phases (000, "Turn Sequence") live in
``engine.turn``; registering happens when the ``engine`` package is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from .errors import BoardDataError
from .events import Event

if TYPE_CHECKING:
    from .commands import Command
    from .dice import Dice
    from .options import Offers
    from .ruleset import RuleSet
    from .state import GameState

Handler = Callable[["GameState", Any, "Dice"], tuple["GameState", list[Event]]]
"""Applies one accepted command: state, command, dice in; new state and events out."""
Entered = tuple["GameState", list[Event], bool]
"""What ``on_enter`` returns: the state, its events, and True when the phase has nothing
left for a player to do (the game moves straight on to the next phase)."""
OnEnter = Callable[["GameState", "Dice"], Entered]
"""Entering a phase may roll (antiaircraft fire at overflights when Conduct Combat begins)."""
OnEnd = Callable[["GameState"], tuple["GameState", list[Event]]]
"""``/done``: refuse (raise a ``RulesError``) while obligations remain, else settle them."""
Movement = Literal["combat", "noncombat"]


@dataclass(frozen=True, slots=True)
class Phase:
    """One registry entry: a phase of the turn sequence."""

    id: str
    title: str
    """What players read ("Conduct Combat"), never the id."""
    handlers: Mapping[type[Command], Handler] = field(default_factory=dict)
    """The commands this phase accepts (besides ``/done``, ``/undo`` and ``/orders``)."""
    on_enter: OnEnter | None = None
    on_end: OnEnd | None = None
    needs_capital: bool = True
    """A power whose capital is in enemy hands sits this phase out (000, "Capturing and
    Liberating Capitals": it may move and fight, but not buy, place or collect)."""
    production: bool = False
    """Buying or mobilizing units, which a rule system may keep open to a power without its
    capital (switch ``capital_lost_keeps_production``)."""
    movement: Movement | None = None
    """Units move in this phase: ``combat`` (Combat Move) or ``noncombat``."""
    undo: bool = True
    """``/undo`` is offered (a phase made of dice rolls has nothing to take back)."""
    offers: Callable[[GameState], Offers] | None = None
    """The argument choices autocomplete offers in this phase (``engine.options``)."""
    optional: Mapping[type[Command], Handler] = field(default_factory=dict)
    """Commands this phase takes only in a rule system that lists them (``commands`` in
    ``ruleset.toml``): Revised's ``/rocket`` in Combat Move."""
    default: Callable[[GameState], Command | None] | None = None
    """What the referee enters for a seat whose deadline passed, short of ending the phase:
    only a step the player has no say in (``engine.deadline``); None: the phase just ends."""

    def sits_out(self, rules: RuleSet) -> bool:
        """Whether a power whose capital is in enemy hands sits this phase out in ``rules``."""
        return self.needs_capital and not (self.production and rules.switches.capital_lost_keeps_production)

    def taken(self, rules: RuleSet) -> Mapping[type[Command], Handler]:
        """The commands this phase accepts in ``rules``: its own, and the optional ones and
        those of every phase (:func:`register_anytime`) the rule system lists."""
        if not self.optional and not _ANYTIME:
            return self.handlers
        extra = {**self.optional, **_ANYTIME}
        return {**self.handlers, **{c: h for c, h in extra.items() if c.name in rules.commands}}

    def accepts(self, command: Command, rules: RuleSet) -> bool:
        return type(command) in self.taken(rules)


_REGISTRY: dict[str, Phase] = {}
_ANYTIME: dict[type[Command], Handler] = {}


def register_anytime(command: type[Command], handler: Handler) -> None:
    """A command every phase takes in a rule system that lists it in ``commands`` (AARHE's
    ``/advantage``: a National Advantage is revealed "any time in the game")."""
    _ANYTIME[command] = handler


def anytime() -> tuple[type[Command], ...]:
    """The commands registered with :func:`register_anytime`."""
    return tuple(_ANYTIME)


def register_phase(phase: Phase) -> Phase:
    """Add ``phase`` to the registry; an id registered twice is a maintainer's mistake."""
    if phase.id in _REGISTRY and _REGISTRY[phase.id] is not phase:
        raise BoardDataError(f"phase {phase.id!r} is registered twice")
    _REGISTRY[phase.id] = phase
    return phase


def phase_entry(phase_id: str) -> Phase:
    """The registry entry of ``phase_id``."""
    try:
        return _REGISTRY[phase_id]
    except KeyError:
        raise BoardDataError(f"no phase {phase_id!r} is registered; known: {', '.join(sorted(_REGISTRY))}") from None


def phase_title(rules: RuleSet, phase_id: str) -> str:
    """The display name of ``phase_id`` in ``rules`` ("Conduct Combat"), for every message
    players read."""
    if phase_id not in rules.phases and phase_id not in rules.turns.windows:
        raise BoardDataError(f"{rules.id} has no phase {phase_id!r}")
    return phase_entry(phase_id).title


def check_phases(rules: RuleSet) -> None:
    """Every phase the rule system lists is registered, and every command it adds is an
    optional command of one of them (raised at load, naming the id)."""
    unknown = [p for p in (*rules.phases, *rules.turns.windows) if p not in _REGISTRY]
    if unknown:
        raise BoardDataError(f"{rules.id}: ruleset.toml lists unknown phases {', '.join(unknown)}")
    offered = ({c.name for p in (*rules.phases, *rules.turns.windows) for c in _REGISTRY[p].optional}
               | {c.name for c in _ANYTIME})
    stray = [c for c in rules.commands if c not in offered]
    if stray:
        raise BoardDataError(f"{rules.id}: ruleset.toml lists commands no phase of it offers: {', '.join(stray)}")
