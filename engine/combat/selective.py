"""Selective fire in AARHE's battles: the shooters' side names one target for each shooter
before any of them rolls, and each rolls at its own target.

Two kinds of units fire so (a ``targets`` choice whose ``source`` says which):
- undetected submarines in a sea battle's opening fire (001 › Submarine Warfare: "Undetected
  Submarines fire in opening-fire and selectively ... All targets are selected before any
  rolls"), source ``targets``;
- jet fighters where their side alone had jet air units as the cycle began (001 › Phase 7,
  Jet Plane: "jet air units have selective attack (except for Bomber). All selective attack
  targets are selected before rolling"), source ``jets``, in their side's air fire.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..dice import Dice
from ..events import Event, event
from ..ids import PowerId
from ..state import GameState, Unit
from . import air
from .flow import Result, current, with_battle
from .losses import destroy
from .phase import CombatPhase, Pending
from .report import counts, unit_text

SUBMARINES, JETS, BOATS = "targets", "jets", "boats"
"""A ``targets`` choice's ``source``: whose targets they are (``boats``: the suicide boats of
a National Advantage, ``naval.suicide_boats``, as many as targets named)."""
SHOOTERS = {SUBMARINES: "submarines", JETS: "jet fighters", BOATS: "suicide boats"}
"""How the shooters of each source are named to players."""
SHOOTER = {SUBMARINES: "submarine", JETS: "jet fighter", BOATS: "suicide boat"}
BY_ORDERS = {SUBMARINES: "the costliest ships first", JETS: "the costliest targets first", BOATS: "none sent"}
"""What standing orders' targets are, as the battle log says (``default_targets``)."""


def ask(phase: CombatPhase, chooser: PowerId, side: str, shooters: Sequence[Unit], targets: Sequence[Unit],
        rule: str, source: str) -> CombatPhase:
    """Leave the choice of one target for each shooter among ``targets`` (the step that asks
    runs again once it is answered, and then fires)."""
    b = current(phase)
    pending = Pending("targets", chooser, side, ((len(shooters), rule),), source,
                      among=tuple(u.id for u in targets), again=True)
    return with_battle(phase, b.but(pending=pending))


def default_targets(state: GameState, n: int, among: Sequence[Unit]) -> tuple[int, ...]:
    """Standing orders' targets: each shooter a different unit while any is left, the
    costliest first (``air.select``)."""
    return tuple(u.id for u in air.select(state, n, among))


def fire(state: GameState, phase: CombatPhase, dice: Dice, side: str, shooters: Sequence[Unit],
         vals: dict[int, int], rule: str, immediate: bool = False) -> Result:
    """Each shooter rolls at its value against the target chosen for it (``Battle.aim``, in
    the shooters' order), by groups of one value; a hit damages a target that can take one
    more, else it goes behind the casualty strip, or at once where ``immediate``."""
    b = current(phase)
    aim = dict(zip((u.id for u in shooters), b.aim, strict=False))
    name = state.board.name(b.space)
    events: list[Event] = []
    taken: dict[int, int] = {}
    for value in sorted({vals[u.id] for u in shooters}):
        group = [u for u in shooters if vals[u.id] == value]
        at = ", ".join(state.rules.spec(state.units[aim[u.id]].kind).word() for u in group)
        why = f"{name} r{b.round} {side} {unit_text(state, counts(state, group))} @{value} at {at}"
        faces = dice.roll(len(group), why)
        scored = [aim[u.id] for u, f in zip(group, faces, strict=True) if f <= value]
        for t in scored:
            taken[t] = taken.get(t, 0) + 1
        events.append(event("roll", f"{why}: {' '.join(map(str, faces))} = {len(scored)} hit"
                            f"{'s' if len(scored) != 1 else ''}.", space=name, round=b.round, side=side,
                            source="selective", units=counts(state, group), value=value, dice=list(faces),
                            hits=len(scored), rule=rule, purpose=why))
    hurt: list[Unit] = []
    sunk: list[Unit] = []
    for uid, n in sorted(taken.items()):
        u = state.units[uid]
        left = state.rules.spec(u.kind).hits - u.hits
        if n >= left:
            sunk.append(u)
        else:
            hurt.append(replace(u, hits=u.hits + n))
    state = state.with_units(hurt)
    if immediate:
        state, _ = destroy(state, [u.id for u in sunk], b.attacker)
        b = b.but(aim=())
    else:
        b = b.but(aim=(), strip=b.strip + tuple(u.id for u in sunk))
    if hurt or sunk:
        where = "destroyed" if immediate else "hit, behind the casualty strip"
        parts = ([f"{unit_text(state, counts(state, sunk))} {where}"] if sunk else []) + (
            [f"{unit_text(state, counts(state, hurt))} damaged"] if hurt else [])
        owner = state.rules.power_name((sunk or hurt)[0].owner)
        events.append(event("casualties", f"{name}: {owner} {'; '.join(parts)} (targets chosen).", space=name,
                            round=b.round, side="defender" if side == "attacker" else "attacker",
                            units=counts(state, sunk), damaged=counts(state, hurt), cargo={}, source="selective",
                            chosen_by=None, by="targets", immediate=immediate))
    return state, with_battle(phase, b), events


# -- jets --------------------------------------------------------------------------------

def selective_jets(state: GameState, phase: CombatPhase, side: str, planes: Sequence[Unit]) -> list[Unit]:
    """Those of ``side``'s firing ``planes`` that fire selectively this cycle: its jets other
    than bombers, where its side alone had jets as the cycle began (``Battle.jets``)."""
    if current(phase).jets != side:
        return []
    return sorted((u for u in air.jets(state, planes) if not state.rules.spec(u.kind).strategic_bomber),
                  key=lambda u: u.id)


def jets_fire(state: GameState, phase: CombatPhase, dice: Dice, side: str, chooser: PowerId,
              jets: Sequence[Unit], vals: dict[int, int], rule: str, targets: Sequence[Unit],
              immediate: bool = False) -> Result:
    """The jets' part of an air fire step, before the other aircraft fire: ask their targets
    among ``targets`` (the battle then waits, and the step runs again) or, once chosen, fire
    at them. Nothing when there are no jets or nothing to fire at."""
    if not jets or not targets:
        return state, phase, []
    if not current(phase).aim:
        return state, ask(phase, chooser, side, jets, targets, rule, JETS), []
    return fire(state, phase, dice, side, jets, vals, rule, immediate)
