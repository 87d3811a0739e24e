"""Atomic bombs: bought, built over two turns and loaded onto a bomber (``[atomic]`` of
ruleset.toml; AARHE, 001 › Phase 7, Atomic Weaponry).

"You purchase 1 atomic bomb for 10 IPC per turn. Atomic bombs take 2 turns to build and you
may build another atomic bomb while one is building. An atomic bomb can be loaded onto a
Bomber after acquiring Heavy Bomber technology and during Non-combat Move. The Bomber
allocated to drop this weapon may not move in Combat Move or conduct combat this turn."

A bomb bought and not yet loaded is the round it was bought in, in ``GameState.arsenal``;
it is ready from the round ``build_rounds`` later (README of maps/aarhe, ruling 117). A
loaded bomb is the flag ``atomic_bomb`` on its bomber, which keeps it from turn to turn and
loses it with the bomber. The attack is an air mission (``engine.combat.atomic``); what it
takes from a territory's income is the ledger's ``fallout``, for good.
"""

from __future__ import annotations

from .commands import Atomic
from .dice import Dice
from .atomic_rules import AtomicRules
from .errors import IllegalCommandError
from .events import Event, event
from .ids import PowerId, SpaceId
from .production import FACTORY
from .state import COMBAT_MOVED, FOUGHT, GameState, Unit

LOADED_BOMB = "atomic_bomb"
"""The flag of a bomber carrying an atomic bomb; not a turn flag: the bomb stays aboard."""


def has(state: GameState, power: PowerId, development: str) -> bool:
    return development in state.tech.get(power, ())


def ready(state: GameState, power: PowerId) -> int:
    """The power's bombs built and not yet loaded."""
    due = state.round - state.rules.atomic.build_rounds
    return sum(1 for bought in state.arsenal.get(power, ()) if bought <= due)


def fallout(state: GameState, territory: SpaceId) -> int:
    """The income atomic attacks have taken from ``territory`` for good."""
    return state.economy.fallout.get(territory, 0)


def income_left(state: GameState, territory: SpaceId) -> int:
    """What the territory's income is worth after atomic attacks (never below zero)."""
    return max(0, state.board.spaces[territory].ipc - fallout(state, territory))


def _with_arsenal(state: GameState, power: PowerId, bombs: tuple[int, ...]) -> GameState:
    arsenal = {p: b for p, b in state.arsenal.items() if p != power}
    if bombs:
        arsenal[power] = bombs
    return state.evolve(arsenal=arsenal)


def _rules_for(state: GameState) -> AtomicRules:
    rules = state.rules.atomic
    if not rules.played:
        raise IllegalCommandError(f"{state.rules.name} has no atomic bombs.", reason="atomic.not_played")
    return rules


def build(state: GameState, cmd: Atomic, dice: Dice) -> tuple[GameState, list[Event]]:
    """Purchase: ``/atomic build:1`` buys a bomb, paid in full (README, ruling 117)."""
    rules = _rules_for(state)
    if cmd.build is None:
        raise IllegalCommandError("In Purchase, /atomic buys bombs: /atomic build:1 (load: is for Noncombat Move, "
                                  "groups: and strike: for an atomic attack).", reason="atomic.phase")
    power = state.turn
    name = state.rules.power_name(power)
    dev = state.rules.technology.development(rules.development).name
    if not has(state, power, rules.development):
        raise IllegalCommandError(f"{name} has not developed {dev}, so it cannot buy atomic bombs.",
                                  reason="atomic.no_development")
    bought = sum(1 for r in state.arsenal.get(power, ()) if r == state.round)
    if bought + cmd.build > rules.a_turn:
        raise IllegalCommandError(f"{name} may buy {rules.a_turn} atomic bomb{'s' if rules.a_turn != 1 else ''} a turn"
                                  f"{f' and has bought {bought}' if bought else ''}; you asked for {cmd.build}.",
                                  reason="atomic.a_turn")
    cost = rules.price * cmd.build
    have = state.treasury.get(power, 0)
    if cost > have:
        raise IllegalCommandError(f"{name} has {have} IPCs; {cmd.build} atomic bomb{'s' if cmd.build != 1 else ''} "
                                  f"cost {cost}.", reason="atomic.cost")
    state = _with_arsenal(state, power, (*state.arsenal.get(power, ()), *([state.round] * cmd.build)))
    state = state.evolve(treasury={**state.treasury, power: have - cost})
    when = state.round + rules.build_rounds
    return state, [event("atomic_build", f"{name} buys {cmd.build} atomic bomb{'s' if cmd.build != 1 else ''} for "
                         f"{cost} IPCs (treasury {have - cost}); ready to load from round {when}.", power=name,
                         bombs=cmd.build, cost=cost, ready=when)]


