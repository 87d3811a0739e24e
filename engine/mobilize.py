"""Phase 5, Mobilize New Units: place what was bought at eligible industrial complexes.

000, "Phase 5: Mobilize New Units": only industrial complexes the power has controlled
since the start of its turn (never one captured or bought this turn, never a friendly
power's); per complex at most the territory's IPC value minus damage, counting units
placed in adjacent sea zones; land units and bombers in the territory, sea units in
adjacent sea zones (even hostile), fighters in the territory or on the power's own new or
existing carrier next to it; new industrial complexes in a territory held since the
start of the turn with an income value of at least 1, one per territory. Units that
cannot be placed for lack of capacity go back to the box and are refunded.

Switches (``engine.switches``): ``production_limit`` (``ipc``: damage does not reduce the
limit, 002 Phase 6), ``overproduction`` (``lost``: no refund, 002 Phase 6) and
``fighters_on_existing_carriers`` (off: new fighters only on new carriers, 002 Q&A).
"""

from __future__ import annotations

from dataclasses import replace

from .commands import Place
from .dice import Dice
from .errors import IllegalCommandError
from .events import Event, event
from .ids import PowerId, SpaceId, UnitKind
from .notation import format_units, unit_word
from .purchase import price
from .state import PLACED, GameState, Unit

FACTORY = UnitKind("industrial_complex")


def eligible_factories(state: GameState, power: PowerId) -> list[SpaceId]:
    """Territories whose complex the power may use this turn."""
    out = []
    for sid, owner in state.owners.items():
        if owner != power or state.turn_start_owners.get(sid) != power:
            continue
        if any(u.kind == FACTORY and not u.has(PLACED) for u in state.units_at(sid)):
            out.append(sid)
    return sorted(out)


def remaining_capacity(state: GameState, factory: SpaceId) -> int:
    """Units the complex may still mobilize: 000, Phase 5, "minus the number of damage
    markers"; 002, Phase 6, "equal to the income value of the territory" (switch
    ``production_limit``)."""
    limit = state.board.spaces[factory].ipc
    if state.rules.switches.production_limit == "ipc_minus_damage":
        limit -= state.ic_damage.get(factory, 0)
    used = sum(1 for u in state.units.values() if u.has(PLACED) and u.target == factory and u.kind != FACTORY)
    return max(0, limit - used)


def place(state: GameState, cmd: Place, dice: Dice) -> tuple[GameState, list[Event]]:
    power = state.turn
    rules = state.rules
    where = state.board.spaces[cmd.territory]
    for kind, n in cmd.units:
        if state.purchased.get(kind, 0) < n:
            raise IllegalCommandError(
                f"{rules.power_name(power)} has {state.purchased.get(kind, 0)} {unit_word(rules, kind, 2)} "
                f"waiting to be placed, not {n}.", reason="place.not_bought")
    kinds = dict(cmd.units)
    if FACTORY in kinds:
        if len(kinds) > 1 or kinds[FACTORY] > 1:
            raise IllegalCommandError("Place an industrial complex on its own, one per territory.",
                                      reason="place.factory_alone")
        return _place_factory(state, cmd.territory)
    factories = eligible_factories(state, power)
    if where.is_sea:
        sources = [f for f in factories if cmd.territory in state.board.neighbours(f)]
        for kind in kinds:
            spec = rules.spec(kind)
            if not (spec.is_sea or spec.carrier_based):
                raise IllegalCommandError(f"{unit_word(rules, kind, 2).capitalize()} cannot be placed at sea; "
                                          "land units never enter play on transports.", reason="place.not_at_sea")
        if not sources:
            raise IllegalCommandError(f"{where.name} is not next to an industrial complex "
                                      f"{rules.power_name(power)} has held since the start of its turn.",
                                      reason="place.no_factory")
    else:
        for kind in kinds:
            if rules.spec(kind).is_sea:
                raise IllegalCommandError(f"{unit_word(rules, kind, 2).capitalize()} are placed in a sea zone next to "
                                          "the industrial complex, not on land.", reason="place.ship_on_land")
        if cmd.territory not in factories:
            raise IllegalCommandError(_why_not_factory(state, cmd.territory, power), reason="place.no_factory")
        sources = [cmd.territory]
    total = sum(kinds.values())
    free = {f: remaining_capacity(state, f) for f in sources}
    if total > sum(free.values()):
        spots = ", ".join(f"{state.board.name(f)} {c}" for f, c in free.items())
        raise IllegalCommandError(f"Only {sum(free.values())} more units can be mobilized there this turn "
                                  f"(capacity left: {spots}); you asked for {total}.", reason="place.capacity")
    _keep_carriers_for_waiting_fighters(state, cmd)
    new_units = _build(state, cmd, free)
    new_units += _land_waiting_fighters(state, cmd.territory, new_units)
    purchased = dict(state.purchased)
    for kind, n in cmd.units:
        purchased[kind] -= n
        if not purchased[kind]:
            del purchased[kind]
    name = rules.power_name(power)
    return state.with_units(new_units, purchased=purchased), [
        event("place", f"{name} mobilizes {format_units(rules, cmd.units)} in {where.name}.",
              power=name, units=dict(cmd.units), space=where.name)
    ]


