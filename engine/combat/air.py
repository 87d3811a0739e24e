"""AARHE's air combat, for land and sea battles alike (001 › Phase 4): who holds the air in
a combat cycle, the values aircraft fight at, and Infrastructure Defence's anti-air fire.

- Dogfight: "When both sides have air units present air units fight with dog fighting
  values. Aerial combat occurs and air units do not attack land units" (Land Combat: Air
  Units; the same words for naval units, Naval Combat: Air units).
- Air supremacy: "When only one side has air units at the beginning of combat cycle, air
  units fight with normal combat values when matched 1-to-1 with a friendly land unit.
  Excess air units fight at combat value of 1"; "Fighter increases Tank's attack by 1 on a
  1-to-1 basis" (Air Supremacy). At sea air units fight at their normal values, unmatched.
- Anti-Air: "Each ID (Infrastructure Defense) selects an enemy air unit independently ...
  each ID rolls a search die detecting this target on a 1. Each ID then selects an enemy air
  unit independently among the detected air units. After all selections are made, each ID
  rolls an attack die destroying its target on a 1, forcing the target to retreat on a 2 or 3."

Who holds the air is settled once, as a cycle begins (``Battle.air``), so aircraft forced
out or shot down during the cycle do not change the values of the others.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..dice import Dice
from ..events import Event, event
from ..ids import PowerId, SpaceId, UnitKind
from ..state import RETREATED, GameState, Unit
from ..units import UnitSpec
from .flow import Result, current, with_battle
from .losses import destroy
from .phase import CombatPhase
from .report import counts, unit_text
from .sides import attackers, defenders

DOGFIGHT = "dogfight"
"""``Battle.air`` when both sides had aircraft as the cycle began; else the side that alone
had them (``attacker`` or ``defender``), or ``""`` when neither had any."""
EXCESS_VALUE = 1
"""001 › Air Supremacy: "Excess air units fight at combat value of 1"."""


def aircraft(state: GameState, units: Sequence[Unit]) -> list[Unit]:
    return [u for u in units if state.rules.spec(u.kind).is_air]


def jets(state: GameState, units: Sequence[Unit]) -> list[Unit]:
    """The jet air units among ``units``: aircraft built with Jet Plane (``_jet``)."""
    return [u for u in aircraft(state, units) if _jet(u)]


def air_over(state: GameState, attacking: Sequence[Unit], defending: Sequence[Unit]) -> str:
    """Who holds the air as a cycle begins: ``dogfight``, ``attacker``, ``defender`` or ``""``."""
    a, d = bool(aircraft(state, attacking)), bool(aircraft(state, defending))
    return DOGFIGHT if a and d else "attacker" if a else "defender" if d else ""


def air_cycle(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """Battle step ``air_cycle``: note who holds the air as this cycle begins
    (``Battle.air``), and which side alone has jet air units (``Battle.jets``: 001 › Phase 7,
    Jet Plane: "When only one side has jet air units at the beginning of combat cycle"),
    which every later step of the cycle reads."""
    b = current(phase)
    atk, dfn = attackers(state, b), defenders(state, b, phase)
    return state, with_battle(phase, b.but(air=air_over(state, atk, dfn), jets=jets_alone(state, atk, dfn))), []


def jets_alone(state: GameState, attacking: Sequence[Unit], defending: Sequence[Unit]) -> str:
    """The side that alone has jet air units (``attacker``, ``defender``), else ``""``."""
    a, d = bool(jets(state, attacking)), bool(jets(state, defending))
    return "attacker" if a and not d else "defender" if d and not a else ""


def _jet(unit: Unit) -> bool:
    """Built with a development that improves the units built after it (001 › Phase 7,
    Jet Plane: "Fighters and Bombers built after getting Jet Plane technology")."""
    return bool(unit.built_with)


def dogfight_values(state: GameState, units: Sequence[Unit], side: str) -> dict[int, int]:
    """Each aircraft's dogfight value (001 › Appendix: Units, "Dogfight" attack/defense; the
    jet's from 001 › Phase 7, Jet Plane)."""
    out: dict[int, int] = {}
    for u in units:
        spec = state.rules.spec(u.kind)
        pair = spec.jet_dogfight if spec.jet_dogfight is not None and _jet(u) else (
            spec.dogfight_attack, spec.dogfight_defense)
        out[u.id] = pair[0] if side == "attacker" else pair[1]
    return out


def supremacy_values(state: GameState, air: Sequence[Unit], partners: int, side: str) -> dict[int, int]:
    """The values of a side's aircraft while it alone has them: the strongest ``partners``
    (its land units, one each) at their normal values, the rest at 1 (001 › Air Supremacy).
    At sea every aircraft is matched: pass ``len(air)``."""
    normal = state.rules.hooks.unit_values(state, air, side)
    ranked = sorted(air, key=lambda u: (-normal[u.id], u.id))
    return {u.id: normal[u.id] if i < partners else min(normal[u.id], EXCESS_VALUE)
            for i, u in enumerate(ranked)}


