"""The atomic attack: an air mission of a bomber carrying an atomic bomb (AARHE, 001 › Phase
7, Atomic Weaponry; the mission's effect ``atomic``, ``engine.missions``).

"An atomic attack is performed on a hostile territory. The Bomber receives no return fire.
Attacker rolls a die with die value equal to permanent reduction of income for the
territory. Defender divides units into a number of groups equal to territory income divided
by 3. Attacker selects one group and rolls a die for each unit in the group destroying it on
a 5 or less."

Three steps of the raid sequence: :func:`drop` rolls the income die and asks the defender to
divide its units (an ``atomic_groups`` choice), :func:`choose` asks the attacker which group
it strikes (``atomic_strike``), :func:`strike` rolls at that group. Standing orders answer
both: the defender's units in groups of costs as even as can be, the attacker striking the
costliest (README of maps/aarhe, rulings 119 to 121).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..atomic import LOADED_BOMB, income_left
from ..dice import Dice
from ..errors import IllegalCommandError
from ..events import Event, event
from ..notation import parse_units
from ..production import FACTORY
from ..state import GameState, Unit
from .flow import Result, current, with_battle
from .losses import destroy
from .phase import CombatPhase, Pending
from .report import counts, purpose, unit_text
from .sides import at_war, lead_defender

GROUPS, STRIKE = "atomic_groups", "atomic_strike"
"""The kinds of the two choices an atomic attack waits for."""
SEPARATOR = "|"
"""Between the groups of ``/atomic groups:``: ``"2 infantry, 1 tank | 3 infantry"``."""


def bomber(state: GameState, phase: CombatPhase) -> Unit | None:
    """The attacker's bomber dropping its bomb over the battle's territory, if any."""
    b = current(phase)
    for u in state.units_at(b.space):
        mission = state.rules.missions.air_mission(u.mission) if u.mission is not None else None
        if (u.owner == b.attacker and u.target == b.space and u.has(LOADED_BOMB) and mission is not None
                and mission.effect == "atomic"):
            return u
    return None


def exposed(state: GameState, phase: CombatPhase) -> list[Unit]:
    """The defending units the blast may destroy: every enemy unit in the territory but its
    industrial complex (README, ruling 120)."""
    b = current(phase)
    return sorted((u for u in state.units_at(b.space) if at_war(state, u.owner, b.attacker) and u.kind != FACTORY),
                  key=lambda u: u.id)


def drop(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """The bomb falls: one die off the territory's income for good, then the defender's
    units go into groups, one for each 3 IPCs of the income as the bomb fell (rounded down,
    at least one; README, ruling 119)."""
    plane = bomber(state, phase)
    if plane is None:
        return state, phase, []
    b = current(phase)
    rules = state.rules.atomic
    name = state.board.name(b.space)
    income = income_left(state, b.space)
    why = purpose(state, b.space, b.round, "attacker", counts(state, [plane]), "atomic bomb: income lost for good")
    face = dice.roll(1, why)[0]
    taken = min(face, income)
    state = state.evolve(economy=state.economy.added("fallout", b.space, taken))
    state = state.with_units([replace(plane, flags=plane.flags - {LOADED_BOMB})])
    events = [event("roll", f"{why}: {face}.", space=name, round=b.round, side="attacker", source="atomic",
                    units=counts(state, [plane]), value=None, dice=[face], hits=taken, rule=None, purpose=why),
              event("atomic", f"An atomic bomb falls on {name}: its income is {taken} IPC{'s' if taken != 1 else ''} "
                    f"lower for good ({face} rolled; {income - taken} left of its {state.board.spaces[b.space].ipc}).",
                    space=name, rolled=face, lost=taken, left=income - taken)]
    units = exposed(state, phase)
    if not units:
        return state, phase, events
    n = min(len(units), max(1, income // rules.income_per_group))
    if n == 1:
        return _grouped(state, phase, [units], "no choice", events)
    chooser = lead_defender(state, b, units)
    pending = Pending(GROUPS, chooser, "defender", hits=((n, "groups"),), source="atomic",
                      among=tuple(u.id for u in units))
    return state, with_battle(phase, b.but(pending=pending)), events


def even_groups(state: GameState, units: Sequence[Unit], n: int) -> list[list[Unit]]:
    """``units`` in ``n`` groups of costs as even as can be: the costliest first, each to the
    group that costs least so far (the defender's standing order)."""
    groups: list[list[Unit]] = [[] for _ in range(n)]
    for u in sorted(units, key=lambda u: (-state.rules.spec(u.kind).cost, u.id)):
        lightest = min(range(n), key=lambda i: (_cost(state, groups[i]), len(groups[i]), i))
        groups[lightest].append(u)
    return groups


def _cost(state: GameState, units: Sequence[Unit]) -> int:
    return sum(state.rules.spec(u.kind).cost for u in units)


def read_groups(state: GameState, pending: Pending, text: str) -> list[list[Unit]]:
    """The defender's groups typed in person: every unit asked about, each in one of exactly
    the groups due, none empty.

    Raises:
        IllegalCommandError: the wrong number of groups, or units that are not the ones to
            divide.
    """
    n = pending.hits[0][0]
    parts = [p for p in text.split(SEPARATOR) if p.strip()]
    if len(parts) != n:
        raise IllegalCommandError(f'Divide the units into {n} groups, separated by "{SEPARATOR}"; you gave '
                                  f"{len(parts)}.", reason="atomic.groups")
    left = {i: state.units[i] for i in pending.among if i in state.units}
    groups: list[list[Unit]] = []
    for part in parts:
        group: list[Unit] = []
        for kind, count in parse_units(part, state):
            have = sorted((u for u in left.values() if u.kind == kind), key=lambda u: (u.hits, u.id))
            if len(have) < count:
                raise IllegalCommandError(f"The groups name more {unit_text(state, {kind: count})} than there are "
                                          f"to divide: {unit_text(state, counts(state, list(left.values())))} left "
                                          "for this group and the next.", reason="atomic.groups")
            group += have[:count]
            for u in have[:count]:
                del left[u.id]
        groups.append(group)
    if left:
        raise IllegalCommandError(f"Every unit goes into a group; not placed: "
                                  f"{unit_text(state, counts(state, list(left.values())))}.", reason="atomic.groups")
    return groups


def _listed(state: GameState, groups: Sequence[Sequence[Unit]]) -> str:
    return "; ".join(f"{i}) {unit_text(state, counts(state, list(g)))}" for i, g in enumerate(groups, 1))


def _grouped(state: GameState, phase: CombatPhase, groups: Sequence[Sequence[Unit]], by: str,
             events: list[Event]) -> Result:
    b = current(phase)
    who = state.rules.power_name(b.pending.chooser) if b.pending is not None else ""
    name = state.board.name(b.space)
    ids = tuple(tuple(u.id for u in g) for g in groups)
    text = (f"{name}: {unit_text(state, counts(state, list(groups[0])))} make one group ({by})." if len(groups) == 1
            else f"{name}: {who} divides its units into {len(groups)} groups: {_listed(state, groups)} ({by}).")
    return state, with_battle(phase, b.but(pending=None, groups=ids)), [*events, event(
        "atomic_groups", text, space=name, by=by, groups=[counts(state, list(g)) for g in groups])]


def choose_groups(state: GameState, phase: CombatPhase, groups: Sequence[Sequence[int]], by: str) -> Result:
    """The answer to an ``atomic_groups`` choice."""
    return _grouped(state, phase, [[state.units[i] for i in g] for g in groups], by, [])


def choose(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """With more than one group, the attacker chooses the one it strikes."""
    b = current(phase)
    if len(b.groups) < 2:
        return state, phase, []
    pending = Pending(STRIKE, b.attacker, "defender", hits=((len(b.groups), "groups"),), source="atomic",
                      among=tuple(i for g in b.groups for i in g))
    return state, with_battle(phase, b.but(pending=pending)), []


def costliest(state: GameState, phase: CombatPhase) -> int:
    """The number (from 1) of the group whose units cost most (the attacker's standing order)."""
    groups = current(phase).groups
    return 1 + max(range(len(groups)), key=lambda i: (_cost(state, [state.units[u] for u in groups[i]]), -i))


def choose_strike(state: GameState, phase: CombatPhase, number: int, by: str) -> Result:
    """The answer to an ``atomic_strike`` choice: the group numbered ``number``."""
    b = current(phase)
    group = b.groups[number - 1]
    name = state.board.name(b.space)
    units = [state.units[i] for i in group]
    return state, with_battle(phase, b.but(pending=None, groups=(group,))), [event(
        "atomic_strike", f"{name}: {state.rules.power_name(b.attacker)} strikes group {number}, "
        f"{unit_text(state, counts(state, units))} ({by}).", space=name, by=by, group=number,
        units=counts(state, units))]


def strike(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """A die for each unit of the group struck, destroying it on ``destroys_on`` or less."""
    b = current(phase)
    if len(b.groups) != 1:
        return state, phase, []
    units = sorted((state.units[i] for i in b.groups[0] if i in state.units), key=lambda u: u.id)
    phase = with_battle(phase, b.but(groups=()))
    if not units:
        return state, phase, []
    value = state.rules.atomic.destroys_on
    why = purpose(state, b.space, b.round, "attacker", counts(state, units), f"atomic blast @{value}")
    faces = dice.roll(len(units), why)
    lost = [u for u, f in zip(units, faces, strict=True) if f <= value]
    state, cargo = destroy(state, [u.id for u in lost], b.attacker)
    name = state.board.name(b.space)
    gone = unit_text(state, counts(state, [*lost, *cargo])) if lost else "nothing"
    return state, phase, [
        event("roll", f"{why}: {' '.join(map(str, faces))} = {len(lost)} destroyed.", space=name, round=b.round,
              side="attacker", source="atomic", units=counts(state, units), value=value, dice=list(faces),
              hits=len(lost), rule=None, purpose=why),
        event("atomic_losses", f"{name}: the blast destroys {gone}.", space=name, lost=counts(state, [*lost, *cargo]))]
