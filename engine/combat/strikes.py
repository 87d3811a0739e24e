"""Attacks a National Advantage makes without units, in the enemy's turn before its battles
(AARHE's Kamikaze Attacks: an item whose ``strike`` is set; README of maps/aarhe, ruling 147).

001 › Appendix: National Advantages, Japan 3: "Kamikazes are not represented by a unit.
These attacks may be launched if an Allied player move ships within 2 sea zones from Japan,
after all combat movement has been completed. Kamikaze may target specific enemy ships,
except for Submarines. They attack on a roll of 4 or less. This attack precedes all normal
combat in the sea zone (defending ships fire AA rolls). Before any Kamikaze rolls you must
announce all target(s). If a Kamikaze is used during the enemy's turn it counts as a naval
battle in the sea zone."

The owner launches them in the enemy's window the item names (``declare``: Defensive Air
Support, after every enemy teammate's Combat Move), ``/advantage use:<item> at:<sea zone>
targets:<ships>``, one attack at each ship named. They are fought at once, as a sea battle of
their own in the zone: the enemy's ships there fire their anti-air rolls at them (001 ›
Anti-Air, at the values a National Advantage may raise), each hit downing one attack, the
last named first; each attack left rolls one die at its target, a hit being a hit on the
ship (a ship with two hits and none taken is damaged, else sunk with its cargo).
"""

from __future__ import annotations

from dataclasses import replace

from ..advantages import find_item, hand, played, reveal, with_hand
from ..advantages_data import Item, Strike
from ..commands import Advantage
from ..dice import Dice
from ..errors import IllegalCommandError
from ..events import Event, event
from ..ids import PowerId, SpaceId
from ..prose import listing, possessive
from ..state import GameState, Unit
from . import national
from .hits import hit_points
from .losses import destroy
from .phase import Battle, CombatPhase
from .report import counts, unit_text
from .sides import at_war, defenders


def _battle(zone: SpaceId, power: PowerId) -> tuple[Battle, CombatPhase]:
    """The strikes in ``zone`` as the sea battle they count as ("it counts as a naval battle
    in the sea zone"), ``power`` attacking: what the values of its defenders are read in."""
    b = Battle(zone, "sea", power)
    return b, CombatPhase(attacker=power, current=b)


def targets(state: GameState, power: PowerId, zone: SpaceId) -> list[Unit]:
    """The enemy's ships in ``zone`` a strike may aim at: naval units "except for
    Submarines", not docked at a neutral (attacked only through it), in id order."""
    b, phase = _battle(zone, power)
    return [u for u in defenders(state, b, phase)
            if state.rules.spec(u.kind).is_sea and not state.rules.spec(u.kind).submarine]


def _near(state: GameState, item: Item, strike: Strike) -> set[SpaceId]:
    """The sea zones within ``strike.within`` of the item's sites, a zone next to one being
    at 1 ("within 2 sea zones from Japan")."""
    board = state.board
    reached = {n for s in item.sites for n in board.neighbours(s) if board.spaces[n].is_sea}
    edge = set(reached)
    for _ in range(strike.within - 1):
        edge = {n for s in edge for n in board.neighbours(s) if board.spaces[n].is_sea} - reached
        reached |= edge
    return reached


def zones(state: GameState, power: PowerId, item: Item) -> list[SpaceId]:
    """Where the item's attacks may go now: the sea zones near its sites into which an enemy
    ship moved this turn ("if an Allied player move ships within 2 sea zones from Japan")
    that hold a target, by name."""
    assert item.strike is not None
    open_ = [z for z in _near(state, item, item.strike) if targets(state, power, z) and any(
        len(u.path) > 1 and state.rules.spec(u.kind).is_sea and at_war(state, u.owner, power)
        for u in state.units_at(z))]
    return sorted(open_, key=state.board.name)


def launchable(state: GameState, phase: str, power: PowerId) -> bool:
    """Whether ``power`` could launch an item's attacks in the window ``phase`` now (it is
    asked there as a power with units able to act is: ``engine.passive``)."""
    if not played(state):
        return False
    own = hand(state, power)
    return any(i.strike is not None and i.declare == phase and (i.standard or i.id in own.drawn)
               and own.spent.get(i.id, 0) < i.strike.uses and zones(state, power, i)
               for i in state.rules.advantages.of(power))


