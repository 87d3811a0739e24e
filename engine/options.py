"""What the player to move can do now: the options behind autocomplete.

``legal_commands(state)`` lists, for the power whose input is due, the commands that
make sense in this phase and their argument choices (units that can be bought, unit
groups that can move and where, what can be placed where). It is computed from the
same rules that judge commands, never a separate model.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .combat import breakoff, rockets
from .combat.atomic import GROUPS, STRIKE
from .combat.choices import retreat_options
from .combat.withdraw import withdraw_options
from .commands import UnitCounts
from .ids import SpaceId, UnitKind
from .limits import buy_problem
from .mobilize import eligible_factories, remaining_capacity
from .phases import phase_entry
from .passive import acting_view, commands_now
from .production import FACTORY, city_points_left, city_problem, factory_site_problem
from .purchase import price
from .state import GameState


@dataclass(frozen=True, slots=True)
class MoveGroup:
    """Units of one space that can still move, and where the whole group could go."""

    origin: SpaceId
    units: UnitCounts
    destinations: tuple[SpaceId, ...]


@dataclass(frozen=True, slots=True)
class LegalCommands:
    power: str
    phase: str
    commands: tuple[str, ...]
    """Command words usable now (``buy``, ``move``, ``done``...)."""
    buyable: tuple[UnitKind, ...] = ()
    """Unit types the treasury can pay for."""
    moves: tuple[MoveGroup, ...] = ()
    placements: dict[SpaceId, int] = field(default_factory=dict)
    """Where bought units can go: factory territory -> units it can still take."""
    battles: tuple[SpaceId, ...] = ()
    """Battles waiting to be fought with ``battle`` (Conduct Combat, no question pending)."""
    retreats: tuple[SpaceId, ...] = ()
    """Where the attacker may retreat, while the battle asks it to press on or retreat."""
    withdrawals: tuple[SpaceId, ...] = ()
    """Where submarines may withdraw, while the battle asks whether they do (004 §6)."""
    rockets: tuple[tuple[SpaceId, SpaceId], ...] = ()
    """(gun territory, target) pairs ``/rocket`` may name now (Combat Move, Rockets)."""
    neutrals: Mapping[SpaceId, tuple[SpaceId, ...]] = field(default_factory=dict)
    """The neutrals ``/diplomacy`` may name now, each with the sea zones its ships could join in."""
    advantages: tuple[tuple[str, SpaceId], ...] = ()
    """(item id, territory) pairs ``/advantage use`` may name now, in a passive window."""


ANSWERS = ("casualties", "retreat", "press", "submerge")
"""Commands that answer a battle's question: offered only while one is asked."""
ATOMIC_CHOICES = (GROUPS, STRIKE)
"""An atomic attack's questions, which ``/atomic`` answers too (``engine.combat.atomic``)."""


@dataclass(frozen=True, slots=True)
class Offers:
    """A phase's argument choices (``Phase.offers``): what its commands could name now."""

    buyable: tuple[UnitKind, ...] = ()
    moves: tuple[MoveGroup, ...] = ()
    placements: dict[SpaceId, int] = field(default_factory=dict)
    rockets: tuple[tuple[SpaceId, SpaceId], ...] = ()
    neutrals: Mapping[SpaceId, tuple[SpaceId, ...]] = field(default_factory=dict)
    advantages: tuple[tuple[str, SpaceId], ...] = ()
    """(item id, territory) pairs ``/advantage use`` may name now (a passive window's items
    used where the power is attacked: ``engine.advantages_asked``)."""


def legal_commands(state: GameState) -> LegalCommands:
    power = state.actor
    phase = state.phase
    always = ("orders",)
    if state.is_over:
        return LegalCommands(power, phase, always)
    combat = state.combat
    if combat is not None and combat.current is not None and combat.current.pending is not None:
        asked = combat.current.pending.kind
        retreats = (tuple(retreat_options(state, combat)) if asked == "retreat"
                    else tuple(breakoff.options(state, combat, combat.current.pending.side)) if asked == breakoff.KIND
                    else ())
        withdrawals = (tuple(withdraw_options(state, combat, combat.current.pending.side)) if asked == "withdraw"
                       else ())
        answers = (*ANSWERS, "atomic") if asked in ATOMIC_CHOICES else ANSWERS
        return LegalCommands(power, phase, (*answers, *always), retreats=retreats, withdrawals=withdrawals)
    view = state
    if state.window is not None:
        phase, view = state.window.phase, acting_view(state, power)
    entry = phase_entry(phase)
    words = (*(c.name for c in commands_now(state) if c.name not in ANSWERS), "done", *(("undo",) if entry.undo else ()), *always)
    offers = entry.offers(view) if entry.offers is not None else Offers()
    battles = tuple(e.space for e in combat.entries) if combat is not None else ()
    return LegalCommands(power, phase, words, buyable=offers.buyable, moves=offers.moves,
                         placements=offers.placements, battles=battles, rockets=offers.rockets,
                         neutrals=offers.neutrals, advantages=offers.advantages)


def buy_offers(state: GameState) -> Offers:
    """Unit types the treasury can pay for and the unit table lets the power buy now."""
    have = state.treasury.get(state.turn, 0)
    return Offers(buyable=tuple(k for k in state.rules.units if price(state, state.turn, k) <= have
                                and buy_problem(state, state.turn, k) is None))


def move_offers(state: GameState) -> Offers:
    return Offers(moves=tuple(move_groups(state)))


def combat_move_offers(state: GameState) -> Offers:
    """Moves, and the rockets the power could fire (none without the development)."""
    return Offers(moves=tuple(move_groups(state)), rockets=rockets.targets(state))


def place_offers(state: GameState) -> Offers:
    """Factories with room left, where a bought industrial complex could go, and the victory
    cities with points left where units built at victory cities wait."""
    spots = {f: remaining_capacity(state, f) for f in eligible_factories(state, state.turn)}
    if state.purchased.get(FACTORY):
        spots.update({s: 0 for s, sp in state.board.spaces.items() if factory_site_problem(state, s) is None})
    at_cities = state.rules.production.at_victory_cities
    for kind in (k for k in at_cities if state.purchased.get(k)):
        spots.update({s: city_points_left(state, s) // at_cities[kind] for s in state.board.spaces
                      if city_problem(state, kind, s, at_cities[kind]) is None})
    return Offers(placements=spots)


def move_groups(state: GameState) -> list[MoveGroup]:
    """Each space's movable units of the power to move, as one group per unit type."""
    from .movement import reachable

    out: list[MoveGroup] = []
    spaces = sorted({u.space for u in state.units_of(state.turn)})
    for space in spaces:
        kinds = sorted({u.kind for u in state.units_at(space) if u.owner == state.turn
                        and not state.rules.spec(u.kind).structure})
        for kind in kinds:
            group: UnitCounts = ((kind, 1),)
            destinations = tuple(reachable(state, space, group))
            if destinations:
                count = sum(1 for u in state.units_at(space) if u.owner == state.turn and u.kind == kind)
                out.append(MoveGroup(space, ((kind, count),), destinations))
    return out
