"""Running a scenario case through the engine's public entry points.

Each command line is read with ``parse_command`` and applied with ``apply``, exactly as
the service does; a position written by hand is built with ``GameState.from_json``.
Every failure names the case file and the line of the check that failed.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import maps
from engine import (
    DiceExhausted,
    Event,
    FixedDice,
    GameState,
    NoDice,
    RuleSet,
    RulesError,
    ScriptedDice,
    apply,
    new_game,
    parse_command,
)
from engine.atomic import LOADED_BOMB, fallout
from engine.control import income, victory_cities
from engine.neutrals import cooperation, starting_cooperation, track_of
from engine.victory import victory_points
from engine.dice import Dice
from engine.ids import PowerId, SpaceId, UnitKind

from .caseformat import Case, CaseFormatError, Entry, Step

Tally = dict[PowerId, dict[tuple[UnitKind, bool], int]]
"""Units of a space: power -> (kind, damaged) -> count."""


class CaseFailure(AssertionError):
    """A case whose engine run does not match what it expects; starts with ``file:line:``."""

    def __init__(self, case: Case, line: int, message: str) -> None:
        super().__init__(f"{_where(case.path)}:{line}: case {case.id}: {message}")


def _where(path: Path) -> str:
    parts = path.parts
    return "/".join(parts[parts.index("tests"):]) if "tests" in parts else str(path)


def run_case(case: Case) -> None:
    """Play ``case`` and check every expectation.

    Raises:
        CaseFormatError: a name in the case that the rule system does not know.
        CaseFailure: the engine did something other than the case expects.
    """
    if case.ruleset != case.path.parent.name:
        raise CaseFormatError(case.path, case.line, f"RULESET {case.ruleset} in the folder of {case.path.parent.name}")
    rules = _lookup(case, case.line, _load, case.ruleset)
    state = start_position(case, rules)
    for entry in case.checks:
        check(case, entry, state, ())
    for step in case.steps:
        state = play(case, step, state)


def _load(name: str) -> RuleSet:
    """The case's rule system, offered for games or not yet: a case tests its rules."""
    return maps.load_ruleset(name, unplayable=True)


def _lookup(case: Case, line: int, find: Any, text: str) -> Any:
    try:
        return find(text.strip())
    except RulesError as err:
        raise CaseFormatError(case.path, line, str(err)) from None


