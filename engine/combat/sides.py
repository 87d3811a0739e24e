"""Who fights in a battle: the attacker's units and the defenders on the battle strip.

000, General Combat, Step 1 ("Place Units Along the Battle Strip"): industrial complexes
stay off the strip; cargo does not fight and is lost with its ship; an ally of the
attacker in the same sea zone stays out of play ("Multinational Forces"). Carrier-based
fighters of a defending carrier fight in the air (Aircraft Carriers, "Fighter Defense").
"""

from __future__ import annotations

from ..battles import makes_sea_zone_hostile
from ..ids import PowerId, SpaceId
from ..state import RAID, GameState, Unit
from .phase import Battle, CombatPhase


def at_war(state: GameState, a: PowerId | None, b: PowerId | None) -> bool:
    """Powers of opposite sides (000: "At no time can an Allies power attack another")."""
    return a is not None and b is not None and not state.board.allies(a, b)


def _takes_part(state: GameState, unit: Unit, sea: bool) -> bool:
    spec = state.rules.spec(unit.kind)
    if spec.structure:
        return False
    if sea:
        return spec.is_sea or spec.is_air
    return spec.is_land or spec.is_air


def attackers(state: GameState, battle: Battle) -> list[Unit]:
    """The attacker's units on the strip. Its own fighters on a carrier in the battle
    launch and fight (000, Fighters: "launches before combat"); land units aboard are
    cargo; raiding bombers and escorts fight only the raid."""
    sea = battle.kind == "sea"
    return [u for u in state.units_at(battle.space)
            if u.owner == battle.attacker and (u.aboard is None or state.rules.spec(u.kind).is_air)
            and u.id not in battle.out and not u.has(RAID) and _takes_part(state, u, sea)]


def defenders(state: GameState, battle: Battle, phase: CombatPhase) -> list[Unit]:
    """Every unit of the attacker's enemies in the space, multinational forces together
    (000, "Multinational Defense"). Fighters aboard a carrier defend in the air; land
    units aboard transports are cargo; interceptors of a raid sit this battle out, and so do
    ships docked at a neutral (``engine.docking``: attacked only through the neutral)."""
    sea = battle.kind == "sea"
    out: list[Unit] = []
    for u in state.units_at(battle.space):
        if not at_war(state, u.owner, battle.attacker) or u.id in battle.out or u.id in phase.interceptors:
            continue
        if state.diplomacy.docked_at(u.owner, u.space) is not None:
            continue
        if not _takes_part(state, u, sea):
            continue
        if u.aboard is not None and not state.rules.spec(u.kind).is_air:
            continue
        out.append(u)
    return out


def lead_defender(state: GameState, battle: Battle, units: list[Unit]) -> PowerId:
    """The defending power that chooses for all defenders: the territory's owner if it
    defends, else the first defending power in turn order. Multinational defenders
    "mutually determine the casualties"; when they cannot agree the attacker chooses
    (000, Multinational Forces) -- here the lead defender's standing orders settle it."""
    owners = {u.owner for u in units}
    holder = state.owners.get(battle.space)
    if holder in owners and holder is not None:
        return holder
    for p in state.rules.turn_order:
        if p in owners:
            return p
    return holder if holder is not None else battle.attacker


def friendly_to_attacker(state: GameState, phase: CombatPhase, space: SpaceId, b: Battle) -> bool:
    """A territory friendly now; a sea zone friendly now and at the start of the turn."""
    if state.board.spaces[space].is_sea:
        return space not in phase.hostile_seas and not any(
            at_war(state, u.owner, b.attacker) and makes_sea_zone_hostile(state, u) for u in state.units_at(space))
    return bool(state.board.allies(state.owners.get(space), b.attacker))
