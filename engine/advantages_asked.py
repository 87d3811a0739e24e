"""National Advantages used in the other side's turn, as its battles near: where the power
is attacked, before Conduct Combat (items of kind ``asked``).

001 › Appendix: National Advantages: Imperial Guard ("Once per game, if Japan gets attacked
by at least one land unit, you may place 2 Infantry there before "Conduct Combat" phase"),
Red Guard, Home Guard, Soviet Militia ("If German units attack any of the three major Soviet
cities ... the Soviet player may immediately raise Infantry equal to victory city value of
the city") and Commissars (NKVD) ("If you get attacked during any Axis player's turn, you may
sacrifice (destroy) any number of Infantry you own"). They are used in the passive window
that opens once every combat move is declared and before any battle (AARHE's Defensive Air
Support, ``engine.passive_moves``), whose offers name each item in force the power may use
there and where: a power holding one is asked as one whose aircraft could fly, by its
standing orders, and the deadline closes its part (``engine.passive``). The item is used with
``/advantage use:<item> at:<territory>`` in the window. Rulings: README of maps/aarhe, 135
to 141.
"""

from __future__ import annotations

from dataclasses import replace

from .advantages import asked_window, find_item, hand, in_force, placed_units, require_played
from .advantages_data import Item
from .commands import Advantage
from .dice import Dice
from .errors import IllegalCommandError
from .events import Event, event
from .ids import PowerId, SpaceId, UnitKind
from .notation import format_units
from .passive import acting_view
from .phases import phase_title
from .prose import listing, possessive
from .purchase import site_price
from .state import RAID, GameState, Unit


def attacking(state: GameState, power: PowerId, space: SpaceId) -> list[Unit]:
    """The enemy units that will attack ``space`` when Conduct Combat comes: those of powers
    at war with ``power`` standing in it (not on an air mission, which is no attack on its
    units) and the land units aboard transports bound ashore there (README of maps/aarhe,
    ruling 136)."""
    side = state.board.side_of(power)
    out = []
    for u in state.units.values():
        spec = state.rules.spec(u.kind)
        if state.board.side_of(u.owner) == side or spec.structure or u.has(RAID):
            continue
        if (u.space == space and u.aboard is None) or (u.aboard is not None and u.target == space and spec.is_land):
            out.append(u)
    return out


def _sacrificed(state: GameState, power: PowerId, item: Item, space: SpaceId) -> list[Unit]:
    """The power's units of the item's ``sacrifice`` type in ``space`` (not aboard), by id."""
    return sorted((u for u in state.units_at(space) if u.owner == power and u.kind == item.sacrifice
                   and u.aboard is None), key=lambda u: u.id)


def _uses(state: GameState, power: PowerId, item: Item) -> tuple[SpaceId, ...]:
    """Where the item was used: this round's uses (a sacrifice), every site ever (once a site)."""
    own = hand(state, power)
    if item.once == "site" or own.used.get(item.id) == state.round:
        return own.declared_at.get(item.id, ())
    return ()


def _count(state: GameState, power: PowerId, item: Item) -> int:
    """How many times the item's ``units`` are placed: once, or once for each unit of type
    ``per`` in a territory the power holds (Red Guard's industrial complexes)."""
    if item.per is None:
        return 1
    return sum(1 for u in state.units.values() if u.kind == item.per and state.owners.get(u.space) == power)


def placing(state: GameState, power: PowerId, item: Item, site: SpaceId) -> dict[UnitKind, int]:
    """The units the item places at ``site`` now (none for a sacrifice)."""
    if item.each:
        return dict(item.each.get(site, {}))
    times = _count(state, power, item)
    return {k: n * times for k, n in item.units.items() if n * times}


def problem(state: GameState, power: PowerId, item: Item, site: SpaceId) -> str | None:
    """Why ``power`` may not use ``item`` at ``site`` now (None: it may)."""
    name = state.rules.power_name(power)
    where = state.board.name(site)
    used = hand(state, power).used.get(item.id)
    if item.once == "game" and used is not None:
        return f"{name} used {item.title()} in round {used}; once a game."
    if item.once == "site" and site in _uses(state, power, item):
        return f"{name} has used {item.title()} in {where} already; once a city a game."
    if item.sites and site not in item.sites:
        return f"{item.title()} is used in {listing(state.board.name(s) for s in item.sites)}, not {where}."
    if item.sacrifice is None and state.owners.get(site) != power:
        return f"{item.title()} places its units where {name} holds the territory; {where} is not {possessive(name)}."
    if item.sacrifice is not None and not _sacrificed(state, power, item, site):
        return f"{name} has no {state.rules.spec(item.sacrifice).word()} in {where} to sacrifice."
    enemy = attacking(state, power, site)
    if not enemy:
        return f"{where} is not attacked: no enemy unit has moved in to fight there."
    if item.by_land and not any(state.rules.spec(u.kind).is_land for u in enemy):
        return f"{item.title()} needs {where} to be attacked by at least one land unit; none attacks it."
    if item.by is not None and not any(u.owner == item.by for u in enemy):
        return (f"{item.title()} needs units of {state.rules.power_name(item.by)} to attack {where}; "
                "none of them attacks it.")
    if item.sacrifice is not None:
        done = _uses(state, power, item).count(site)
        left = len(_sacrificed(state, power, item, site)) - 1
        others = _share(item) * (done + 1)
        if left < others:
            unit = state.rules.spec(item.sacrifice).word()
            return (f"{item.title()}: each {unit} sacrificed is for {_share(item)} others of {possessive(name)}, so "
                    f"{where} needs {others} left after this one ({done} sacrificed there already); it would have "
                    f"{left}.")
    if item.per is not None and not placing(state, power, item, site):
        return f"{item.title()} places nothing: {name} holds no {state.rules.spec(item.per).word()}."
    return None


