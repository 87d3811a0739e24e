"""The Diplomacy phase: rolls that move neutrals along the track of cooperation.

001 › Phase 8: Diplomacy, Diplomacy Rolls: "Select a neutral at or above -2 if Allies, at or
below +2 if Axis, before each roll. Each player may only target a neutral once per turn.
Hitting on a 1 the neutral moves one position towards your team. Team control of each
territory adjacent to neutral not controlled originally by your team increases hit value by
1. Income goes to the player that moved the neutral to +3 or -3. Territory and units goes to
that player when the neutral moves to +5/-5 position by diplomacy rolls."

The numbers are the ``[diplomacy]`` table of a rule system's ``ruleset.toml`` (rolls per
power, the hit value, how far across the middle a side may reach, where the income turns);
``/diplomacy neutral:<neutral>`` rolls one die. The track is ``engine.neutrals``; whom a
neutral pays and who rolled for what this turn, ``engine.relations``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .board import TRACK_END
from .commands import Diplomacy
from .dice import Dice
from .errors import IllegalCommandError
from .events import Event, event
from .ids import PowerId, SpaceId
from .neutrals import TOWARD, join, landing_zones, naval_troops, signed, territories, track_of, with_cooperation
from .options import Offers
from .phases import Entered, Phase, register_phase
from .prose import possessive
from .state import GameState

if TYPE_CHECKING:
    from .board import Board

SOURCE = "001 › Phase 8, Diplomacy Rolls"


def hit_value(state: GameState, power: PowerId, neutral: SpaceId) -> tuple[int, list[SpaceId]]:
    """The value a die must not exceed, and the territories that raise it: each land
    territory next to the neutral (or to one it holds) that ``power``'s side controls and did
    not originally own (README of aarhe, rulings on diplomacy)."""
    board = state.board
    own = territories(board, neutral)
    side = board.side_of(power)
    helping = sorted({n for t in own for n in board.neighbours(t)
                      if n not in own and board.spaces[n].is_land and _sides(board, state.owners.get(n)) == side
                      and _sides(board, board.spaces[n].original) != side}, key=board.name)
    return state.rules.diplomacy.hit + len(helping), helping


def _sides(board: Board, power: PowerId | None) -> str | None:
    return board.side_of(power) if power is not None else None


def problem(state: GameState, power: PowerId, neutral: SpaceId) -> IllegalCommandError | None:
    """Why ``power`` may not roll for ``neutral`` (already its track's neutral) now, or None."""
    rules, board = state.rules, state.board
    name, place = rules.power_name(power), board.name(neutral)
    position = state.cooperation.get(neutral)
    if position is None:
        courted = ", ".join(board.name(s) for s in sorted(state.cooperation, key=board.name))
        return IllegalCommandError(f"{place} is not a neutral on the track of cooperation; diplomacy reaches "
                                   f"{courted}.", reason="diplomacy.not_neutral")
    if abs(position) == TRACK_END:
        return IllegalCommandError(f"{place} has joined the {'Allies' if position > 0 else 'Axis'}; diplomacy "
                                   "reaches only neutrals still on the track.", reason="diplomacy.joined")
    side = board.side_of(power)
    reach = rules.diplomacy.reach
    if TOWARD[side] * position < -reach:
        bound = f"-{reach} or above" if TOWARD[side] > 0 else f"+{reach} or below"
        return IllegalCommandError(
            f"{place} stands at {position:+d}: the {side} roll only for neutrals at {bound} ({SOURCE}: \"Select a "
            f"neutral at or above -{reach} if Allies, at or below +{reach} if Axis\").",
            reason="diplomacy.out_of_reach")
    if neutral in state.diplomacy.rolled.get(power, ()):
        return IllegalCommandError(f"{name} has rolled for {place} this turn; each player targets a neutral once a "
                                   f"turn ({SOURCE}).", reason="diplomacy.once")
    return None


def targets(state: GameState, power: PowerId) -> list[SpaceId]:
    """The neutrals ``power`` could roll for now, while it has rolls left."""
    if rolls_left(state, power) <= 0:
        return []
    return sorted((s for s in state.cooperation if problem(state, power, s) is None), key=state.board.name)


def rolls_left(state: GameState, power: PowerId) -> int:
    return state.rules.diplomacy.rolls.get(power, 0) - len(state.diplomacy.rolled.get(power, ()))


def roll(state: GameState, cmd: Diplomacy, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/diplomacy neutral:<neutral>``: one die for one neutral; a hit moves it a step
    toward the roller's side, to the income threshold giving its income to the roller, to
    the end joining it to the roller (``engine.neutrals.join``)."""
    rules, board, power = state.rules, state.board, state.turn
    name, table = rules.power_name(power), rules.diplomacy
    neutral = track_of(board, cmd.neutral)
    _check(state, power, neutral, cmd)
    value, helping = hit_value(state, power, neutral)
    place, position = board.name(neutral), state.cooperation[neutral]
    face = dice.roll(1, f"{name} diplomacy for {place} @{value}")[0]
    rolled = {**state.diplomacy.rolled, power: (*state.diplomacy.rolled.get(power, ()), neutral)}
    state = state.evolve(diplomacy=replace(state.diplomacy, rolled=rolled))
    why = "".join(f", +1 for {board.name(t)}" for t in helping)
    said = (f"{name} rolls {face} for {place} (hits on {value}: {table.hit}{why})" if helping
            else f"{name} rolls {face} for {place} (hits on {value})")
    if cmd.neutral != neutral:
        said = f"{board.name(cmd.neutral)} is {possessive(place)}: " + said
    data: dict[str, Any] = {"power": name, "neutral": place, "face": face, "hit_value": value, "hit": face <= value,
                            "before": position, "rolls_left": rolls_left(state, power)}
    if face > value:
        text = f"{said}: no hit; {place} stays at {signed(position)}.{_left(state, power)}"
        return state, [event("diplomacy", text, after=position, **data)]
    after = position + TOWARD[board.side_of(power)]
    if abs(after) == TRACK_END:
        state, joined = join(state, neutral, power, cmd.sea)
        text = f"{said}: hit; {place} moves to {after:+d} and joins {name}.{_left(state, power)}"
        return state, [event("diplomacy", text, after=after, **data), *joined]
    state, pays = _income(with_cooperation(state, {neutral: after}), neutral, power, after)
    text = f"{said}: hit; {place} moves from {signed(position)} to {signed(after)}{pays}.{_left(state, power)}"
    return state, [event("diplomacy", text, after=after, **data)]


def _check(state: GameState, power: PowerId, neutral: SpaceId, cmd: Diplomacy) -> None:
    """Refuse a roll the power has not got, a neutral it may not roll for, and a sea zone
    that is no choice (or is missing where a hit would join the neutral, ships and all)."""
    board, name = state.board, state.rules.power_name(power)
    total = state.rules.diplomacy.rolls.get(power, 0)
    if total == 0:
        raise IllegalCommandError(f"{name} has no diplomacy rolls in {state.rules.name}.", reason="diplomacy.no_rolls")
    if rolls_left(state, power) <= 0:
        used = ", ".join(board.name(s) for s in state.diplomacy.rolled.get(power, ()))
        raise IllegalCommandError(f"{name} has used its {total} diplomacy roll{'s' if total > 1 else ''} this turn "
                                  f"({used}).", reason="diplomacy.no_rolls_left")
    refusal = problem(state, power, neutral)
    if refusal is not None:
        raise refusal
    place, zones = board.name(neutral), landing_zones(state, neutral)
    listed = ", ".join(board.name(z) for z in zones)
    if cmd.sea is not None and cmd.sea not in zones:
        raise IllegalCommandError(
            f"{board.name(cmd.sea)} is not where {possessive(place)} ships would join you: " + (
                f"they join in a sea zone next to it ({listed})." if zones else f"{place} has no ships."),
            reason="diplomacy.sea")
    joins = abs(state.cooperation[neutral] + TOWARD[board.side_of(power)]) == TRACK_END
    if joins and cmd.sea is None and len(zones) > 1 and naval_troops(state, neutral):
        number = board.spaces[zones[0]].number
        raise IllegalCommandError(
            f"A hit joins {place} to {name}, and its ships then join in a sea zone next to it that you choose "
            f"({listed}): add sea:, e.g. /diplomacy neutral:\"{place}\" sea:{number} ({SOURCE}: \"Naval units are "
            "placed in any adjacent sea zone by the new owner\").", reason="diplomacy.sea_needed")


def _income(state: GameState, neutral: SpaceId, power: PowerId, after: int) -> tuple[GameState, str]:
    """At the income threshold on the roller's side the neutral's income goes to the roller
    from its next Collect Income; short of the threshold it goes to nobody."""
    table, board = state.rules.diplomacy, state.board
    income = dict(state.diplomacy.income)
    said = ""
    if abs(after) < table.income_at:
        income.pop(neutral, None)
    elif abs(after) == table.income_at and neutral not in income:
        income[neutral] = power
        ipcs = sum(board.spaces[t].ipc for t in territories(board, neutral))
        name, side = state.rules.power_name(power), board.side_of(power)
        said = (f", pro-{side}: its {ipcs} IPC{'s' if ipcs != 1 else ''} go to {name} from {possessive(name)} next "
                "Collect Income")
    return state.evolve(diplomacy=replace(state.diplomacy, income=income)), said


def _left(state: GameState, power: PowerId) -> str:
    left = rolls_left(state, power)
    name = state.rules.power_name(power)
    if left <= 0:
        return f" {name} has no diplomacy rolls left: /done ends its Diplomacy."
    return f" {name} has {left} diplomacy roll{'s' if left > 1 else ''} left."


def enter(state: GameState, dice: Dice) -> Entered:
    """Diplomacy begins: skipped by a power that has no rolls or no neutral to roll for;
    otherwise its rolls of the turn start. (Without its capital as the turn began it sits the
    phase out before this: ``needs_capital``, switch ``capital_checked``.)"""
    power = state.turn
    name = state.rules.power_name(power)
    rolled = {p: ns for p, ns in state.diplomacy.rolled.items() if p != power}
    state = state.evolve(diplomacy=replace(state.diplomacy, rolled=rolled))
    if not state.rules.diplomacy.rolls.get(power, 0):
        return state, [event("skip", f"{name} has no diplomacy rolls.", phase=state.phase)], True
    if not targets(state, power):
        return state, [event("skip", f"{name} has no neutral to roll for.", phase=state.phase)], True
    return state, [], False


def offers(state: GameState) -> Offers:
    """The neutrals the power could roll for, each with the sea zones its ships could join in."""
    return Offers(neutrals={n: landing_zones(state, n) if naval_troops(state, n) else ()
                            for n in targets(state, state.turn)})


DIPLOMACY = register_phase(Phase(
    "diplomacy", "Diplomacy", {Diplomacy: roll}, on_enter=enter, undo=False, offers=offers))
"""Sat out without the capital (001 › Turn Sequence: "If your capital territory is under enemy
control at the beginning of your turn, the “Develop Weapons” and “Diplomacy” phases are
skipped"), judged as the rule system's switch ``capital_checked`` says."""


def track_lines(state: GameState) -> list[str]:
    """``/game status``'s lines on the neutrals: each one's place on the track (a neutral it
    holds named with it), and whom each pro-side neutral pays; none where the board has no
    track (001 › Phase 8: Diplomacy, Level of cooperation)."""
    if not state.cooperation:
        return []
    board, rules = state.board, state.rules
    held = {s: [t for t in territories(board, s) if t != s] for s in state.cooperation}
    places = [f"{board.name(s)} {signed(v)}"
              + (f" (with {', '.join(board.name(t) for t in held[s])})" if held[s] else "")
              for s, v in sorted(state.cooperation.items(), key=lambda sv: board.name(sv[0]))]
    lines = [f"Neutrals on the track of cooperation (-{TRACK_END} Axis to +{TRACK_END} Allies): "
             f"{', '.join(places)}."]
    paying = [f"{board.name(s)} {sum(board.spaces[t].ipc for t in territories(board, s))} to {rules.power_name(p)}"
              for s, p in sorted(state.diplomacy.income.items(), key=lambda sp: board.name(sp[0]))]
    if paying:
        lines.append(f"Neutrals paying income (IPCs a turn): {', '.join(paying)}.")
    return lines
