"""Strategic bombing raids (000, Phase 3, "1. Strategic Bombing Raids"; Unit Profiles,
Bombers and Industrial Complexes).

The industrial complex's own air defense rolls one die per bomber, hitting on 1 (AAA in
the territory does not fire); each surviving bomber rolls one die and the total is the
damage, capped at ``bombing_damage_cap_factor`` x the territory's IPC value counting the
damage already there. Where the switch ``bombing`` is ``treasury`` (002, Strategic Bombing
Raids) the total is IPCs the territory's owner surrenders to the bank instead, capped at
``bombing_damage_cap_factor`` x the IPC value per territory and turn.

Optional rule (``escorts_and_interceptors``): defending fighters in the territory may
intercept. One round of air battle comes first: bombers and escorts hit on 1, the
defender removing interceptors; surviving interceptors hit on 2, the attacker choosing
among bombers and escorts. Escorts then turn back; interceptors fight no other battle
this turn. By standing orders every fighter intercepts; a defender who decides in person
names the fighters (``/casualties``) or sends all (``/press``).
"""

from __future__ import annotations

from ..dice import Dice
from ..events import Event, event
from ..ids import SpaceId
from ..state import FOUGHT, RAID, GameState, Unit
from .fire import best_of, roll_groups, several
from .flow import Result, ask_casualties, current, with_battle
from .phase import CombatPhase, Pending
from .report import counts, purpose, unit_text
from .sides import at_war, lead_defender

ESCORT_HITS_ON = 1
"""Bombers and escorts in the air battle "fire with an attack value of 1"."""
INTERCEPT_HITS_ON = 2
"""Interceptors "fire with a defense value of 2"."""


def _raiders(state: GameState, phase: CombatPhase) -> list[Unit]:
    b = current(phase)
    return [u for u in state.units_at(b.space) if u.owner == b.attacker and u.has(RAID) and u.target == b.space]


def bombers(state: GameState, phase: CombatPhase) -> list[Unit]:
    return [u for u in _raiders(state, phase) if state.rules.spec(u.kind).strategic_bomber]


def escorts(state: GameState, phase: CombatPhase) -> list[Unit]:
    if not state.options.get("escorts_and_interceptors"):
        return []
    return [u for u in _raiders(state, phase) if state.rules.spec(u.kind).escort]


def candidate_interceptors(state: GameState, phase: CombatPhase) -> list[Unit]:
    """Defending fighters based in the raided territory."""
    b = current(phase)
    if not state.options.get("escorts_and_interceptors"):
        return []
    return [u for u in state.units_at(b.space) if at_war(state, u.owner, b.attacker)
            and state.rules.spec(u.kind).escort and u.aboard is None]


def interceptors(state: GameState, phase: CombatPhase) -> list[Unit]:
    b = current(phase)
    return [u for u in state.units_at(b.space) if u.id in phase.interceptors]