def supported(state: GameState, land: Sequence[Unit], air: Sequence[Unit]) -> frozenset[int]:
    """The land units an aircraft gives +1, one to one (001 › Air Supremacy: "Fighter
    increases Tank's attack by 1 on a 1-to-1 basis"; ``air_support`` in the unit table)."""
    givers: dict[str, int] = {}
    for u in air:
        kind = state.rules.spec(u.kind).air_support
        if kind is not None:
            givers[kind] = givers.get(kind, 0) + 1
    out: list[int] = []
    for kind, n in givers.items():
        out += sorted(u.id for u in land if u.kind == kind)[:n]
    return frozenset(out)


# -- Infrastructure Defence's anti-air fire ------------------------------------------------

@dataclass(frozen=True, slots=True)
class Gun:
    """One Infrastructure Defence firing: its owner (whose developments count) and the unit
    type whose fire it is; ``unit`` is None for an implicit one (001 › Appendix: Units,
    Implicit Infrastructure Defence)."""

    owner: PowerId
    kind: UnitKind
    unit: int | None = None


def gun_kind(state: GameState) -> tuple[UnitKind, UnitSpec] | None:
    """The rule system's Infrastructure Defence unit type (the one with ``infrastructure_fire``)."""
    for kind, spec in state.rules.units.items():
        if spec.infrastructure_fire is not None:
            return kind, spec
    return None


def guns(state: GameState, space: SpaceId, defending: Sequence[Unit]) -> list[Gun]:
    """The Infrastructure Defences that fire in ``space``: the defending units that are one,
    then the implicit ones of the territory's holder, per industrial complex and per victory
    city there."""
    out = [Gun(u.owner, u.kind, u.id) for u in defending if state.rules.spec(u.kind).infrastructure_fire]
    found = gun_kind(state)
    holder = state.owners.get(space)
    if found is None or holder is None or not any(u.owner == holder for u in defending):
        return out
    return out + [Gun(holder, found[0]) for _ in range(implicit_guns(state, space, holder))]


def implicit_guns(state: GameState, space: SpaceId, holder: PowerId | None) -> int:
    """How many implicit Infrastructure Defences ``holder`` has in ``space``: per victory city
    and per unit of the kinds that bring one (an industrial complex), those of ``holder``
    (None: of anyone, as a battle's log tells only what stood there)."""
    found = gun_kind(state)
    if found is None:
        return 0
    fire = found[1].infrastructure_fire
    assert fire is not None
    n = fire.implicit.get("victory_city", 0) if state.board.spaces[space].victory_points else 0
    for u in state.units_at(space):
        if holder is None or u.owner == holder:
            n += fire.implicit.get(str(u.kind), 0)
    return n


def targets(state: GameState, units: Sequence[Unit]) -> list[Unit]:
    """The aircraft anti-air may select: jets are "immune to Infrastructure Defense fire"
    (001 › Phase 7, Jet Plane; the rule system's ``aa_immune``)."""
    return [u for u in aircraft(state, units) if not state.rules.hooks.aa_immune(state, u)]


def select(state: GameState, n: int, among: Sequence[Unit]) -> list[Unit]:
    """The default selection of ``n`` guns among ``among``: each a different aircraft while
    any is left unselected, the costliest first (then by id), and again from the top."""
    ranked = sorted(among, key=lambda u: (-state.rules.spec(u.kind).cost, u.id))
    return [ranked[i % len(ranked)] for i in range(n)] if ranked else []


def search_value(state: GameState, gun: Gun) -> int:
    """The gun's search value: its type's, plus what its owner's developments add (Advanced Radar)."""
    fire = state.rules.spec(gun.kind).infrastructure_fire
    assert fire is not None
    have = state.tech.get(gun.owner, ())
    return fire.search + sum(b for dev, b in fire.search_bonus.items() if dev in have)


@dataclass(frozen=True, slots=True)
class AntiAir:
    """What anti-air fire did: aircraft destroyed, aircraft forced to retreat, the events."""

    destroyed: tuple[int, ...]
    retreating: tuple[int, ...]
    events: tuple[Event, ...]


def _roll(state: GameState, dice: Dice, space: SpaceId, round_: int, side: str, gun: UnitKind,
          picks: Sequence[Unit], value: int, what: str) -> tuple[list[int], Event]:
    """One roll of one die per selected aircraft, in the order selected."""
    name = state.board.name(space)
    tally = {str(gun): len(picks)}
    at = ", ".join(state.rules.spec(u.kind).word() for u in picks)
    why = f"{name} r{round_} {side} {unit_text(state, tally)} {what} @{value} at {at}"
    faces = dice.roll(len(picks), why)
    hits = sum(1 for f in faces if f <= value)
    return faces, event("roll", f"{why}: {' '.join(map(str, faces))} = {hits} detected.",
                        space=name, round=round_, side=side, source=f"anti_air_{what}", units=tally,
                        value=value, dice=list(faces), hits=hits, rule="air", purpose=why)


