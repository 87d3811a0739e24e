"""National Advantages in play (001 › Appendix: National Advantages, optional): each power's
hand, ``/advantage`` to reveal and use an item, and what items in force do to prices,
movement, income, placement, the units converted and the units a power may build.

"The first item is standard. Then at beginning of first 5 game rounds, each player randomly
selects an item. The randomly selected items are secret to enemy team and come into effect
immediately when the player reveals it any time in the game." Item 1 is in force from the
start; a drawn item is in force once revealed. The items are data (``engine.advantages_data``);
the game plays them while its option enables :data:`engine.variants.NATIONAL_ADVANTAGES`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace

from .advantages_data import EMPTY_HAND, Bonus, Hand, Item
from .commands import Advantage, Buy, Place
from .dice import Dice, draw_sealed, reveal_sealed
from .errors import IllegalCommandError, NotationError
from .events import Event, event
from .ids import PowerId, SpaceId, UnitKind
from .missions import BOMBERS
from .notation import format_units
from .phases import phase_entry, phase_title
from .prose import listing, possessive
from .state import COMBAT_MOVED, PLACED, GameState, Unit
from .variants import NATIONAL_ADVANTAGES


def played(state: GameState) -> bool:
    """Whether the game plays National Advantages (its option is on)."""
    return state.rules.variant.enabled(NATIONAL_ADVANTAGES) and bool(state.rules.advantages)


def hand(state: GameState, power: PowerId) -> Hand:
    return state.advantages.get(power, EMPTY_HAND)


def in_force(state: GameState, power: PowerId) -> Iterator[Item]:
    """The power's items in force: item 1, then those revealed, in the list's order."""
    if not played(state):
        return iter(())
    shown = set(hand(state, power).revealed)
    return (i for i in state.rules.advantages.of(power) if i.standard or i.id in shown)


def pool(state: GameState, power: PowerId) -> tuple[Item, ...]:
    """The items ``power`` may still draw: not item 1, not drawn, and played by the referee
    (an item whose effect waits for a rule not played yet is left out, so no one
    draws an item that does nothing: README, rulings on National Advantages)."""
    drawn = set(hand(state, power).drawn)
    return tuple(i for i in state.rules.advantages.of(power) if not i.standard and i.played and i.id not in drawn)


# -- effects --------------------------------------------------------------------------

def unit_cost(state: GameState, power: PowerId, kind: str, cost: int) -> int:
    """``cost`` as the power's items in force change it (kind ``price``): a new price, then
    IPCs off (001: Liberty Ship Program, "Your Transports now cost 6 IPC"; Naval Industry,
    "All Naval units cost one less IPC")."""
    for item in in_force(state, power):
        if item.kind == "price" and kind in item.units:
            cost = int(item.value) if item.value else cost
            cost -= item.less
    return cost


def move_points(state: GameState, unit: Unit) -> int | None:
    """The movement an item in force gives the unit's type (kind ``move``: Mounted Infantry,
    "Your Infantry may move 2 spaces"), or None."""
    points = [int(i.value) for i in in_force(state, unit.owner) if i.kind == "move" and unit.kind in i.units]
    return max(points) if points else None


def bonuses(state: GameState, power: PowerId, space: SpaceId | None = None) -> Iterator[Bonus]:
    """What the power's items in force do in battle (``engine.combat.national`` applies them);
    an item declared in a phase acts from its declaration in round r until the owner's next
    turn begins: the rest of round r, and round r + 1 until the owner's team plays (README,
    ruling 108); one declared for a battle acts only in the battle in ``space`` it was
    declared for this round. A bonus for a development's units acts while the power has it
    (``Bonus.tech``)."""
    have = state.tech.get(power, ())
    for item in in_force(state, power):
        if item.per_battle:
            own = hand(state, power)
            if own.used.get(item.id) != state.round or space not in own.declared_at.get(item.id, ()):
                continue
        elif item.declare:
            declared = hand(state, power).used.get(item.id)
            if declared is None or state.round not in (declared, declared + 1) or (
                    state.round == declared + 1 and _side_moved(state, power)):
                continue
        yield from (b for b in item.bonuses if not b.tech or b.tech in have)


def move_again_points(state: GameState, unit: Unit) -> int:
    """The spaces an item in force lets ``unit`` move in Noncombat Move although it fought
    (Panzer blitz: "any of your surviving armor may move 1 territory"; the unit carries
    ``MOVES_AGAIN``)."""
    return max((b.add for b in bonuses(state, unit.owner) if b.what == "move_again" and unit.kind in b.units),
               default=0)


def _side_moved(state: GameState, power: PowerId) -> bool:
    """Whether the power's turn of this round has begun: its team plays now or played before
    the team playing now (``Turns.teams``, in the order they play)."""
    teams = state.rules.turns.teams(state.round)
    mine = state.rules.turns.team_of(state.round, power)
    now = state.rules.turns.team_of(state.round, state.turn)
    return teams.index(now) >= teams.index(mine)


def income_extra(state: GameState, power: PowerId) -> list[tuple[int, str]]:
    """IPCs an item in force adds to Collect Income (kind ``income``: Albert Speer, "On turn 6
    the territory of Germany is worth 50% more per turn. One turn 8 the territory of Germany
    is double its original IPC total"), with the reason; only while the power holds it."""
    out: list[tuple[int, str]] = []
    for item in in_force(state, power):
        if item.kind != "income":
            continue
        site = item.sites[0]
        factor = next((f for start, f in reversed(item.steps) if state.round >= start), None)
        if factor is None or state.owners.get(site) != power:
            continue
        value = state.board.spaces[site].ipc
        extra = int(value * factor) - value
        if extra:
            out.append((extra, f"from {item.name} ({state.board.name(site)} worth {int(value * factor)})"))
    return out


# -- /advantage -------------------------------------------------------------------------

def require_played(state: GameState) -> None:
    """Refuse ``/advantage`` in a game without the option."""
    if not played(state):
        raise IllegalCommandError("National Advantages are not played in this game (they are the option "
                                  "national_advantages:on of /game new).", reason="advantage.off")


def act(state: GameState, cmd: Advantage, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/advantage reveal:<item>`` or ``/advantage use:<item> [at:<territory>]``, for the
    power whose input is due."""
    require_played(state)
    power = state.actor
    if cmd.draw is not None:
        return draw(state, power, cmd.draw, dice)
    if cmd.reveal is not None:
        return reveal(state, power, find_item(state, power, cmd.reveal))
    if cmd.use is not None:
        return use(state, power, find_item(state, power, cmd.use), cmd.site, cmd.count)
    raise IllegalCommandError("Say what to do: /advantage draw:1, /advantage reveal:<item> or /advantage "
                              "use:<item>; /advantage alone lists your items, shown to you only.",
                              reason="advantage.nothing")


def find_item(state: GameState, power: PowerId, text: str) -> Item:
    """The power's item named ``text``; refused, naming the owner, for another power's item,
    and listing the power's items for an unknown name."""
    name = state.rules.power_name(power)
    items = state.rules.advantages
    try:
        return items.item(items.names(power).find(text))
    except NotationError as err:
        other = next((i for p, its in items.items.items() if p != power for i in its
                      if i.name.lower() == text.strip().lower()), None)
        if other is not None:
            raise IllegalCommandError(f"{other.name} is a National Advantage of "
                                      f"{state.rules.power_name(other.power)}, not {possessive(name)}.",
                                      reason="advantage.not_yours") from None
        listed = ", ".join(f"{i.number} {i.name}" for i in items.of(power))
        raise IllegalCommandError(f"{err} {possessive(name)} items are {listed}.", reason="advantage.unknown") from None


DRAW_ROUNDS = 5
"""001: "at beginning of first 5 game rounds, each player randomly selects an item"."""
FACES = 6
SPAN = FACES * FACES
"""Two dice read as one number from 0 to 35: the most items one draw chooses among."""


def owed(state: GameState, power: PowerId) -> int:
    """Items ``power`` may draw now: one for each of the first five rounds up to this one,
    less those drawn (a power that plays no turn in round 1 draws two in round 2)."""
    return max(0, min(state.round, DRAW_ROUNDS) - len(hand(state, power).drawn))


def reminder(state: GameState) -> list[Event]:
    """As the power's turn begins: the items it may draw now, if any ("at beginning of first 5
    game rounds"; the player draws: README, ruling on draws)."""
    power = state.turn
    due = min(owed(state, power), len(pool(state, power))) if played(state) else 0
    if not due:
        return []
    name = state.rules.power_name(power)
    return [event("advantage", f"{name} may draw {due} National Advantage{'s' if due > 1 else ''} now: "
                  f"/advantage draw:{due}.", power=name, owed=due)]


def draw(state: GameState, power: PowerId, count: int, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/advantage draw:N``: N items drawn at random from the pool, each by sealed draws
    whose faces only the drawing player sees until the item is revealed."""
    name = state.rules.power_name(power)
    due = owed(state, power)
    if due == 0:
        rounds = min(state.round, DRAW_ROUNDS)
        later = "" if state.round >= DRAW_ROUNDS else f"; the next in round {state.round + 1}"
        raise IllegalCommandError(f"{name} has drawn its items of rounds 1 to {rounds} (one a round in the first "
                                  f"{DRAW_ROUNDS} rounds){later}.", reason="advantage.drawn_all")
    if count > due:
        raise IllegalCommandError(f"{name} may draw {due} item{'s' if due > 1 else ''} now (one for each of the "
                                  f"first {DRAW_ROUNDS} rounds up to this one); you asked for {count}.",
                                  reason="advantage.too_many")
    left = len(pool(state, power))
    if count > left:
        have = "no item" if not left else f"{left} item{'s' if left > 1 else ''}"
        raise IllegalCommandError(f"{name} has {have} left to draw: its "
                                  "other items wait for rules not played yet.",
                                  reason="advantage.pool_empty")
    events: list[Event] = []
    for _ in range(count):
        items = pool(state, power)
        own = hand(state, power)
        index, draws, drawn = choose(dice, name, len(items), f"{name} National Advantage draw {len(own.drawn) + 1}")
        item = items[index]
        state = with_hand(state, power, replace(own, drawn=(*own.drawn, item.id),
                                                 sealed={**own.sealed, item.id: draws}))
        events += drawn
    return state, events


def choose(dice: Dice, owner: str, n: int, purpose: str) -> tuple[int, tuple[tuple[str, tuple[int, ...]], ...],
                                                                   list[Event]]:
    """A position from 0 to ``n`` - 1, each equally likely, from sealed draws of two dice: the
    faces read as 6 × (first − 1) + (second − 1), from 0 to 35; below 36 − (36 mod n) the number
    mod n is the position, above it the draw is made again (purpose "..., again 2")."""
    limit = SPAN - SPAN % n
    draws: list[tuple[str, tuple[int, ...]]] = []
    events: list[Event] = []
    while True:
        named = purpose if not draws else f"{purpose}, again {len(draws) + 1}"
        faces, ev = draw_sealed(dice, owner, 2, named)
        draws.append((named, tuple(faces)))
        events.append(ev)
        number = (faces[0] - 1) * FACES + faces[1] - 1
        if number < limit:
            return number % n, tuple(draws), events


def reveal(state: GameState, power: PowerId, item: Item) -> tuple[GameState, list[Event]]:
    """A drawn item comes into effect and everyone sees it ("come into effect immediately
    when the player reveals it")."""
    name = state.rules.power_name(power)
    own = hand(state, power)
    if item.standard:
        raise IllegalCommandError(f"{item.title()} is {possessive(name)} standard item: in force from the start, "
                                  "known to all.", reason="advantage.standard")
    if item.id in own.revealed:
        raise IllegalCommandError(f"{name} has already revealed {item.title()}; it is in force.",
                                  reason="advantage.revealed")
    if item.id not in own.drawn:
        raise IllegalCommandError(f"{name} has not drawn {item.title()}; /advantage lists your items.",
                                  reason="advantage.not_drawn")
    state = with_hand(state, power, replace(own, revealed=(*own.revealed, item.id)))
    how = _how(state, item)
    proofs = [reveal_sealed(name, purpose, list(faces)) for purpose, faces in own.sealed.get(item.id, ())]
    return state, [*proofs, event("advantage", f"{name} reveals its National Advantage {item.title()}: {item.effect} It is "
                         f"in force from now on.{how}", power=name, item=item.name, number=item.number)]


def _how(state: GameState, item: Item) -> str:
    """How the owner uses an item that needs a command, for the reveal's message."""
    if item.strike is not None:
        return (f" Launch its {item.strike.plural} in the {_enemies(state, item.power)}' "
                f"{phase_title(state.rules, item.declare)}: /advantage use:{_quoted(item)} at:<sea zone> "
                "targets:<ships>")
    if item.kind == "convert":
        return f" Use it in Mobilize New Units: /advantage use:{_quoted(item)} at:<territory> count:<n>"
    if item.kind == "asked":
        name = state.rules.power_name(item.power)
        return f" Use it {_asked_when(state, name)}: /advantage use:{_quoted(item)} at:<territory>"
    if item.kind == "mission":
        return _mission_hint(state, item)
    verb = "Use" if item.kind == "free" else "Declare"
    when = phase_title(state.rules, item.declare or "mobilize") if item.kind == "free" or item.declare else ""
    return f" {verb} it in {when}: /advantage use:{_quoted(item)}" if when else ""


def _enemies(state: GameState, power: PowerId) -> str:
    """The other side's name ("Allies")."""
    mine = state.board.side_of(power)
    return next(state.board.side_of(p) for p in state.rules.turn_order if state.board.side_of(p) != mine)


def _mission_hint(state: GameState, item: Item) -> str:
    """How to fly the air mission an item of kind ``mission`` allows (Carpet Bombing)."""
    flown = [m for m in state.rules.missions.air if m.advantage == item.id]
    return "".join(f" Fly it in Combat Move: /move units:<{'bombers' if m.flown_by == BOMBERS else 'aircraft'}> "
                   f'from:<space> to:<territory> mission:"{m.name}"' for m in flown)


def use(state: GameState, power: PowerId, item: Item, site: SpaceId | None,
        count: int | None = None) -> tuple[GameState, list[Event]]:
    """A deal in Purchase, free or converted units in Mobilize New Units, or an item declared
    in the phase it names (for a battle, or making one of the power's units the item's type);
    an item in the hand not yet revealed is revealed by using it."""
    name = state.rules.power_name(power)
    own = hand(state, power)
    events: list[Event] = []
    if not item.standard and item.id not in own.revealed:
        state, events = reveal(state, power, item)
    if item.declare:
        return _declare(state, power, item, site, events)
    if item.kind == "convert":
        state, more = _convert_units(state, power, item, site, count or 1)
        return state, [*events, *more]
    if item.kind == "asked":
        now = f"{phase_title(state.rules, state.phase)} of {state.rules.power_name(state.turn)}"
        raise IllegalCommandError(f"{item.title()} is used {_asked_when(state, name)}; it is now {now}.",
                                  reason="advantage.window")
    if item.kind not in ("deal", "free"):
        raise IllegalCommandError(f"{item.title()} acts by itself once in force; there is nothing to use.",
                                  reason="advantage.nothing_to_use")
    last = hand(state, power).used.get(item.id)
    if last is not None and (item.kind == "deal" or item.once == "turn") and last == state.round:
        raise IllegalCommandError(f"{name} has used {item.title()} this turn; once a turn.",
                                  reason="advantage.used_this_turn")
    if last is not None and item.kind == "free" and item.once == "game":
        raise IllegalCommandError(f"{name} used {item.title()} in round {last}; once a game.",
                                  reason="advantage.used")
    if item.kind == "deal":
        state, more = _deal(state, power, item)
    else:
        state, more = _free(state, power, item, site)
    return state, [*events, *more]


def asked_window(state: GameState) -> str:
    """The passive window in which items of kind ``asked`` are used: the one whose commands
    include ``/advantage`` (AARHE's Defensive Air Support, before any battle)."""
    return next(w.phase for w in state.rules.turns.passive if Advantage in phase_entry(w.phase).handlers)


def _asked_when(state: GameState, name: str) -> str:
    """When an item of kind ``asked`` is used, for the player: in the window, which comes
    before the phase after the one it follows (Conduct Combat, after Combat Move)."""
    rules = state.rules
    window = asked_window(state)
    after = next(w.after for w in rules.turns.passive if w.phase == window)
    before = rules.phases[rules.phases.index(after) + 1]
    return (f"in the other side's turn, when {name} is asked in its {phase_title(rules, window)} "
            f"before {phase_title(rules, before)} (/orders passive:ask)")


def uses_at(state: GameState, power: PowerId, space: SpaceId, bonus: Bonus) -> int:
    """How many times this round ``power`` used the item whose ``bonus`` it is at ``space``
    (Commissars: the infantry sacrificed there)."""
    own = hand(state, power)
    return sum(own.declared_at.get(i.id, ()).count(space) for i in in_force(state, power)
               if bonus in i.bonuses and own.used.get(i.id) == state.round)


def _declare(state: GameState, power: PowerId, item: Item, site: SpaceId | None,
             events: list[Event]) -> tuple[GameState, list[Event]]:
    """An item declared in a phase, once a game (Russian Winter: "Once per the game in your
    collect income phase, you may declare a severe winter"), or for a battle."""
    name = state.rules.power_name(power)
    when = phase_title(state.rules, item.declare)
    if item.strike is not None:
        raise IllegalCommandError(f"{item.title()} is launched in the {_enemies(state, power)}' {when}, after their "
                                  f"Combat Move (with /orders passive:ask {name} is asked then).",
                                  reason="advantage.phase")
    if state.phase != item.declare or state.turn != power:
        raise IllegalCommandError(f"{item.title()} is {'used' if item.convert else 'declared'} in "
                                  f"{possessive(name)} {when}.", reason="advantage.phase")
    if item.convert is not None:
        return _make_item_unit(state, power, item, item.convert, site, events)
    if item.per_battle:
        return _declare_battle(state, power, item, site, events)
    last = hand(state, power).used.get(item.id)
    if last is not None:
        raise IllegalCommandError(f"{name} declared {item.title()} in round {last}; once a game.",
                                  reason="advantage.used")
    own = hand(state, power)
    state = with_hand(state, power, replace(own, used={**own.used, item.id: state.round}))
    return state, [*events, event("advantage", f"{name} declares {item.title()}: {item.effect} It acts until "
                                  f"{possessive(name)} next turn begins.", power=name, item=item.name)]


def _make_item_unit(state: GameState, power: PowerId, item: Item, source: UnitKind, site: SpaceId | None,
                    events: list[Event]) -> tuple[GameState, list[Event]]:
    """One of the power's units of type ``source`` at ``site`` that has not moved this turn
    becomes the item's type, once a turn, while fewer than its ``on_map`` are on the map
    (Chindits: "One UK Infantry in Asia mainland can be allocated as Chindits per turn ... only
    one at a time"; README, ruling 149)."""
    name = state.rules.power_name(power)
    kind = next(iter(item.units))
    spec, word = state.rules.spec(kind), state.rules.spec(source).word()
    if hand(state, power).used.get(item.id) == state.round:
        raise IllegalCommandError(f"{name} has used {item.title()} this turn; once a turn.",
                                  reason="advantage.used_this_turn")
    fresh = {s: [u for u in state.units_at(s) if u.owner == power and u.kind == source and not u.path
                 and u.aboard is None] for s in item.sites}
    listed = ", ".join(state.board.name(s) for s in item.sites if fresh[s]) or "none now"
    if site is None:
        raise IllegalCommandError(f"Say where {item.title()} takes its {word}: at:<territory> (where {name} has "
                                  f"one that has not moved: {listed}).", reason="advantage.site_needed")
    if site not in item.sites:
        raise IllegalCommandError(f"{item.title()} takes {possessive(name)} {word} in "
                                  f"{listing(state.board.name(s) for s in item.sites)}; not in "
                                  f"{state.board.name(site)}.", reason="advantage.wrong_site")
    if not fresh[site]:
        raise IllegalCommandError(f"{name} has no {word} in {state.board.name(site)} that has not moved this turn.",
                                  reason="advantage.condition")
    have = sum(u.owner == power and u.kind == kind for u in state.units.values())
    if spec.on_map and have >= spec.on_map:
        raise IllegalCommandError(f"{name} has {have} {spec.word(have)} on the map, the most at a time "
                                  f"({spec.on_map}).", reason="advantage.on_map")
    unit = min(fresh[site], key=lambda u: u.id)
    own = hand(state, power)
    state = with_hand(state, power, replace(own, used={**own.used, item.id: state.round}))
    state = state.with_units([replace(unit, kind=kind)])
    where = state.board.name(site)
    return state, [*events, event("advantage", f"{name} makes 1 {word} in {where} a {spec.word()} "
                                  f"({item.title()}).", power=name, item=item.name, space=where)]


def _battle_site(state: GameState, item: Item, site: SpaceId | None) -> SpaceId:
    """The land battle still to fight that an item is declared for (``at:``, needless where
    the item names one territory): one of the item's ``sites`` where it names some."""
    fights = [e.space for e in (state.combat.entries if state.combat is not None else ()) if e.kind == "land"
              and (not item.sites or e.space in item.sites)]
    named = f"an attack on {' or '.join(state.board.name(s) for s in item.sites)}" if item.sites else \
        "a land battle still to fight"
    if site is None and len(item.sites) == 1:
        site = item.sites[0]
    if site is None:
        listed = ", ".join(state.board.name(s) for s in fights) or "none is left"
        raise IllegalCommandError(f"Say which battle {item.title()} is declared for: at:<territory> "
                                  f"(a land battle still to fight: {listed}).", reason="advantage.site_needed")
    if site not in fights:
        raise IllegalCommandError(f"{item.title()} is declared for {named}, before it is fought; "
                                  f"{state.board.name(site)} has no such battle still to fight.",
                                  reason="advantage.wrong_site")
    return site


def _declare_battle(state: GameState, power: PowerId, item: Item, site: SpaceId | None,
                    events: list[Event]) -> tuple[GameState, list[Event]]:
    """An item declared for one land battle of the power still to fight: free units on its
    battle board (:func:`_board`), or acting there where the power's land units are only of
    the item's types (Banzai Attacks: "When you begin an attack with only Infantry, you may
    declare a Banzai attack")."""
    name = state.rules.power_name(power)
    site = _battle_site(state, item, site)
    if item.kind == "free":
        return _board(state, power, item, site, events)
    where = state.board.name(site)
    only = " and ".join(state.rules.spec(k).word() for k in item.units)
    land = [u for u in state.units_at(site) if u.owner == power and state.rules.spec(u.kind).is_land
            and state.rules.spec(u.kind).is_combat_unit]
    if not land or any(u.kind not in item.units for u in land):
        raise IllegalCommandError(f"{item.title()} is declared for an attack of {only} only; {possessive(name)} "
                                  f"land units in {where} are not.", reason="advantage.condition")
    own = hand(state, power)
    declared = own.declared_at.get(item.id, ()) if own.used.get(item.id) == state.round else ()
    if site in declared:
        raise IllegalCommandError(f"{name} has declared {item.title()} in {where} already.",
                                  reason="advantage.used_this_turn")
    state = with_hand(state, power, replace(own, used={**own.used, item.id: state.round},
                                             declared_at={**own.declared_at, item.id: (*declared, site)}))
    return state, [*events, event("advantage", f"{name} declares {item.title()} in {where}: {item.effect}",
                                  power=name, item=item.name, space=where)]


def _board(state: GameState, power: PowerId, item: Item, site: SpaceId,
           events: list[Event]) -> tuple[GameState, list[Event]]:
    """Free units placed on the battle board of the power's attack at ``site``, once a game
    (The Indian National Army): they attack with the rest, came from no territory, so have
    none to retreat to, and do not move in Noncombat Move, as every unit that attacked
    (README, ruling 145)."""
    name = state.rules.power_name(power)
    own = hand(state, power)
    last = own.used.get(item.id)
    if last is not None:
        raise IllegalCommandError(f"{name} used {item.title()} in round {last}; once a game.",
                                  reason="advantage.used")
    new = placed_units(state, power, item.units, site, state.next_id, frozenset({COMBAT_MOVED}))
    state = with_hand(state, power, replace(own, used={**own.used, item.id: state.round},
                                             declared_at={**own.declared_at, item.id: (site,)})).with_units(new)
    units, where = format_units(state.rules, item.units), state.board.name(site)
    return state, [*events, event("place", f"{name} places {units} on the battle board in {where}, free "
                                  f"({item.title()}); they attack with the rest.", power=name, item=item.name,
                                  units=dict(item.units), space=where)]


def begin_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """As the power's turn begins: the ``then`` units of an item used on a battle board in its
    last turn, where it holds the site now ("If you capture India this turn and control India
    at the beginning of your next turn you may place 1 Infantry for free at India": held now,
    it was taken in that turn, having been an enemy's when attacked). A free unit is always
    taken; placed as the turn begins, it moves and fights this turn (README, ruling 145)."""
    power = state.turn
    events: list[Event] = []
    for item in in_force(state, power):
        own = hand(state, power)
        if not item.then or own.used.get(item.id) != state.round - 1:
            continue
        name = state.rules.power_name(power)
        for site in own.declared_at.get(item.id, ()):
            if state.owners.get(site) != power:
                continue
            state = state.with_units(placed_units(state, power, item.then, site, state.next_id, frozenset()))
            events.append(event("place", f"{name} places {format_units(state.rules, item.then)} in "
                                f"{state.board.name(site)}, free ({item.title()}: it took the territory last turn "
                                "and holds it).", power=name, item=item.name, units=dict(item.then),
                                space=state.board.name(site)))
    return state, events


def _deal(state: GameState, power: PowerId, item: Item) -> tuple[GameState, list[Event]]:
    """001's item 1 deals: bought in Purchase for the item's price, placed at its site when
    Mobilize New Units begins (:func:`mobilize_deals`)."""
    name = state.rules.power_name(power)
    if Buy not in phase_entry(state.phase).handlers:
        raise IllegalCommandError(f"{item.title()} is bought in Purchase Units.", reason="advantage.phase")
    if item.sea and _surface_bought(state, power):
        raise IllegalCommandError(f"{item.title()}: no surface warship may be bought with it this turn "
                                  "(\"provided no surface naval units are purchased there\").",
                                  reason="advantage.surface_bought")
    price = int(item.value)
    have = state.treasury.get(power, 0)
    if price > have:
        raise IllegalCommandError(f"{item.title()} costs {price} IPCs; {name} has {have}.",
                                  reason="advantage.too_expensive")
    own = hand(state, power)
    treasury = {**state.treasury, power: have - price}
    state = with_hand(state, power, replace(own, used={**own.used, item.id: state.round},
                                             waiting=(*own.waiting, item.id))).evolve(treasury=treasury)
    units = format_units(state.rules, item.units)
    return state, [event("advantage", f"{name} buys {units} for {price} IPCs with {item.title()} ({have - price} "
                         f"left); they are placed {_where(state, item)} when Mobilize New Units begins.",
                         power=name, item=item.name, cost=price)]


def _surface_bought(state: GameState, power: PowerId) -> bool:
    bought = [*state.purchased, *(b.kind for b in state.builds.get(power, ()) if b.laid == state.round)]
    return any(state.rules.spec(k).is_sea and not state.rules.spec(k).submarine for k in bought)


def _where(state: GameState, item: Item) -> str:
    site = state.board.name(item.sites[0])
    return f"in a sea zone next to {site}" if item.sea else f"in {site}"


def mobilize_deals(state: GameState) -> tuple[GameState, list[Event]]:
    """Mobilize New Units begins: the units of the deals bought this turn appear at their
    site if the power still holds it (ships in the sea zone next to it, the first by name
    where there are several), else they are lost, as units that cannot be placed are
    (002, Phase 6). They do not use a factory's room (README, rulings on National Advantages)."""
    power = state.turn
    own = hand(state, power)
    if not own.waiting:
        return state, []
    name = state.rules.power_name(power)
    events = []
    new: list[Unit] = []
    for ident in own.waiting:
        item = state.rules.advantages.item(ident)
        site = item.sites[0]
        where: SpaceId | None = site
        if item.sea:
            seas = sorted((s for s in state.board.neighbours(site) if state.board.spaces[s].is_sea),
                          key=state.board.name)
            where = seas[0] if seas else None
        units = format_units(state.rules, item.units)
        if state.owners.get(site) != power or where is None:
            events.append(event("advantage", f"{name} cannot place {units} of {item.title()}: it does not hold "
                                f"{state.board.name(site)}; they are lost.", power=name, item=item.name))
            continue
        new += placed_units(state, power, item.units, where, state.next_id + len(new))
        events.append(event("place", f"{name} mobilizes {units} in {state.board.name(where)} ({item.title()}).",
                            power=name, units=dict(item.units), space=state.board.name(where)))
    state = with_hand(state, power, replace(own, waiting=()))
    return state.with_units(new), events


def _free(state: GameState, power: PowerId, item: Item, site: SpaceId | None) -> tuple[GameState, list[Event]]:
    """Free units in Mobilize New Units, where the item says and its condition holds."""
    name = state.rules.power_name(power)
    if Place not in phase_entry(state.phase).handlers:
        raise IllegalCommandError(f"{item.title()} places its units in Mobilize New Units.",
                                  reason="advantage.phase")
    side = state.board.side_of(power)
    lacking = [s for s in item.requires if not _held_by(state, s, power, "side")]
    if lacking:
        raise IllegalCommandError(f"{item.title()} needs the {side} to control "
                                  f"{', '.join(state.board.name(s) for s in item.requires)}; they do not hold "
                                  f"{', '.join(state.board.name(s) for s in lacking)}.", reason="advantage.condition")
    if item.each:
        placing = {s: us for s, us in item.each.items() if _held_by(state, s, power, item.control)}
        if not placing:
            raise IllegalCommandError(f"{item.title()} places units only where {_holder(state, power, item)} "
                                      f"holds {' or '.join(state.board.name(s) for s in item.each)}.",
                                      reason="advantage.condition")
    else:
        placing = {_site(state, power, item, site): item.units}
    new: list[Unit] = []
    for where, units in placing.items():
        new += placed_units(state, power, units, where, state.next_id + len(new))
    own = hand(state, power)
    state = with_hand(state, power, replace(own, used={**own.used, item.id: state.round})).with_units(new)
    said = "; ".join(f"{format_units(state.rules, us)} in {state.board.name(s)}" for s, us in placing.items())
    placed: dict[str, int] = {}
    for units in placing.values():
        for kind, n in units.items():
            placed[kind] = placed.get(kind, 0) + n
    return state, [event("place", f"{name} places {said}, free ({item.title()}).", power=name, item=item.name,
                         units=placed, spaces=[state.board.name(s) for s in placing])]


def _site(state: GameState, power: PowerId, item: Item, site: SpaceId | None) -> SpaceId:
    choices = item.sites or tuple(sorted((s for s, sp in state.board.spaces.items() if sp.original == item.at_original
                                          and sp.is_land), key=state.board.name))
    listed = (f"one of {', '.join(state.board.name(s) for s in choices)}" if item.sites
              else f"a territory originally {possessive(state.rules.power_name(item.at_original or power))}")
    if site is None:
        if len(choices) != 1:
            raise IllegalCommandError(f"Say where {item.title()} places its units: at:<territory>, {listed}.",
                                      reason="advantage.site_needed")
        site = choices[0]
    if site not in choices:
        raise IllegalCommandError(f"{item.title()} places its units in {listed}, not "
                                  f"{state.board.name(site)}.", reason="advantage.wrong_site")
    if not _held_by(state, site, power, item.control):
        raise IllegalCommandError(f"{item.title()} places its units only where {_holder(state, power, item)} "
                                  f"holds the territory; {state.board.name(site)} is not held.",
                                  reason="advantage.condition")
    return site


def _convert_units(state: GameState, power: PowerId, item: Item, site: SpaceId | None,
                   count: int) -> tuple[GameState, list[Event]]:
    """The power's units of the item's type in one territory become its ``into`` type, in
    Mobilize New Units from its round, up to its most in all (Mechanized Infantry: "Starting
    from turn 3, you may freely convert up to 3 Infantry to Mechanized Infantry anywhere on
    the map"); each keeps its place and what it did this turn (README, ruling 127)."""
    name = state.rules.power_name(power)
    ((kind, most),) = item.units.items()
    assert item.into is not None, "a convert item names the type its units become"
    plural, into = state.rules.spec(kind).plural, state.rules.spec(item.into).plural
    if Place not in phase_entry(state.phase).handlers:
        raise IllegalCommandError(f"{item.title()} converts {plural} in Mobilize New Units.", reason="advantage.phase")
    if state.round < item.from_round:
        raise IllegalCommandError(f"{item.title()} converts {plural} from round {item.from_round}; this is round "
                                  f"{state.round}.", reason="advantage.round")
    own = hand(state, power)
    done = own.converted.get(item.id, 0)
    if done + count > most:
        left = f"{most - done} left" if done < most else "none left"
        raise IllegalCommandError(f"{item.title()} converts up to {most} {plural} in all; {name} has converted {done} "
                                  f"({left}), not {count} more.", reason="advantage.too_many")
    if site is None:
        raise IllegalCommandError(f"Say where {item.title()} converts {plural}: at:<territory> where {name} has "
                                  f"{plural}, and count:<n>.", reason="advantage.site_needed")
    where = state.board.name(site)
    here = sorted((u for u in state.units_at(site) if u.owner == power and u.kind == kind and u.aboard is None),
                  key=lambda u: u.id)
    if not state.board.spaces[site].is_land or len(here) < count:
        raise IllegalCommandError(f"{item.title()} converts {plural} standing in a territory; {name} has "
                                  f"{len(here)} in {where}, not {count}.", reason="advantage.condition")
    changed = [replace(u, kind=item.into) for u in here[:count]]
    state = with_hand(state, power, replace(own, used={**own.used, item.id: state.round},
                                             converted={**own.converted, item.id: done + count})).with_units(changed)
    return state, [event("advantage", f"{name} converts {count} {state.rules.spec(kind).word(count)} in {where} to "
                         f"{state.rules.spec(item.into).word(count)} ({item.title()}; {most - done - count} "
                         f"left to convert).", power=name, item=item.name, space=where, units={str(item.into): count})]


def builds(state: GameState, power: PowerId, kind: UnitKind) -> Item | None:
    """The item in force that lets ``power`` build ``kind`` without the development the unit
    table requires (SS Panzerkorps: "the same attributes as Heavy Tanks without requiring the
    Heavy Tank technology"), at most its ``most`` of them on the map (README, ruling 128)."""
    return next((i for i in in_force(state, power) if i.kind == "build" and kind in i.units), None)


def _held_by(state: GameState, site: SpaceId, power: PowerId, control: str) -> bool:
    owner = state.owners.get(site)
    if control == "own":
        return owner == power
    return owner is not None and state.board.side_of(owner) == state.board.side_of(power)


def _holder(state: GameState, power: PowerId, item: Item) -> str:
    return state.rules.power_name(power) if item.control == "own" else f"the {state.board.side_of(power)}"


def placed_units(state: GameState, power: PowerId, units: Mapping[UnitKind, int], where: SpaceId,
                 first: int, flags: frozenset[str] = frozenset({PLACED})) -> list[Unit]:
    """New units, by default placed this turn (flag ``placed``: they neither move nor fight
    before next turn)."""
    out: list[Unit] = []
    for kind, n in units.items():
        for _ in range(n):
            out.append(Unit(id=first + len(out), kind=kind, owner=power, space=where, flags=flags))
    return out


def with_hand(state: GameState, power: PowerId, new: Hand) -> GameState:
    """``state`` with the power's hand replaced."""
    return state.evolve(advantages={**state.advantages, power: new})


def _quoted(item: Item) -> str:
    return f'"{item.name}"' if " " in item.name else item.name


# -- what players read ----------------------------------------------------------------

def public_lines(state: GameState) -> list[str]:
    """For ``/game status``: each power's items in force (item 1 and those revealed) and how
    many it holds unrevealed; never which."""
    if not played(state):
        return []
    lines = []
    for power in state.rules.turn_order:
        shown = ", ".join(_shown(i) for i in in_force(state, power))
        secret = len(hand(state, power).drawn) - len(hand(state, power).revealed)
        more = f"; {secret} drawn and not revealed" if secret else ""
        lines.append(f"National Advantages of {state.rules.power_name(power)}: {shown}{more}.")
    return lines


def _shown(item: Item) -> str:
    """The item's title, saying so where its effect is not played yet (an item 1 of kind
    ``later``: README, rulings on National Advantages)."""
    return item.title() if item.played else f"{item.title()}, not played yet: it waits for {item.waits}"


def hand_text(state: GameState, power: PowerId) -> str:
    """``/advantage``: the power's own items, for its player alone."""
    name = state.rules.power_name(power)
    if not played(state):
        return "National Advantages are not played in this game (option national_advantages)."
    own = hand(state, power)
    lines = [f"{possessive(name)} National Advantages:"]
    for item in state.rules.advantages.of(power):
        if item.standard:
            lines.append(f"- {_shown(item)}, standard, in force: {item.effect}")
        elif item.id in own.revealed:
            lines.append(f"- {item.title()}, revealed, in force: {item.effect}")
        elif item.id in own.drawn:
            lines.append(f"- {item.title()}, drawn, secret until you reveal it "
                         f"(/advantage reveal:{_quoted(item)}): {item.effect}")
    if not own.drawn:
        lines.append("No item drawn yet.")
    due = owed(state, power)
    if due and pool(state, power):
        lines.append(f"You may draw {due} item{'s' if due > 1 else ''} now, in your turn: /advantage draw:{due}")
    return "\n".join(lines)
