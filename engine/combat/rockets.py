"""Rocket strikes: AA guns as rocket launchers, for a power with the Rockets development
(003, Phase 1, Weapons Developments, 2. Rockets: "Your antiaircraft guns are now rocket
launchers. In addition to their normal combat function, they can reduce enemy industrial
production").

002, Rocket Strikes: "During the combat move phase, declare which anti-aircraft guns are
making rocket strikes. There is no defense against this attack. From each territory, one
anti-aircraft gun may attack an industrial complex within 3 spaces, though each industrial
complex may be attacked by only one rocket launcher in a turn. Roll one die for the rocket.
[...] The maximum combined damage inflicted in one turn by all strategic bombing raids on
one industrial complex and any rocket attack on the same industrial complex is the
territory's income value. The opponent must surrender that many IPCs to the bank (or as
many as the player has, whichever is the lesser amount)."

``/rocket`` declares in Combat Move (no die: it can be taken back with ``/undo``); the
rockets strike when Conduct Combat begins, in the opening fire before any battle (002,
Phase 4, Step 2), one die each. The gun that fires cannot move in Noncombat Move (002,
Q&A: "Can an AA gun move in non-combat movement if it fired a rocket [...]? No."). The
IPCs a rocket takes count against the cap of a raid on the same complex in that turn
(switch ``bombing_damage_cap_factor``). Rulings: README of revised-lhtr, ruling 19.

AARHE's Rockets (001 › Phase 7, Rockets: "Each Infrastructure Defense in a territory may
perform rocket strike. Implicit Infrastructure Defense may not perform this. An industrial
complex may be targeted multiple times per turn"): ``rockets_every_launcher`` and
``rockets_repeat_targets`` in ``[technology]``; the Infrastructure Defense units fire (the
implicit ones are no units), and each rocket's die comes off the target's next income
(switch ``bombing`` = ``income``). Rulings: README of aarhe, ruling 116.

Classic's rockets (``rocket_target = "capital"`` in ``[technology]``) strike an enemy
capital's IPCs instead, one gun of the power a turn (004 §4 item 07, §16 note 2, §17:
"deliver a 3 range Strategic Bombing attack, once per turn, at enemy capitals"), and
(``rockets_move_first``) its guns may move in Combat Move, to a friendly territory, and fire
from there (004 §4 item 07: "a rocket can move before combat and fire during combat").
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from ..commands import Rocket
from ..dice import Dice
from ..economy.attacks import economic_attack
from ..errors import IllegalCommandError
from ..events import Event, event
from ..ids import SpaceId
from ..state import ROCKET, GameState, Unit
from .sides import at_war

ROCKETS = "rockets"
"""The development that makes AA guns rocket launchers (``[technology]`` in ruleset.toml)."""
RANGE = 3
"""002, Q&A, Strategic Bombing and Rockets: "The maximum range of a rocket attack is three
spaces"."""


def distance(state: GameState, origin: SpaceId, target: SpaceId, limit: int = RANGE) -> int | None:
    """Spaces from ``origin`` to ``target`` (land or sea, never through a neutral
    territory), or None beyond ``limit``."""
    board = state.board
    seen = {origin: 0}
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        if here == target:
            return seen[here]
        if seen[here] == limit:
            continue
        for nxt in board.neighbours(here):
            if nxt not in seen and not (board.spaces[nxt].neutral or board.spaces[nxt].impassable):
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return None


def moves_first(state: GameState, unit: Unit) -> bool:
    """Whether ``unit`` is an AA gun that may move in Combat Move as a rocket: its owner has
    Rockets and the rule system's rockets move before they fire (``rockets_move_first``)."""
    spec = state.rules.spec(unit.kind)
    return (state.rules.technology.rockets_move_first and ROCKETS in state.tech.get(unit.owner, ())
            and bool(spec.antiaircraft_shots) and not spec.structure)