def start_position(case: Case, rules: RuleSet) -> GameState:
    """The opening, or a position from the case's START, OPTION, TREASURY, OWNER and UNITS."""
    options = {e.text.split()[0]: _value(" ".join(e.text.split()[1:])) for e in case.options}
    try:
        resolved = rules.resolve_options(options)
    except RulesError as err:
        raise CaseFormatError(case.path, case.options[0].line, str(err)) from None
    if case.start is None:
        for entries in (case.treasury, case.owners, case.damage, case.tech, case.builds, case.progress,
                        case.cooperation, case.drawn, case.revealed, case.goals, case.docked, case.captured,
                        case.built, case.arsenal, case.armed, case.units):
            if entries:
                raise CaseFormatError(case.path, entries[0].line, "START opening takes no TREASURY, OWNER, DAMAGE, "
                                      "TECH, BUILD, PROGRESS, COOPERATION, DRAWN, REVEALED, GOALS, DOCKED, CAPTURED, BUILT, "
                                      "ARSENAL, ARMED or UNITS; "
                                      "write a position with START <round> <power> <phase>, or commands")
        return new_game(rules, resolved)
    round_, power, phase = case.start
    board = rules.board
    playing = [p for team in rules.turns.teams(round_) for p in team]
    if _power(case, case.start_line, rules, power) not in playing:
        raise CaseFormatError(case.path, case.start_line, f"{rules.power_name(_power(case, case.start_line, rules, power))} "
                              f"does not play in round {round_}: "
                              f"{', '.join(rules.power_name(p) for p in playing)} do")
    owners = {s.name: (rules.power_name(s.original) if s.original else None) for s in board.spaces.values()}
    for e in case.owners:
        space, owner = _pair(case, e)
        owners[board.name(_space(case, e.line, rules, space))] = (
            None if owner.lower() in ("none", "neutral") else rules.power_name(_power(case, e.line, rules, owner)))
    treasury = {rules.power_name(p): 0 for p in rules.turn_order}
    for e in case.treasury:
        for part in e.text.split(","):
            name, _, amount = part.strip().rpartition(" ")
            if not amount.isdigit():
                raise CaseFormatError(case.path, e.line, f"TREASURY takes '<power> <IPCs>, ...', not {part.strip()!r}")
            treasury[rules.power_name(_power(case, e.line, rules, name))] = int(amount)
    spaces: dict[str, dict[str, dict[str, int]]] = {}
    damaged: list[tuple[SpaceId, PowerId, UnitKind, int]] = []
    for e in case.units:
        space_text, listing = _pair(case, e)
        space = _space(case, e.line, rules, space_text)
        for power_id, kinds in units_listing(case, e.line, rules, listing).items():
            per = spaces.setdefault(board.name(space), {}).setdefault(rules.power_name(power_id), {})
            for (kind, hurt), n in kinds.items():
                per[kind] = per.get(kind, 0) + n
                if hurt:
                    damaged.append((space, power_id, kind, n))
    data = {
        "ruleset": rules.id, "round": round_, "turn": rules.power_name(_power(case, case.start_line, rules, power)),
        "phase": phase, "treasury": treasury, "winner": None, "options": resolved,
        "spaces": {name: {"owner": owner, "units": spaces.get(name, {})} for name, owner in owners.items()},
        "tech": _tech(case, rules), "builds": _builds(case, rules), "arsenal": _arsenal(case, rules),
        "cooperation": {board.name(s): v for s, v in starting_cooperation(board).items()},
        "progress": {power: dict(boxes) for e in case.progress
                     for power, boxes in [_progress(case, Entry(e.line, "", e.text), rules)]},
        "advantages": _drawn(case, rules),
        "fallen": [board.name(_space(case, e.line, rules, name.strip())) for e in case.captured
                   for name in e.text.split(",")],
    }
    track = [_cooperation(case, e, rules) for e in case.cooperation]
    if track:
        data["cooperation"] = {**{board.name(s): v for s, v in starting_cooperation(board).items()},
                               **{name: v for name, v, _ in track}}
        data["diplomacy"] = {"income": {name: power for name, _, power in track if power}}
    if case.docked:
        data["diplomacy"] = {**data.get("diplomacy", {}), "docked": _docked(case, rules)}
    if case.goals:
        read = [_goals(case, e, rules) for e in case.goals]
        data["goals"] = {"drawn": {p: [g for g, _r in ids] for p, ids in read},
                         "since": {f"{p}/{g}": r for p, ids in read for g, r in ids if r is not None}}
    for e in case.damage:
        space_text, markers = _pair(case, e)
        if not markers.isdigit():
            raise CaseFormatError(case.path, e.line, f"DAMAGE takes '<territory>: <markers>', not {e.text!r}")
        data["spaces"][board.name(_space(case, e.line, rules, space_text))]["ic_damage"] = int(markers)
    if phase not in rules.phases:
        raise CaseFormatError(case.path, case.start_line, f"{rules.name} has no phase {phase!r}; "
                              f"its phases are {', '.join(rules.phases)}")
    state = GameState.from_json(data, rules)
    return _armed(case, rules, _built(case, rules, _damage(state, damaged)))


def _arsenal(case: Case, rules: RuleSet) -> dict[str, list[int]]:
    """The case's ARSENAL lines: per power name, the rounds its unloaded atomic bombs were bought in."""
    out: dict[str, list[int]] = {}
    for e in case.arsenal:
        power, rounds = _pair(case, e)
        listed = [r.strip() for r in rounds.split(",")]
        if not all(r.isdigit() for r in listed):
            raise CaseFormatError(case.path, e.line, f"ARSENAL takes '<power>: <round>, ...', not {e.text!r}")
        out.setdefault(rules.power_name(_power(case, e.line, rules, power)), []).extend(int(r) for r in listed)
    return out


_ARMED = re.compile(r"^(.+?)\s+(\d+)\s+(.+)$")