def _build(state: GameState, cmd: Place, free: dict[SpaceId, int]) -> list[Unit]:
    """New units, each charged to a factory; fighters at sea go aboard own carriers."""
    power = state.turn
    rules = state.rules
    next_id = state.next_id
    units: list[Unit] = []
    order = sorted(cmd.units, key=lambda kv: rules.spec(kv[0]).carrier_based)  # carriers before fighters
    for kind, n in order:
        for _ in range(n):
            factory = max(free, key=lambda f: (free[f], f))
            free[factory] -= 1
            aboard = None
            if state.board.spaces[cmd.territory].is_sea and rules.spec(kind).carrier_based:
                aboard = _carrier_with_room(state, units, cmd.territory)
                if aboard is None:
                    which = "carrier" if rules.switches.fighters_on_existing_carriers else "new carrier"
                    raise IllegalCommandError(
                        f"No {which} of {rules.power_name(power)} in {state.board.name(cmd.territory)} has room "
                        "for a new fighter (never on a friendly power's carrier).", reason="place.no_carrier_room")
            units.append(Unit(next_id, kind, power, cmd.territory, flags=frozenset({PLACED}),
                              target=factory, aboard=aboard,
                              built_with=rules.technology.built_with(kind, state.tech.get(power, ()))))
            next_id += 1
    return units


def waiting_fighters(state: GameState) -> dict[SpaceId, list[Unit]]:
    """The power's fighters that ended Noncombat Move at sea without a carrier: they wait for
    a new carrier (000, Phase 4: "A fighter can land in a sea zone ... if you will be
    mobilizing an aircraft carrier that you previously purchased in that zone")."""
    out: dict[SpaceId, list[Unit]] = {}
    for u in state.units_of(state.turn):
        if u.aboard is None and state.rules.spec(u.kind).is_air and state.board.spaces[u.space].is_sea:
            out.setdefault(u.space, []).append(u)
    return out


def _keep_carriers_for_waiting_fighters(state: GameState, cmd: Place) -> None:
    """A carrier promised to waiting fighters must be mobilized where they wait (000, Air
    Units: "it must be mobilized in that sea zone")."""
    carriers = [k for k, _ in cmd.units if state.rules.spec(k).carrier_capacity]
    if not carriers:
        return
    needed = {z: fs for z, fs in waiting_fighters(state).items() if z != cmd.territory}
    if not needed:
        return
    placing = sum(n for k, n in cmd.units if k in carriers)
    left = sum(n for k, n in state.purchased.items() if k in carriers) - placing
    zones = sorted(needed)
    if left < len(zones):
        where = ", ".join(state.board.name(z) for z in zones)
        raise IllegalCommandError(
            f"Fighters wait at sea for a new carrier in {where}: mobilize the carrier there first.",
            reason="place.carrier_promised")


def _land_waiting_fighters(state: GameState, zone: SpaceId, new: list[Unit]) -> list[Unit]:
    """Fighters waiting in ``zone`` go aboard the carriers just placed there."""
    waiting = waiting_fighters(state).get(zone, [])
    landed: list[Unit] = []
    for carrier in (u for u in new if state.rules.spec(u.kind).carrier_capacity):
        room = state.rules.spec(carrier.kind).carrier_capacity - sum(1 for u in new if u.aboard == carrier.id)
        while room > 0 and waiting:
            landed.append(replace(waiting.pop(0), aboard=carrier.id))
            room -= 1
    return landed


def _carrier_with_room(state: GameState, new: list[Unit], zone: SpaceId) -> int | None:
    """A carrier of the power's with a free deck spot: a new one, or one already there when
    the switch ``fighters_on_existing_carriers`` allows (000, Phase 5: "new or existing";
    002 Q&A, Mobilize Units: first "can't be placed directly on existing carriers", then
    "Changed")."""
    power = state.turn
    present = list(new)
    if state.rules.switches.fighters_on_existing_carriers:
        present = [u for u in state.units_at(zone) if u.owner == power] + present
    for carrier in present:
        capacity = state.rules.spec(carrier.kind).carrier_capacity
        if capacity and sum(1 for u in [*state.units_at(zone), *new] if u.aboard == carrier.id) < capacity:
            return carrier.id
    return None


