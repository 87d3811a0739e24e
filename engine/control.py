"""Control of territory: capture, liberation, capitals, income and victory cities.

000, Phase 3, Step 7 (Conclude Combat), "Liberating a Territory", "Capturing and
Liberating Capitals", "Capturing a Victory City", Phase 6 (Collect Income).
"""

from __future__ import annotations

from dataclasses import replace

from .errors import IllegalCommandError
from .events import Event, event
from .ids import PowerId, SpaceId
from .restrictions import liberator_keeps
from .state import GameState, Unit
from .variants import SCORCHED_EARTH


def income(state: GameState, power: PowerId) -> int:
    """National production level: the IPC values of the territories the power controls."""
    board = state.board
    return sum(board.spaces[s].ipc for s, p in state.owners.items() if p == power)


def holds_capital(state: GameState, power: PowerId) -> bool:
    """True while the power controls its own capital."""
    return state.owners.get(state.board.powers[power].capital) == power


def missing_capital(state: GameState, power: PowerId) -> str | None:
    """Why ``power`` sits out a phase that needs its capital, or None where it may play it:
    its capital is in enemy hands now, or was as its turn began (switch ``capital_checked``)."""
    if state.rules.switches.capital_checked == "phase":
        return None if holds_capital(state, power) else "its capital is in enemy hands"
    capital = state.board.powers[power].capital
    if state.turn_start_owners.get(capital, state.owners.get(capital)) == power:
        return None
    return f"its capital {state.board.name(capital)} was in enemy hands when its turn began"


def capital_lost(state: GameState, command: str) -> IllegalCommandError:
    """The refusal of ``command`` (``/buy``) to the power to move while its capital is in
    enemy hands: it buys, researches, places and collects nothing, and keeps its IPCs
    (plunder included) until the capital is liberated (000 and 002, "Capturing and
    Liberating Capitals"; 002, Phase 7: "You may collect thier current, in-hand IPC's but
    may not spend it until your capital is liberated")."""
    power = state.turn
    name = state.rules.power_name(power)
    capital = state.board.name(state.board.powers[power].capital)
    if holds_capital(state, power):
        return IllegalCommandError(f"{name} cannot use /{command} this turn: {missing_capital(state, power)}.",
                                   reason="capital.lost")
    return IllegalCommandError(
        f"{name} cannot use /{command} while its capital {capital} is in enemy hands: it may not spend "
        f"its {state.treasury.get(power, 0)} IPCs until the capital is liberated.", reason="capital.lost")


def victory_cities(state: GameState, side: str) -> list[SpaceId]:
    board = state.board
    held = []
    for s, space in board.spaces.items():
        owner = state.owners.get(s)
        if space.victory_city and owner is not None and board.side_of(owner) == side:
            held.append(s)
    return sorted(held)


def side_scores(state: GameState) -> dict[str, tuple[int, int]]:
    """Per side: victory cities held and IPC production (the sum of its powers' national
    production levels), the two figures a tournament's time-limit adjudication compares."""
    board = state.board
    sides = sorted({p.side for p in board.powers.values()})
    return {side: (len(victory_cities(state, side)),
                   sum(income(state, p) for p in board.powers if board.side_of(p) == side))
            for side in sides}


def capture(state: GameState, territory: SpaceId, captor: PowerId) -> tuple[GameState, list[Event]]:
    """Hand ``territory`` to ``captor``'s side after a successful attack or a blitz.

    A territory first owned by an ally goes back to that ally if the ally holds its capital
    ("Liberating a Territory"; the check at the end of the turn is made when the turn ends,
    see :func:`settle_liberations`). Taking an enemy capital runs the rule system's
    ``on_capital_captured`` hook (plunder). Enemy AAA found alone is removed; industrial complexes
    change sides with their damage.
    """
    board = state.board
    space = board.spaces[territory]
    previous = state.owners.get(territory)
    new_owner = captor
    original = space.original
    events: list[Event] = []
    if (original is not None and original != captor and board.allies(original, captor)
            and (holds_capital(state, original) or territory == board.powers[original].capital)
            and not _liberator_keeps(state, captor, territory)):
        new_owner = original
    owners = dict(state.owners)
    owners[territory] = new_owner
    name = board.name(territory)
    if new_owner == captor:
        events.append(event("capture", f"{state.rules.power_name(captor)} captures {name}.",
                            space=name, power=state.rules.power_name(captor),
                            previous=_name(state, previous)))
    else:
        events.append(event("liberate", f"{state.rules.power_name(captor)} liberates {name} for "
                            f"{state.rules.power_name(new_owner)}.", space=name,
                            power=state.rules.power_name(new_owner), liberator=state.rules.power_name(captor)))
    victim_capital_of = [p for p in board.powers.values() if p.capital == territory]
    for victim in victim_capital_of:
        if not board.allies(victim.id, captor) and territory not in state.fallen:
            state = state.evolve(fallen=state.fallen | {territory})
        if previous == victim.id and not board.allies(victim.id, captor):
            state, plundered = state.rules.hooks.on_capital_captured(state, territory, captor, victim.id)
            events.extend(plundered)
        if new_owner == victim.id:
            owners, reverted = _restore_liberated_capital(state, owners, victim.id)
            state = state.with_units(reverted)
    removed = [u.id for u in state.units_at(territory)
               if not board.allies(u.owner, captor) and state.rules.spec(u.kind).destroyed_when_alone]
    # A captured unit that could move (Revised's AA gun) stays put this turn (002, Phase 4,
    # Step 8; Q&A, Movement: it "can't move" in this turn's Noncombat Move).
    taken = [u for u in state.units_at(territory) if _taken_over(state, u) and u.owner != new_owner
             and u.id not in removed]
    if removed:
        events.append(event("destroyed", f"{len(removed)} enemy antiaircraft artillery in {name} removed.",
                            space=name, count=len(removed)))
    if state.rules.variant.enabled(SCORCHED_EARTH):
        state, taken, scorched = scorch(state, territory, captor, taken)
        events.extend(scorched)
    changed = [replace(u, owner=new_owner, moved=state.rules.hooks.move_points(state, u)) for u in taken]
    state = state.with_units(changed, removed, owners=owners)
    return state, events


