"""Declaring an air mission in Combat Move (``/move ... mission:<name>``, the rule system's
``[missions]``, ``engine.missions``).

001 › Phase 3, Air Missions: "Air Missions must be declared in Combat Move." 001 › Phase 4,
Air Missions: "Each air unit may perform one air mission against a hostile territory instead
of normal combat"; Economic attacks: "SBR attacks are allowed on all territories"; Night
Bombing: "Only Bomber may perform this ... Each Bomber may only choose to reduce unit
production capacity". The aircraft fly to the territory and carry the flags ``raid`` (they
are in no normal battle there) and ``mission:<id>``, with the territory as ``target``.
"""

from __future__ import annotations

from ..advantages import in_force
from ..atomic import LOADED_BOMB
from ..ids import SpaceId
from ..missions import BOMBERS, AirMission
from ..production import FACTORY
from ..state import MISSION_FLAG, Unit
from .context import Ctx, plural, refuse
from .paths import Refusal


def check(ctx: Ctx, units: list[Unit], mission: AirMission, dest: SpaceId) -> None:
    """Refuse an air mission the aircraft or the territory cannot fly, naming why."""
    where = ctx.name(dest)
    power = ctx.state.turn
    if mission.advantage and not any(i.id == mission.advantage for i in in_force(ctx.state, power)):
        item = ctx.rules.advantages.item(mission.advantage)
        refuse("mission.advantage", f"{mission.name} is flown with the National Advantage {item.title()} of "
               f"{ctx.rules.power_name(item.power)} in force; {ctx.rules.power_name(power)} does not have it in "
               "force (a drawn item is put in force with /advantage reveal).")
    for u in units:
        spec = ctx.spec(u.kind)
        if not spec.is_air:
            refuse("mission.not_air", f"{mission.name} is an air mission: {plural(ctx, u.kind).lower()} cannot fly it.")
        if mission.flown_by == BOMBERS and not spec.strategic_bomber:
            refuse("mission.bombers_only", f"Only bombers fly {mission.name}; {plural(ctx, u.kind).lower()} cannot.")
    if not ctx.board.spaces[dest].is_land or not ctx.hostile_territory(dest):
        refuse("mission.not_hostile", f"Air missions are flown against a hostile territory; {where} is not one.")
    if mission.effect == "atomic":
        _check_atomic(ctx, units, mission, dest)
    if mission.effect == "capacity" and not any(u.kind == FACTORY for u in ctx.enemy_at(dest)):
        refuse("mission.no_complex", f"{mission.name} reduces an industrial complex's production capacity: "
               f"{where} has no enemy industrial complex.")


def _check_atomic(ctx: Ctx, units: list[Unit], mission: AirMission, dest: SpaceId) -> None:
    """One bomber carrying an atomic bomb, and one atomic attack a territory a turn (README of
    maps/aarhe, ruling 119)."""
    if any(not u.has(LOADED_BOMB) for u in units):
        refuse("mission.no_bomb", f"Only a bomber carrying an atomic bomb flies an {mission.name} (load one with "
               "/atomic load: in Noncombat Move).")
    if len(units) > 1:
        refuse("mission.one_bomb", f"One bomber flies an {mission.name}; you sent {len(units)}.")
    if any(u.mission == mission.id and u.target == dest for u in ctx.state.units_at(dest)):
        refuse("mission.one_bomb", f"{ctx.name(dest)} already has an {mission.name} this turn; one bomb falls on a "
               "territory a turn.")


def flag(mission: AirMission) -> str:
    return MISSION_FLAG + mission.id


def home(ctx: Ctx, unit: Unit) -> SpaceId | None:
    """Where an aircraft of a mission that must come back lands in Noncombat Move: its
    original space (001 › Counter-Air (CA): "Your air units must retreat to the original
    territory in Non-combat Move"); None for any other aircraft."""
    flown = ctx.rules.missions.air_mission(unit.mission)
    return unit.start if flown is not None and flown.effect == "counter_air" else None


def return_refusal(ctx: Ctx, unit: Unit, dest: SpaceId) -> Refusal | None:
    back = home(ctx, unit)
    if back is None or dest == back:
        return None
    return Refusal("mission.return", f"Aircraft of {ctx.rules.missions.shown(str(unit.mission))} return to the "
                   f"space they came from: {ctx.name(back)}, not {ctx.name(dest)}.")
