"""Battleship and cruiser bombardment in an amphibious assault.

000, Amphibious Assaults, Step 2: only when no sea combat took place in the sea zone the
transports offload from (destroying defenseless transports counts as one); at most one
bombarding ship per land unit offloaded into the territory; each ship bombards once per
turn; battleships hit on 4, cruisers on 3; the defender's casualties still fire in the
first round of land combat (Step 3: "put casualties from bombardment ... behind the
casualty strip"), unless the switch ``bombarded_units_fire_back`` is off (002, Appendix
I, Battleships: they "are immediately lost").

Which ships support which assault is declared in Combat Move (a ship's ``target``); when
more ships were sent than land units came ashore, the attacker chooses which bombard ("the
ships' bombardment may be split in any way that the attacker chooses"): asked in person
when the attacker decides in person and the ships differ, otherwise the strongest fire.
"""

from __future__ import annotations

from ..dice import Dice
from ..ids import PowerId, SpaceId
from ..state import SEABORNE, GameState, Unit
from . import national
from .fire import roll_groups
from .flow import Result, ask_casualties, current, with_battle
from .orders import in_person
from .phase import CombatPhase, Pending
from .sides import attackers, defenders


def bombarding_ships(state: GameState, sea_fought: frozenset[SpaceId], bombarded: frozenset[int],
                     battle_space: SpaceId, attacker: PowerId) -> list[Unit]:
    """Ships allowed to bombard ``battle_space`` now, strongest first, within the limit."""
    ships, limit = candidates(state, sea_fought, bombarded, battle_space, attacker)
    return ships[:limit]


def candidates(state: GameState, sea_fought: frozenset[SpaceId], bombarded: frozenset[int],
               battle_space: SpaceId, attacker: PowerId) -> tuple[list[Unit], int]:
    """Every ship that may bombard ``battle_space``, strongest first, and how many may
    (one per land unit offloaded there, or per ``bombard_land_units_per_ship`` of them, or
    all: switch ``bombard_limit_per_land_unit``)."""
    seaborne = [u for u in state.units_at(battle_space) if u.owner == attacker and u.has(SEABORNE)]
    zones = {u.came_from for u in seaborne if u.came_from is not None}
    ships = [u for z in sorted(zones - sea_fought) for u in state.units_at(z)
             if u.owner == attacker and u.target == battle_space and u.aboard is None
             and state.rules.hooks.bombard_value(state, u) > 0 and u.id not in bombarded]
    ships.sort(key=lambda u: (-state.rules.hooks.bombard_value(state, u), u.id))
    switches = state.rules.switches
    limit = len(seaborne) // switches.bombard_land_units_per_ship if switches.bombard_limit_per_land_unit else len(ships)
    return ships, limit


def bombard(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """Step 2 of an amphibious assault, before the first round of its land battle."""
    return _bombard(state, phase, dice, "any")


def shore_bombard(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """AARHE's offshore bombardment in the 1st cycle's opening fire (001 › Land Combat:
    Amphibious Assault Sequence, Offshore bombardment): one roll for every four offloaded land
    units (switch ``bombard_land_units_per_ship``), hits on land units ("Land units' hits can
    only be allocated on land units" read for ships' hits too: README, ruling 62); the ships
    that roll are noted on the battle (``Battle.bombarding``): each gives an infantry +1 and
    the defender's Infrastructure Defenses fire at them. Units a National Advantage makes
    "immune to shore bombardment" are no targets (``national.bombard_immune``)."""
    return _bombard(state, phase, dice, "land", note=True)


def _bombard(state: GameState, phase: CombatPhase, dice: Dice, rule: str, note: bool = False) -> Result:
    b = current(phase)
    ships, limit = candidates(state, phase.sea_fought, phase.bombarded, b.space, b.attacker)
    spared = [u for u in defenders(state, b, phase) if national.bombard_immune(state, phase, u)]
    targets = [u for u in defenders(state, b, phase) if u not in spared]
    if not ships or not targets or not attackers(state, b):
        return state, phase, []
    if len(ships) > limit and len({s.kind for s in ships}) > 1 and in_person(state, b.attacker):
        pending = Pending("bombard", b.attacker, "attacker", hits=((limit, rule),), source="bombard",
                          among=tuple(s.id for s in ships), again=True)
        return state, with_battle(phase, b.but(pending=pending)), []
    ships = ships[:limit]
    groups: dict[tuple[int, str], list[Unit]] = {}
    for s in ships:
        groups.setdefault((state.rules.hooks.bombard_value(state, s), rule), []).append(s)
    hits, events = roll_groups(state, dice, b.space, b.round, "attacker", groups, "bombard")
    phase = phase.but(bombarded=phase.bombarded | frozenset(s.id for s in ships))
    if note:
        phase = with_battle(phase, b.but(bombarding=tuple(s.id for s in ships)))
    at_once = not state.rules.switches.bombarded_units_fire_back
    among = [u for u in targets if u.id not in b.strip] if spared else None
    return state, ask_casualties(state, phase, hits, "defender", "bombard", at_once, among), events
