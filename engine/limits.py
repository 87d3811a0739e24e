"""What a power may not buy or spread: the unit table's own limits (a type only a game
option makes buyable, a type only a development lets a power build, a most per turn) and
what a game's options forbid, ``rules.variant``'s ``not_buyable`` types and its ``groups``
limits (``engine.variants``).

004 §14: "groups are limited to the box number of figures, for example you can only have
three groups of Bombers, six of submarines"; a group is one figure with its chips, so the
limit counts the spaces where a power has units of a type, not the units. A purchase is
refused when it could only start a group too many (the power is at the limit and none of
its groups stands where it places units this turn); a placement or a move that would start
one is refused when it is made.
"""

from __future__ import annotations

from .advantages import builds, in_force, played
from .commands import Buy, Command, Move, Place
from .errors import IllegalCommandError
from .ids import PowerId, SpaceId, UnitKind
from .mobilize import eligible_factories
from .notation import unit_word
from .ruleset import RuleSet
from .state import GameState


def groups(state: GameState, power: PowerId, kind: UnitKind) -> set[SpaceId]:
    """The spaces where ``power`` has units of ``kind`` (aboard ships included)."""
    return {u.space for u in state.units.values() if u.owner == power and u.kind == kind}


def buy_problem(state: GameState, power: PowerId, kind: UnitKind, count: int = 1) -> tuple[str, str] | None:
    """Why ``power`` may not buy ``count`` more units of ``kind`` now by the unit table
    (message, reason), or None. AARHE, 001 › Appendix: Units: the optional units join a game
    only as an option; Heavy Tank and Self-propelled Artillery are built "after" their
    development (001 › Phase 7), a heavy tank "only ... at the rate of one per turn"; a
    National Advantage in force may let a power build a type without its development, so many
    on the map (SS Panzerkorps: "A maximum of 4 can be on the map at any time"); the
    Amerika Bomber by a power with its National Advantage in force and both developments,
    "A maximum of 1 can be on the map at any time" (001 › Appendix: National Advantages)."""
    rules = state.rules
    spec = rules.spec(kind)
    if not spec.buyable and spec.advantage:
        return (f"{spec.plural.capitalize()} are not bought: the National Advantage "
                f"{rules.advantages.item(spec.advantage).name} makes them.", "buy.not_in_game")
    if not spec.buyable:
        option = _making_buyable(rules, kind)
        how = f": a game has them with the option {option}" if option else ""
        return f"{spec.plural.capitalize()} are not in this game{how}.", "buy.not_in_game"
    if spec.advantage and spec.advantage not in {i.id for i in in_force(state, power)}:
        item = rules.advantages.item(spec.advantage)
        why = ("in a game without National Advantages (option national_advantages)" if not played(state)
               else f"({item.name} is a National Advantage of {rules.power_name(item.power)})" if item.power != power
               else f"without its National Advantage {item.title()} in force (drawn and revealed)")
        return f"{rules.power_name(power)} cannot build {spec.plural} {why}.", "buy.needs_advantage"
    lacking = [d for d in spec.requires_development if d not in state.tech.get(power, ())]
    if lacking:
        given = builds(state, power, kind)
        if given is None:
            names = " and ".join(rules.technology.development(d).name for d in lacking)
            return (f"{rules.power_name(power)} cannot build {spec.plural} without the development"
                    f"{'s' if len(lacking) > 1 else ''} {names}.", "buy.needs_development")
        most = given.units[kind]
        have = sum(1 for u in state.units.values() if u.owner == power and u.kind == kind)
        bought = state.purchased.get(kind, 0)
        if have + bought + count > most:
            return (f"{given.title()}: at most {most} {spec.plural} on the map; {rules.power_name(power)} has {have} "
                    f"and has bought {bought} this turn.", "advantage.most")
    if spec.per_turn and state.purchased.get(kind, 0) + count > spec.per_turn:
        already = state.purchased.get(kind, 0)
        return (f"{spec.plural.capitalize()} are built at most {spec.per_turn} a turn; {rules.power_name(power)} has "
                f"bought {already} this turn.", "buy.per_turn")
    if spec.on_map:
        have = (sum(u.owner == power and u.kind == kind for u in state.units.values()) + state.purchased.get(kind, 0)
                + sum(b.kind == kind for b in state.builds.get(power, ())))
        if have + count > spec.on_map:
            return (f"{rules.power_name(power)} may have at most {spec.on_map} {unit_word(rules, kind, spec.on_map)} "
                    f"at any time, on the map, bought or being built; it has {have}.", "buy.on_map")
    return None


def _making_buyable(rules: RuleSet, kind: UnitKind) -> str | None:
    """The option (``optional_rules:optional_units``) whose table makes ``kind`` buyable."""
    plain = rules.made_from or rules
    for name, option in plain.options.items():
        tables = {f"{name}:{c}": e for c, e in option.by_choice.items()} if option.many else {name: option.effects}
        for label, effects in tables.items():
            if effects.units.get(kind, {}).get("buyable") is True:
                return label
    return None


def check_before(state: GameState, command: Command) -> None:
    """Refuse a purchase the unit table or the options forbid (a type not in the game, not
    yet developed or bought once too often this turn, a type no one may buy, or a group too
    many)."""
    if not isinstance(command, Buy):
        return
    variant = state.rules.variant
    for kind, count in command.units:
        if problem := buy_problem(state, state.turn, kind, count):
            raise IllegalCommandError(problem[0], reason=problem[1])
        if kind in variant.not_buyable:
            raise IllegalCommandError(
                f"No power may buy {unit_word(state.rules, kind, 2)} in this game (option {variant.not_buyable[kind]}).",
                reason="buy.not_buyable")
        if kind in variant.groups:
            _check_room(state, kind)


def _check_room(state: GameState, kind: UnitKind) -> None:
    limit, option = state.rules.variant.groups[kind]
    power = state.turn
    have = groups(state, power, kind)
    if len(have) < limit:
        return
    factories = eligible_factories(state, power)
    spots = set(factories) | {n for f in factories for n in state.board.adjacency[f] if state.board.spaces[n].is_sea}
    if have & spots:
        return
    raise IllegalCommandError(
        f"{state.rules.power_name(power)} has {len(have)} groups of {unit_word(state.rules, kind, 2)}, the most the box holds "
        f"(option {option}, {limit}), and none where new units are placed this turn: new "
        f"{unit_word(state.rules, kind, 2)} would make a group too many.", reason="limits.groups")


def check_after(before: GameState, after: GameState, command: Command) -> None:
    """Refuse a placement or move that gives the power a group more than its limit."""
    if not isinstance(command, (Move, Place)):
        return
    limits = before.rules.variant.groups
    power = before.turn
    for kind, _ in command.units:
        if kind not in limits:
            continue
        limit, option = limits[kind]
        now = len(groups(after, power, kind))
        if now > limit and now > len(groups(before, power, kind)):
            raise IllegalCommandError(
                f"That would give {before.rules.power_name(power)} {now} groups of {unit_word(before.rules, kind, 2)}; the box "
                f"holds {limit} (option {option}). Join units already on the board instead.",
                reason="limits.groups")