def _armed(case: Case, rules: RuleSet, state: GameState) -> GameState:
    """The case's ARMED lines: that many of the power's bombers in the space (listed in UNITS)
    carry an atomic bomb."""
    changed = []
    for e in case.armed:
        space_text, rest = _pair(case, e)
        m = _ARMED.match(rest)
        if m is None:
            raise CaseFormatError(case.path, e.line, f"ARMED takes '<space>: <power> <n> <unit type>', not {e.text!r}")
        space = _space(case, e.line, rules, space_text)
        power = _power(case, e.line, rules, m.group(1))
        kind = _lookup(case, e.line, rules.find_unit, m.group(3))
        mine = [u for u in state.units_at(space) if u.owner == power and u.kind == kind]
        if len(mine) < int(m.group(2)):
            raise CaseFormatError(case.path, e.line, f"{space_text} has {len(mine)} such units, not {m.group(2)}")
        changed += [u.with_flags(LOADED_BOMB) for u in mine[:int(m.group(2))]]
    return state.with_units(changed)


def _docked(case: Case, rules: RuleSet) -> dict[str, dict[str, str]]:
    """The case's DOCKED lines: per power name, sea zone -> the neutral its ships are docked at."""
    docked: dict[str, dict[str, str]] = {}
    for e in case.docked:
        power, listing = _pair(case, e)
        for part in listing.split(","):
            zone, at, neutral = part.strip().partition(" at ")
            if not at:
                raise CaseFormatError(case.path, e.line, f"DOCKED takes '<power>: <sea zone> at <neutral>, ...', "
                                      f"not {part.strip()!r}")
            docked.setdefault(rules.power_name(_power(case, e.line, rules, power)), {})[
                rules.board.name(_space(case, e.line, rules, zone))] = rules.board.name(
                    _space(case, e.line, rules, neutral))
    return docked


def _tech(case: Case, rules: RuleSet) -> dict[str, list[str]]:
    """The developments of the case's TECH lines, by power name."""
    tech: dict[str, list[str]] = {}
    for e in case.tech:
        power, listing = _pair(case, e)
        ids = [_lookup(case, e.line, rules.technology.find, d) for d in listing.split(",")]
        tech.setdefault(rules.power_name(_power(case, e.line, rules, power)), []).extend(ids)
    return tech


def _drawn(case: Case, rules: RuleSet) -> dict[str, dict[str, list[str]]]:
    """The National Advantages of the case's DRAWN lines (drawn, not revealed) and REVEALED
    lines (drawn and revealed), by power name."""
    hands: dict[str, dict[str, list[str]]] = {}
    for e in [*case.drawn, *case.revealed]:
        power_text, listing = _pair(case, e)
        power = _power(case, e.line, rules, power_text)
        names = rules.advantages.names(power)
        ids = [_lookup(case, e.line, names.find, n) for n in listing.split(",")]
        hand = hands.setdefault(rules.power_name(power), {"drawn": [], "revealed": []})
        hand["drawn"].extend(ids)
        if e in case.revealed:
            hand["revealed"].extend(ids)
    return hands


_BUILD = re.compile(r"^(\d+)\s+(.+?)\s+paid\s+(\d+)\s+laid\s+(\d+)$")


def _builds(case: Case, rules: RuleSet) -> dict[str, list[dict[str, Any]]]:
    """The units laid down of the case's BUILD lines, by power name."""
    builds: dict[str, list[dict[str, Any]]] = {}
    for e in case.builds:
        power, listing = _pair(case, e)
        m = _BUILD.match(listing.strip())
        if m is None:
            raise CaseFormatError(case.path, e.line, "BUILD takes '<power>: <n> <unit type> paid <IPCs each> laid "
                                  f"<round>', not {e.text!r}")
        kind = _lookup(case, e.line, rules.find_unit, m.group(2))
        builds.setdefault(rules.power_name(_power(case, e.line, rules, power)), []).extend(
            {"type": kind, "paid": int(m.group(3)), "laid": int(m.group(4))} for _ in range(int(m.group(1))))
    return builds


def _progress(case: Case, entry: Entry, rules: RuleSet) -> tuple[str, list[tuple[str, int]]]:
    """``<power>: <development> <boxes>, ...`` (a PROGRESS line or an EXPECT progress line):
    the power's name and the boxes per development id."""
    power, listing = _pair(case, entry)
    boxes = []
    for part in listing.split(","):
        name, _, count = part.strip().rpartition(" ")
        if not count.isdigit():
            raise CaseFormatError(case.path, entry.line, f"progress takes '<power>: <development> <boxes>, ...', "
                                  f"not {part.strip()!r}")
        boxes.append((_lookup(case, entry.line, rules.technology.find, name), int(count)))
    return rules.power_name(_power(case, entry.line, rules, power)), boxes


