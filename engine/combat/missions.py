"""Air missions over a territory, as one raid battle (the rule system's ``raid`` steps):
001 › Phase 4, Air Missions.

"Each air unit may perform one air mission against a hostile territory instead of normal
combat. Defending Infrastructure Defense fires and surviving air units fight one cycle of
aerial combat against defending air units. ... Air missions are resolved before normal
combats ... Attacker chooses the order to resolve air missions." Every mission flown at a
territory is resolved together: Infrastructure Defence fires at the aircraft of the missions
it fires at (``anti_air``), those flying missions with aerial combat fight one cycle of it
against the defending aircraft at dogfight values, both sides firing at once (the
defender's casualties fire back from the casualty strip), and each surviving aircraft then
does its mission's ``effect`` (``engine.missions``):

- ``bombing`` (Strategic Bombing Raid): "Each Bomber surviving ... may choose to roll a die
  to reduce the territory's income, or reduce unit production capacity at its Industrial
  Complex": where the territory has a complex, an owner deciding in person names the
  bombers that strike the capacity (a ``bomb`` choice: ``/casualties`` naming them, or
  ``/press`` for the standing order), otherwise its standing order ``bomb`` says which for
  all (``income`` by default); with Strategic Redeployment each also "rolls for SR damage
  hitting on a 4 or less. The die value equals to number of SR points reduced".
- ``capacity`` (Night Bombing): production capacity only.
- ``interdiction`` (Ground Interdiction): "The die value is the number of hostile land units
  unable to perform Reinforcement" this turn.
- ``land_units`` (Carpet Bombing, a National Advantage's mission): each bomber rolls at the
  defending land units, which do not fire back (:func:`land_bombing`).
- ``counter_air`` (Counter-Air): "For the same number of attacking CA air units, the same
  number of defending air units in the territory may not perform DAS": each CA aircraft
  declared keeps one (:func:`counter_air`), since Defensive Air Support is declared before
  any mission is resolved; in the raid the CA aircraft only fight.

Bombers roll (Heavy Bomber: the better of two dice); fighter-bombers roll "at 50%
effectiveness, rounded down" (``half_bombing``); other aircraft fly and fight, and roll
nothing but in Counter-Air. What a mission takes is kept in the state's ledger
(``engine.economy.ledger``: ``damage``, ``capacity``, ``rail``, ``interdicted``,
``interdicted``); :func:`interdicted` and :func:`counter_air` give the passive turn this
turn's numbers. Aircraft that flew Defensive Air Support "do not defend against" missions.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..dice import Dice
from ..economy.attacks import economic_attack
from ..events import Event, event
from ..ids import SpaceId
from ..missions import AirMission
from ..production import FACTORY
from ..redeployment import played as redeployment_played
from ..state import BOMBS_CAPACITY, BOMBS_INCOME, FOUGHT, PASSIVE_MOVED, GameState, Unit
from . import air, national, selective
from .fire import best_of, roll_groups
from .flow import Result, Step, ask_casualties, current, with_battle
from .land_cycle import land_units
from .orders import in_person, orders_of
from .phase import CombatPhase, Pending
from .report import counts, purpose, unit_text
from .sides import at_war, defenders, lead_defender

SR_HITS_ON = 4
"""001 › Strategic Bombing Raid: "it also rolls for SR damage hitting on a 4 or less"."""


def interdicted(state: GameState, territory: SpaceId) -> int:
    """Hostile land units in ``territory`` that may not perform Reinforcement this turn
    (Ground Interdiction's dice; 001 › Air Missions)."""
    return state.economy.interdicted.get(territory, 0)


def counter_air(state: GameState, territory: SpaceId) -> int:
    """Defending air units in ``territory`` that may not perform Defensive Air Support: one
    for each aircraft declared on Counter-Air there this turn (001 › Air Missions, Counter-Air
    (CA); README of maps/aarhe, ruling 79)."""
    return sum(1 for u in state.units_at(territory) if u.target == territory and u.mission is not None
               and _mission(state, u).effect == "counter_air")


def _mission(state: GameState, unit: Unit) -> AirMission:
    found = state.rules.missions.air_mission(unit.mission)
    assert found is not None, "flying units carry a mission of the rule system"
    return found


def flying(state: GameState, phase: CombatPhase) -> list[Unit]:
    """The attacker's aircraft on air missions over the battle's territory, still in it."""
    b = current(phase)
    return [u for u in state.units_at(b.space) if u.owner == b.attacker and u.mission is not None
            and u.target == b.space and u.id not in b.out]


def _dogfighters(state: GameState, phase: CombatPhase) -> tuple[list[Unit], list[Unit]]:
    """The attacking aircraft of missions with aerial combat, and the defending aircraft."""
    up = [u for u in flying(state, phase) if _mission(state, u).aerial_combat]
    below = [u for u in defenders(state, current(phase), phase) if not u.has(PASSIVE_MOVED)]
    return up, air.aircraft(state, below)


def mission_start(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    b = current(phase)
    name = state.board.name(b.space)
    up = flying(state, phase)
    by_mission: dict[str, list[Unit]] = {}
    for u in up:
        by_mission.setdefault(_mission(state, u).name, []).append(u)
    said = "; ".join(f"{unit_text(state, counts(state, us))} ({m})" for m, us in sorted(by_mission.items()))
    phase = with_battle(phase, b.but(jets=air.jets_alone(state, *_dogfighters(state, phase))))
    return state, phase, [event("battle_start", f"Air missions over {name}: {state.rules.power_name(b.attacker)} "
                                f"sends {said}.", space=name, combat="raid", amphibious=False,
                                attacker=state.rules.power_name(b.attacker), attackers=counts(state, up),
                                defenders={}, seaborne={},
                                missions={m: counts(state, us) for m, us in sorted(by_mission.items())})]


def mission_anti_air(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """The territory's Infrastructure Defences, its own and the implicit ones of its complex
    and victory city, fire at the aircraft of the missions they fire at (001 › Anti-Air), at
    what a National Advantage in force lets them destroy on (Radar)."""
    b = current(phase)
    among = air.targets(state, [u for u in flying(state, phase) if _mission(state, u).anti_air])
    here = [u for u in state.units_at(b.space) if at_war(state, u.owner, b.attacker)]
    result = air.fire(state, dice, b.space, b.round, "defender", air.guns(state, b.space, here), among,
                      lambda gun, base: national.destroy_value(state, phase, gun.owner, gun.kind, base))
    return air.apply(state, phase, result, "attacker")


def dogfight(side: str) -> Step:
    """One side's fire in the mission's one cycle of aerial combat, at dogfight values (001 ›
    Land Combat: Air Units: "When both sides have air units present air units fight with dog
    fighting values"); nothing where either side has no aircraft. The attacker's victims go
    behind the strip and fire back; the defender's fire takes its victims at once. Jet
    fighters of a side that alone has jets fire selectively first (001 › Phase 7, Jet Plane;
    README, ruling 115)."""
    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        attacking, defending = _dogfighters(state, phase)
        if not attacking or not defending:
            return state, phase, []
        shooters = attacking if side == "attacker" else defending
        values = air.dogfight_values(state, shooters, side)
        jets = selective.selective_jets(state, phase, side, shooters)
        chooser = current(phase).attacker if side == "attacker" else lead_defender(state, current(phase), defending)
        state, phase, first = selective.jets_fire(state, phase, dice, side, chooser, jets, values, "dogfight",
                                                  _victims(state, phase, side), immediate=side == "defender")
        if current(phase).pending is not None:
            return state, phase, first
        b = current(phase)
        groups: dict[tuple[int, str], list[Unit]] = {}
        for u in shooters:
            if u not in jets:
                groups.setdefault((values[u.id], "any"), []).append(u)
        hits, events = roll_groups(state, dice, b.space, b.round, side, groups, "dogfight")
        other = "defender" if side == "attacker" else "attacker"
        victims = _victims(state, phase, side)
        return state, ask_casualties(state, phase, hits, other, "dogfight", side == "defender", victims), [
            *first, *events]
    return step


def _victims(state: GameState, phase: CombatPhase, side: str) -> list[Unit]:
    """The enemy aircraft ``side``'s dogfight may hit now (not those behind the strip)."""
    b = current(phase)
    attacking, defending = _dogfighters(state, phase)
    return [u for u in defending if u.id not in b.strip] if side == "attacker" else attacking


def land_bombing(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """The bombers of a mission at land units, through the defence and the aerial combat,
    roll at its ``hits_on`` (Carpet Bombing: "each Bomber may instead 'bomb' land units. Land
    units cannot fire back, but enemy Infrastructure Defense rolls still apply. Hits are scored
    on a 2 or less"); the defender loses one land unit for each hit, as it chooses, at once
    (README, ruling 129)."""
    b = current(phase)
    groups: dict[tuple[int, str], list[Unit]] = {}
    for u in flying(state, phase):
        mission = _mission(state, u)
        if mission.effect == "land_units":  # flown by bombers only (flown_by)
            groups.setdefault((mission.hits_on, "any"), []).append(u)
    targets = land_units(state, defenders(state, b, phase))
    if not groups or not targets:
        return state, phase, []
    hits, events = roll_groups(state, dice, b.space, b.round, "attacker", groups, "land_bombing")
    return state, ask_casualties(state, phase, hits, "defender", "land_bombing", True, targets), events


def _rolls(state: GameState, dice: Dice, space: SpaceId, round_: int, units: Sequence[Unit],
           what: str, damage: bool = True) -> tuple[list[int], Event]:
    """Each unit's die (the best of its dice: Heavy Bomber, and where the dice are damage,
    Superfortress's one more), halved for half-effect units; the amounts by unit and the
    roll's event."""
    hooks = state.rules.hooks
    per_unit = [hooks.unit_dice(state, u) + (national.raid_dice(state, u, space) if damage else 0) for u in units]
    why = purpose(state, space, round_, "attacker", counts(state, units), what) + best_of(per_unit)
    faces = dice.roll(sum(per_unit), why)
    starts = [sum(per_unit[:i]) for i in range(len(units))]
    amounts = []
    for u, at, n in zip(units, starts, per_unit, strict=True):
        rolled = hooks.raid_damage(state, u, faces[at:at + n])
        amounts.append(rolled // 2 if state.rules.spec(u.kind).half_bombing else rolled)
    half = any(state.rules.spec(u.kind).half_bombing for u in units)
    shown = f"{' '.join(map(str, faces))} = {sum(amounts)}{' (fighter-bombers at half)' if half else ''}"
    return amounts, event("roll", f"{why}: {shown}.", space=state.board.name(space), round=round_, side="attacker",
                          source=what, units=counts(state, units), value=None, dice=list(faces), hits=sum(amounts),
                          rule=None, purpose=why)


def _rollers(state: GameState, units: Sequence[Unit]) -> list[Unit]:
    """The aircraft whose dice count: bombers, and half-effect units (fighter-bombers)."""
    return [u for u in units if state.rules.spec(u.kind).strategic_bomber or state.rules.spec(u.kind).half_bombing]


def _capacity(state: GameState, space: SpaceId, rolled: int) -> tuple[GameState, Event]:
    """Production capacity off the complex for its holder's next turn, at most what it has
    (its territory's value: 001 › Phase 6, "The number of units deployable is equal to the
    territory's printed income value")."""
    name = state.board.name(space)
    most = state.board.spaces[space].ipc
    before = state.economy.capacity.get(space, 0)
    applied = max(0, min(rolled, most - before))
    return state.evolve(economy=state.economy.added("capacity", space, applied)), event(
        "capacity", f"The industrial complex in {name} mobilizes {applied} units fewer in its holder's next turn "
        f"({rolled} rolled, at most {most}).", space=name, rolled=rolled, applied=applied,
        capacity=before + applied, cap=most)


def _rail(state: GameState, dice: Dice, space: SpaceId, round_: int,
          units: Sequence[Unit]) -> tuple[GameState, list[Event]]:
    """With Strategic Redeployment, each bomber's die for SR points, hitting on 4 or less."""
    victim = state.owners.get(space)
    if victim is None or not units or not redeployment_played(state):
        return state, []
    why = purpose(state, space, round_, "attacker", counts(state, units), f"SR damage @{SR_HITS_ON}")
    faces = dice.roll(len(units), why)
    taken = sum((f // 2 if state.rules.spec(u.kind).half_bombing else f)
                for u, f in zip(units, faces, strict=True) if f <= SR_HITS_ON)
    owner = state.rules.power_name(victim)
    most = state.rules.redeployment.points.get(victim, 0)
    applied = max(0, min(taken, most - state.economy.rail.get(victim, 0)))
    name = state.board.name(space)
    return state.evolve(economy=state.economy.added("rail", victim, applied)), [
        event("roll", f"{why}: {' '.join(map(str, faces))} = {taken}.", space=name, round=round_, side="attacker",
              source="rail", units=counts(state, units), value=SR_HITS_ON, dice=list(faces), hits=taken, rule=None,
              purpose=why),
        event("rail", f"{owner} has {applied} rail points fewer in its next turn.", space=name, victim=owner,
              rolled=taken, applied=applied)]


def _raiders(state: GameState, phase: CombatPhase) -> list[Unit]:
    """The surviving aircraft of a Strategic Bombing Raid whose dice count."""
    return _rollers(state, [u for u in flying(state, phase) if _mission(state, u).effect == "bombing"])


def _has_complex(state: GameState, phase: CombatPhase) -> bool:
    return any(u.kind == FACTORY for u in state.units_at(current(phase).space))


def bomb_by_orders(state: GameState, phase: CombatPhase) -> tuple[int, ...]:
    """The raiders the attacker's standing order ``bomb`` sends at the complex: all or none."""
    capacity = orders_of(state, current(phase).attacker)["bomb"] == "capacity" and _has_complex(state, phase)
    return tuple(u.id for u in _raiders(state, phase)) if capacity else ()


def choose_bomb(state: GameState, phase: CombatPhase, at_complex: Sequence[int], by: str) -> Result:
    """The answer to a ``bomb`` choice: the raiders named strike the complex's production
    capacity, the others the territory's income."""
    b = current(phase)
    raiders = _raiders(state, phase)
    chosen = [u for u in raiders if u.id in set(at_complex)]
    rest = [u for u in raiders if u.id not in set(at_complex)]
    state = state.with_units([*(u.with_flags(BOMBS_CAPACITY) for u in chosen), *(u.with_flags(BOMBS_INCOME) for u in rest)])
    who, name = state.rules.power_name(b.attacker), state.board.name(b.space)
    parts = ([f"{unit_text(state, counts(state, chosen))} at the production capacity"] if chosen else []) + (
        [f"{unit_text(state, counts(state, rest))} at the income"] if rest else [])
    return state, with_battle(phase, b.but(pending=None)), [event(
        "bomb", f"{name}: {who} sends {' and '.join(parts)} ({by}).", space=name, round=b.round,
        chosen_by=who, by=by, capacity=counts(state, chosen), income=counts(state, rest))]


def _ask_bomb(state: GameState, phase: CombatPhase) -> CombatPhase | None:
    """The ``bomb`` choice, where the attacker decides in person and has not yet chosen."""
    b = current(phase)
    raiders = _raiders(state, phase)
    if not raiders or not _has_complex(state, phase) or not in_person(state, b.attacker):
        return None
    if any(u.has(BOMBS_CAPACITY) or u.has(BOMBS_INCOME) for u in raiders):
        return None
    pending = Pending("bomb", b.attacker, "attacker", source="bomb", among=tuple(u.id for u in raiders), again=True)
    return with_battle(phase, b.but(pending=pending))


def _bomb(state: GameState, phase: CombatPhase, dice: Dice, units: list[Unit]) -> tuple[GameState, list[Event]]:
    """Strategic Bombing Raid: income and capacity as chosen (``choose_bomb``) or by the
    standing order, then the SR dice."""
    b = current(phase)
    chosen = any(u.has(BOMBS_CAPACITY) or u.has(BOMBS_INCOME) for u in units)
    ordered = set(bomb_by_orders(state, phase))
    at_complex = [u for u in units if (u.has(BOMBS_CAPACITY) if chosen else u.id in ordered)]
    at_income = [u for u in units if u not in at_complex]
    events: list[Event] = []
    if at_income:
        amounts, rolled = _rolls(state, dice, b.space, b.round, at_income, "damage")
        extra = sum(national.raid_damage(state, u, b.space) for u in at_income)
        state, result = economic_attack(state, b.space, sum(amounts) + extra)
        events += [rolled, *([_extra_damage(state, b.space, at_income, extra)] if extra else []), result]
    if at_complex:
        state, more = _strike_capacity(state, dice, b.space, b.round, at_complex)
        events += more
    state, rail = _rail(state, dice, b.space, b.round, units)
    return state, events + rail


def _extra_damage(state: GameState, space: SpaceId, units: Sequence[Unit], extra: int) -> Event:
    """The line saying what National Advantages added to the raid's rolled damage."""
    name = state.board.name(space)
    return event("raid_bonus", f"{name}: {unit_text(state, counts(state, list(units)))} cause {extra} IPC"
                 f"{'s' if extra != 1 else ''} more damage (National Advantages).", space=name, damage=extra)


def _strike_capacity(state: GameState, dice: Dice, space: SpaceId, round_: int,
                     units: list[Unit]) -> tuple[GameState, list[Event]]:
    amounts, rolled = _rolls(state, dice, space, round_, units, "capacity damage")
    state, result = _capacity(state, space, sum(amounts))
    return state, [rolled, result]


def _interdict(state: GameState, dice: Dice, space: SpaceId, round_: int,
               units: list[Unit]) -> tuple[GameState, list[Event]]:
    amounts, rolled = _rolls(state, dice, space, round_, units, "interdiction", damage=False)
    n = sum(amounts)
    name = state.board.name(space)
    return state.evolve(economy=state.economy.added("interdicted", space, n)), [rolled, event(
        "interdiction", f"Ground Interdiction: {n} hostile land unit{'s' if n != 1 else ''} in {name} may not "
        "perform Reinforcement this turn.", space=name, units=n)]


def mission_effects(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """Each surviving aircraft does its mission, mission by mission in the order of
    ``engine.missions.EFFECTS``; then the raid is over and its aircraft have fought."""
    asked = _ask_bomb(state, phase)
    if asked is not None:
        return state, asked, []
    b = current(phase)
    name = state.board.name(b.space)
    survivors = flying(state, phase)
    events: list[Event] = []
    for effect in ("bombing", "capacity", "interdiction"):
        units = [u for u in survivors if _mission(state, u).effect == effect]
        rollers = _rollers(state, units)
        if effect == "bombing" and rollers:
            state, more = _bomb(state, phase, dice, rollers)
        elif effect == "capacity" and rollers:
            state, more = _strike_capacity(state, dice, b.space, b.round, rollers)
        elif effect == "interdiction" and rollers:
            state, more = _interdict(state, dice, b.space, b.round, rollers)
        else:
            more = []
        events += more
    state = state.with_units([u.with_flags(FOUGHT) for u in survivors])
    events.append(event("battle_end", f"Air missions over {name} over.", space=name, outcome="raid", rounds=1, captured=False,
                        attackers=counts(state, survivors), defenders={}))
    return state, phase.but(current=None), events