def _launchers(state: GameState, origin: SpaceId) -> list[Unit]:
    """The mover's AA guns in ``origin`` that can fire: not carried, not captured this turn
    (a captured gun counts as moved, with no path), and not moved unless rockets move
    first."""
    return [u for u in state.units_at(origin) if u.owner == state.turn and u.aboard is None
            and (u.moved == 0 or (bool(u.path) and moves_first(state, u)))
            and state.rules.spec(u.kind).antiaircraft_shots and not state.rules.spec(u.kind).structure]


def _target(state: GameState, space: SpaceId) -> bool:
    """Whether a rocket may strike ``space``, whoever holds it: a territory with an industrial
    complex, or a power's capital, by the rule system's ``rocket_target``."""
    if state.rules.technology.rocket_target == "capital":
        return any(p.capital == space for p in state.board.powers.values())
    return any(state.rules.spec(u.kind).structure and state.rules.spec(u.kind).is_land for u in state.units_at(space))


def _what(state: GameState, space: SpaceId) -> str:
    """The target as events and refusals name it."""
    name = state.board.name(space)
    return name if state.rules.technology.rocket_target == "capital" else f"the industrial complex in {name}"


def _launcher_name(state: GameState) -> str:
    """The name of the unit type that fires rockets (the AA gun, or what replaces it)."""
    return next(spec.name for spec in state.rules.units.values()
                if spec.antiaircraft_shots and not spec.structure and spec.is_land)


def _armed(state: GameState) -> list[Unit]:
    """The mover's guns declared this turn."""
    return [u for u in state.units_of(state.turn) if u.has(ROCKET)]


def problem(state: GameState, origin: SpaceId, target: SpaceId) -> IllegalCommandError | None:
    """Why a rocket from ``origin`` at ``target`` may not be declared now, or None."""
    rules, power = state.rules, state.turn
    name, where, at = rules.power_name(power), state.board.name(origin), state.board.name(target)
    if ROCKETS not in state.tech.get(power, ()):
        return IllegalCommandError(
            f"{name} does not have {rules.technology.development(ROCKETS).name}: only then are its AA guns "
            "rocket launchers (003, Phase 1, Weapons Developments).", reason="rocket.no_development")
    armed = _armed(state)
    if armed and rules.technology.rocket_target == "capital":
        return IllegalCommandError(f"{name} has fired its rocket this turn: one gun has rocket power once a turn "
                                   "(004 §4 item 07).", reason="rocket.once")
    if not rules.technology.rockets_every_launcher and any(u.space == origin for u in armed):
        return IllegalCommandError(f"A rocket is already launched from {where} this turn; one gun a territory "
                                   "fires (002, Rocket Strikes).", reason="rocket.one_per_territory")
    if state.owners.get(origin) != power or not _launchers(state, origin):
        if rules.technology.rockets_every_launcher:
            word = _launcher_name(state)
            return IllegalCommandError(
                f"{name} has no {word} left in {where} that can fire a rocket (each fires one a turn; one that "
                "moved or was captured this turn cannot).", reason="rocket.no_gun")
        why = ("a gun captured this turn cannot" if rules.technology.rockets_move_first
               else "a gun that moved or was captured this turn cannot")
        return IllegalCommandError(f"{name} has no AA gun in {where} that can fire a rocket ({why}).",
                                   reason="rocket.no_gun")
    if not (_target(state, target) and at_war(state, state.owners.get(target), power)):
        wanted = ("is no enemy capital; rockets strike enemy capitals (004 §17)"
                  if rules.technology.rocket_target == "capital" else "has no enemy industrial complex")
        return IllegalCommandError(f"{at} {wanted} for a rocket to strike.", reason="rocket.no_target")
    if not rules.technology.rockets_repeat_targets and any(u.target == target for u in armed):
        what = _what(state, target)
        return IllegalCommandError(f"{what[:1].upper()}{what[1:]} is already a rocket's target this turn; each "
                                   "complex is struck by one rocket a turn (002, Rocket Strikes).",
                                   reason="rocket.target_taken")
    if distance(state, origin, target) is None:
        return IllegalCommandError(f"{at} is more than {RANGE} spaces from {where}: a rocket reaches {RANGE} "
                                   "(002, Q&A, Strategic Bombing and Rockets).", reason="rocket.too_far")
    return None