def _cooperation(case: Case, entry: Entry, rules: RuleSet) -> tuple[str, int, str | None]:
    """``<neutral>: <position> [<power>]`` (a COOPERATION line or an EXPECT cooperation line):
    the neutral's name, its place on the track and the name of the power its income goes to."""
    space, listing = _pair(case, entry)
    position, _, power = listing.partition(" ")
    if not re.fullmatch(r"[+-]?\d", position):
        raise CaseFormatError(case.path, entry.line, f"cooperation takes '<neutral>: <-5 to +5> [<power>]', "
                              f"not {entry.text!r}")
    who = rules.power_name(_power(case, entry.line, rules, power)) if power.strip() else None
    return rules.board.name(_space(case, entry.line, rules, space)), int(position), who
_SINCE = re.compile(r"^(.+?)\s+since\s+(\d+)$")


def _goals(case: Case, entry: Entry, rules: RuleSet) -> tuple[str, list[tuple[str, int | None]]]:
    """``<power>: <goal> [since <round>], ...`` (a GOALS line, or an EXPECT revealed line
    without ``since``): the power's id and its goals' ids, each named as 001 prints it or by
    its id, with the round at whose end it was first met (while it still is), if given."""
    power_text, listing = _pair(case, entry)
    power = _power(case, entry.line, rules, power_text)
    if listing.strip() == "none":
        return power, []
    out: list[tuple[str, int | None]] = []
    for part in listing.split(","):
        m = _SINCE.match(part.strip())
        name, since = (m.group(1), int(m.group(2))) if m else (part, None)
        out.append((_lookup(case, entry.line, lambda n: rules.goals.find(power, n), name), since))
    return power, out


def _damage(state: GameState, damaged: Sequence[tuple[SpaceId, PowerId, UnitKind, int]]) -> GameState:
    changed = []
    for space, power, kind, n in damaged:
        whole = [u for u in state.units_at(space) if u.owner == power and u.kind == kind and not u.hits]
        changed += [replace(u, hits=1) for u in whole[:n]]
    return state.with_units(changed)


_BUILT = re.compile(r"^(.+?)\s+(\d+)\s+(.+?)\s+with\s+(.+)$")


def _built(case: Case, rules: RuleSet, state: GameState) -> GameState:
    """The case's BUILT lines: that many of the power's units of that type in the space (listed
    in UNITS) were built with the development."""
    changed = []
    for e in case.built:
        space_text, rest = _pair(case, e)
        m = _BUILT.match(rest)
        if m is None:
            raise CaseFormatError(case.path, e.line, f"BUILT takes '<space>: <power> <n> <unit type> with "
                                  f"<development>', not {e.text!r}")
        space = _space(case, e.line, rules, space_text)
        power = _power(case, e.line, rules, m.group(1))
        kind = _lookup(case, e.line, rules.find_unit, m.group(3))
        development = _lookup(case, e.line, rules.technology.find, m.group(4))
        mine = [u for u in state.units_at(space) if u.owner == power and u.kind == kind]
        if len(mine) < int(m.group(2)):
            raise CaseFormatError(case.path, e.line, f"{space_text} has {len(mine)} such units, not {m.group(2)}")
        changed += [replace(u, built_with=u.built_with | {development}) for u in mine[:int(m.group(2))]]
    return state.with_units(changed)


def _value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("on", "true", "yes"):
        return True
    if lowered in ("off", "false", "no"):
        return False
    return int(text) if text.isdigit() else text


def _pair(case: Case, e: Entry) -> tuple[str, str]:
    left, colon, right = e.text.partition(":")
    if not colon or not left.strip() or not right.strip():
        raise CaseFormatError(case.path, e.line, f"expected '<space>: <value>', not {e.text!r}")
    return left.strip(), right.strip()


def _space(case: Case, line: int, rules: RuleSet, text: str) -> SpaceId:
    space: SpaceId = _lookup(case, line, rules.board.find_space, text)
    return space


