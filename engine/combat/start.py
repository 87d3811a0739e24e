"""Entering Conduct Combat: read the board Combat Move left behind (docs/engine.md, "How
Combat Move leaves the board for Conduct Combat") into the list of battles, and take
the hostile territories nobody defends.

000, Phase 3: "If you moved any land units into unoccupied hostile territories or
hostile territories that contain only industrial complexes and/or anti-aircraft
artillery units, no actual combat is necessary. Simply skip to step 7 ... and remove
any anti-aircraft artillery units."
"""

from __future__ import annotations

from ..battles import makes_sea_zone_hostile, sea_battle_due
from ..control import capture
from ..dice import Dice, NoDice
from ..events import Event, event
from ..ids import PowerId, SpaceId
from ..state import RAID, SEABORNE, GameState, Unit
from .conclude import lone_gun_fires
from .phase import AMPHIBIOUS, GENERAL, CombatPhase, Entry, step_name
from .phase import RAID as RAID_STEP
from .overflight import overflight_fire
from .rockets import launch
from .passage import passage_fire
from .straits import strait_fire
from .sides import at_war

NO_DICE = NoDice()
"""Entering Conduct Combat rolls only for fire at overflights; callers that know none is
due (most tests) may leave the dice out."""


def start_combat(state: GameState, dice: Dice = NO_DICE) -> tuple[GameState, list[Event]]:
    """Guns fire at aircraft that flew over them (where the rules say so), ships are forced
    into combat on their way (switch ``forced_passage``), the holders of straits fire at the
    ships that passed them (the board's ``[[strait]]``), declared rockets
    strike, then the battles are listed and undefended territories taken."""
    attacker = state.turn
    state, events = overflight_fire(state, dice)
    state, forced = passage_fire(state, dice)
    events.extend(forced)
    state, fired = strait_fire(state, dice)
    events.extend(fired)
    state, fired, struck = launch(state, dice)
    events.extend(fired)
    mine = [u for u in state.units.values() if u.owner == attacker]
    raids = sorted({u.space for u in mine if u.has(RAID) and u.target == u.space
                    and (state.rules.spec(u.kind).strategic_bomber or u.mission is not None)})
    entries = [Entry(s, RAID_STEP, "raid") for s in raids]
    cargo_targets = {u.target for u in mine if u.aboard is not None and u.target is not None
                     and state.rules.spec(u.kind).is_land}
    spaces = sorted({u.space for u in mine} | {t for t in cargo_targets if t is not None})
    for space in spaces:
        if state.board.spaces[space].is_sea:
            if sea_battle_due(state, space, attacker):
                amphibious = any(u.owner == attacker and u.aboard is not None and u.target is not None
                                 for u in state.units_at(space))
                entries.append(Entry(space, AMPHIBIOUS if amphibious else GENERAL, "sea"))
            continue
        state, entry, taken = _land(state, space, attacker, space in raids, space in cargo_targets)
        events.extend(taken)
        if entry is not None:
            entries.append(entry)
    entries.sort(key=lambda e: (e.step, state.board.name(e.space)))
    if not entries:
        return state.evolve(combat=None), events
    missions = bool(state.rules.missions.air)
    listing = "; ".join(f"{step_name(e.step, missions)} in {state.board.name(e.space)}" for e in entries)
    events.append(event("battles", f"Battles to fight: {listing}.",
                        battles=[{"space": state.board.name(e.space), "step": step_name(e.step, missions), "kind": e.kind}
                                 for e in entries]))
    return state.evolve(combat=CombatPhase(attacker=attacker, entries=tuple(entries),
                                           hostile_seas=hostile_seas(state, attacker),
                                           struck=tuple(sorted(struck.items())))), events


def hostile_seas(state: GameState, attacker: PowerId) -> frozenset[SpaceId]:
    """Sea zones holding an enemy unit that makes them hostile to ``attacker``."""
    return frozenset(u.space for u in state.units.values()
                     if at_war(state, u.owner, attacker) and state.board.spaces[u.space].is_sea
                     and makes_sea_zone_hostile(state, u))


def _land(state: GameState, space: SpaceId, attacker: PowerId, raided: bool,
          awaited: bool) -> tuple[GameState, Entry | None, list[Event]]:
    """A land battle, an unopposed capture, or nothing."""
    here = state.units_at(space)
    mine = [u for u in here if u.owner == attacker and u.aboard is None and not u.has(RAID)
            and not state.rules.spec(u.kind).structure]
    if not mine and not awaited:
        return state, None, []
    hostile = at_war(state, state.owners.get(space), attacker)
    enemy = [u for u in here if at_war(state, u.owner, attacker) and not state.rules.spec(u.kind).structure]
    if not hostile and not enemy:
        return state, None, []
    amphibious = awaited or any(u.has(SEABORNE) for u in mine)
    step = AMPHIBIOUS if amphibious else GENERAL
    defended = (any(state.rules.spec(u.kind).is_combat_unit for u in enemy)
                or lone_gun_fires(state, mine, enemy))
    if defended or raided or awaited:
        return state, Entry(space, step, "land"), []
    return _unopposed(state, space, attacker, mine, enemy)


def _unopposed(state: GameState, space: SpaceId, attacker: PowerId, mine: list[Unit],
               enemy: list[Unit]) -> tuple[GameState, Entry | None, list[Event]]:
    events: list[Event] = []
    name = state.board.name(space)
    if any(state.rules.spec(u.kind).can_capture for u in mine):
        state, taken = capture(state, space, attacker)
        return state, None, taken
    lonely = [u for u in enemy if state.rules.spec(u.kind).destroyed_when_alone]
    if lonely:
        state = state.with_units(removed=[u.id for u in lonely])
        events.append(event("destroyed", f"{len(lonely)} enemy antiaircraft artillery in {name} destroyed: "
                            "no combat unit defends it.", space=name, count=len(lonely)))
    return state, None, events