def strike(state: GameState, cmd: Advantage, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/advantage use:<item> at:<sea zone> targets:<ships>`` in the enemy's window (which
    sends it only an item that makes attacks): the item's attacks, at once; an item drawn and
    not revealed is revealed by them."""
    power = state.actor
    name = state.rules.power_name(power)
    assert cmd.use is not None and played(state), "the window's /advantage names an item (engine.passive_moves)"
    item = find_item(state, power, cmd.use)
    window = state.window.phase if state.window is not None else ""
    if item.strike is None or item.declare != window:
        raise IllegalCommandError(f"{item.title()} is not used in the other team's turn; only an item's attacks "
                                  "are launched there.", reason="advantage.window")
    events: list[Event] = []
    if not item.standard and item.id not in hand(state, power).revealed:
        state, events = reveal(state, power, item)
    st = item.strike
    left = st.uses - hand(state, power).spent.get(item.id, 0)
    if left <= 0:
        raise IllegalCommandError(f"{name} has made its {st.uses} {st.plural} of the game ({item.title()}).",
                                  reason="advantage.used")
    zone = _zone(state, power, item, st, cmd.site)
    aimed = _aimed(state, power, zone, cmd, st, left)
    own = hand(state, power)
    state = with_hand(state, power, replace(own, spent={**own.spent, item.id: own.spent.get(item.id, 0) + len(aimed)}))
    where = state.board.name(zone)
    remaining = left - len(aimed)
    events.append(event("advantage", f"{name} launches {len(aimed)} {st.name if len(aimed) == 1 else st.plural} "
                        f"({item.title()}) in {where} at {unit_text(state, counts(state, aimed))}; "
                        f"{remaining} left in the game.", power=name, item=item.name, space=where,
                        count=len(aimed), left=remaining))
    state, more = _fight(state, power, zone, st, aimed, dice)
    return state, [*events, *more]


def _zone(state: GameState, power: PowerId, item: Item, st: Strike, site: SpaceId | None) -> SpaceId:
    """The sea zone named, if the attacks may go there now."""
    open_ = zones(state, power, item)
    sites = listing(state.board.name(s) for s in item.sites)
    rule = (f"a sea zone within {st.within} of {sites} into which a ship of the other team moved this turn, "
            "with ships other than submarines")
    listed = ", ".join(state.board.name(z) for z in open_) or "none now"
    if site is None:
        raise IllegalCommandError(f"Say where the {st.plural} strike: at:<sea zone>, {rule} ({listed}).",
                                  reason="advantage.site_needed")
    if site not in open_:
        raise IllegalCommandError(f"{st.plural.capitalize()} strike in {rule} ({listed}); "
                                  f"{state.board.name(site)} is not.", reason="advantage.wrong_site")
    return site


def _aimed(state: GameState, power: PowerId, zone: SpaceId, cmd: Advantage, st: Strike, left: int) -> list[Unit]:
    """The ships named, one attack each, each a different ship (the most damaged first, then
    by id), all of them announced before any roll."""
    where = state.board.name(zone)
    there = targets(state, power, zone)
    listed = unit_text(state, counts(state, there))
    if not cmd.units:
        raise IllegalCommandError(f"Name the {st.plural}' targets, one ship each: targets:<ships> ({where}: "
                                  f"{listed}).", reason="advantage.targets_needed")
    asked = sum(n for _, n in cmd.units)
    if asked > left:
        raise IllegalCommandError(f"{state.rules.power_name(power)} has {left} {st.name if left == 1 else st.plural} "
                                  f"left in the game; you named {asked} targets.", reason="advantage.used")
    aimed: list[Unit] = []
    for kind, n in cmd.units:
        spec = state.rules.spec(kind)
        pool = sorted((u for u in there if u.kind == kind), key=lambda u: (-u.hits, u.id))
        if len(pool) < n:
            why = " (submarines are no targets)" if spec.submarine else ""
            raise IllegalCommandError(f"{where} has {len(pool)} {spec.word(len(pool))} to aim at{why}; you named "
                                      f"{n}. Targets there: {listed}.", reason="advantage.targets")
        aimed += pool[:n]
    return aimed


def _fight(state: GameState, power: PowerId, zone: SpaceId, st: Strike, aimed: list[Unit],
           dice: Dice) -> tuple[GameState, list[Event]]:
    """The defending ships' anti-air, then each attack left at its target."""
    b, phase = _battle(zone, power)
    where = state.board.name(zone)
    guns = [u for u in defenders(state, b, phase) if state.rules.spec(u.kind).anti_air]
    groups: dict[int, list[Unit]] = {}
    for u in guns:
        groups.setdefault(national.anti_air_value(state, phase, u, "defender"), []).append(u)
    events: list[Event] = []
    flying = len(aimed)
    for value, us in sorted(groups.items()):
        if not flying:
            break
        shots = sum(state.rules.spec(u.kind).anti_air for u in us)
        why = (f"{where} anti-air of {unit_text(state, counts(state, us))} at {flying} "
               f"{st.name if flying == 1 else st.plural} @{value}")
        faces = dice.roll(shots, why)
        down = min(flying, sum(f <= value for f in faces))
        flying -= down
        events.append(event("strike_anti_air", f"{why}: {' '.join(map(str, faces))}; {down} "
                            f"{st.name if down == 1 else st.plural} downed.", space=where, dice=list(faces),
                            value=value, downed=down, purpose=why))
    for target in aimed[:flying]:
        why = f"{where} {st.name} at {state.rules.spec(target.kind).word()} @{st.hits_on}"
        face = dice.roll(1, why)[0]
        state, said, sunk, cargo = _hit(state, power, target, face <= st.hits_on)
        events.append(event("strike", f"{why}: {face}; {said}", space=where, dice=[face], value=st.hits_on,
                            purpose=why, units=counts(state, sunk), cargo=counts(state, cargo)))
    return state, events


def _hit(state: GameState, power: PowerId, target: Unit,
         hit: bool) -> tuple[GameState, str, list[Unit], list[Unit]]:
    """A hit on ``target``: damaged where it has a hit left to take, else sunk with its cargo;
    what is said, and the ship and cargo lost."""
    owner = possessive(state.rules.power_name(target.owner))
    word = state.rules.spec(target.kind).word()
    if not hit:
        return state, "a miss.", [], []
    if hit_points(state, target) > 1:
        return state.with_units([replace(target, hits=target.hits + 1)]), f"hit: {owner} {word} is damaged.", [], []
    after, cargo = destroy(state, [target.id], power)
    lost = f" and the cargo {unit_text(state, counts(state, cargo))}" if cargo else ""
    return after, f"hit: {owner} {word} is sunk{lost}.", [target], cargo