def _share(item: Item) -> int:
    """The units a sacrifice's bonus acts for, each time (Commissars: "For each Infantry
    sacrificed, 2 other Infantry")."""
    return max((b.per_use for b in item.bonuses), default=0)


def offered(state: GameState) -> tuple[tuple[str, SpaceId], ...]:
    """(item id, territory): what the acting power (``state.turn`` of the window's view) may
    use now, each item of kind ``asked`` in force at each territory where it may."""
    power = state.turn
    out: list[tuple[str, SpaceId]] = []
    for item in in_force(state, power):
        if item.kind != "asked":
            continue
        sites = item.sites or tuple(sorted({u.space for u in state.units_of(power) if u.kind == item.sacrifice
                                            and state.board.spaces[u.space].is_land}))
        out += [(item.id, s) for s in sites if problem(state, power, item, s) is None]
    return tuple(out)


def act(state: GameState, cmd: Advantage, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/advantage use:<item> at:<territory>`` in the window: an item of kind ``asked`` in
    force, used where the power is attacked. Items are drawn and revealed in the power's own
    turn (README of maps/aarhe, ruling 135)."""
    require_played(state)
    power = state.actor
    name = state.rules.power_name(power)
    title = phase_title(state.rules, asked_window(state))
    if cmd.use is None:
        raise IllegalCommandError(f"In {title} /advantage uses an item in force: /advantage use:<item> "
                                  "at:<territory>; items are drawn and revealed in your own turn.",
                                  reason="advantage.window_use_only")
    item = find_item(state, power, cmd.use)
    if item.kind != "asked":
        raise IllegalCommandError(f"{item.title()} is not used in the other side's {title}; only items placing "
                                  "or sacrificing units where you are attacked are.", reason="advantage.not_asked")
    if item.id not in {i.id for i in in_force(state, power)}:
        raise IllegalCommandError(f"{name} has not revealed {item.title()}: an item is used in the other side's turn "
                                  "only once in force, revealed in your own turn (it stays secret until then).",
                                  reason="advantage.not_revealed")
    if cmd.site is None:
        sites = [state.board.name(s) for i, s in offered(acting_view(state, power)) if i == item.id]
        raise IllegalCommandError(f"Say where {item.title()} is used: at:<territory> "
                                  f"({listing(sites) if sites else 'nowhere now'}).", reason="advantage.site_needed")
    why = problem(state, power, item, cmd.site)
    if why is not None:
        raise IllegalCommandError(why, reason="advantage.wrong_site")
    if item.sacrifice is not None:
        return _sacrifice(state, power, item, cmd.site)
    return _place(state, power, item, cmd.site)


def _record(state: GameState, power: PowerId, item: Item, site: SpaceId) -> GameState:
    own = hand(state, power)
    declared_at = dict(own.declared_at)
    if item.once != "game":
        declared_at[item.id] = (*_uses(state, power, item), site)
    new = replace(own, used={**own.used, item.id: state.round}, declared_at=declared_at)
    return state.evolve(advantages={**state.advantages, power: new})


def _place(state: GameState, power: PowerId, item: Item, site: SpaceId) -> tuple[GameState, list[Event]]:
    """The item's units placed at ``site``, free or paid from the next income; they defend
    there as any unit standing in the space when Conduct Combat begins."""
    name = state.rules.power_name(power)
    units = placing(state, power, item, site)
    new = placed_units(state, power, units, site, state.next_id)
    state = _record(state, power, item, site).with_units(new)
    said, where = format_units(state.rules, units), state.board.name(site)
    if not item.pay:
        return state, [event("place", f"{name} places {said} in {where}, free ({item.title()}), before the battle.",
                             power=name, item=item.name, units=units, space=where)]
    cost = sum(site_price(state, power, kind, site, before)[0] for kind, n in units.items() for before in range(n))
    state = state.evolve(economy=state.economy.added("owed", power, cost))
    return state, [event("place", f"{name} raises {said} in {where} ({item.title()}), before the battle: {cost} IPCs "
                         "off its next income.", power=name, item=item.name, units=units, space=where, cost=cost)]


def _sacrifice(state: GameState, power: PowerId, item: Item, site: SpaceId) -> tuple[GameState, list[Event]]:
    """One unit of the item's ``sacrifice`` type destroyed at ``site`` (the last by id); its
    bonus then acts there for two others each time (``engine.combat.national.favoured``)."""
    name = state.rules.power_name(power)
    victim = _sacrificed(state, power, item, site)[-1]
    state = _record(state, power, item, site).with_units(removed=[victim.id])
    count = _uses(state, power, item).count(site)
    word, where = state.rules.spec(victim.kind).word(), state.board.name(site)
    floor = max(b.at_least for b in item.bonuses)
    return state, [event("destroyed", f"{name} sacrifices 1 {word} in {where} ({item.title()}): "
                         f"{_share(item) * count} other {word} there defend on a {floor} in its battle this turn.",
                         power=name, item=item.name, space=where, count=1)]
