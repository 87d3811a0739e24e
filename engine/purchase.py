"""Phase 1, Purchase Units: order units and repair industrial complexes.

000, "Phase 1: Purchase Units": buy any units you can afford (all units on the
mobilization chart, industrial complexes included); pay for them and for repairs of
damaged industrial complexes at 1 IPC a point, effective immediately. A development may
change the price of units (:func:`price`). Where the rule system's ``[production]`` table
says so (``engine.production``; AARHE, 001 Phase 2 and Phase 6), infantry and factories are
bought for a site (``/buy ... at:``) at the site's price, two-round builds are laid down for
half their price, and ``/cancel`` gives up a build for half of what was paid.
"""

from __future__ import annotations

from collections.abc import Mapping

from .advantages import unit_cost
from .commands import Buy, Cancel, Repair
from .control import holds_capital
from .dice import Dice
from .errors import IllegalCommandError
from .events import Event, event
from .ids import PowerId, SpaceId, UnitKind
from .notation import format_units, unit_word
from .production import FACTORY, city_problem, factory_price, factory_site_problem, infantry_price
from .prose import listing
from .state import Build, GameState, with_builds
from .tokens import quote


def price(state: GameState, power: PowerId, kind: str) -> int:
    """What one unit of ``kind`` costs ``power`` now: the unit table's price as the power's
    National Advantages in force set it (``engine.advantages``), with what its developments
    add or take off (004 §17, Industrial Technology: 1 IPC less)."""
    listed = unit_cost(state, power, kind, state.rules.spec(kind).cost)
    return state.rules.technology.unit_cost(kind, listed, state.tech.get(power, ()))


