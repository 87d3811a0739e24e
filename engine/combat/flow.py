"""Shared plumbing of the battle steps: the current battle, casualty requests, who can hit whom."""

from __future__ import annotations

from collections.abc import Callable

from ..dice import Dice
from ..events import Event
from ..state import GameState, Unit
from .phase import Battle, CombatPhase, Pending
from .sides import attackers, defenders, lead_defender

Result = tuple[GameState, CombatPhase, list[Event]]
Step = Callable[[GameState, CombatPhase, Dice], Result]


def current(phase: CombatPhase) -> Battle:
    assert phase.current is not None
    return phase.current


def with_battle(phase: CombatPhase, battle: Battle) -> CombatPhase:
    return phase.but(current=battle)


def can_hit(state: GameState, shooter: Unit, target: Unit, side: str, own_destroyer: bool, sea: bool) -> bool:
    """Whether ``shooter`` could ever score a hit on ``target`` in this battle
    (000, Submarines: "Cannot Hit Air Units", "Cannot Be Hit by Air Units" without a
    destroyer; switch ``aircraft_hit_subs_alone``)."""
    s, t = state.rules.spec(shooter.kind), state.rules.spec(target.kind)
    if (s.attack if side == "attacker" else s.defense) <= 0:
        return False
    if sea and s.submarine and t.is_air:
        return False
    alone = state.rules.switches.aircraft_hit_subs_alone
    return not (sea and s.is_air and t.submarine and not own_destroyer and not alone)


def ask_casualties(state: GameState, phase: CombatPhase, hits: list[tuple[int, str]], victims: str,
                   source: str, immediate: bool, among: list[Unit] | None = None) -> CombatPhase:
    """Leave a casualty choice for the side that owns the victims ("the defender chooses
    one unit for each hit", "the attacker chooses ...")."""
    b = current(phase)
    if not hits:
        return phase
    if among is not None:
        pool = among
    elif victims == "attacker":
        pool = [u for u in attackers(state, b) if u.id not in b.strip]
    else:
        pool = [u for u in defenders(state, b, phase) if u.id not in b.strip]
    chooser = b.attacker if victims == "attacker" else lead_defender(state, b, pool)
    pending = Pending("casualties", chooser, victims, tuple(hits), source, immediate, tuple(u.id for u in pool))
    return with_battle(phase, b.but(pending=pending))
