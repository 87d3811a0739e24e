"""Rolling dice for a group of units and reporting every die.

Units roll together when they share a hit value (000, Step 3: "Roll for units with the
same attack value at the same time"), split further only where the hits may fall on
different units (submarines hit only ships; aircraft hit submarines only with a friendly
destroyer), so every hit's eligibility is known.

Low Luck (game options ``low_luck`` for combat, ``low_luck_aa`` for antiaircraft fire), as
leagues play it: the units whose hits may fall on the same units fire as one group (so
submarines, and aircraft without a destroyer, are their own groups); the group scores the
whole part of (total value / 6) and one die, rolled through the same dice as any other,
decides the remainder (a hit if it shows the remainder or less). No die when nothing
remains.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..dice import Dice
from ..events import Event, event
from ..ids import SpaceId
from ..state import GameState, Unit
from .report import counts, purpose


def values(state: GameState, units: Sequence[Unit], side: str) -> dict[int, int]:
    """Each unit's attack or defense value in a group fighting together, by the rule
    system's ``unit_values`` hook (support, technology)."""
    return state.rules.hooks.unit_values(state, units, side)


def hit_rule(state: GameState, unit: Unit, sea: bool, own_destroyer: bool) -> str:
    spec = state.rules.spec(unit.kind)
    if sea and spec.submarine:
        return "sea"
    if sea and spec.is_air and not own_destroyer and not state.rules.switches.aircraft_hit_subs_alone:
        return "not_sub"
    return "any"


LOW_LUCK_OPTION = {"fire": "low_luck", "surprise": "low_luck", "bombard": "low_luck", "intercept": "low_luck",
                   "antiaircraft": "low_luck_aa", "raid_defense": "low_luck_aa"}
"""Which game option puts the dice of each source of hits on Low Luck."""
SIDES = 6


def low_luck(state: GameState, source: str) -> bool:
    return bool(state.options.get(LOW_LUCK_OPTION.get(source, "")))


def roll_groups(state: GameState, dice: Dice, space: SpaceId, round_: int, side: str,
                groups: dict[tuple[int, str], list[Unit]], source: str,
                count: dict[tuple[int, str], int] | None = None,
                at: str = "") -> tuple[list[tuple[int, str]], list[Event]]:
    """Roll each (value, rule) group once; return hits per rule and one event per roll.
    ``at`` names the targets in the purpose where one shooter rolls at several kinds in
    turn (``... @1 at 2 fighters``)."""
    if low_luck(state, source):
        return _low_luck(state, dice, space, round_, side, groups, source, count, at)
    hits: dict[str, int] = {}
    events: list[Event] = []
    for (value, rule), units in sorted(groups.items()):
        if value <= 0 or not units:
            continue
        tally = counts(state, units)
        shots = [1] * len(units) if count else [state.rules.hooks.unit_shots(state, u, side) for u in units]
        per_unit = [1] * count[(value, rule)] if count else [
            state.rules.hooks.unit_dice(state, u) for u, n in zip(units, shots, strict=True) for _ in range(n)]
        why = (purpose(state, space, round_, side, tally, value) + best_of(per_unit) + several(shots)
               + (f" at {at}" if at else ""))
        faces = dice.roll(sum(per_unit), why)
        scored = sum(1 for best in _best_faces(faces, per_unit) if best <= value)
        hits[rule] = hits.get(rule, 0) + scored
        events.append(event(
            "roll", f"{why}: {' '.join(map(str, faces))} = {scored} hit{'s' if scored != 1 else ''}.",
            space=state.board.name(space), round=round_, side=side, source=source, units=tally,
            value=value, dice=list(faces), hits=scored, rule=rule, purpose=why))
    return [(n, r) for r, n in hits.items() if n > 0], events


def best_of(per_unit: list[int]) -> str:
    """The purpose's note where units roll several dice and keep the best (003, Phase 1,
    Heavy Bombers): ``, best of 2 dice each`` (or ``for 1 of them`` in a mixed group)."""
    return several(per_unit, "best of ")


def several(per_unit: list[int], keep: str = "") -> str:
    """The purpose's note where units roll several dice: each of which counts (004 §4 item
    04, Classic's heavy bombers: ``, 3 dice each``), or the best of which (``keep``)."""
    more = [n for n in per_unit if n > 1]
    if not more:
        return ""
    which = "each" if len(more) == len(per_unit) else f"for {len(more)} of them"
    return f", {keep}{max(more)} dice {which}"


def _best_faces(faces: Sequence[int], per_unit: list[int]) -> list[int]:
    """Each unit's best (lowest) die, the units taking their dice in turn."""
    best, at = [], 0
    for n in per_unit:
        best.append(min(faces[at:at + n]))
        at += n
    return best


def _low_luck(state: GameState, dice: Dice, space: SpaceId, round_: int, side: str,
              groups: dict[tuple[int, str], list[Unit]], source: str,
              count: dict[tuple[int, str], int] | None, at: str) -> tuple[list[tuple[int, str]], list[Event]]:
    """One Low Luck group per rule: total value // 6 hits, one die for the remainder."""
    totals: dict[str, int] = {}
    members: dict[str, list[Unit]] = {}
    for (value, rule), units in groups.items():
        if value > 0 and units:
            n = count[(value, rule)] if count else len(units)
            totals[rule] = totals.get(rule, 0) + min(value, SIDES) * n
            members.setdefault(rule, []).extend(units)
    hits: list[tuple[int, str]] = []
    events: list[Event] = []
    for rule in sorted(totals):
        whole, rest = divmod(totals[rule], SIDES)
        tally = counts(state, members[rule])
        why = purpose(state, space, round_, side, tally, f"low luck {totals[rule]}") + (f" at {at}" if at else "")
        faces = dice.roll(1, why) if rest else []
        scored = whole + sum(1 for f in faces if f <= rest)
        text = f"{why}: {whole} hit{'s' if whole != 1 else ''}" + (
            f" + die {faces[0]} for {rest}/6 = {scored}." if faces else ".")
        events.append(event("roll", text, space=state.board.name(space), round=round_, side=side, source=source,
                            units=tally, value=rest, dice=list(faces), hits=scored, rule=rule, purpose=why,
                            low_luck={"total": totals[rule], "whole": whole, "remainder": rest}))
        if scored:
            hits.append((scored, rule))
    return hits, events