def declare(state: GameState, cmd: Rocket, dice: Dice) -> tuple[GameState, list[Event]]:
    """Combat Move: ready one gun in ``cmd.origin`` to strike ``cmd.target``. It moves no
    more this turn."""
    refusal = problem(state, cmd.origin, cmd.target)
    if refusal is not None:
        raise refusal
    gun = _launchers(state, cmd.origin)[0]
    armed = replace(gun.with_flags(ROCKET), target=cmd.target, moved=state.rules.hooks.move_points(state, gun))
    name, where, at = state.rules.power_name(state.turn), state.board.name(cmd.origin), state.board.name(cmd.target)
    return state.with_units([armed]), [event(
        "rocket_ready", f"{name} readies a rocket in {where} for {_what(state, cmd.target)}; it strikes when "
        "Conduct Combat begins.", power=name, origin=where, space=at)]


def targets(state: GameState) -> tuple[tuple[SpaceId, SpaceId], ...]:
    """Every (gun territory, target) pair the mover could declare now (autocomplete and
    random play): none without the development."""
    power = state.turn
    if ROCKETS not in state.tech.get(power, ()):
        return ()
    origins = sorted({u.space for u in state.units_of(power) if state.board.spaces[u.space].is_land})
    complexes = sorted({s for s in state.board.spaces if _target(state, s)
                        and at_war(state, state.owners.get(s), power)})
    return tuple((o, t) for o in origins for t in complexes if problem(state, o, t) is None)


def launch(state: GameState, dice: Dice) -> tuple[GameState, list[Event], dict[SpaceId, int]]:
    """Conduct Combat begins: each declared rocket rolls one die; its owner surrenders that
    many IPCs, at most the territory's value (times ``bombing_damage_cap_factor``) and what
    the treasury holds (one rocket a complex, so no rocket meets another's damage).
    Returns the IPCs taken per territory, which a raid there this turn counts against its
    cap. Where raids strike the next income (switch ``bombing`` = ``income``), so does each
    rocket, an economic attack that meets the others' on the territory's ledger (001 › Air
    Missions, Economic attacks: "IPC damages of SBR and rocket strikes are applied to the
    territory's income at its next 'Collect Income' phase")."""
    events: list[Event] = []
    taken: dict[SpaceId, int] = {}
    treasury = dict(state.treasury)
    for gun in sorted(_armed(state), key=lambda u: (state.board.name(u.space), u.id)):
        target = gun.target
        victim = state.owners.get(target) if target is not None else None
        if target is None or victim is None or not at_war(state, victim, state.turn):
            continue
        where, at, who = state.board.name(gun.space), state.board.name(target), state.rules.power_name(victim)
        rolled = dice.roll(1, f"{where} rocket at {at}")[0]
        if state.rules.switches.bombing == "income":
            state, damage = economic_attack(state, target, rolled)
            treasury = dict(state.treasury)
            events += [event("rocket", f"A rocket from {where} strikes {_what(state, target)}: {rolled} rolled.",
                             origin=where, space=at, power=state.rules.power_name(state.turn), victim=who,
                             rolled=rolled, applied=damage.data["applied"], cap=damage.data["cap"]), damage]
            continue
        cap = state.rules.switches.bombing_damage_cap_factor * state.board.spaces[target].ipc
        held = treasury.get(victim, 0)
        applied = max(0, min(rolled, cap, held))
        treasury[victim] = held - applied
        taken[target] = applied
        events.append(event(
            "rocket", f"A rocket from {where} strikes {_what(state, target)}: {who} surrenders {applied} "
            f"IPCs ({rolled} rolled, cap {cap}); treasury now {held - applied}.", origin=where, space=at,
            power=state.rules.power_name(state.turn), victim=who, rolled=rolled, applied=applied, cap=cap,
            treasury=held - applied))
    return state.evolve(treasury=treasury), events, taken
