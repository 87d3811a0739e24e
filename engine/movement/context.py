"""What the power to move sees of the board: friend and foe, hostile spaces, canals.

000, "Spaces On The Game Board": a territory is friendly (held by your side), hostile
(held by the other side) or neutral; a sea zone is hostile only while it holds enemy
surface warships, or any enemy unit (switch ``hostile_sea_zone``, see
:func:`engine.battles.makes_sea_zone_hostile`). Every move check and every autocomplete
query asks these questions, so they are answered once per state and cached.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import NamedTuple, NoReturn

from ..advantages import move_again_points
from ..battles import makes_sea_zone_hostile
from ..board import Board, Canal
from ..errors import IllegalCommandError
from ..ids import PowerId, SpaceId, UnitKind
from ..notation import format_units, unit_word
from ..phases import phase_entry
from ..restrictions import keeping_out
from ..ruleset import RuleSet
from ..state import AIRLIFTED, COMBAT_MOVED, FOUGHT, MOVES_AGAIN, GameState, Unit
from ..units import UnitSpec
from .neutrals import closed_neutral, open_to

EXTRA_AIR_POINTS = 2
"""001 › Phase 5, Air Movement: "Air units that did not move in combat move or conduct combat
gain two extra movement points"."""


def refuse(reason: str, message: str) -> NoReturn:
    """Raise the player-facing refusal of a move."""
    raise IllegalCommandError(message, reason=reason)


class _Presence(NamedTuple):
    """What the enemy has in one space, as the mover sees it."""

    units: list[Unit]
    hostile_sea: bool
    destroyer: bool
    antiaircraft: bool


class _Spaces:
    """The spaces where one fact of :class:`_Presence` holds, judged when first asked."""

    __slots__ = ("presence", "field")

    def __init__(self, presence: Callable[[SpaceId], _Presence], field: int) -> None:
        self.presence = presence
        self.field = field

    def __contains__(self, space: object) -> bool:
        return isinstance(space, str) and bool(self.presence(SpaceId(space))[self.field])


class _Static(NamedTuple):
    """What a movement phase sees that only the board, the switches and the options decide."""

    impassable: frozenset[SpaceId]
    closed: frozenset[SpaceId]


@lru_cache(maxsize=32)
def _static(rules: RuleSet, closing: frozenset[str]) -> _Static:
    board = rules.board
    return _Static(
        frozenset(s for s, sp in board.spaces.items() if sp.impassable or closed_neutral(rules, sp)),
        frozenset(s for s, sp in board.spaces.items() if sp.closed_by_option in closing),
    )