def buy(state: GameState, cmd: Buy, dice: Dice) -> tuple[GameState, list[Event]]:
    """Pay for ``cmd.units``: units priced by their site (``engine.production``) at the
    site's price, two-round builds their first payment, the rest at the list price."""
    power = state.turn
    rules = state.rules
    production = rules.production
    kinds = dict(cmd.units)
    if FACTORY in kinds and not holds_capital(state, power):
        capital = state.board.name(state.board.powers[power].capital)
        raise IllegalCommandError(f"{rules.power_name(power)} cannot buy an industrial complex until its capital "
                                  f"{capital} is liberated.", reason="buy.factory_without_capital")
    sited = {k: n for k, n in kinds.items() if production.sited(k)}
    site_cost, sites = _sited(state, cmd.site, sited)
    laid = {k: n for k, n in kinds.items() if k in production.two_round}
    first = {k: (price(state, power, k) + 1) // 2 for k in laid}
    plain = {k: n for k, n in kinds.items() if k not in sited and k not in laid}
    cost = site_cost + sum(price(state, power, k) * n for k, n in plain.items()) + sum(
        first[k] * n for k, n in laid.items())
    have = state.treasury.get(power, 0)
    if cost > have:
        raise IllegalCommandError(
            f"{format_units(state.rules, cmd.units)} cost {cost} IPCs; {rules.power_name(power)} has {have}.",
            reason="buy.too_expensive",
        )
    purchased = dict(state.purchased)
    for kind, n in [*plain.items(), *sited.items()]:
        purchased[kind] = purchased.get(kind, 0) + n
    treasury = dict(state.treasury)
    treasury[power] = have - cost
    builds = with_builds(state.builds, power, (*state.builds.get(power, ()), *(
        Build(k, first[k], state.round) for k, n in laid.items() for _ in range(n))))
    name = rules.power_name(power)
    bought = format_units(state.rules, cmd.units)
    if sited and cmd.site is not None:
        rest = {k: n for k, n in kinds.items() if k not in sited}
        bought = f"{format_units(state.rules, sited)} at {state.board.name(cmd.site)}" + (
            f" and {format_units(state.rules, rest)}" if rest else "")
    later = "".join(f"; {format_units(state.rules, {k: n})} laid down: {first[k] * n} IPCs paid now, "
                    f"{(price(state, power, k) - first[k]) * n} when mobilized from next turn"
                    for k, n in laid.items())
    return state.evolve(purchased=purchased, treasury=treasury, sites=sites, builds=builds), [
        event("purchase", f"{name} buys {bought} for {cost} IPCs ({have - cost} left)"
              f"{later}.", power=name, units=dict(cmd.units), cost=cost, treasury=have - cost)
    ]


def _sited(state: GameState, site: SpaceId | None,
           sited: dict[UnitKind, int]) -> tuple[int, Mapping[PowerId, Mapping[SpaceId, Mapping[UnitKind, int]]]]:
    """The price of the units priced by their site, and the state's ``sites`` with them."""
    power = state.turn
    production = state.rules.production
    if not sited:
        if site is not None:
            raise IllegalCommandError(
                "at: names where infantry or an industrial complex will be built; leave it out for other units, "
                "which are placed in Mobilize New Units." if production.infantry_cost or production.factory_cost
                else f"{state.rules.name} prices no unit by where it is built; leave out at:.",
                reason="buy.site_unused")
        return 0, state.sites
    if site is None:
        words = listing(state.rules.spec(k).plural for k in sited)
        example = format_units(state.rules, dict([next(iter(sited.items()))]))
        capital = state.board.name(state.board.powers[power].capital)
        raise IllegalCommandError(f"The price of {words} depends on where they are built: name the site, "
                                  f'e.g. /buy units:"{example}" at:{quote(capital)}.', reason="buy.site_needed")
    mine = {s: dict(ks) for s, ks in state.sites.get(power, {}).items()}
    here = mine.setdefault(site, {})
    cost = 0
    for kind, n in sited.items():
        if kind == FACTORY:
            problem = factory_site_problem(state, site) or (
                ("one_factory", "One industrial complex per territory.") if here.get(FACTORY, 0) + n > 1 else None)
        else:
            bound = sum(production.at_victory_cities.get(k, 0) * c for k, c in here.items())
            said = city_problem(state, kind, site, bound + production.at_victory_cities[kind] * n, bound)
            problem = ("victory_city", said) if said else None
        if problem:
            raise IllegalCommandError(problem[1], reason=f"buy.{problem[0]}")
        for _ in range(n):
            cost += site_price(state, power, kind, site, here.get(kind, 0))[0]
            here[kind] = here.get(kind, 0) + 1
    return cost, {**state.sites, power: mine}


def site_price(state: GameState, power: PowerId, kind: UnitKind, site: SpaceId, before: int) -> tuple[int, str]:
    """What one more ``kind`` costs ``power`` at ``site``, ``before`` having been bought for it
    this turn, with the price table's row; technology's discounts apply as to any unit."""
    production = state.rules.production
    if kind == FACTORY:
        base, row = factory_price(state, power, site)
    elif power in production.infantry_cost:
        base, row = infantry_price(state, power, site, before)
    else:
        base, row = state.rules.spec(kind).cost, "list price"
    return state.rules.technology.unit_cost(kind, base, state.tech.get(power, ())), row


def repair(state: GameState, cmd: Repair, dice: Dice) -> tuple[GameState, list[Event]]:
    power = state.turn
    where = state.board.name(cmd.territory)
    has_ic = any(u.kind == "industrial_complex" for u in state.units_at(cmd.territory))
    if not has_ic or state.owners.get(cmd.territory) != power:
        raise IllegalCommandError(f"{state.rules.power_name(power)} has no industrial complex in {where}.",
                                  reason="repair.no_complex")
    damage = state.ic_damage.get(cmd.territory, 0)
    if cmd.points < 1 or cmd.points > damage:
        raise IllegalCommandError(f"The industrial complex in {where} has {damage} damage; "
                                  f"repair 1 to {damage} points." if damage else
                                  f"The industrial complex in {where} is not damaged.",
                                  reason="repair.bad_points")
    have = state.treasury.get(power, 0)
    if cmd.points > have:
        raise IllegalCommandError(f"Repairing {cmd.points} points costs {cmd.points} IPCs; "
                                  f"{state.rules.power_name(power)} has {have}.", reason="repair.too_expensive")
    treasury = dict(state.treasury)
    treasury[power] = have - cmd.points
    ic_damage = dict(state.ic_damage)
    ic_damage[cmd.territory] = damage - cmd.points
    name = state.rules.power_name(power)
    return state.evolve(treasury=treasury, ic_damage=ic_damage), [
        event("ic_repair", f"{name} repairs {cmd.points} damage in {where} ({damage - cmd.points} left).",
              power=name, space=where, points=cmd.points, damage=damage - cmd.points)
    ]


def cancel(state: GameState, cmd: Cancel, dice: Dice) -> tuple[GameState, list[Event]]:
    """Give up units laid down and not yet mobilized, the newest first, for half of what was
    paid, rounded down (001, Phase 6, "Build schedule": "If you cancel the naval build you
    receive 50% of paid IPC in return")."""
    power = state.turn
    name = state.rules.power_name(power)
    left = list(state.builds.get(power, ()))
    dropped: list[Build] = []
    for kind, n in cmd.units:
        mine = [b for b in reversed(left) if b.kind == kind][:n]
        if len(mine) < n:
            raise IllegalCommandError(f"{name} has {len(mine)} {unit_word(state.rules, kind, len(mine))} laid down, not {n}.",
                                      reason="cancel.not_laid_down")
        for b in mine:
            left.remove(b)
        dropped += mine
    back = sum(b.paid for b in dropped) // 2
    have = state.treasury.get(power, 0) + back
    return state.evolve(treasury={**state.treasury, power: have}, builds=with_builds(state.builds, power, left)), [
        event("cancel", f"{name} cancels {format_units(state.rules, cmd.units)} laid down: {back} IPCs back, half of the "
              f"{sum(b.paid for b in dropped)} paid ({have} in the treasury).", power=name, units=dict(cmd.units),
              ipcs=back, treasury=have)
    ]