def raid_start(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    b = current(phase)
    name = state.board.name(b.space)
    group = [*bombers(state, phase), *escorts(state, phase)]
    events = [event("battle_start", f"Strategic bombing raid on {name}: {state.rules.power_name(b.attacker)} "
                    f"sends {unit_text(state, counts(state, group))}.", space=name, combat="raid",
                    amphibious=False, attacker=state.rules.power_name(b.attacker),
                    attackers=counts(state, group), defenders={}, seaborne={})]
    fighters = candidate_interceptors(state, phase)
    if not fighters:
        return state, phase, events
    chooser = lead_defender(state, b, fighters)
    pending = Pending("intercept", chooser, "defender", among=tuple(u.id for u in fighters))
    return state, with_battle(phase, b.but(pending=pending)), events


def escort_fire(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    b = current(phase)
    up = interceptors(state, phase)
    group = [*bombers(state, phase), *escorts(state, phase)]
    if not up or not group:
        return state, phase, []
    hits, events = roll_groups(state, dice, b.space, b.round, "attacker", {(ESCORT_HITS_ON, "any"): group}, "intercept")
    return state, ask_casualties(state, phase, hits, "defender", "intercept", True, up), events


def interceptor_fire(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    b = current(phase)
    up = interceptors(state, phase)
    group = [*bombers(state, phase), *escorts(state, phase)]
    if not up or not group:
        return state, phase, []
    hits, events = roll_groups(state, dice, b.space, b.round, "defender", {(INTERCEPT_HITS_ON, "any"): up}, "intercept")
    return state, ask_casualties(state, phase, hits, "attacker", "intercept", True, group), events


def complex_fire(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """The industrial complex rolls one die per bomber; each 1 removes a bomber."""
    b = current(phase)
    factory = next((u for u in state.units_at(b.space) if state.rules.spec(u.kind).raid_defense_hits_on), None)
    if factory is None:
        return state, phase, []
    return _fire_at_bombers(state, phase, dice, factory, state.rules.spec(factory.kind).raid_defense_hits_on,
                            "raid_defense")


def gun_fire(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """The territory's antiaircraft gun (one fires) rolls one die per bomber, hitting on its
    value: 002, Appendix I, Bombers ("bombers that survive any antiaircraft fire") and
    Antiaircraft Guns ("only one anti-aircraft gun in a territory can fire")."""
    b = current(phase)
    gun = next((u for u in state.units_at(b.space) if at_war(state, u.owner, b.attacker)
                and state.rules.spec(u.kind).antiaircraft_shots), None)
    if gun is None:
        return state, phase, []
    return _fire_at_bombers(state, phase, dice, gun, state.rules.spec(gun.kind).antiaircraft_hits_on, "antiaircraft")


def _fire_at_bombers(state: GameState, phase: CombatPhase, dice: Dice, shooter: Unit, value: int,
                     source: str) -> Result:
    """``shooter`` rolls one die per raiding bomber; each hit removes a bomber. ``source``
    tells the battle log who fires: the complex (``raid_defense``) or an AA gun."""
    b = current(phase)
    targets = bombers(state, phase)
    if not targets:
        return state, phase, []
    key = (value, "any")
    hits, events = roll_groups(state, dice, b.space, b.round, "defender", {key: [shooter]}, source,
                               count={key: len(targets)})
    return state, ask_casualties(state, phase, hits, "attacker", source, True, targets), events


def damage(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """Each surviving bomber rolls its dice (``unit_dice`` times ``unit_shots``, one but for
    heavy bombers) for its damage (``raid_damage``); the rule system's ``bombing_result`` hook says what the
    total does, after what rockets took from the territory this turn."""
    b = current(phase)
    name = state.board.name(b.space)
    survivors = bombers(state, phase)
    events: list[Event] = []
    rolled = 0
    if survivors:
        if state.options.get("low_luck_bombing"):
            rolled, faces, why = _low_luck_damage(state, b.space, b.round, survivors, dice)
            shown = f"{rolled} damage{f' (die {faces[0]})' if faces else ''}"
        else:
            hooks = state.rules.hooks
            best = [hooks.unit_dice(state, u) for u in survivors]
            shots = [hooks.unit_shots(state, u, "attacker") for u in survivors]
            per_bomber = [n * m for n, m in zip(best, shots, strict=True)]
            why = (purpose(state, b.space, b.round, "attacker", counts(state, survivors), "damage") + best_of(best)
                   + several(shots))
            faces = dice.roll(sum(per_bomber), why)
            starts = [sum(per_bomber[:i]) for i in range(len(survivors))]
            rolled = sum(hooks.raid_damage(state, u, faces[at:at + n])
                         for u, at, n in zip(survivors, starts, per_bomber, strict=True))
            shown = f"{' '.join(map(str, faces))} = {rolled} damage"
        events.append(event("roll", f"{why}: {shown}.", space=name, round=b.round, side="attacker",
                            source="bombing", units=counts(state, survivors), value=None, dice=list(faces),
                            hits=rolled, rule=None, purpose=why))
    raiders = [*_raiders(state, phase), *interceptors(state, phase)]
    state, result = state.rules.hooks.bombing_result(state, b.space, rolled, dict(phase.struck).get(b.space, 0))
    state = state.with_units([u.with_flags(FOUGHT) for u in raiders])
    events.append(result)
    events.append(event("battle_end", f"Raid on {name} over.", space=name, outcome="raid", rounds=1,
                        captured=False, attackers=counts(state, survivors), defenders={}))
    return state, phase.but(current=None), events


def _low_luck_damage(state: GameState, space: SpaceId, round_: int, survivors: list[Unit],
                     dice: Dice) -> tuple[int, list[int], str]:
    """Low Luck bombing (option ``low_luck_bombing``): the bombers do their average
    damage, 3.5 each; with an odd number of bombers one die decides the half (1-3: one
    more)."""
    whole, half = divmod(7 * len(survivors), 2)
    why = purpose(state, space, round_, "attacker", counts(state, survivors), "low luck damage")
    faces = dice.roll(1, why) if half else []
    return whole + sum(1 for f in faces if f <= 3), faces, why
