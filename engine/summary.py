"""A position in sentences, for ``/game status``: whose input is due and why, treasuries and
production, victory cities held per side, and the units in one space (a text view of the
board for people who cannot see the picture). Rule words (phase titles, choices) are the
engine's, so front ends only print these lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .advantages import public_lines
from .atomic import arsenal_lines, fallout
from .control import income, victory_cities
from .diplomacy import track_lines
from .ids import SpaceId, UnitKind
from .notation import format_units, unit_word
from .phases import phase_title
from .production import production_lines
from .docking import dock_lines
from .prose import possessive
from .redeployment import rail_lines
from .research_boxes import progress_lines
from .victory import standing_lines
from .goals import own_lines
from .state import GameState

_CHOICES = {
    "casualties": "choose casualties ({hits}): /casualties",
    "retreat": "press on or retreat: /press or /retreat",
    "submerge": "submerge submarines or not: /submerge or /press",
    "intercept": "intercept the raid or not",
    "targets": "choose the submarines' targets: /casualties or /press",
    "asw": "choose the units that make ASW attacks: /casualties or /press",
    "naval_retreat": "press on, break off or retreat: /press or /retreat",
    "bomb": "choose the bombers that strike the production capacity: /casualties or /press",
    "atomic_groups": "divide the units there into {groups} groups: /atomic groups: or /press",
    "atomic_strike": "choose which of {groups} groups the atomic bomb strikes: /atomic strike: or /press",
}
"""What a battle waits for, by the kind of its pending choice."""


def due_text(state: GameState) -> str:
    """``"Soviet Union to act: Combat Move of Soviet Union's turn"``, or the battle choice
    that is due and where; in a team turn, that of every power due (``engine.lanes``)."""
    if state.is_over:
        return f"The game is over: the {state.winner} won."
    if state.lanes or state.window is not None:
        from .lanes import focus

        return " ".join(focus_text(focus(state, p)) for p in state.due)
    return focus_text(state)


def focus_text(state: GameState) -> str:
    """What is due from ``state.actor``, in the part of the turn in focus."""
    rules = state.rules
    if state.window is not None:
        from .lanes import passive_sides
        from .prose import listing

        return (f"{rules.power_name(state.actor)} to act: {phase_title(rules, state.window.phase)}, the "
                f"{passive_sides(state)}' window in the turn of {listing(rules.power_name(p) for p in state.team)}, "
                f"round {state.round}.")
    phase = phase_title(rules, state.phase)
    battle = state.combat.current if state.combat is not None else None
    if battle is not None and battle.pending is not None:
        pending = battle.pending
        hits = sum(count for count, _ in pending.hits)
        choice = _CHOICES.get(pending.kind, pending.kind).format(
            hits=f"{hits} hit{'s' if hits != 1 else ''}", groups=hits)
        return (f"{rules.power_name(pending.chooser)} to {choice}, in the battle of "
                f"{state.board.name(battle.space)} ({phase}).")
    return (f"{rules.power_name(state.actor)} to act: {phase} of "
            f"{possessive(rules.power_name(state.turn))} turn, round {state.round}.")


def economy_lines(state: GameState) -> list[str]:
    """Each power's treasury and production, the victory cities (and points) each side
    holds on a board that has them (Classic's has none), where research fills boxes each
    power's progress, the National Advantages in force (never a secret one), and where the board
    has neutrals on a track of cooperation, their places."""
    rules = state.rules
    powers = ", ".join(f"{rules.power_name(p)} {state.treasury.get(p, 0)} "
                       f"(+{income(state, p)})" for p in rules.powers)
    lines = [f"Treasury (production) in IPCs: {powers}."]
    sides = list(dict.fromkeys(state.board.side_of(p) for p in rules.powers))
    has_cities = any(space.victory_city for space in state.board.spaces.values())
    for side in sides if has_cities else ():
        held = [str(state.board[s].victory_city) for s in victory_cities(state, side)]
        lines.append(f"Victory cities held by the {side}: {len(held)} ({', '.join(held)}).")
    return (lines + standing_lines(state) + progress_lines(state) + production_lines(state)
            + public_lines(state) + track_lines(state) + dock_lines(state) + rail_lines(state) + arsenal_lines(state))


def space_text(state: GameState, space: SpaceId) -> str:
    """The space, who holds it and what it is worth, and every power's units there."""
    board = state.board
    rules = state.rules
    info = board[space]
    owner = state.owners.get(space)
    facts = [f"held by {rules.power_name(owner)}" if owner else
             ("a sea zone" if not info.is_land else "held by nobody")]
    if info.ipc:
        lost = fallout(state, space)
        left = f", {max(0, info.ipc - lost)} after atomic attacks" if lost else ""
        facts.append(f"{info.ipc} IPC{'s' if info.ipc != 1 else ''}{left}")
    if info.victory_city:
        facts.append(f"victory city {info.victory_city}")
    by_owner: dict[str, Counter[UnitKind]] = {}
    damaged: Counter[tuple[str, UnitKind]] = Counter()
    for unit in state.units_at(space):
        by_owner.setdefault(unit.owner, Counter())[unit.kind] += 1
        if unit.hits:
            damaged[(unit.owner, unit.kind)] += 1
    order = list(rules.units)
    parts = []
    for power in rules.powers:
        counts = by_owner.get(power)
        if not counts:
            continue
        units = format_units(rules, tuple(sorted(counts.items(), key=lambda kv: order.index(kv[0]))))
        hurt = [f"{n} {unit_word(rules, k, n)} damaged" for (p, k), n in damaged.items() if p == power]
        parts.append(f"{rules.power_name(power)}: {units}"
                     + (f" ({', '.join(hurt)})" if hurt else ""))
    units_text = "; ".join(parts) if parts else "no units"
    return f"{board.name(space)} ({', '.join(facts)}): {units_text}."


def private_lines(state: GameState, powers: Iterable[str]) -> list[str]:
    """For ``/game status`` asked by the player of ``powers``, to that player alone: their
    nations' secret national goals with their progress (Historical Victory)."""
    return [line for p in state.rules.turn_order if p in set(powers) for line in own_lines(state, p)]
