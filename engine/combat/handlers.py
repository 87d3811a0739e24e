"""The Conduct Combat commands: ``/battle``, ``/casualties``, ``/retreat``, ``/press``,
``/submerge`` and ``/done``.

A battle advances step by step (``steps``) and stops only where a player who asked to
decide in person must choose; otherwise standing orders answer and the battle goes on.
"""

from __future__ import annotations

from ..commands import Atomic
from ..commands import Battle as BattleCommand
from ..commands import Casualties, Press, Retreat, Submerge
from ..dice import Dice
from ..errors import IllegalCommandError, OutOfTurnError
from ..events import Event
from ..ids import SpaceId, UnitKind
from ..state import GameState, Unit
from . import atomic, breakoff, national
from . import hits as cas
from . import land_retreat
from .choices import (
    apply_answer,
    atomic_by_orders,
    by_orders,
    pool,
    retreat_options,
    strongest_bombard,
    take_casualties,
)
from .conclude import land_cargo
from .flow import Result
from .land_cycle import land_units
from .landing import rehome
from .orders import IN_PERSON
from .missions import bomb_by_orders
from .phase import AMPHIBIOUS, Battle, CombatPhase, Entry, Pending, step_name
from .report import unit_text
from .selective import BOATS, SHOOTER, SHOOTERS
from .sequence import first_step, run_step
from .sides import defenders
from .withdraw import withdraw_options

ASKS = {
    "casualties": "choose casualties (/casualties)",
    "retreat": "press on or retreat (/press or /retreat)",
    "submerge": "submerge submarines or strike (/submerge or /press)",
    "withdraw": "withdraw submarines or fight on (/submerge with to:, or /press)",
    "intercept": "choose interceptors (/casualties naming the fighters, or /press for all)",
    "bombard": "choose which ships bombard (/casualties naming the ships, or /press for the strongest)",
    "targets": "choose the {shooters}' targets (/casualties naming one for each {shooter}, or /press for "
               "standing orders)",
    "asw": "choose the units that make ASW attacks (/casualties naming them, or /press for standing orders)",
    "naval_retreat": "press on, break off or retreat (/press; /retreat to the battle's own sea zone breaks off; "
                     "/retreat to another zone)",
    "bomb": "choose the bombers that strike the complex's production capacity, the others striking the income "
            "(/casualties naming them, or /press for your standing order)",
    atomic.GROUPS: 'divide the units there into {groups} groups (/atomic groups:"<units> | <units>", or /press for '
                   "groups of even cost)",
    atomic.STRIKE: "choose which of the {groups} groups the atomic bomb strikes (/atomic strike:<number>, or /press "
                   "for the costliest)",
}