def _liberator_keeps(state: GameState, liberator: PowerId, territory: SpaceId) -> bool:
    """A rule system's restriction lets the liberator keep an ally's territory (AARHE's
    Stalinist Xenophobia: "Allied territories liberated by USSR are under USSR control"), save
    an ally's capital, which goes back to its power (README, ruling on liberation)."""
    if any(p.capital == territory for p in state.board.powers.values()):
        return False
    return liberator_keeps(state.rules.restrictions, state.fallen, liberator)


def scorch(state: GameState, territory: SpaceId, captor: PowerId,
           taken: list[Unit]) -> tuple[GameState, list[Unit], list[Event]]:
    """004 §15, Scorched Earth: "the losers of a territory with an AA Gun and/or an
    Industrial Complex in them" destroy them "before the enemy gains full control of the
    area" (README of classic-3e: the referee destroys them for the loser). Returns the
    state without them, the units still taken over (an ally's, which revert) and the event."""
    burnt = [u for u in taken if not state.board.allies(u.owner, captor)]
    if not burnt:
        return state, taken, []
    kinds: dict[str, int] = {}
    for u in burnt:
        kinds[state.rules.spec(u.kind).name] = kinds.get(state.rules.spec(u.kind).name, 0) + 1
    what = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
    loser = state.rules.power_name(burnt[0].owner)
    name = state.board.name(territory)
    return (state.with_units(removed=[u.id for u in burnt]), [u for u in taken if u not in burnt],
            [event("scorched", f"{loser} destroys {what} in {name} before losing it (scorched earth).",
                   space=name, power=loser, units=kinds)])


def _restore_liberated_capital(state: GameState, owners: dict[SpaceId, PowerId | None],
                               power: PowerId) -> tuple[dict[SpaceId, PowerId | None], list[Unit]]:
    """A liberated capital brings back the power's original territories held by friends,
    with their industrial complexes (000 and 002, "Capturing and Liberating Capitals":
    "Territories and industrial complexes ... also revert"). Guns there stay with their
    holder ("Anti-aircraft guns outside the newly liberated capital remain under their
    pre-liberation ownership", 002), but for territories taken this turn: those count as
    liberated at the end of the turn, so their guns revert too (002, "Liberating a
    Territory"; README of revised-lhtr, ruling 18)."""
    board = state.board
    reverted: list[Unit] = []
    for sid, space in board.spaces.items():
        holder = owners.get(sid)
        if space.original == power and holder is not None and holder != power and board.allies(holder, power):
            owners[sid] = power
            fresh = state.captured_this_turn(sid)
            reverted += [replace(u, owner=power) for u in state.units_at(sid) if u.owner == holder
                         and (state.rules.spec(u.kind).structure or (fresh and _taken_over(state, u)))]
    return owners, reverted


def settle_liberations(state: GameState) -> GameState:
    """End of turn: territories liberated for an ally whose capital is in enemy hands stay
    with the liberator ("If the capital of the original controller ... is in enemy hands
    at the end of the turn ..., you capture the territory instead")."""
    board = state.board
    owners = dict(state.owners)
    changed = False
    for sid in board.spaces:
        holder = owners.get(sid)
        original = board.spaces[sid].original
        if (holder is not None and holder != state.turn and holder == original
                and state.captured_this_turn(sid) and board.allies(holder, state.turn)
                and not holds_capital(state, holder)):
            owners[sid] = state.turn
            changed = True
    if not changed:
        return state
    units = []
    for u in state.units.values():
        holder = owners.get(u.space)
        if _taken_over(state, u) and holder is not None and holder != u.owner:
            units.append(replace(u, owner=holder))
    return state.with_units(units, owners=owners)


def _taken_over(state: GameState, unit: Unit) -> bool:
    """Whether ``unit`` changes owner with its territory (structures, Revised's AA guns)."""
    spec = state.rules.spec(unit.kind)
    return spec.structure or spec.captured


def _name(state: GameState, power: PowerId | None) -> str | None:
    return None if power is None else state.rules.power_name(power)
