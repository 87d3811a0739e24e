"""Where units are built and what that costs: a rule system's ``[production]`` table.

AARHE (001, "Phase 2: Purchase Units and Developments" and "Phase 6: Mobilize New Units")
builds infantry only at victory cities, each using victory city points (VCP) of the city's
capacity; prices infantry and industrial complexes by the site they are built at; and
builds battleships and carriers over two turns. A rule system without the table builds
everything at its industrial complexes at the unit table's price (000, 002).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import BoardDataError
from .ids import PowerId, SpaceId, UnitKind
from .prose import one_stop, possessive

from .state import PLACED, GameState

if TYPE_CHECKING:
    from .board import Board


@dataclass(frozen=True, slots=True)
class InfantryCost:
    """One power's infantry prices by the victory city they are built at (001, "Variable
    Infantry Costs")."""

    capital: tuple[int, ...]
    """At the power's original capital: the first infantry of the turn costs ``capital[0]``,
    the second ``capital[1]``..., the last price for every one after ("1st, 2nd, 3rd+")."""
    other: int
    """At any other victory city."""
    connected: int | None = None
    """At a victory city connected to the capital by land the power's side controls; None
    where the table has no such row (Japan, the United States...)."""


@dataclass(frozen=True, slots=True)
class FactoryCost:
    """An industrial complex's price by its site (001, "Variable Industrial Complex Costs")."""

    major: int
    """At one of the power's original victory cities worth more than ``major_above`` VCP."""
    minor: int
    """At one of its other original victory cities."""
    other: int
    """At an occupied victory city or anywhere else."""
    major_above: int


@dataclass(frozen=True, slots=True)
class Production:
    """The ``[production]`` table; empty for a rule system that builds only at factories."""

    at_victory_cities: Mapping[UnitKind, int] = field(default_factory=dict)
    """Unit types built only at victory cities, with the VCP each uses of the city's
    capacity (001, Phase 6, "Victory City Mobilization": "Infantry requires 1 VCP each")."""
    infantry_cost: Mapping[PowerId, InfantryCost] = field(default_factory=dict)
    factory_cost: FactoryCost | None = None
    two_round: frozenset[UnitKind] = frozenset()
    """Unit types that take two turns to build (001, Phase 6, "Build schedule")."""
    capital_only: frozenset[UnitKind] = frozenset()
    """Of ``at_victory_cities``, the types built only at the power's capital, at their list
    price (001, Phase 6: "Airborne Infantry units are mobilized at your capital victory city")."""

    def sited(self, kind: UnitKind) -> bool:
        """Whether a purchase of ``kind`` names where it will be built (its price depends on it)."""
        return (kind in self.at_victory_cities and kind not in self.capital_only and bool(self.infantry_cost)) or (
            kind == FACTORY and self.factory_cost is not None)

    @classmethod
    def from_dict(cls, where: str, data: Mapping[str, Any], board: Board,
                  kinds: frozenset[UnitKind]) -> Production:
        """Check ``data`` (``[production]`` of ``where``) against the board and unit table."""
        def kind(k: object) -> UnitKind:
            if k not in kinds:
                raise BoardDataError(f"{where} [production]: unknown unit type {k!r}")
            return UnitKind(str(k))

        costs: dict[PowerId, InfantryCost] = {}
        for p, row in data.get("infantry_cost", {}).items():
            if p not in board.powers:
                raise BoardDataError(f"{where} [production.infantry_cost]: unknown power {p!r}")
            try:
                capital = tuple(int(c) for c in row["capital"])
                costs[PowerId(p)] = InfantryCost(capital, int(row["other"]),
                                                 int(row["connected"]) if "connected" in row else None)
            except (KeyError, TypeError) as err:
                raise BoardDataError(f"{where} [production.infantry_cost] {p}: needs capital = [prices] "
                                     f"and other = price ({err})") from None
            if not capital:
                raise BoardDataError(f"{where} [production.infantry_cost] {p}: capital lists no price")
        factory = data.get("factory_cost")
        try:
            factory_cost = FactoryCost(int(factory["major"]), int(factory["minor"]), int(factory["other"]),
                                       int(factory["major_above"])) if factory else None
        except KeyError as err:
            raise BoardDataError(f"{where} [production.factory_cost]: needs {err.args[0]!r}") from None
        at_cities = {kind(k): int(v) for k, v in data.get("at_victory_cities", {}).items()}
        capital_only = frozenset(kind(k) for k in data.get("capital_only", ()))
        if capital_only - set(at_cities):
            raise BoardDataError(f"{where} [production]: capital_only names types not built at victory cities")
        return cls(at_cities, costs, factory_cost, frozenset(kind(k) for k in data.get("two_round", ())), capital_only)


FACTORY = UnitKind("industrial_complex")
PLAIN_PRODUCTION = Production()


def victory_points(state: GameState, space: SpaceId) -> int | None:
    """The space's victory city points, None where it is no victory city."""
    return state.board[space].victory_points if state.board[space].victory_city else None


