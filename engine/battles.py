"""Where the mover will fight at sea: one test for Combat Move's checks and for Conduct
Combat's list of battles, so the two can never disagree.

000, Phase 2: a zone with enemy surface warships is hostile and ships in it fight
("Sea Units Starting in Hostile Sea Zones": remain and conduct combat, or leave); enemy
submarines and transports do not block, and are fought only by warships or aircraft that
move in to attack them (Unit Profiles, Submarines and Transports). Transports "may not
attack without being accompanied by at least one unit with an attack value", so
transports that simply stayed where they started do not start a battle. Ships docked at a
neutral are not there for the enemy (001 › Phase 8: "Docked units remain in the sea zone do
not interrupt hostile naval movement"; ``engine.docking``).
"""

from __future__ import annotations

from .ids import PowerId, SpaceId
from .state import SUBMERGED, GameState, Unit


def makes_sea_zone_hostile(state: GameState, enemy: Unit) -> bool:
    """Does this enemy unit make its sea zone hostile? Switch ``hostile_sea_zone``:
    ``surface_warships`` (000, Unit Profiles, Sea Units: "If enemy units other than
    transports or submarines occupy a sea zone, the sea zone is hostile") or ``any_enemy``
    (002, Appendix I, Sea Units: hostile if it "contains enemy units", "except submerged
    subs"; 003, Spaces: "Friendly sea zones contain no enemy units" and "submerged
    submarines are ignored"). Cargo counts with the ship that carries it."""
    if enemy.aboard is not None or enemy.has(SUBMERGED) or state.diplomacy.docked_at(enemy.owner, enemy.space):
        return False
    return state.rules.switches.hostile_sea_zone == "any_enemy" or state.rules.spec(enemy.kind).surface_warship


def sea_battle_due(state: GameState, zone: SpaceId, attacker: PowerId) -> bool:
    """True if the attacker's units in ``zone`` will fight a sea battle this turn."""
    board = state.board
    if board.spaces[zone].is_land:
        return False
    spec = state.rules.spec
    here = state.units_at(zone)
    mine = [u for u in here if u.owner == attacker and u.aboard is None]
    enemy = [u for u in here if u.aboard is None and not board.allies(u.owner, attacker)
             and state.diplomacy.docked_at(u.owner, zone) is None]
    if not mine or not enemy:
        return False
    if any(makes_sea_zone_hostile(state, u) for u in enemy):
        return any(spec(u.kind).attack > 0 or u.path for u in mine)
    return any(u.path and u.target is None and (spec(u.kind).is_air or (
        spec(u.kind).is_sea and not spec(u.kind).is_transport)) for u in mine)