def run(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """Advance until the battle (and an amphibious assault's land battle after its sea
    battle) ends, or a choice is due from a player deciding in person."""
    events: list[Event] = []
    while True:
        b = phase.current
        if b is None:
            if phase.then is None:
                break
            entry = next((e for e in phase.entries if e.space == phase.then and e.kind == "land"), None)
            phase = phase.but(then=None)
            if entry is not None:
                state, phase, started = _begin(state, phase, entry)
                events.extend(started)
            continue
        if b.pending is not None:
            answer = by_orders(state, phase)
            if answer is None:
                break
            kind, value, by, note = answer
            state, phase, done = apply_answer(state, phase, kind, value, by, note)
            events.extend(done)
            continue
        state, phase, done = run_step(state, phase, dice)
        events.extend(done)
    return state, phase, events


def _phase(state: GameState) -> CombatPhase:
    phase = state.combat
    if not isinstance(phase, CombatPhase):
        raise IllegalCommandError("There is no battle to fight.", reason="combat.none")
    return phase


def _finish(state: GameState, phase: CombatPhase, events: list[Event]) -> tuple[GameState, list[Event]]:
    return state.evolve(combat=phase), events


def _begin(state: GameState, phase: CombatPhase, entry: Entry) -> Result:
    """Take ``entry`` off the list and make it the current battle. Cargo still aboard for
    an amphibious assault in a zone that needs no sea battle goes ashore first (a zone
    whose sea battle was fought settled its cargo then)."""
    entries = tuple(e for e in phase.entries if e != entry)
    phase = phase.but(entries=entries)
    events: list[Event] = []
    if entry.kind == "sea":
        phase = phase.but(sea_fought=phase.sea_fought | {entry.space})
    if entry.kind == "land" and entry.step == AMPHIBIOUS:
        settled = {e.space for e in entries if e.kind == "sea"} | phase.sea_fought
        for zone in sorted(state.board.neighbours(entry.space)):
            if zone not in settled and state.board.spaces[zone].is_sea:
                probe = phase.but(current=Battle(zone, "sea", phase.attacker))
                state, landed = land_cargo(state, probe)
                events.extend(landed)
    battle = Battle(entry.space, entry.kind, phase.attacker, amphibious=entry.step == AMPHIBIOUS,
                    step=first_step(state.rules, entry.kind))
    phase = phase.but(current=battle)
    favoured = national.favoured(state, phase)
    land = land_units(state, defenders(state, battle, phase)) if battle.kind == "land" else []
    battle = battle.but(watched=national.watched(state, phase), favoured=favoured,
                        cleared=national.cleared(state, phase, land))
    return state, phase.but(current=battle, favoured=phase.favoured | frozenset(favoured)), events


def _pending_text(state: GameState, phase: CombatPhase) -> str:
    b = phase.current
    assert b is not None
    if b.pending is None:
        return f"The battle in {state.board.name(b.space)} is under way."
    return (f"The battle in {state.board.name(b.space)} waits for "
            f"{state.rules.power_name(b.pending.chooser)} to {_asks(b.pending)}.")


def battle(state: GameState, cmd: BattleCommand, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/battle territory:X``: fight the battle there (000, Phase 3: "The attacker decides
    the order"), within the Combat Sequence: raids, then amphibious assaults, then
    general combat."""
    phase = _phase(state)
    if phase.current is not None:
        raise IllegalCommandError(_pending_text(state, phase), reason="combat.in_progress")
    here = [e for e in phase.entries if e.space == cmd.territory]
    if not here:
        left = ", ".join(state.board.name(e.space) for e in phase.entries) or "none"
        raise IllegalCommandError(f"No battle is waiting in {state.board.name(cmd.territory)}. "
                                  f"Battles left: {left}.", reason="combat.no_battle")
    entry = min(here, key=lambda e: e.step)
    first = min(e.step for e in phase.entries)
    if entry.step > first:
        missions = bool(state.rules.missions.air)
        due = [state.board.name(e.space) for e in phase.entries if e.step == first]
        raise IllegalCommandError(
            f"{step_name(first, missions, plural=True).capitalize()} come before {step_name(entry.step, missions)}: fight "
            f"{', '.join(due)} first.", reason="combat.order")
    if entry.kind == "land" and entry.step == AMPHIBIOUS:
        sea = [e for e in phase.entries if e.kind == "sea" and _feeds(state, e.space, entry.space)]
        if sea:
            phase = phase.but(then=entry.space)
            entry = sea[0]
    state, phase, events = _begin(state, phase, entry)
    state, phase, more = run(state, phase, dice)
    return _finish(state, phase, events + more)


def _feeds(state: GameState, zone: SpaceId, territory: SpaceId) -> bool:
    """Cargo in ``zone`` waits to assault ``territory``."""
    return any(u.aboard is not None and u.target == territory for u in state.units_at(zone))


def _due(state: GameState, *kinds: str) -> tuple[CombatPhase, Pending]:
    phase = _phase(state)
    b = phase.current
    if b is None or b.pending is None or b.pending.kind not in kinds:
        what = _pending_text(state, phase) if b is not None else "No battle is being fought."
        raise OutOfTurnError(f"Nothing of that kind is asked now. {what}", reason="combat.not_asked")
    return phase, b.pending


def _answer(state: GameState, phase: CombatPhase, kind: str, value: object, dice: Dice) -> tuple[GameState, list[Event]]:
    return _go_on(*apply_answer(state, phase, kind, value, IN_PERSON), dice)


def _go_on(state: GameState, phase: CombatPhase, events: list[Event], dice: Dice) -> tuple[GameState, list[Event]]:
    """After an answer in person, fight on until the battle ends or asks again."""
    state, phase, more = run(state, phase, dice)
    return _finish(state, phase, events + more)


def _asks(p: Pending) -> str:
    """What the battle waits for, naming the shooters of a ``targets`` choice."""
    if p.kind == "targets":
        return ASKS["targets"].format(shooters=SHOOTERS[p.source], shooter=SHOOTER[p.source])
    if p.kind in (atomic.GROUPS, atomic.STRIKE):
        return ASKS[p.kind].format(groups=p.hits[0][0])
    return ASKS[p.kind]


def casualties(state: GameState, cmd: Casualties, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/casualties units:...``: the units that take the hits now due (or, for a raid's
    interceptors, the fighters that go up)."""
    phase, p = _due(state, "casualties", "intercept", "bombard", "targets", "asw", "bomb")
    chosen = {UnitKind(k): n for k, n in cmd.units if n > 0}
    units = pool(state, p)
    if p.kind in ("targets", "asw"):
        return _answer(state, phase, p.kind, _picked(state, p, units, chosen, {UnitKind(k): n for k, n in cmd.damaged if n > 0}), dice)
    if p.kind == "bomb":
        return _answer(state, phase, "bomb", _named(state, units, chosen, bool(cmd.damaged)), dice)
    if p.kind == "bombard":
        return _answer(state, phase, "bombard", _bombard_choice(state, p, units, chosen, bool(cmd.damaged)), dice)
    if p.kind == "intercept":
        n = sum(chosen.values())
        if cmd.damaged or set(chosen) - {u.kind for u in units} or n > len(units):
            raise IllegalCommandError(f"Only {len(units)} fighters can intercept here.", reason="combat.intercept")
        return _answer(state, phase, "intercept", n, dice)
    damaged = {UnitKind(k): n for k, n in cmd.damaged if n > 0}
    problem = cas.check_choice(state, p.hits, units, chosen, damaged)
    if problem is not None:
        raise IllegalCommandError(f"Those casualties are not allowed: {problem}.", reason="combat.casualties")
    return _go_on(*take_casualties(state, phase, chosen, IN_PERSON, damaged), dice)


def _picked(state: GameState, p: Pending, units: list[Unit], chosen: dict[UnitKind, int],
            damaged: dict[UnitKind, int]) -> tuple[int, ...]:
    """The unit ids a ``/casualties`` names for selective fire's targets (exactly one per
    submarine or jet fighter, the same unit may be named more than once only if it is the only one of its
    kind left to name) or for ASW attack (at most the units able to)."""
    need = sum(n for n, _ in p.hits)
    given = sum(chosen.values()) + sum(damaged.values())
    listed = ", ".join(sorted({state.rules.spec(u.kind).word(2) for u in units}))
    out: list[int] = []
    for kinds, hurt in ((chosen, False), (damaged, True)):
        for kind, n in kinds.items():
            have = sorted((u.id for u in units if u.kind == kind and (u.hits > 0) == hurt))
            if not have:
                what = f"{'damaged ' if hurt else ''}{state.rules.spec(kind).plural}"
                raise IllegalCommandError(f"{what[0].upper()}{what[1:]} cannot be named here; these can: {listed}.",
                                          reason="combat.choice")
            out += [have[i % len(have)] for i in range(n)] if p.kind == "targets" else have[:n]
            if p.kind == "asw" and n > len(have):
                raise IllegalCommandError(f"Only {len(have)} {state.rules.spec(kind).plural} can make ASW attacks here.",
                                          reason="combat.choice")
    if p.kind == "targets" and p.source == BOATS and given > need:
        raise IllegalCommandError(f"Name at most {need} target{'s' if need != 1 else ''}, one for each {SHOOTER[p.source]} "
                                  f"sent, not {given} (among {listed}).", reason="combat.targets")
    if p.kind == "targets" and p.source != BOATS and given != need:
        raise IllegalCommandError(f"Name {need} target{'s' if need != 1 else ''}, one for each {SHOOTER[p.source]}, not "
                                  f"{given} (among {listed}).", reason="combat.targets")
    return tuple(out)


def _named(state: GameState, raiders: list[Unit], chosen: dict[UnitKind, int], damaged: bool) -> tuple[int, ...]:
    """The raiders a ``/casualties`` names to strike the complex (AARHE's Strategic Bombing
    Raid, 001 › Air Missions: "reduce unit production capacity at its Industrial Complex")."""
    have: dict[UnitKind, list[int]] = {}
    for u in raiders:
        have.setdefault(u.kind, []).append(u.id)
    if damaged or any(n > len(have.get(k, [])) for k, n in chosen.items()):
        listed = ", ".join(unit_text(state, {k: len(v)}) for k, v in have.items())
        raise IllegalCommandError(f"Name the bombers that strike the production capacity, among {listed}.",
                                  reason="combat.bomb")
    return tuple(i for k, n in chosen.items() for i in have[k][:n])


def _bombard_choice(state: GameState, p: Pending, ships: list[Unit], chosen: dict[UnitKind, int],
                    damaged: bool) -> tuple[int, ...]:
    """The ship ids a ``/casualties`` naming bombarding ships picks (000, Amphibious
    Assaults, Step 2: at most one ship per land unit offloaded)."""
    limit = sum(n for n, _ in p.hits)
    have: dict[UnitKind, list[int]] = {}
    for u in ships:
        have.setdefault(u.kind, []).append(u.id)
    listed = ", ".join(unit_text(state, {k: len(v)}) for k, v in have.items())
    if damaged or not chosen or any(n > len(have.get(k, [])) for k, n in chosen.items()) \
            or sum(chosen.values()) > limit:
        raise IllegalCommandError(f"Name up to {limit} of the ships that may bombard here ({listed}).",
                                  reason="combat.bombard")
    return tuple(i for k, n in chosen.items() for i in have[k][:n])


def retreat(state: GameState, cmd: Retreat, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/retreat to:X [units:...]``: the attacker retreats; at the end of an AARHE land cycle
    either side, some or all of its units (``land_retreat``); in an AARHE sea battle either
    side breaks off or retreats (``breakoff``)."""
    phase, p = _due(state, "retreat", breakoff.KIND)
    if p.kind == breakoff.KIND:
        return _answer(state, phase, breakoff.KIND, _naval_retreat(state, phase, p, cmd), dice)
    named = {UnitKind(k): n for k, n in cmd.units if n > 0} if cmd.units else None
    if p.source == land_retreat.CYCLE:
        return _answer(state, phase, "retreat", land_retreat.chosen_moves(state, phase, cmd.to, named), dice)
    if cmd.units is not None:
        raise IllegalCommandError("All the attacking units retreat together here: leave out units:.",
                                  reason="combat.retreat_units")
    options = retreat_options(state, phase)
    if cmd.to not in options:
        names = ", ".join(state.board.name(s) for s in options)
        raise IllegalCommandError(f"The attacker cannot retreat to {state.board.name(cmd.to)}; it may retreat to: "
                                  f"{names}.", reason="combat.retreat")
    return _answer(state, phase, "retreat", cmd.to, dice)


def _naval_retreat(state: GameState, phase: CombatPhase, p: Pending, cmd: Retreat) -> breakoff.Answer:
    """The retreat decision a ``/retreat`` gives in an AARHE sea battle: break off (the
    battle's own zone, all units), or retreat to an adjacent zone the units named (all
    where none are)."""
    b = phase.current
    assert b is not None
    zones = breakoff.options(state, phase, p.side)
    if cmd.to not in zones:
        names = ", ".join(state.board.name(s) for s in zones[1:]) or "no other zone"
        raise IllegalCommandError(
            f"The {p.side} cannot retreat to {state.board.name(cmd.to)}; it may break off (to: "
            f"{state.board.name(zones[0])}) or retreat to: {names}.", reason="combat.retreat")
    if cmd.units is None:
        return cmd.to, ()
    if cmd.to == b.space:
        raise IllegalCommandError("Breaking off is for all the units that stay: leave out units:.",
                                  reason="combat.retreat_units")
    units = pool(state, p)
    ids: list[int] = []
    for kind, n in cmd.units:
        have = sorted(u.id for u in units if u.kind == kind)
        if n > len(have):
            spec = state.rules.spec(kind)
            raise IllegalCommandError(f"Only {len(have)} {spec.plural if len(have) != 1 else spec.name.lower()} "
                                      f"can retreat here, not {n}.", reason="combat.retreat_units")
        ids += have[:n]
    return cmd.to, tuple(ids)


def press(state: GameState, cmd: Press, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/press``: fight another round; also "no submerging" and "all fighters intercept"."""
    phase, p = _due(state, "retreat", "submerge", "withdraw", "intercept", "bombard", "targets", "asw",
                    breakoff.KIND, "bomb", atomic.GROUPS, atomic.STRIKE)
    if p.kind == "bomb":
        return _answer(state, phase, "bomb", bomb_by_orders(state, phase), dice)
    if p.kind in (atomic.GROUPS, atomic.STRIKE):
        kind, value, _, note = atomic_by_orders(state, phase)
        return _go_on(*apply_answer(state, phase, kind, value, IN_PERSON, note), dice)
    if p.kind in ("targets", "asw"):
        answer = by_orders(state.evolve(orders={**state.orders, p.chooser: {**state.orders.get(p.chooser, {}),
                                                                             "decide": "orders"}}), phase)
        assert answer is not None
        return _answer(state, phase, p.kind, answer[1], dice)
    if p.kind == breakoff.KIND:
        return _answer(state, phase, breakoff.KIND, (None, ()), dice)
    if p.kind == "withdraw":
        return _answer(state, phase, "withdraw", (0, None), dice)
    if p.kind == "retreat":
        return _answer(state, phase, "retreat", None, dice)
    if p.kind == "bombard":
        return _answer(state, phase, "bombard", strongest_bombard(state, p), dice)
    if p.kind == "submerge":
        return _answer(state, phase, "submerge", 0, dice)
    return _answer(state, phase, "intercept", len(pool(state, p)), dice)


def atomic_answer(state: GameState, cmd: Atomic, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/atomic groups:`` (the defender's groups) or ``/atomic strike:`` (the group the
    attacker strikes) in an atomic attack."""
    if cmd.groups is None and cmd.strike is None:
        raise IllegalCommandError("In Conduct Combat, /atomic answers an atomic attack: groups: (the defender) or "
                                  "strike: (the attacker); build: is for Purchase, load: for Noncombat Move.",
                                  reason="atomic.phase")
    phase, p = _due(state, atomic.STRIKE if cmd.groups is None else atomic.GROUPS)
    if cmd.groups is not None:
        groups = atomic.read_groups(state, p, cmd.groups)
        return _answer(state, phase, p.kind, [[u.id for u in g] for g in groups], dice)
    n = p.hits[0][0]
    if cmd.strike is None or not 1 <= cmd.strike <= n:
        raise IllegalCommandError(f"strike: names a group from 1 to {n}, not {cmd.strike}.", reason="atomic.strike")
    return _answer(state, phase, p.kind, cmd.strike, dice)


def submerge(state: GameState, cmd: Submerge, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/submerge units:...``: submarines submerge, or withdraw ``to`` a zone where the
    battle asks them to withdraw (004 §6)."""
    phase, p = _due(state, "submerge", "withdraw")
    subs = pool(state, p)
    n = sum(n for k, n in cmd.units)
    if any(not state.rules.spec(k).submarine for k, n in cmd.units if n) or n > len(subs):
        raise IllegalCommandError(f"Only submarines can submerge, and {len(subs)} can here.",
                                  reason="combat.submerge")
    if p.kind == "submerge":
        if cmd.to is not None:
            raise IllegalCommandError("Submarines submerge where they are here: leave out to:.",
                                      reason="combat.submerge_to")
        return _answer(state, phase, "submerge", n, dice)
    options = withdraw_options(state, phase, p.side)
    if n and cmd.to not in options:
        names = ", ".join(state.board.name(s) for s in options)
        given = "no zone" if cmd.to is None else state.board.name(cmd.to)
        raise IllegalCommandError(f"Withdrawing submarines go to one of {names} (to:), not {given}.",
                                  reason="combat.withdraw")
    return _answer(state, phase, "withdraw", (n, cmd.to if n else None), dice)


def end_conduct_combat(state: GameState) -> tuple[GameState, list[Event]]:
    """``/done`` in Conduct Combat: refused while battles remain; fighters that lost
    their carrier or base move now, before the Noncombat Move (000, Fighters)."""
    phase = state.combat
    if isinstance(phase, CombatPhase):
        if phase.current is not None:
            raise IllegalCommandError(_pending_text(state, phase), reason="combat.in_progress")
        if phase.entries:
            left = ", ".join(state.board.name(e.space) for e in phase.entries)
            raise IllegalCommandError(f"Battles remain to be fought: {left}.", reason="combat.remaining")
        state, events = rehome(state, phase.homeless)
        return state.evolve(combat=None), events
    return state.evolve(combat=None), []