def connected_to_capital(state: GameState, power: PowerId, city: SpaceId) -> bool:
    """Whether ``city`` is joined to the power's capital by a chain of adjacent land
    territories each controlled by the power or a friendly power (001, "Variable Infantry
    Costs": "connected to Capital via contiguous land territories controlled by you or
    friendly nations"; README ruling: no sea crossing, both ends included)."""
    board = state.board
    capital = board.powers[power].capital
    side = board.side_of(power)

    def friendly(s: SpaceId) -> bool:
        owner = state.owners.get(s)
        return board.spaces[s].is_land and owner is not None and board.side_of(owner) == side

    if not friendly(city) or state.owners.get(capital) != power:
        return False
    seen, todo = {city}, deque([city])
    while todo:
        here = todo.popleft()
        if here == capital:
            return True
        for n in board.neighbours(here):
            if n not in seen and friendly(n):
                seen.add(n)
                todo.append(n)
    return False


def infantry_price(state: GameState, power: PowerId, city: SpaceId, before: int) -> tuple[int, str]:
    """What one more infantry costs ``power`` at ``city``, ``before`` having been bought for
    it this turn, and the table's row ("original capital", "connected", "other")."""
    table = state.rules.production.infantry_cost[power]
    if city == state.board.powers[power].capital and state.board[city].original == power:
        return table.capital[min(before, len(table.capital) - 1)], "original capital"
    if table.connected is not None and connected_to_capital(state, power, city):
        return table.connected, "connected to the capital"
    return table.other, "other victory city"


def factory_price(state: GameState, power: PowerId, site: SpaceId) -> tuple[int, str]:
    """What an industrial complex at ``site`` costs ``power``, and the table's row."""
    table = state.rules.production.factory_cost or FactoryCost(*(state.rules.spec(FACTORY).cost,) * 3, 0)
    points = victory_points(state, site)
    if points is None or state.board[site].original != power:
        return table.other, "occupied victory city or other territory"
    if points > table.major_above:
        return table.major, "original major victory city"
    return table.minor, "original minor victory city"


def city_points_left(state: GameState, city: SpaceId) -> int:
    """The victory city points of ``city`` not yet used by units mobilized there this turn."""
    per = state.rules.production.at_victory_cities
    used = sum(per[u.kind] for u in state.units_at(city) if u.has(PLACED) and u.kind in per)
    return (victory_points(state, city) or 0) - used


def city_problem(state: GameState, kind: UnitKind, city: SpaceId, points: int, bought: int = 0) -> str | None:
    """Why ``city`` cannot build units of ``kind`` needing ``points`` VCP more this turn, or
    None (001, Phase 6, "Victory City Mobilization"; held since the start of the turn, as
    factories are: 002, Phase 6). ``bought``: of ``points``, those of units already bought
    for the city this turn, which the message names apart."""
    power = state.turn
    space = state.board[city]
    plural = state.rules.spec(kind).plural
    if victory_points(state, city) is None:
        return f"{plural.capitalize()} can only be placed at victory cities; {space.name} is not one."
    if state.owners.get(city) != power:
        return f"{state.rules.power_name(power)} does not control {space.name}."
    if state.turn_start_owners.get(city) != power:
        return f"{space.name} was captured this turn; its victory city builds {plural} from next turn."
    capital = state.board.powers[power].capital
    if kind in state.rules.production.capital_only and city != capital:
        return (f"{plural.capitalize()} are placed only at {possessive(state.rules.power_name(power))} capital "
                f"{state.board.name(capital)}, not {space.name}.")
    left = city_points_left(state, city)
    if points > left:
        each = state.rules.production.at_victory_cities[kind]
        head = (f"{space.name} ({space.victory_city}) builds {plural} with its {victory_points(state, city)} "
                f"victory city points, {each} each: ")
        if bought:
            return (head + f"{bought} taken by units already bought there this turn, {max(left - bought, 0)} "
                    f"left, {points - bought} needed.")
        return head + f"{left} left this turn, {points} needed."
    return None


def factory_site_problem(state: GameState, site: SpaceId) -> tuple[str, str] | None:
    """Why the power to move cannot build an industrial complex at ``site`` this turn (a
    reason key and the message), or None (000, Phase 5: held since the start of the turn, an
    income value of at least 1, one per territory)."""
    power = state.turn
    space = state.board[site]
    name = state.rules.power_name(power)
    if space.is_sea:
        return "factory_at_sea", "Industrial complexes are placed on land."
    if state.owners.get(site) != power or state.turn_start_owners.get(site) != power:
        return "not_held_since_start", f"{name} has not controlled {space.name} since the start of its turn."
    if space.ipc < 1:
        return "no_income", f"{space.name} has no income value; an industrial complex needs at least 1."
    if any(u.kind == FACTORY for u in state.units_at(site)):
        return "one_factory", f"{space.name} already has an industrial complex."
    return None


def production_lines(state: GameState) -> list[str]:
    """For ``/game status``: each power's units laid down and not yet mobilized, and the
    units bought for a site this turn."""
    from .notation import format_units, unit_word

    board = state.board
    lines = []
    for power, builds in state.builds.items():
        parts = [f"1 {unit_word(state.rules, b.kind, 1)} ({b.paid} of {state.rules.spec(b.kind).cost} IPCs paid, "
                 f"mobilized from round {b.laid + 1})" for b in builds]
        lines.append(f"Laid down by {state.rules.power_name(power)}: {', '.join(parts)}.")
    for power, sites in state.sites.items():
        parts = [f"{format_units(state.rules, kinds)} at {board.name(site)}" for site, kinds in sites.items() if kinds]
        lines.append(one_stop(f"Bought by {state.rules.power_name(power)} for its sites: {'; '.join(parts)}."))
    return lines
