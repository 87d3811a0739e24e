"""Hooks of Axis & Allies 1942 Second Edition (000): the behaviour its data cannot express.

Later rule systems may reuse these functions in their own module where they agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..control import victory_cities
from ..economy.attacks import economic_attack
from ..events import Event, event
from ..hooks import Win
from ..ids import PowerId, SpaceId
from ..prose import possessive
from ..state import GameState, Unit

ID = "aa1942-2e"


def victory(state: GameState) -> Win | None:
    """A side holding the victory cities the game's level asks for wins (000, "How the War
    Is Won", "Winning the Game": standard 9, total 12)."""
    level = state.options.get("victory", state.rules.victory.get("default", "standard"))
    needed = int(state.rules.victory["cities"][level])
    for side in ("Axis", "Allies"):
        held = victory_cities(state, side)
        if len(held) >= needed:
            return Win(side, f"The {side} win: they hold {len(held)} victory cities "
                       f"({level} victory needs {needed}).", {"cities": len(held)})
    return None


def on_capital_captured(state: GameState, capital: SpaceId, captor: PowerId,
                        victim: PowerId) -> tuple[GameState, list[Event]]:
    """The captor takes the victim's IPCs when the rule system plunders (000, "Capturing
    and Liberating Capitals")."""
    taken = state.treasury.get(victim, 0)
    if not state.rules.switches.capital_plunder or taken <= 0:
        return state, []
    treasury = dict(state.treasury)
    treasury[victim] = 0
    treasury[captor] = treasury.get(captor, 0) + taken
    name, victim_name = state.rules.power_name(captor), state.rules.power_name(victim)
    return state.evolve(treasury=treasury), [
        event("plunder", f"{name} takes {possessive(victim_name)} {taken} IPCs.", power=name, victim=victim_name, ipcs=taken)]


def bombing_result(state: GameState, target: SpaceId, rolled: int, taken: int) -> tuple[GameState, Event]:
    """What the raid's dice do, by the ``bombing`` switch, within the cap of
    ``bombing_damage_cap_factor`` times the territory's IPC value, less the ``taken`` IPCs
    rockets took there this turn (000 has no rockets: always 0). Where raids lower the
    territory's next income (``income``), the economy keeps its own cap."""
    cap = state.rules.switches.bombing_damage_cap_factor * state.board.spaces[target].ipc
    if state.rules.switches.bombing == "treasury":
        return _take_ipcs(state, target, rolled, cap - taken)
    if state.rules.switches.bombing == "income":
        return economic_attack(state, target, rolled)
    return _damage_factory(state, target, rolled, cap)


def _damage_factory(state: GameState, space: SpaceId, rolled: int, cap: int) -> tuple[GameState, Event]:
    """000, Strategic Bombing Raids: damage markers, at most ``cap`` on the complex in all."""
    before = state.ic_damage.get(space, 0)
    applied = max(0, min(rolled, cap - before))
    ic_damage = dict(state.ic_damage)
    ic_damage[space] = before + applied
    name = state.board.name(space)
    return state.evolve(ic_damage=ic_damage), event(
        "bombing", f"The industrial complex in {name} takes {applied} damage ({rolled} rolled, cap {cap}); "
        f"it now has {before + applied}.", space=name, rolled=rolled, applied=applied, damage=before + applied, cap=cap)


def _take_ipcs(state: GameState, space: SpaceId, rolled: int, cap: int) -> tuple[GameState, Event]:
    """002, Strategic Bombing Raids: "the defender must surrender IPCs equal to the total";
    Q&A, Strategic Bombing and Rockets ("Amended"): at most the territory's value in one
    turn from all bombers and rockets, and never more than the treasury holds
    (rulesets.md 7.2 #30). Bombers raid a territory once a turn, so this raid's cap is the
    turn's, less what rockets took (``cap`` comes net of them)."""
    victim = state.owners.get(space)
    assert victim is not None, "raids target owned territories"
    held = state.treasury.get(victim, 0)
    applied = max(0, min(rolled, cap, held))
    treasury = dict(state.treasury)
    treasury[victim] = held - applied
    name, who = state.board.name(space), state.rules.power_name(victim)
    return state.evolve(treasury=treasury), event(
        "bombing", f"{who} surrenders {applied} IPCs for the raid on {name} ({rolled} rolled, cap {cap}); "
        f"treasury now {held - applied}.", space=name, rolled=rolled, applied=applied, cap=cap,
        victim=who, treasury=held - applied)


def unit_values(state: GameState, units: Sequence[Unit], side: str) -> dict[int, int]:
    """Each unit's attack or defense value; infantry supported one-for-one by artillery on
    attack (000, Unit Profiles, Infantry and Artillery)."""
    out: dict[int, int] = {}
    support: dict[str, int] = {}
    if side == "attacker":
        for u in units:
            spec = state.rules.spec(u.kind)
            if spec.supports:
                support[spec.supports] = support.get(spec.supports, 0) + 1
    for u in sorted(units, key=lambda u: u.id):
        spec = state.rules.spec(u.kind)
        value = spec.attack if side == "attacker" else spec.defense
        if side == "attacker" and spec.supported_attack is not None and support.get(u.kind, 0) > 0:
            support[u.kind] -= 1
            value = spec.supported_attack
        out[u.id] = value
    return out


def move_points(state: GameState, unit: Unit) -> int:
    """The unit table's movement (000 has no technology)."""
    return state.rules.spec(unit.kind).move


def unit_dice(state: GameState, unit: Unit) -> int:
    """One die a unit (000 has no heavy bombers)."""
    return 1


def unit_shots(state: GameState, unit: Unit, side: str) -> int:
    """One roll a unit (000 has no heavy bombers)."""
    return 1


def raid_damage(state: GameState, unit: Unit, faces: Sequence[int]) -> int:
    """A bomber's damage is its die (000, Strategic Bombing Raids: "Each surviving bomber
    rolls one die")."""
    return max(faces)


def aa_immune(state: GameState, unit: Unit) -> bool:
    """Every aircraft can be hit (000 has no jet fighters)."""
    return False


def bombard_value(state: GameState, unit: Unit) -> int:
    """The unit table's ``bombard`` value (000, Amphibious Assaults, Step 2: battleships
    and cruisers)."""
    return state.rules.spec(unit.kind).bombard
