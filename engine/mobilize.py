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
limit, 002 Phase 6), ``overproduction`` (``lost``: no refund, 002 Phase 6),
``fighters_on_existing_carriers`` (off: new fighters only on new carriers, 002 Q&A) and
``factory_spending_factor`` (AARHE: at most 4 times the printed value in IPCs, 001 Phase 6).
Where the rule system's ``[production]`` table says so (``engine.production``), some units
are built at victory cities with their points, units bought for a site are placed there,
and two-round builds laid down in an earlier round are mobilized when the rest is paid.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace

from .commands import Place
from .dice import Dice
from .errors import IllegalCommandError
from .events import Event, event
from .ids import PowerId, SpaceId, UnitKind
from .notation import format_units, unit_word
from .production import FACTORY, city_problem, factory_site_problem
from .prose import possessive
from .purchase import price
from .restrictions import sharing
from .state import PLACED, Build, GameState, Unit, with_builds


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
    ``production_limit``). Units built at the victory city there (AARHE's infantry) use the
    city's points instead. AARHE's bombing takes capacity for a turn (001 › Phase 6,
    Industrial Complex Mobilization: "Strategic Bomber Raid can reduce this"; the ledger's
    ``capacity``)."""
    limit = state.board.spaces[factory].ipc - state.economy.capacity.get(factory, 0)
    if state.rules.switches.production_limit == "ipc_minus_damage":
        limit -= state.ic_damage.get(factory, 0)
    used = sum(1 for _ in _made_by(state, factory))
    return max(0, limit - used)


def remaining_budget(state: GameState, factory: SpaceId) -> int | None:
    """IPCs of units the complex may still mobilize this turn (switch
    ``factory_spending_factor``: 001, Phase 6, "Total IPC spent per turn on an IC cannot
    exceed 4 times the territory's printed income value"; README ruling: a unit counts its
    full price, a two-round build's too), or None where there is no such limit."""
    factor = state.rules.switches.factory_spending_factor
    if not factor:
        return None
    spent = sum(price(state, state.turn, u.kind) for u in _made_by(state, factory))
    return factor * state.board.spaces[factory].ipc - spent


def _made_by(state: GameState, factory: SpaceId) -> Iterator[Unit]:
    at_cities = state.rules.production.at_victory_cities
    return (u for u in state.units.values()
            if u.has(PLACED) and u.target == factory and u.kind != FACTORY and u.kind not in at_cities)


def place(state: GameState, cmd: Place, dice: Dice) -> tuple[GameState, list[Event]]:
    power = state.turn
    rules = state.rules
    production = rules.production
    kinds = dict(cmd.units)
    _check_waiting(state, cmd)
    if FACTORY in kinds:
        if len(kinds) > 1 or kinds[FACTORY] > 1:
            raise IllegalCommandError("Place an industrial complex on its own, one per territory.",
                                      reason="place.factory_alone")
        return _place_factory(state, cmd.territory)
    at_cities = {k: n for k, n in kinds.items() if k in production.at_victory_cities}
    rest = tuple((k, n) for k, n in cmd.units if k not in at_cities)
    new_units = _city_units(state, cmd.territory, at_cities) if at_cities else []
    if rest:
        new_units += _factory_units(state, replace(cmd, units=rest), state.next_id + len(new_units))
    for space in sorted({u.space for u in new_units}):
        why = sharing(state, power, space)
        if why is not None:
            raise IllegalCommandError(why, reason="place.restricted")
    state, paid = _complete_builds(state, {k: n for k, n in kinds.items() if k in production.two_round})
    purchased = dict(state.purchased)
    for kind, n in cmd.units:
        if kind in production.two_round:
            continue
        purchased[kind] -= n
        if not purchased[kind]:
            del purchased[kind]
    name = rules.power_name(power)
    where = state.board.spaces[cmd.territory]
    more = f", paying the {paid} IPCs still due" if paid else ""
    return state.with_units(new_units, purchased=purchased, sites=_unbound(state, cmd.territory, kinds)), [
        event("place", f"{name} mobilizes {format_units(state.rules, cmd.units)} in {where.name}{more}.",
              power=name, units=dict(cmd.units), space=where.name)
    ]


def _check_waiting(state: GameState, cmd: Place) -> None:
    """Refuse units not waiting to be placed: not bought (two-round builds: not laid down in
    an earlier round), or bought for another site."""
    rules = state.rules
    name = rules.power_name(state.turn)
    bound = state.sites.get(state.turn, {})
    for kind, n in cmd.units:
        if kind in rules.production.two_round:
            ready = len(due_builds(state, kind))
            if ready < n:
                raise IllegalCommandError(
                    f"{name} has {ready} {unit_word(state.rules, kind, ready)} ready to mobilize, not {n}: "
                    f"{unit_word(state.rules, kind, 2)} take two turns, mobilized from the round after they are laid down.",
                    reason="place.not_ready")
            continue
        if state.purchased.get(kind, 0) < n:
            raise IllegalCommandError(
                f"{name} has {state.purchased.get(kind, 0)} {unit_word(state.rules, kind, 2)} "
                f"waiting to be placed, not {n}.", reason="place.not_bought")
        if rules.production.sited(kind) and bound.get(cmd.territory, {}).get(kind, 0) < n:
            if kind in rules.production.at_victory_cities:
                problem = city_problem(state, kind, cmd.territory, 0)
                if problem:
                    raise IllegalCommandError(problem, reason="place.victory_city")
            sites = ", ".join(f"{state.board.name(s)} {ks[kind]}" for s, ks in bound.items() if ks.get(kind))
            raise IllegalCommandError(
                f"{possessive(name)} {unit_word(state.rules, kind, 2)} were bought for where they are built ({sites}); "
                f"{state.board.name(cmd.territory)} has {bound.get(cmd.territory, {}).get(kind, 0)} of them.",
                reason="place.other_site")


def _unbound(state: GameState, site: SpaceId,
             kinds: dict[UnitKind, int]) -> Mapping[PowerId, Mapping[SpaceId, Mapping[UnitKind, int]]]:
    """The state's ``sites`` once ``kinds`` bought for ``site`` are placed there."""
    mine = state.sites.get(state.turn, {})
    here = {k: n - kinds.get(k, 0) for k, n in mine.get(site, {}).items() if n - kinds.get(k, 0)}
    if here == mine.get(site, {}):
        return state.sites
    now = {**{s: ks for s, ks in mine.items() if s != site}, **({site: here} if here else {})}
    return {p: by for p, by in {**state.sites, state.turn: now}.items() if by}


def _city_units(state: GameState, city: SpaceId, kinds: dict[UnitKind, int]) -> list[Unit]:
    """Units built at the victory city ``city`` with its points (001, Phase 6, "Victory City
    Mobilization")."""
    per = state.rules.production.at_victory_cities
    problem = city_problem(state, next(iter(kinds)), city, sum(per[k] * n for k, n in kinds.items()))
    if problem:
        raise IllegalCommandError(problem, reason="place.victory_city")
    first = state.next_id
    return [Unit(first + i, kind, state.turn, city, flags=frozenset({PLACED}), target=city)
            for i, kind in enumerate(k for k, n in kinds.items() for _ in range(n))]


def due_builds(state: GameState, kind: UnitKind) -> list[Build]:
    """The power's ``kind`` laid down in an earlier round, oldest first."""
    return [b for b in state.builds.get(state.turn, ()) if b.kind == kind and b.laid < state.round]


def _complete_builds(state: GameState, kinds: dict[UnitKind, int]) -> tuple[GameState, int]:
    """Pay the rest of the oldest due builds of ``kinds`` and take them off the slip (001,
    Phase 6, "Build schedule": "The balance is paid and the unit is mobilized on the second
    turn")."""
    if not kinds:
        return state, 0
    power = state.turn
    done = [b for k, n in kinds.items() for b in due_builds(state, k)[:n]]
    due = sum(price(state, power, b.kind) - b.paid for b in done)
    have = state.treasury.get(power, 0)
    if due > have:
        raise IllegalCommandError(f"Mobilizing {format_units(state.rules, kinds)} costs the {due} IPCs still due; "
                                  f"{state.rules.power_name(power)} has {have}.", reason="place.balance_due")
    left = list(state.builds.get(power, ()))
    for b in done:
        left.remove(b)
    return state.evolve(treasury={**state.treasury, power: have - due},
                        builds=with_builds(state.builds, power, left)), due


def _factory_units(state: GameState, cmd: Place, first: int) -> list[Unit]:
    """Units mobilized at (or, ships, next to) industrial complexes."""
    power = state.turn
    rules = state.rules
    where = state.board.spaces[cmd.territory]
    kinds = dict(cmd.units)
    factories = eligible_factories(state, power)
    if where.is_sea:
        sources = [f for f in factories if cmd.territory in state.board.neighbours(f)]
        for kind in kinds:
            spec = rules.spec(kind)
            if not (spec.is_sea or spec.carrier_based):
                raise IllegalCommandError(f"{unit_word(state.rules, kind, 2).capitalize()} cannot be placed at sea; "
                                          "land units never enter play on transports.", reason="place.not_at_sea")
        if not sources:
            raise IllegalCommandError(f"{where.name} is not next to an industrial complex "
                                      f"{rules.power_name(power)} has held since the start of its turn.",
                                      reason="place.no_factory")
    else:
        for kind in kinds:
            if rules.spec(kind).is_sea:
                raise IllegalCommandError(f"{unit_word(state.rules, kind, 2).capitalize()} are placed in a sea zone next to "
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
    new_units = _build(state, cmd, free, first)
    return new_units + _land_waiting_fighters(state, cmd.territory, new_units)


def _build(state: GameState, cmd: Place, free: dict[SpaceId, int], next_id: int) -> list[Unit]:
    """New units, each charged to a factory with room (and IPCs left, where the switch
    ``factory_spending_factor`` limits them); fighters at sea go aboard own carriers."""
    power = state.turn
    rules = state.rules
    budget = {f: remaining_budget(state, f) for f in free}
    if all(b is not None for b in budget.values()) and (
            sum(price(state, power, k) * n for k, n in cmd.units) > sum(b or 0 for b in budget.values())):
        raise IllegalCommandError(_over_budget(state, budget, dict(cmd.units)), reason="place.spending")
    units: list[Unit] = []
    order = sorted(cmd.units, key=lambda kv: rules.spec(kv[0]).carrier_based)  # carriers before fighters
    for kind, n in order:
        cost = price(state, power, kind)
        for _ in range(n):
            room = [f for f in free if free[f] > 0 and _affords(budget[f], cost)]
            if not room:
                raise IllegalCommandError(_over_budget(state, budget, {kind: 1}), reason="place.spending")
            factory = max(room, key=lambda f: (free[f], f))
            free[factory] -= 1
            left = budget[factory]
            budget[factory] = None if left is None else left - cost
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


def _affords(left: int | None, cost: int) -> bool:
    return left is None or left >= cost


def _over_budget(state: GameState, budget: Mapping[SpaceId, int | None], units: Mapping[UnitKind, int]) -> str:
    factor = state.rules.switches.factory_spending_factor
    spots = "; ".join(f"{state.board.name(f)} {left} of {factor * state.board.spaces[f].ipc} "
                      f"({factor} × its printed {state.board.spaces[f].ipc})" for f, left in budget.items())
    cost = sum(price(state, state.turn, k) * n for k, n in units.items())
    verb = "costs" if sum(units.values()) == 1 else "cost"
    return (f"An industrial complex mobilizes units worth at most {factor} times its territory's printed value "
            f"a turn; IPCs left: {spots}; {format_units(state.rules, units)} {verb} {cost}.")


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
    problem = factory_site_problem(state, territory)
    if problem:
        raise IllegalCommandError(problem[1], reason=f"place.{problem[0]}")
    unit = Unit(state.next_id, FACTORY, power, territory, flags=frozenset({PLACED}))
    purchased = dict(state.purchased)
    purchased[FACTORY] -= 1
    if not purchased[FACTORY]:
        del purchased[FACTORY]
    return state.with_units([unit], purchased=purchased, sites=_unbound(state, territory, {FACTORY: 1})), [
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
    production = rules.production
    if production.sited(kind):
        sites = [s for s, ks in state.sites.get(power, {}).items() if ks.get(kind)]
    else:
        sites = [s for s, sp in state.board.spaces.items() if sp.is_land]
    if kind == FACTORY:
        return any(factory_site_problem(state, s) is None for s in sites)
    if kind in production.at_victory_cities:
        return any(city_problem(state, kind, s, production.at_victory_cities[kind]) is None for s in sites)
    spec = rules.spec(kind)
    cost = price(state, power, kind)
    for f in eligible_factories(state, power):
        if remaining_capacity(state, f) <= 0 or not _affords(remaining_budget(state, f), cost):
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
    placeable = [k for k in waiting if placeable_somewhere(state, k)]
    if placeable:
        raise IllegalCommandError(
            f"Place your units first: {format_units(state.rules, {k: waiting[k] for k in placeable})} can still be mobilized "
            "(units are returned and refunded only when no capacity is left).", reason="mobilize.units_left")
    if state.turn in state.sites:
        state = state.evolve(sites={p: s for p, s in state.sites.items() if p != state.turn})
    if not waiting:
        return state, events
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
    events = [event("lost", f"{possessive(name)} {unit_word(state.rules, u.kind, 1)} in {state.board.name(u.space)} has no carrier "
                    "to land on and is lost.", power=name, unit=u.kind, space=state.board.name(u.space))
              for u in lost]
    return state.with_units(removed=[u.id for u in lost]), events
