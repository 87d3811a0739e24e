"""National Advantages in AARHE's battles (001 › Appendix: National Advantages, optional):
the one place the battle steps ask what the items in force change.

An item's effect in battle is data, its ``bonus`` tables in ``advantages.toml``
(``engine.advantages_data.Bonus``): a value added or raised to a floor, for some unit types,
on one side, under conditions of the battle (land or sea, the first cycle, an amphibious
assault, the space, the enemy, the round, the item of fire, submarines outnumbering the
escorts). Land cycles ask :func:`adjusted` for their land units' and supremacy aircraft's
values, sea cycles for every item of fire; ships' anti-air fire asks :func:`anti_air_value`,
Infrastructure Defense fire at aircraft :func:`destroy_value`, ASW :func:`asw_developments`,
offshore bombardment :func:`bombard_immune`, the land cycle's opening fire :func:`opening_fire`,
a sea cycle's suicide boats :func:`suicide`, the land retreat :func:`held`, a Strategic
Bombing Raid's damage :func:`raid_damage` and :func:`raid_dice`. A battle notes, as it begins, the enemy units an item watches
(:func:`watched`) and the units an item with a limit favours (:func:`favoured`) and, when it
ends, rewards the loss of the watched ones (:func:`after_battle`). A game without the option
has no item in force, so every function gives the values it was given (README, rulings 100
to 109).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from ..advantages import bonuses, in_force, placed_units, played, uses_at
from ..advantages_data import Bonus
from ..events import Event, event
from ..ids import PowerId, SpaceId, UnitKind
from ..notation import format_units
from ..state import MOVES_AGAIN, GameState, Unit
from .flow import current
from .report import counts, unit_text
from .phase import Battle, CombatPhase
from .sides import attackers, defenders

ANTI_AIR_HIT = 1
"""001 › Anti-Air: "the number of Anti-Air rolls each hitting on a 1"."""


def adjusted(state: GameState, phase: CombatPhase, units: Sequence[Unit], side: str, values: Mapping[int, int],
             fire: str = "") -> dict[int, int]:
    """``values`` of ``side``'s ``units`` (by id) as the items in force change them in this
    battle and item of ``fire``: first every increase (on a value above 0: "increased by 1"
    gives nothing to a unit without one), then every floor ("defend on a 3" never lowers a
    value: README, ruling 100)."""
    out = dict(values)
    if not played(state):
        return out
    found = list(_in_force(state, phase, units, side, "combat", fire))
    for bonus, unit in found:
        if bonus.add and out.get(unit.id, 0) > 0:
            out[unit.id] += bonus.add
    for bonus, unit in found:
        if bonus.at_least and unit.id in out:
            out[unit.id] = max(out[unit.id], bonus.at_least)
    return out


def anti_air_value(state: GameState, phase: CombatPhase, unit: Unit, side: str) -> int:
    """What ``unit``'s anti-air rolls hit on: 1, or an item's higher value ("Anti-Air roll
    increased to 1-2": Fletcher-class Destroyer, Iowa Class Battleships)."""
    floors = [b.at_least for b, _ in _in_force(state, phase, [unit], side, "anti_air", "")]
    return max([ANTI_AIR_HIT, *floors])


def destroy_value(state: GameState, phase: CombatPhase, owner: PowerId, kind: UnitKind, base: int) -> int:
    """What an Infrastructure Defense of ``owner`` (type ``kind``, implicit ones too)
    destroys an aircraft on in this battle: ``base``, or an item's higher value (Radar: "UK
    owned Infrastructure Defense in United Kingdom and Eastern Canada rolls attack die hit
    air units on 1 or 2")."""
    b = current(phase)
    floors = [bonus.at_least for bonus in bonuses(state, owner, b.space) if bonus.what == "id_destroys"
              and (not bonus.units or kind in bonus.units) and _holds(state, phase, b, bonus, "defender", "")]
    return max([base, *floors])


def raid_damage(state: GameState, unit: Unit, space: SpaceId) -> int:
    """IPCs an item in force adds to ``unit``'s damage on a Strategic Bombing Raid's income in
    ``space`` (Pathfinder Force: "Your Bomber causes 1 extra IPC in damage on Strategic
    Bombing Raids")."""
    return sum(b.add for b in bonuses(state, unit.owner, space)
               if b.what == "raid_damage" and (not b.units or unit.kind in b.units))


def raid_dice(state: GameState, unit: Unit, space: SpaceId) -> int:
    """Dice an item in force adds to ``unit``'s damage dice on a raid in ``space``, the best
    kept as with Heavy Bomber (Superfortress: "Your Heavy Bombers roll one additional die each
    when conducting a strategic bombing raid": README, ruling 126)."""
    return sum(b.add for b in bonuses(state, unit.owner, space)
               if b.what == "raid_dice" and (not b.units or unit.kind in b.units))


def held(state: GameState, phase: CombatPhase, unit: Unit, side: str) -> bool:
    """Whether an item in force keeps ``unit`` from retreating (Banzai Attacks: "All those
    Infantry ... may not retreat")."""
    return any(True for _ in _in_force(state, phase, [unit], side, "held", ""))


def bombard_immune(state: GameState, phase: CombatPhase, unit: Unit) -> bool:
    """Whether offshore bombardment's hits may not fall on the defending ``unit`` (Dug-In
    Defenses: "immune to shore bombardment")."""
    return any(True for _ in _in_force(state, phase, [unit], "defender", "bombard_immune", ""))


def opening_fire(state: GameState, phase: CombatPhase, unit: Unit, side: str) -> bool:
    """Whether an item in force makes the land ``unit`` fire in the cycle's opening fire
    (Guerrilla Tactics: "Your attacking Infantry and armor fire in opening-fire in the first
    cycle of combat in all small Pacific island groups/islands")."""
    return any(True for _ in _in_force(state, phase, [unit], side, "opening_fire", ""))


def suicide(state: GameState, phase: CombatPhase, side: str) -> tuple[list[Unit], Bonus] | None:
    """``side``'s units an item in force may send to strike as suicide boats in this battle
    now, by id, with the item's bonus (its hit value and label), or None (Shinyo Suicide
    Boats: "you may designate as many of your naval transports as suicide boats")."""
    found = list(_in_force(state, phase, _both(state, phase, current(phase), side)[0], side, "suicide", ""))
    if not found:
        return None
    bonus = found[0][0]
    return sorted((u for b, u in found if b == bonus), key=lambda u: u.id), bonus


def asw_developments(state: GameState, unit: Unit) -> frozenset[str]:
    """Developments whose ASW values an item in force gives ``unit``'s type without its
    owner having them (Flying Boats: "Your Bomber can perform ASW in spite of current
    technology level for ASW"); no condition of a battle applies."""
    return frozenset(b.development for b in bonuses(state, unit.owner)
                     if b.what == "asw" and b.development and (not b.units or unit.kind in b.units))


def watched(state: GameState, phase: CombatPhase) -> tuple[int, ...]:
    """As the current battle begins: the enemy units whose loss an item in force rewards if
    its side wins (Salvage: "If you win a battle against the German player and at least one
    German armor is destroyed"), by id."""
    if not played(state):
        return ()
    b = current(phase)
    out: set[int] = set()
    for side in ("attacker", "defender"):
        mine, theirs = _both(state, phase, b, side)
        for power in dict.fromkeys(u.owner for u in mine):
            for bonus in bonuses(state, power, b.space):
                if bonus.what == "salvage" and _holds(state, phase, b, bonus, side, ""):
                    out |= {u.id for u in theirs if u.kind in bonus.units
                            and (bonus.against is None or u.owner == bonus.against)}
    return tuple(sorted(out))


def favoured(state: GameState, phase: CombatPhase) -> tuple[int, ...]:
    """As the current battle begins: the units an item with a limit favours in it (Shock
    Troops: "2 Infantry has its attack increased by 1 in the first cycle of combat. No more
    than 6 Infantry can get this bonus per turn"): so many a battle, the first by id, while
    the turn's count (``CombatPhase.favoured``) allows (README, ruling 108); or so many for
    each use of the item there this round (Commissars: "For each Infantry sacrificed, 2 other
    Infantry you own defend on a 3 this turn", README, ruling 141)."""
    if not played(state):
        return ()
    b = current(phase)
    out: list[int] = []
    for side in ("attacker", "defender"):
        mine = _both(state, phase, b, side)[0]
        for power in dict.fromkeys(u.owner for u in mine):
            for bonus in bonuses(state, power, b.space):
                if not _chosen(bonus) or not _holds(state, phase, b, bonus, side, ""):
                    continue
                if bonus.limit is not None:
                    each, turn = bonus.limit
                    room = min(each, turn - len(phase.favoured) - len(out))
                else:
                    room = bonus.per_use * uses_at(state, power, b.space, bonus)
                fit = sorted(u.id for u in mine if u.owner == power and (not bonus.units or u.kind in bonus.units)
                             and u.id not in out)
                out += fit[:max(room, 0)]
    return tuple(out)


def cleared(state: GameState, phase: CombatPhase, land: Sequence[Unit]) -> tuple[int, ...]:
    """As the current battle begins: the defending ``land`` units, by id, where an item in
    force of the attacker rewards destroying them all in one cycle (Panzer blitz: "If your
    attacking forces destroy all defending land units in a territory in one cycle of combat")."""
    b = current(phase)
    if not played(state) or not any(bonus.what == "move_again" for bonus in bonuses(state, b.attacker, b.space)):
        return ()
    return tuple(sorted(u.id for u in land))


def _move_again(state: GameState, phase: CombatPhase, outcome: str) -> tuple[GameState, list[Event]]:
    """The attacker won and every defending land unit of :func:`cleared` was destroyed in
    this cycle (the first, with ``first_cycle``): its surviving units of the item's types
    there may move in Noncombat Move ("any of your surviving armor may move 1 territory
    during Non-combat Move phase": README, ruling 130)."""
    b = current(phase)
    if outcome != "attacker" or not b.cleared or any(i in state.units for i in b.cleared):
        return state, []
    events: list[Event] = []
    for item in in_force(state, b.attacker):
        for bonus in item.bonuses:
            if bonus.what != "move_again" or not _holds(state, phase, b, bonus, "attacker", ""):
                continue
            armor = [u for u in attackers(state, b) if u.kind in bonus.units and not u.has(MOVES_AGAIN)]
            if not armor:
                continue
            state = state.with_units(u.with_flags(MOVES_AGAIN) for u in armor)
            name, where = state.rules.power_name(b.attacker), state.board.name(b.space)
            events.append(event("advantage", f"{name}: {unit_text(state, counts(state, armor))} in {where} may move "
                                f"{bonus.add} territory in Noncombat Move ({item.title()}: every defending land unit "
                                "destroyed in one cycle).", power=name, item=item.name, space=where,
                                units=counts(state, armor)))
    return state, events


def after_battle(state: GameState, phase: CombatPhase, outcome: str) -> tuple[GameState, list[Event]]:
    """The battle is over: the attacker's armor may move again where an item says so
    (:func:`_move_again`); where ``outcome`` is a win and a watched enemy unit (:func:`watched`)
    was destroyed, each winning power with such an item places its free unit in the battle's
    territory ("you may place one free armor in that territory": a free unit is always taken,
    README, ruling 107). Whom the item watched was settled as the battle began."""
    state, events = _move_again(state, phase, outcome)
    b = current(phase)
    if not b.watched or outcome not in ("attacker", "defender"):
        return state, events
    destroyed = [i for i in b.watched if i not in state.units]
    if not destroyed:
        return state, events
    winners = [b.attacker] if outcome == "attacker" else list(dict.fromkeys(
        u.owner for u in defenders(state, b, phase)))
    for power in winners:
        for item in in_force(state, power):
            for bonus in item.bonuses:
                if bonus.what != "salvage" or bonus.place is None or (bonus.battle and bonus.battle != b.kind):
                    continue
                state = state.with_units(placed_units(state, power, {bonus.place: 1}, b.space, state.next_id))
                name = state.rules.power_name(power)
                events.append(event("place", f"{name} places {format_units(state.rules, {bonus.place: 1})} in "
                                    f"{state.board.name(b.space)}, free ({item.title()}: {len(destroyed)} of the "
                                    "enemy's units it names destroyed in the battle won).", power=name,
                                    item=item.name, units={bonus.place: 1}, space=state.board.name(b.space)))
    return state, events


def _chosen(bonus: Bonus) -> bool:
    """Whether ``bonus`` acts only for units chosen as the battle begins (:func:`favoured`)."""
    return bonus.limit is not None or bonus.per_use > 0


def _both(state: GameState, phase: CombatPhase, b: Battle, side: str) -> tuple[list[Unit], list[Unit]]:
    """``side``'s units in battle ``b`` and the enemy's."""
    atk, dfn = attackers(state, b), defenders(state, b, phase)
    return (atk, dfn) if side == "attacker" else (dfn, atk)


def _in_force(state: GameState, phase: CombatPhase, units: Sequence[Unit], side: str, what: str,
              fire: str) -> Iterator[tuple[Bonus, Unit]]:
    """Each bonus of kind ``what`` in force for each of the units it concerns."""
    b = current(phase)
    for power in dict.fromkeys(u.owner for u in units):
        for bonus in bonuses(state, power, b.space):
            if bonus.what != what or not _holds(state, phase, b, bonus, side, fire):
                continue
            for u in units:
                if u.owner == power and (not bonus.units or u.kind in bonus.units) and (
                        not _chosen(bonus) or u.id in b.favoured):
                    yield bonus, u


def _holds(state: GameState, phase: CombatPhase, b: Battle, bonus: Bonus, side: str, fire: str) -> bool:
    """Whether every condition of ``bonus`` holds in battle ``b`` for ``side`` now."""
    if (bonus.side and bonus.side != side) or (bonus.battle and bonus.battle != b.kind):
        return False
    if (bonus.first_cycle and b.round != 1) or (bonus.assault and not b.amphibious):
        return False
    if (bonus.at and b.space not in bonus.at) or state.round < bonus.from_round:
        return False
    if bonus.fire and bonus.fire != fire:
        return False
    mine, theirs = _both(state, phase, b, side)
    if bonus.against is not None and bonus.against not in _enemies(state, b, side, theirs):
        return False
    if bonus.outnumber is not None:
        own, enemy, by = bonus.outnumber
        if sum(u.kind in own for u in mine) - sum(u.kind in enemy for u in theirs) <= by:
            return False
    return True


def _enemies(state: GameState, b: Battle, side: str, theirs: Sequence[Unit]) -> set[PowerId]:
    """The enemy powers in the battle: the attacker, or the defending units' owners and the
    space's holder ("attacks against UK": README, ruling 104)."""
    if side == "defender":
        return {b.attacker}
    holder = state.owners.get(b.space)
    return {u.owner for u in theirs} | ({holder} if holder is not None else set())