def _power(case: Case, line: int, rules: RuleSet, text: str) -> PowerId:
    power: PowerId = _lookup(case, line, rules.find_power, text)
    return power


_RUN = re.compile(r"^(\d+)\s+(damaged\s+)?(.+)$")


def units_listing(case: Case, line: int, rules: RuleSet, text: str) -> Tally:
    """``Germany 2 infantry, 1 damaged battleship; Soviet Union 1 tank`` (or ``empty``)."""
    out: Tally = {}
    if text.strip().lower() == "empty":
        return out
    for group in text.split(";"):
        match = re.match(r"^\s*(\D+?)\s+(\d.*)$", group)
        if not match:
            raise CaseFormatError(case.path, line, f"expected '<power> <n> <unit>, ...' (or 'empty'), not {group.strip()!r}")
        power = _power(case, line, rules, match.group(1))
        per = out.setdefault(power, {})
        for part in match.group(2).split(","):
            run = _RUN.match(part.strip())
            if not run:
                raise CaseFormatError(case.path, line, f"expected '<n> [damaged] <unit>', not {part.strip()!r}")
            kind: UnitKind = _lookup(case, line, rules.find_unit, run.group(3))
            key = (kind, bool(run.group(2)))
            per[key] = per.get(key, 0) + int(run.group(1))
    return out


def tally(state: GameState, space: SpaceId) -> Tally:
    out: Tally = {}
    for u in state.units_at(space):
        key = (u.kind, u.hits > 0)
        per = out.setdefault(u.owner, {})
        per[key] = per.get(key, 0) + 1
    return out


def show(state: GameState, units: Tally) -> str:
    if not units:
        return "empty"
    return "; ".join(
        f"{state.rules.power_name(p)} " + ", ".join(f"{n} {'damaged ' if hurt else ''}{k.replace('_', ' ')}"
                                                   for (k, hurt), n in sorted(kinds.items()))
        for p, kinds in sorted(units.items()))


# -- commands ---------------------------------------------------------------------------

def play(case: Case, step: Step, state: GameState) -> GameState:
    """Apply one command with its dice; check the refusal or the events and state after it."""
    dice: Dice = (FixedDice(step.dice) if step.dice is not None
                  else ScriptedDice(step.rolls) if step.rolls is not None else NoDice())
    try:
        outcome = apply(state, parse_command(step.command, state), dice)
    except DiceExhausted as err:
        if step.dice is None and step.rolls is None:
            raise CaseFailure(case, step.line, f"{step.command} rolls dice, but the case gives none "
                              f"(add DICE or ROLL below it): {err}") from None
        raise CaseFailure(case, step.line, f"{step.command}: {err}") from None
    except RulesError as err:
        if step.refused is None:
            raise CaseFailure(case, step.line, f"{step.command} was refused ({err.reason}): {err}") from None
        reason, fragment = step.refused
        if err.reason != reason or (fragment is not None and fragment not in str(err)):
            raise CaseFailure(case, step.refused_line, f"{step.command} was refused with {err.reason}: {err}; "
                              f"the case expects {reason}" + (f' with "{fragment}"' if fragment else "")) from None
        for entry in step.checks:
            check(case, entry, state, ())
        return state
    if step.refused is not None:
        raise CaseFailure(case, step.refused_line, f"{step.command} was accepted; the case expects it refused "
                          f"with {step.refused[0]}")
    _all_dice_used(case, step, dice)
    for entry in step.checks:
        check(case, entry, outcome.state, outcome.events)
    return outcome.state


def _all_dice_used(case: Case, step: Step, dice: Dice) -> None:
    if isinstance(dice, FixedDice) and dice.position < len(dice.faces):
        rolled = "; ".join(f"{p}: {' '.join(map(str, f))}" for p, f in dice.log) or "nothing"
        raise CaseFailure(case, step.line, f"{len(dice.faces) - dice.position} of the DICE were not used; "
                          f"the command rolled {rolled}")
    if isinstance(dice, ScriptedDice) and dice.position < len(dice.rolls):
        raise CaseFailure(case, step.line, f"ROLL {dice.rolls[dice.position][0]} was not asked for "
                          f"({len(dice.rolls) - dice.position} ROLL lines unused)")


# -- checks -----------------------------------------------------------------------------