def _place_factory(state: GameState, territory: SpaceId) -> tuple[GameState, list[Event]]:
    power = state.turn
    space = state.board.spaces[territory]
    name = state.rules.power_name(power)
    if space.is_sea:
        raise IllegalCommandError("Industrial complexes are placed on land.", reason="place.factory_at_sea")
    if state.owners.get(territory) != power or state.turn_start_owners.get(territory) != power:
        raise IllegalCommandError(f"{name} has not controlled {space.name} since the start of its turn.",
                                  reason="place.not_held_since_start")
    if space.ipc < 1:
        raise IllegalCommandError(f"{space.name} has no income value; an industrial complex needs at least 1.",
                                  reason="place.no_income")
    if any(u.kind == FACTORY for u in state.units_at(territory)):
        raise IllegalCommandError(f"{space.name} already has an industrial complex.", reason="place.one_factory")
    unit = Unit(state.next_id, FACTORY, power, territory, flags=frozenset({PLACED}))
    purchased = dict(state.purchased)
    purchased[FACTORY] -= 1
    if not purchased[FACTORY]:
        del purchased[FACTORY]
    return state.with_units([unit], purchased=purchased), [
        event("place", f"{name} builds an industrial complex in {space.name}.", power=name,
              units={FACTORY: 1}, space=space.name)
    ]


def _why_not_factory(state: GameState, territory: SpaceId, power: PowerId) -> str:
    space = state.board.spaces[territory]
    name = state.rules.power_name(power)
    if state.owners.get(territory) != power:
        return f"{name} does not control {space.name}."
    if state.turn_start_owners.get(territory) != power:
        return f"{space.name} was captured this turn; its industrial complex can be used from next turn."
    if not any(u.kind == FACTORY for u in state.units_at(territory)):
        return f"{space.name} has no industrial complex."
    return f"The industrial complex in {space.name} was built this turn; it produces from next turn."


def placeable_somewhere(state: GameState, kind: UnitKind) -> bool:
    """Could one more unit of ``kind`` still be mobilized this turn?"""
    power = state.turn
    rules = state.rules
    if kind == FACTORY:
        return any(
            state.owners.get(s) == power and state.turn_start_owners.get(s) == power and sp.ipc >= 1
            and not any(u.kind == FACTORY for u in state.units_at(s))
            for s, sp in state.board.spaces.items() if sp.is_land
        )
    spec = rules.spec(kind)
    for f in eligible_factories(state, power):
        if remaining_capacity(state, f) <= 0:
            continue
        if not spec.is_sea:
            return True
        if any(state.board.spaces[n].is_sea for n in state.board.neighbours(f)):
            return True
    return False


def end_mobilize(state: GameState) -> tuple[GameState, list[Event]]:
    """Refuse to end while bought units could still be placed; refund the rest (000, Phase
    5) or lose it (002, Phase 6: "Excess units are lost"; switch ``overproduction``);
    fighters still waiting at sea without a carrier are lost (000, Phase 4: "Air units
    that cannot move to an eligible landing space ... are destroyed")."""
    state, events = _lose_stranded_fighters(state)
    waiting = {k: n for k, n in state.purchased.items() if n}
    if not waiting:
        return state, events
    placeable = [k for k in waiting if placeable_somewhere(state, k)]
    if placeable:
        raise IllegalCommandError(
            f"Place your units first: {format_units(state.rules, {k: waiting[k] for k in placeable})} can still be mobilized "
            "(units are returned and refunded only when no capacity is left).", reason="mobilize.units_left")
    name = state.rules.power_name(state.turn)
    if state.rules.switches.overproduction == "lost":
        return state.evolve(purchased={}), [
            *events,
            event("refund", f"{name} cannot mobilize {format_units(state.rules, waiting)}: lost, nothing refunded.",
                  power=name, units=dict(waiting), ipcs=0),
        ]
    refund = sum(price(state, state.turn, k) * n for k, n in waiting.items())
    treasury = dict(state.treasury)
    treasury[state.turn] = treasury.get(state.turn, 0) + refund
    return state.evolve(purchased={}, treasury=treasury), [
        *events,
        event("refund", f"{name} cannot mobilize {format_units(state.rules, waiting)}: returned, {refund} IPCs refunded.",
              power=name, units=dict(waiting), ipcs=refund),
    ]


def _lose_stranded_fighters(state: GameState) -> tuple[GameState, list[Event]]:
    waiting = waiting_fighters(state)
    if not waiting:
        return state, []
    carriers = sum(n for k, n in state.purchased.items() if state.rules.spec(k).carrier_capacity)
    if carriers and any(placeable_somewhere(state, k) for k in state.purchased if state.rules.spec(k).carrier_capacity):
        where = ", ".join(state.board.name(z) for z in sorted(waiting))
        raise IllegalCommandError(f"Fighters wait at sea in {where}: mobilize a new carrier there for them.",
                                  reason="mobilize.fighters_waiting")
    name = state.rules.power_name(state.turn)
    lost = [u for fs in waiting.values() for u in fs]
    events = [event("lost", f"{name}'s {unit_word(state.rules, u.kind, 1)} in {state.board.name(u.space)} has no carrier "
                    "to land on and is lost.", power=name, unit=u.kind, space=state.board.name(u.space))
              for u in lost]
    return state.with_units(removed=[u.id for u in lost]), events
