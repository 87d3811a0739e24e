"""Submarines withdrawing from a sea battle to another zone, apart from the other ships.

004 §6 (Submarine Withdrawing): "both attacking and defending subs can withdraw"; attacking
subs "after any round of combat", "they do not have to retreat with other naval units" (a
partial retreat); "if several attacking subs do withdraw on the same round, they must all
withdraw to the same sea zone", an attacking sub going "BACK to one adjacent friendly sea
zone from which any of the attacking units came"; "Subs cannot retreat or withdraw to a sea
zone that is or was a battle site on the same turn!" A sub that sank the last defender
cannot withdraw (§6 C): the battle is over before the steps ``withdraw_attacker`` and
``withdraw_defender`` (listed after ``end_round``) run.

The side's chooser names how many subs go and where (one zone a round); standing orders
withdraw them all by the ``submerge`` order, to the zone most attackers came from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..battles import makes_sea_zone_hostile
from ..dice import Dice
from ..events import event
from ..ids import SpaceId
from ..prose import possessive
from ..state import RETREATED, GameState, Unit
from .conclude import conclude
from .flow import Result, Step, current, with_battle
from .phase import Battle, CombatPhase, Pending
from .report import counts, unit_text
from .sides import at_war, attackers, defenders, friendly_to_attacker, lead_defender


def _subs(state: GameState, b: Battle, phase: CombatPhase, side: str) -> list[Unit]:
    units = attackers(state, b) if side == "attacker" else defenders(state, b, phase)
    return [u for u in units if state.rules.spec(u.kind).submarine]


def _battle_sites(phase: CombatPhase, b: Battle) -> set[SpaceId]:
    """Zones that are or were a battle site this turn: fought, being fought or waiting."""
    return {b.space, *phase.sea_fought, *(e.space for e in phase.entries)}


def withdraw_options(state: GameState, phase: CombatPhase, side: str) -> list[SpaceId]:
    """Where ``side``'s subs may withdraw now: an adjacent sea zone friendly to them, not a
    battle site this turn; for the attacker one that an attacking unit came from."""
    b = current(phase)
    sites = _battle_sites(phase, b)
    near = [s for s in state.board.neighbours(b.space) if state.board.spaces[s].is_sea and s not in sites]
    if side == "attacker":
        came = {u.came_from for u in attackers(state, b)}
        out = [s for s in near if s in came and friendly_to_attacker(state, phase, s, b)]
    else:
        owners = {u.owner for u in _subs(state, b, phase, side)}
        out = [s for s in near if not any(at_war(state, u.owner, o) and makes_sea_zone_hostile(state, u)
                                          for u in state.units_at(s) for o in owners)]
    return sorted(out, key=state.board.name)


def withdraw(side: str) -> Step:
    """The step where ``side``'s submarines may withdraw (004 §6)."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """Ask ``side`` whether its subs withdraw, when it has subs and a zone to go to."""
        b = current(phase)
        subs = _subs(state, b, phase, side)
        if not subs or not withdraw_options(state, phase, side):
            return state, phase, []
        chooser = b.attacker if side == "attacker" else lead_defender(state, b, defenders(state, b, phase))
        pending = Pending("withdraw", chooser, side, among=tuple(u.id for u in subs))
        return state, with_battle(phase, b.but(pending=pending)), []
    return step


def by_orders_zone(state: GameState, phase: CombatPhase, side: str) -> SpaceId:
    """The zone standing orders send subs to: the one most attackers came from (the
    defender's: the first by name)."""
    b = current(phase)
    came = [u.came_from for u in attackers(state, b)] if side == "attacker" else []
    return min(withdraw_options(state, phase, side), key=lambda s: (-came.count(s), state.board.name(s)))


def apply_withdraw(state: GameState, phase: CombatPhase, answer: tuple[int, SpaceId | None], by: str) -> Result:
    """``answer`` = (how many subs, where): they leave the battle for that zone; a side
    left with nothing ends the battle."""
    b = current(phase)
    p = b.pending
    assert p is not None
    n, to = answer
    subs: Sequence[Unit] = sorted((state.units[i] for i in p.among if i in state.units), key=lambda u: u.id)[:n]
    name = state.board.name(b.space)
    who = state.rules.power_name(p.chooser)
    b = b.but(pending=None, out=b.out | frozenset(u.id for u in subs))
    if not subs or to is None:
        return state, with_battle(phase, b), [event(
            "withdraw", f"{name}: {possessive(who)} submarines stay in the battle ({by}).", space=name, round=b.round,
            side=p.side, units={}, chosen_by=who, by=by)]
    state = state.with_units(replace(u, space=to, path=(*u.path, to), flags=u.flags | {RETREATED}) for u in subs)
    events = [event("withdraw", f"{name}: {who} withdraws {unit_text(state, counts(state, subs))} to "
                    f"{state.board.name(to)} ({by}).", space=name, round=b.round, side=p.side,
                    units=counts(state, subs), to=state.board.name(to), chosen_by=who, by=by)]
    phase = with_battle(phase, b)
    if not attackers(state, b):
        return conclude(state, phase, "retreat", events)
    if not defenders(state, b, phase):
        return conclude(state, phase, "attacker", events)
    return state, phase, events