def check(case: Case, entry: Entry, state: GameState, events: Sequence[Event]) -> None:
    if entry.keyword == "EXPECT":
        expect(case, entry, state)
        return
    kinds = [e.type for e in events]
    if entry.keyword == "EVENTS":
        wanted = [w.strip() for w in entry.text.split(",")]
        if kinds != wanted:
            raise CaseFailure(case, entry.line, f"events were {', '.join(kinds) or 'none'}, not {', '.join(wanted)}")
        return
    words = shlex.split(entry.text)
    matching = [e for e in events if e.type == words[0] and (len(words) == 1 or words[1] in e.text)]
    said = "\n  ".join(f"{e.type}: {e.text}" for e in events) or "none"
    if entry.keyword == "EVENT" and not matching:
        raise CaseFailure(case, entry.line, f"no {words[0]} event" + (f' saying "{words[1]}"' if len(words) > 1 else "")
                          + f"; the events were:\n  {said}")
    if entry.keyword == "NO EVENT" and matching:
        raise CaseFailure(case, entry.line, f"unexpected {words[0]} event: {matching[0].text}")


def expect(case: Case, entry: Entry, state: GameState) -> None:
    """One line of an EXPECT block: a space's units, an owner, a treasury, an income, victory
    cities, the phase, the powers due, the winner, a power's developments."""
    rules = state.rules
    word, _, rest = entry.text.partition(" ")
    if word == "owner":
        space_text, owner_text = _pair(case, Entry(entry.line, "", rest))
        space = _space(case, entry.line, rules, space_text)
        wanted = None if owner_text.lower() in ("none", "neutral") else _power(case, entry.line, rules, owner_text)
        _same(case, entry, f"owner of {rules.board.name(space)}", _pname(state, state.owner(space)),
              _pname(state, wanted))
    elif word == "treasury":
        power_text, amount = _pair(case, Entry(entry.line, "", rest))
        power = _power(case, entry.line, rules, power_text)
        if not amount.isdigit():
            raise CaseFormatError(case.path, entry.line, f"treasury takes '<power>: <IPCs>', not {rest!r}")
        _same(case, entry, f"{rules.power_name(power)}'s treasury", state.treasury.get(power, 0), int(amount))
    elif word == "damage":
        space_text, markers = _pair(case, Entry(entry.line, "", rest))
        space = _space(case, entry.line, rules, space_text)
        if not markers.isdigit():
            raise CaseFormatError(case.path, entry.line, f"damage takes '<territory>: <markers>', not {rest!r}")
        _same(case, entry, f"industrial complex damage in {rules.board.name(space)}",
              state.ic_damage.get(space, 0), int(markers))
    elif word == "fallout":
        space_text, amount = _pair(case, Entry(entry.line, "", rest))
        space = _space(case, entry.line, rules, space_text)
        if not amount.isdigit():
            raise CaseFormatError(case.path, entry.line, f"fallout takes '<territory>: <IPCs>', not {rest!r}")
        _same(case, entry, f"income {rules.board.name(space)} lost for good", fallout(state, space), int(amount))
    elif word == "arsenal":
        power_text, rounds = _pair(case, Entry(entry.line, "", rest))
        power = _power(case, entry.line, rules, power_text)
        wanted = () if rounds.strip() == "none" else tuple(int(r) for r in rounds.split(",") if r.strip().isdigit())
        _same(case, entry, f"{rules.power_name(power)}'s atomic bombs not loaded (rounds bought)",
              state.arsenal.get(power, ()), wanted)
    elif word == "armed":
        space_text, count = _pair(case, Entry(entry.line, "", rest))
        space = _space(case, entry.line, rules, space_text)
        if not count.isdigit():
            raise CaseFormatError(case.path, entry.line, f"armed takes '<space>: <bombers>', not {rest!r}")
        _same(case, entry, f"bombers carrying an atomic bomb in {rules.board.name(space)}",
              sum(1 for u in state.units_at(space) if u.has(LOADED_BOMB)), int(count))
    elif word == "income":
        power_text, amount = _pair(case, Entry(entry.line, "", rest))
        power = _power(case, entry.line, rules, power_text)
        if not amount.isdigit():
            raise CaseFormatError(case.path, entry.line, f"income takes '<power>: <IPCs>', not {rest!r}")
        _same(case, entry, f"{rules.power_name(power)}'s income", income(state, power), int(amount))
    elif word == "victory":
        what, _, counted = rest.partition(" ")
        side, count = _pair(case, Entry(entry.line, "", counted))
        if what not in ("cities", "points") or side not in ("Axis", "Allies") or not count.isdigit():
            raise CaseFormatError(case.path, entry.line, f"victory takes 'cities <Axis|Allies>: <n>' or "
                                  f"'points <Axis|Allies>: <n>', not {rest!r}")
        found = len(victory_cities(state, side)) if what == "cities" else victory_points(state, side)
        _same(case, entry, f"victory {what} of the {side}", found, int(count))
    elif word == "progress":
        power, boxes = _progress(case, Entry(entry.line, "", rest), rules)
        tech, pid = rules.technology, rules.find_power(power)
        _same(case, entry, f"{power}'s progress boxes", [(d, tech.filled(state.progress, pid, d)) for d, _n in boxes],
              boxes)
    elif word == "cooperation":
        name, position, power = _cooperation(case, Entry(entry.line, "", rest), rules)
        neutral = rules.board.space_by_name(name)
        _same(case, entry, f"{name}'s place on the track", cooperation(state, neutral), position)
        if power is not None:
            paid = state.diplomacy.income.get(track_of(rules.board, neutral))
            _same(case, entry, f"whom {name}'s income goes to", _pname(state, paid), power)
    elif word == "phase":
        parts = rest.split()
        if len(parts) < 3 or not parts[0].isdigit():
            raise CaseFormatError(case.path, entry.line, f"phase takes '<round> <power> <phase>', not {rest!r}")
        power = _power(case, entry.line, rules, " ".join(parts[1:-1]))
        _same(case, entry, "round, power and phase", f"{state.round} {rules.power_name(state.turn)} {state.phase}",
              f"{parts[0]} {rules.power_name(power)} {parts[-1]}")
    elif word == "due":
        wanted = [rules.power_name(_power(case, entry.line, rules, p.strip())) for p in rest.split(",")]
        _same(case, entry, "powers due", ", ".join(rules.power_name(p) for p in state.due), ", ".join(wanted))
    elif word == "goals":
        power, ids = _goals(case, Entry(entry.line, "", rest), rules)
        drawn = list(state.goals.drawn.get(PowerId(power), ())) if state.goals else []
        _same(case, entry, f"{rules.power_name(power)}'s goals", drawn, [g for g, _r in ids])
    elif word == "revealed":
        power, ids = _goals(case, Entry(entry.line, "", rest), rules)
        record = state.goals
        shown = sorted(k.partition("/")[2] for k in (record.revealed if record else {}) if k.startswith(power + "/"))
        _same(case, entry, f"{rules.power_name(power)}'s goals revealed", shown, sorted(g for g, _r in ids))
    elif word == "place":
        power_text, place = _pair(case, Entry(entry.line, "", rest))
        power = _power(case, entry.line, rules, power_text)
        found = state.goals.places.get(power) if state.goals else None
        _same(case, entry, f"{rules.power_name(power)}'s place", str(found or "none"), place.strip())
    elif word == "winner":
        _same(case, entry, "winner", state.winner or "none", rest.strip())
    elif word == "tech":
        power_text, listing = _pair(case, Entry(entry.line, "", rest))
        power = _power(case, entry.line, rules, power_text)
        wanted = [] if listing.strip() == "none" else [_lookup(case, entry.line, rules.technology.find, d)
                                                         for d in listing.split(",")]
        _same(case, entry, f"{rules.power_name(power)}'s developments", sorted(state.tech.get(power, ())),
              sorted(wanted))
    else:
        space_text, listing = _pair(case, entry)
        space = _space(case, entry.line, rules, space_text)
        _same(case, entry, f"units in {rules.board.name(space)}", show(state, tally(state, space)),
              show(state, units_listing(case, entry.line, rules, listing)))


def _pname(state: GameState, power: PowerId | None) -> str:
    return "none" if power is None else state.rules.power_name(power)


def _same(case: Case, entry: Entry, what: str, found: object, wanted: object) -> None:
    if found != wanted:
        raise CaseFailure(case, entry.line, f"{what}: expected {wanted}, found {found}")