class Ctx:
    """The board as ``state.turn`` sees it during a movement phase.

    Built for every new state, so it does no work up front: what the enemy holds in a
    space is read from the state's by-space index the first time a move asks about that
    space, and what only the board and options decide is shared between states."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.rules = state.rules
        self.board: Board = self.rules.board
        self.power: PowerId = state.turn
        self.combat = phase_entry(state.phase).movement == "combat"
        side = self.board.side_of(self.power)
        self.allied_side = {p for p, pw in self.board.powers.items() if pw.side == side}
        self.presence: dict[SpaceId, _Presence] = {}
        self.hostile_seas = _Spaces(self.enemy_presence, 1)
        self.destroyer_zones = _Spaces(self.enemy_presence, 2)
        self.antiaircraft = _Spaces(self.enemy_presence, 3)
        closing = frozenset(o for o in self.board.closing_options if state.options.get(o))
        static = _static(self.rules, closing)
        self.impassable = static.impassable
        self.closed = static.closed
        self.neighbours = self.board.adjacency
        self.kept_out = keeping_out(self.rules.restrictions, state.fallen, self.power)
        """Territories a restriction keeps the mover out of (``engine.restrictions``)."""
        self.cache: dict[str, object] = {}

    def enemy_presence(self, space: SpaceId) -> _Presence:
        """The enemy units in ``space`` and what they make of it (cached per state)."""
        found = self.presence.get(space)
        if found is not None:
            return found
        state, spec = self.state, self.rules.spec
        docks = state.diplomacy.docked_at
        enemy = [u for u in state.units_at(space) if u.owner not in self.allied_side and docks(u.owner, space) is None]
        at_sea = self.board.spaces[space].is_sea
        found = _Presence(
            enemy,
            at_sea and any(makes_sea_zone_hostile(state, u) for u in enemy),
            at_sea and any(spec(u.kind).anti_submarine for u in enemy),
            any(spec(u.kind).antiaircraft_shots for u in enemy),
        )
        self.presence[space] = found
        return found

    # -- words --------------------------------------------------------------------
    def name(self, space: SpaceId) -> str:
        return self.board.spaces[space].name

    def pname(self, power: PowerId | None = None) -> str:
        return self.rules.power_name(power or self.power)

    def spec(self, kind: str) -> UnitSpec:
        return self.rules.spec(kind)

    def move(self, unit: Unit) -> int:
        """The unit's movement allowance, technology included (the rule system's hook)."""
        return self.rules.hooks.move_points(self.state, unit)

    def _halved(self, unit: Unit) -> bool:
        return self.rules.switches.air_half_moves and self.spec(unit.kind).is_air

    def fresh_in_noncombat(self, unit: Unit) -> bool:
        """An air unit that neither moved in Combat Move nor fought, where that gives it two
        more points in Noncombat Move (switch ``air_half_moves``)."""
        return (self._halved(unit) and not self.combat and not unit.has(COMBAT_MOVED) and not unit.has(FOUGHT)
                and not unit.has(AIRLIFTED))

    def points_left(self, unit: Unit) -> int:
        """Movement points the unit may still spend in this phase. Where air units fly half
        their points a phase (switch ``air_half_moves``; 001 › Phase 3 and Phase 5, Air
        Movement): half, rounded down, in Combat Move; in Noncombat Move half again for one
        that moved in Combat Move or fought (its Combat Move counted as half spent,
        ``end_combat_move``) or carried a unit by Air Transport (``airlift``), and for the
        others their move and ``EXTRA_AIR_POINTS``. A unit that fought and may move again
        (``MOVES_AGAIN``: Panzer blitz) has the item's points in Noncombat Move."""
        if unit.has(MOVES_AGAIN) and not self.combat:
            return move_again_points(self.state, unit)
        if not self._halved(unit):
            return self.move(unit) - unit.moved
        half = self.move(unit) // 2
        if self.combat:
            return half - unit.moved
        if self.fresh_in_noncombat(unit):
            return self.move(unit) + EXTRA_AIR_POINTS - unit.moved
        return 2 * half - unit.moved

    def landing_points(self, unit: Unit, spent: int = 0) -> int:
        """The points an air unit will have to land with after spending ``spent`` more: in
        Combat Move, where air units fly half their points a phase, the half of Noncombat
        Move; otherwise what is left."""
        if self._halved(unit) and self.combat:
            return self.move(unit) // 2
        return self.points_left(unit) - spent

    # -- friend and foe -----------------------------------------------------------------
    def friendly(self, power: PowerId | None) -> bool:
        return power is not None and power in self.allied_side

    def friendly_territory(self, t: SpaceId) -> bool:
        """Held by the mover's side, or a neutral its side may enter (``neutrals.open_to``)."""
        return self.friendly(self.state.owners.get(t)) or open_to(self, t)

    def hostile_territory(self, t: SpaceId) -> bool:
        """Held by the other side, occupied or not (000, Phase 2: Combat Move)."""
        owner = self.state.owners.get(t)
        return owner is not None and owner not in self.allied_side

    def enemy_at(self, space: SpaceId) -> list[Unit]:
        return self.enemy_presence(space).units

    def battle_territory(self, t: SpaceId) -> bool:
        """Entering it is a combat move: enemy-held or enemy-occupied."""
        return self.hostile_territory(t) or bool(self.enemy_presence(t).units)

    def stops_blitz(self, t: SpaceId) -> bool:
        """Enemy units that stop a tank in ``t``: any (000, Tanks and Blitzing: "including
        anti-aircraft artillery units or an industrial complex"), or only units that can
        fight (004 §14: a territory holding only an AA gun and/or factory is not "enemy
        occupied"); switch ``blitz_blocked_by_structures``."""
        enemy = self.enemy_at(t)
        if self.rules.switches.blitz_blocked_by_structures:
            return bool(enemy)
        return any(self.spec(u.kind).is_combat_unit for u in enemy)

    def friendly_at_start(self, t: SpaceId) -> bool:
        """Landing and canals count from the start of the turn (000, Phase 4; Canals)."""
        start = self.state.turn_start_owners.get(t, self.state.owners.get(t))
        return (self.friendly(start) and self.friendly_territory(t)) or open_to(self, t)

    def hostile_sea(self, z: SpaceId) -> bool:
        return self.enemy_presence(z).hostile_sea

    def canal_closed(self, a: SpaceId, b: SpaceId) -> Canal | None:
        """The canal between ``a`` and ``b`` if the mover's side may not use it: the side must
        hold every controlling territory since the start of the turn (000, Canals)."""
        canal: Canal | None = self.board.canal_between(a, b)
        if canal is None:
            return None
        start = self.state.turn_start_owners
        if all(self.friendly(start.get(t, self.state.owners.get(t))) for t in canal.controlled_by):
            return None
        return canal

    def own(self, space: SpaceId) -> list[Unit]:
        return [u for u in self.state.units_at(space) if u.owner == self.power]

    def carriers_with_room(self, zone: SpaceId) -> list[Unit]:
        """Friendly carriers in ``zone`` with a free deck spot, the mover's own first."""
        units = self.state.units_at(zone)
        out = []
        for u in units:
            cap = self.spec(u.kind).carrier_capacity
            if cap and self.friendly(u.owner) and sum(1 for f in units if f.aboard == u.id) < cap:
                out.append(u)
        return sorted(out, key=lambda c: (c.owner != self.power, c.id))


def units_text(ctx: Ctx, counts: Iterable[tuple[UnitKind, int]] | dict[UnitKind, int]) -> str:
    """``"3 infantry, 1 armor"`` in the rule system's unit names."""
    return format_units(ctx.rules, counts if isinstance(counts, dict) else tuple(counts))


def plural(ctx: Ctx, kind: str) -> str:
    return unit_word(ctx.rules, kind, 2).capitalize()


def count_kinds(units: Iterable[Unit]) -> dict[UnitKind, int]:
    out: dict[UnitKind, int] = {}
    for u in units:
        out[u.kind] = out.get(u.kind, 0) + 1
    return out


_CACHE: dict[int, Ctx] = {}


def context(state: GameState) -> Ctx:
    """The cached :class:`Ctx` of ``state`` (states are immutable, so identity is enough)."""
    ctx = _CACHE.get(id(state))
    if ctx is not None and ctx.state is state:
        return ctx
    if len(_CACHE) > 8:
        _CACHE.clear()
    ctx = Ctx(state)
    _CACHE[id(state)] = ctx
    return ctx