def fire(state: GameState, dice: Dice, space: SpaceId, round_: int, side: str, shooters: Sequence[Gun],
         among: Sequence[Unit], destroys: Callable[[Gun, int], int] | None = None) -> AntiAir:
    """Anti-air fire of ``shooters`` (one ``side``) at the aircraft ``among``: the search,
    one roll per search value (Advanced Radar adds to some), then, if any aircraft was
    detected, every gun's attack die at the detected aircraft, destroying on ``destroys`` or
    less and forcing a retreat up to ``retreats`` (a destroyed aircraft does not retreat);
    ``destroys``, where given, says what each gun destroys on instead (a National Advantage:
    ``national.destroy_value``), one attack roll per value."""
    if not shooters or not among:
        return AntiAir((), (), ())
    kind = shooters[0].kind
    fire_of = state.rules.spec(kind).infrastructure_fire
    assert fire_of is not None
    picks = select(state, len(shooters), among)
    events: list[Event] = []
    detected: dict[int, Unit] = {}
    by_value: dict[int, list[int]] = {}
    for i, gun in enumerate(shooters):
        by_value.setdefault(search_value(state, gun), []).append(i)
    for value, idx in sorted(by_value.items()):
        faces, ev = _roll(state, dice, space, round_, side, kind, [picks[i] for i in idx], value, "search")
        events.append(ev)
        detected.update({picks[i].id: picks[i] for i, f in zip(idx, faces, strict=True) if f <= value})
    if not detected:
        return AntiAir((), (), tuple(events))
    aimed = select(state, len(shooters), list(detected.values()))
    by_destroy: dict[int, list[Unit]] = {}
    for gun, target in zip(shooters, aimed, strict=True):
        by_destroy.setdefault(destroys(gun, fire_of.destroys) if destroys else fire_of.destroys, []).append(target)
    destroyed: set[int] = set()
    retreating: set[int] = set()
    name = state.board.name(space)
    for value, targets in sorted(by_destroy.items()):
        tally = {str(kind): len(targets)}
        at = ", ".join(state.rules.spec(u.kind).word() for u in targets)
        why = f"{name} r{round_} {side} {unit_text(state, tally)} attack @{value}, retreat @{fire_of.retreats} at {at}"
        faces = dice.roll(len(targets), why)
        killed = {u.id for u, f in zip(targets, faces, strict=True) if f <= value}
        sent = {u.id for u, f in zip(targets, faces, strict=True) if f <= fire_of.retreats} - killed
        destroyed |= killed
        retreating |= sent
        events.append(event("roll", f"{why}: {' '.join(map(str, faces))} = {len(killed)} destroyed, "
                            f"{len(sent)} forced to retreat.", space=name, round=round_, side=side,
                            source="anti_air_attack", units=tally, value=value, dice=list(faces),
                            hits=len(killed), rule="air", purpose=why, retreats_on=fire_of.retreats,
                            retreating=len(sent)))
    retreating -= destroyed
    return AntiAir(tuple(sorted(destroyed)), tuple(sorted(retreating)), tuple(events))


def apply(state: GameState, phase: CombatPhase, result: AntiAir, side: str) -> Result:
    """Carry out anti-air fire on the battle: the destroyed aircraft leave the board, those
    forced to retreat leave the battle (they stay where they are and land in Noncombat Move,
    as every retreating aircraft here). ``side`` is the side whose aircraft were fired at."""
    b = current(phase)
    events = list(result.events)
    if not result.destroyed and not result.retreating:
        return state, phase, events
    lost = [state.units[i] for i in result.destroyed]
    gone = [state.units[i] for i in result.retreating]
    state, _ = destroy(state, result.destroyed, b.attacker)
    state = state.with_units([u.with_flags(RETREATED) for u in gone])
    name = state.board.name(b.space)
    parts = ([f"{unit_text(state, counts(state, lost))} destroyed"] if lost else []) + (
        [f"{unit_text(state, counts(state, gone))} forced to retreat"] if gone else [])
    owner = state.rules.power_name((lost or gone)[0].owner)
    events.append(event("anti_air", f"{name}: Infrastructure Defense fire: {owner} {', '.join(parts)}.",
                        space=name, round=b.round, side=side, units=counts(state, lost),
                        retreating=counts(state, gone)))
    return state, with_battle(phase, b.but(out=b.out | frozenset(result.retreating))), events