def _loadable(state: GameState, u: Unit) -> bool:
    return (state.rules.spec(u.kind).strategic_bomber and not u.has(LOADED_BOMB) and not u.has(COMBAT_MOVED)
            and not u.has(FOUGHT))


def load(state: GameState, cmd: Atomic, dice: Dice) -> tuple[GameState, list[Event]]:
    """Noncombat Move: ``/atomic load:<territory>`` puts a ready bomb aboard one of the
    power's bombers there that neither moved in Combat Move nor fought this turn, at an
    industrial complex the power holds (README, ruling 118)."""
    rules = _rules_for(state)
    if cmd.load is None:
        raise IllegalCommandError("In Noncombat Move, /atomic loads a bomb onto a bomber: /atomic load:<territory> "
                                  "(build: is for Purchase, groups: and strike: for an atomic attack).",
                                  reason="atomic.phase")
    power, where = state.turn, cmd.load
    name, place = state.rules.power_name(power), state.board.name(where)
    if not has(state, power, rules.bomber_development):
        dev = state.rules.technology.development(rules.bomber_development).name
        raise IllegalCommandError(f"{name} has not developed {dev}; only its bombers could carry an atomic bomb.",
                                  reason="atomic.no_heavy_bomber")
    if not ready(state, power):
        waiting = sorted(state.arsenal.get(power, ()))
        later = f" (the first is ready in round {waiting[0] + rules.build_rounds})" if waiting else ""
        raise IllegalCommandError(f"{name} has no atomic bomb ready to load{later}.", reason="atomic.none_ready")
    here = state.units_at(where)
    if state.owners.get(where) != power or not any(u.kind == FACTORY for u in here):
        raise IllegalCommandError(f"Atomic bombs are loaded at an industrial complex of {name}'s; {place} has none.",
                                  reason="atomic.no_complex")
    bombers = [u for u in here if u.owner == power and state.rules.spec(u.kind).strategic_bomber]
    free = [u for u in bombers if _loadable(state, u)]
    if not free:
        why = ("has no bomber there" if not bombers else
               "has no bomber there that neither carries a bomb nor moved in Combat Move nor fought this turn")
        raise IllegalCommandError(f"{name} {why}: {place}.", reason="atomic.no_bomber")
    bomber = min(free, key=lambda u: u.id)
    bombs = sorted(state.arsenal.get(power, ()))
    state = _with_arsenal(state, power, tuple(bombs[1:]))
    state = state.with_units([bomber.with_flags(LOADED_BOMB)])
    left = ready(state, power)
    return state, [event("atomic_load", f"{name} loads an atomic bomb onto a bomber in {place} ({left} more "
                         f"ready).", power=name, space=place, unit=bomber.id, ready=left)]


def arsenal_lines(state: GameState) -> list[str]:
    """For ``/game status``: each power's bombs building, ready and loaded."""
    if not state.rules.atomic.played:
        return []
    lines = []
    for power in state.rules.turn_order:
        bombs = state.arsenal.get(power, ())
        due = state.round - state.rules.atomic.build_rounds
        building = sorted(r + state.rules.atomic.build_rounds for r in bombs if r > due)
        loaded = [u for u in state.units.values() if u.owner == power and u.has(LOADED_BOMB)]
        parts = []
        if building:
            parts.append(f"{len(building)} building (ready from round {', '.join(map(str, building))})")
        if len(bombs) - len(building):
            parts.append(f"{len(bombs) - len(building)} ready to load")
        if loaded:
            parts.append(f"{len(loaded)} aboard bombers in "
                         f"{', '.join(sorted({state.board.name(u.space) for u in loaded}))}")
        if parts:
            lines.append(f"{state.rules.power_name(power)}'s atomic bombs: {'; '.join(parts)}.")
    return lines
