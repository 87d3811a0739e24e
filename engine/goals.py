"""Historical Victory: national goals met, achieved, revealed, and the nations ranked.

001 › Victory Conditions: "The first nation that achieves it ranks first, with other nations
ranking second and third accordingly"; 001 › Appendix: Historical Victory Conditions:
"Three national goals are randomly chosen or player selected per player. When a player has
achieved and maintained the goals after one game round those goals are revealed." A game in
this mode keeps a :class:`~engine.goal_data.Record` in ``GameState.goals`` (None otherwise).
At the end of every turn the always/never tests are checked and a broken one stays broken;
at the end of every round each goal is met or not, is achieved once met at the end of
``hold`` more rounds in a row (then revealed, unless it reads the history), and the first
nation with all its goals achieved ends the game (README, Historical Victory).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from .control import income
from .dice import Dice, draw_sealed, reveal_sealed
from .events import Event, event
from .goal_data import DRAWN, AllOf, AnyOf, Capture, Control, Goal, Income, IncomeAbove, Lasting, Record, Test
from .ids import PowerId, SpaceId
from .prose import possessive
from .state import GameState


def goals_of(state: GameState, power: PowerId) -> list[Goal]:
    """``power``'s goals in this game, in the order drawn."""
    record = state.goals
    if record is None:
        return []
    return [state.rules.goals.goal(f"{power}/{gid}") for gid in record.drawn.get(power, ())]


def with_goals(state: GameState, drawn: Mapping[PowerId, Iterable[str]]) -> GameState:
    """The state with each nation's goals set (drawn or chosen), the record started."""
    record = state.goals or Record()
    for power, ids in drawn.items():
        for gid in ids:
            state.rules.goals.goal(f"{power}/{gid}")     # a KeyError/StopIteration is a caller's bug
    return state.evolve(goals=replace(record, drawn={**record.drawn, **{p: tuple(i) for p, i in drawn.items()}}))


# -- evaluation -----------------------------------------------------------------------

def _neutral(state: GameState, space: SpaceId) -> bool:
    """Still neutral: a neutral of the board that no power holds (one that joined a power
    at the end of its track, or was conquered, has an owner: engine.neutrals)."""
    return state.board.spaces[space].original is None and state.owners.get(space) is None


def _holder_ok(state: GameState, power: PowerId, by: str | tuple[PowerId, ...], owner: PowerId | None) -> bool:
    if owner is None:
        return False
    if by == "self":
        return owner == power
    if isinstance(by, tuple):
        return owner in by
    return state.board.side_of(owner) == by


def _control(state: GameState, power: PowerId, test: Control) -> bool:
    counted = [s for s in test.spaces if not (s in test.skipped_while_neutral and _neutral(state, s))]
    held = sum(_holder_ok(state, power, test.by, state.owners.get(s)) for s in counted)
    if test.count == "all":
        return held == len(counted)
    if test.count == "any":
        return held > 0
    if test.count == "none":
        return held == 0
    return 2 * held > len(counted)


def holds(state: GameState, power: PowerId, test: Test) -> bool:
    """Whether ``power``'s test holds now (always/never: and has not been broken)."""
    record = state.goals or Record()
    if isinstance(test, Control):
        return _control(state, power, test)
    if isinstance(test, Income):
        return income(state, power) >= test.at_least
    if isinstance(test, IncomeAbove):
        return income(state, power) > income(state, test.power)
    if isinstance(test, Capture):
        takers = record.captures.get(test.capital, ())
        if power not in takers:
            return False
        return not any(p in test.before for p in takers[:takers.index(power)])
    if isinstance(test, Lasting):
        return test.key not in record.broken and holds(state, power, test.test) == test.always
    if isinstance(test, AllOf):
        return all(holds(state, power, t) for t in test.tests)
    return any(holds(state, power, t) for t in test.tests)


def _broken(state: GameState, power: PowerId, test: Test) -> set[str]:
    """Keys of the always/never tests within ``test`` that fail now."""
    if isinstance(test, Lasting):
        return set() if holds(state, power, test.test) == test.always else {test.key}
    if isinstance(test, (AllOf, AnyOf)):
        return set().union(*(_broken(state, power, t) for t in test.tests))
    return set()


def played(state: GameState) -> bool:
    """Whether this game plays national goals: the rule system has them and the game has the
    option choice that plays them (``goals`` of ``[victory]``: AARHE's ``victory:historical``)."""
    spec = state.rules.victory.get("goals")
    return bool(state.rules.goals) and spec is not None and state.options.get(spec["option"]) == spec["choice"]


def after_turn(state: GameState, dice: Dice) -> tuple[GameState, list[Event]]:
    """At the end of every turn: the goals drawn after the game's first turn (the first
    moment a command rolls: README, Historical Victory), and the always/never tests that
    fail now broken for good (a territory taken and given back within one round is still
    caught)."""
    events: list[Event] = []
    if state.goals is None and played(state):
        state, events = draw_goals(state, dice)
    record = state.goals
    if record is None:
        return state, events
    broken = set(record.broken)
    for power in record.drawn:
        for goal in goals_of(state, power):
            broken |= _broken(state, power, goal.test)
    if broken != record.broken:
        state = state.evolve(goals=replace(record, broken=frozenset(broken)))
    return state, events


def draw_goals(state: GameState, dice: Dice) -> tuple[GameState, list[Event]]:
    """Three goals per nation, "randomly chosen" (001 › Appendix: Historical Victory
    Conditions) by sealed draws of one die each, secret to all but the nation's player: a
    face names the goal of that number in ``goals.toml``; a face beyond the nation's goals,
    or one already drawn, is drawn again."""
    drawn: dict[PowerId, tuple[str, ...]] = {}
    draws: dict[str, tuple[str, int]] = {}
    events: list[Event] = []
    for power in state.rules.turn_order:
        goals = state.rules.goals.by_power.get(power, ())
        name, attempt = state.rules.power_name(power), 0
        chosen: list[str] = []
        while goals and len(chosen) < DRAWN:
            attempt += 1
            purpose = f"{name} national goal draw {attempt}"
            faces, drew = draw_sealed(dice, name, 1, purpose)
            events.append(drew)
            if faces[0] <= len(goals) and goals[faces[0] - 1].id not in chosen:
                chosen.append(goals[faces[0] - 1].id)
                draws[goals[faces[0] - 1].key] = (purpose, faces[0])
        if chosen:
            drawn[power] = tuple(chosen)
    events.append(event("goals", "Each nation has drawn three national goals, secret until achieved and held a "
                        "round; /game status shows each player their own.", nations=len(drawn)))
    return state.evolve(goals=Record(drawn=drawn, draws=draws)), events


def record_capture(state: GameState, capital: SpaceId, captor: PowerId) -> GameState:
    """``captor`` took ``capital``: kept in order, for "Capture Germany before US or UK"."""
    record = state.goals
    if record is None or captor in record.captures.get(capital, ()):
        return state
    takers = (*record.captures.get(capital, ()), captor)
    return state.evolve(goals=replace(record, captures={**record.captures, capital: takers}))


# -- the end of a round ---------------------------------------------------------------

def achieved(state: GameState, goal: Goal) -> bool:
    """Met at the end of this round and at the end of the ``hold`` rounds before it."""
    record = state.goals
    first = record.since.get(goal.key) if record is not None else None
    return first is not None and state.round - first >= goal.hold


def round_end(state: GameState) -> tuple[GameState, list[Event]]:
    """At the end of a round: each goal met or not, the newly achieved revealed, and the
    game decided once some nation has achieved all its goals."""
    record = state.goals
    if record is None:
        return state, []
    since, revealed = dict(record.since), dict(record.revealed)
    for power in record.drawn:
        for goal in goals_of(state, power):
            if holds(state, power, goal.test):
                since.setdefault(goal.key, state.round)
            else:
                since.pop(goal.key, None)
    record = replace(record, since=since)
    state = state.evolve(goals=record)
    events: list[Event] = []
    for power in record.drawn:
        for goal in goals_of(state, power):
            if achieved(state, goal) and goal.key not in revealed and not goal.historic:
                revealed[goal.key] = state.round
                events += _revealed(state, goal)
    state = state.evolve(goals=replace(record, revealed=revealed))
    winners = [p for p in record.drawn if all(achieved(state, g) for g in goals_of(state, p))]
    if not winners:
        return state, events
    return _decided(state, events)


def _revealed(state: GameState, goal: Goal) -> list[Event]:
    """The goal made public, and the sealed draw that chose it opened (engine.dice)."""
    record = state.goals
    assert record is not None
    name = state.rules.power_name(goal.power)
    out = [event("goal", f"{name} has achieved its goal {goal.name} ({goal.text}), held since the end of round "
                 f"{record.since[goal.key]}.", power=name, goal=goal.name)]
    return out + _opened(state, [goal])


def _opened(state: GameState, goals: Iterable[Goal]) -> list[Event]:
    """The reveal of each sealed draw that chose one of ``goals``."""
    record = state.goals
    assert record is not None
    out = []
    for goal in goals:
        if goal.key in record.draws:
            purpose, face = record.draws[goal.key]
            name = state.rules.power_name(goal.power)
            out.append(reveal_sealed(name, purpose, [face], f"{possessive(name)} draw {purpose} showed {face}: {goal.name}."))
    return out


def final_places(state: GameState) -> dict[str, int]:
    """Power id -> place once a game of Historical Victory is decided; empty otherwise (a
    side's win), as the ladder records it."""
    return {str(p): n for p, n in state.goals.places.items()} if state.goals is not None else {}


def places(state: GameState) -> dict[PowerId, int]:
    """Each nation's place now: by the number of its goals achieved, most first; equal
    numbers share a place (README, Historical Victory)."""
    record = state.goals
    if record is None:
        return {}
    scores = {p: sum(achieved(state, g) for g in goals_of(state, p)) for p in record.drawn}
    distinct = sorted(set(scores.values()), reverse=True)
    return {p: distinct.index(s) + 1 for p, s in scores.items()}


def _decided(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """The game ends: the places made, every goal revealed, the winner the side of the
    first nation in turn order among those placed first."""
    record = state.goals
    assert record is not None
    ranked = places(state)
    first = next(p for p in state.rules.turn_order if ranked.get(p) == 1)
    side = state.board.side_of(first)
    state = state.evolve(goals=replace(record, places=ranked), winner=side)
    rules = state.rules
    order = sorted(ranked, key=lambda p: (ranked[p], rules.turn_order.index(p)))
    standing = "; ".join(f"{ranked[p]}. {rules.power_name(p)} "
                         f"({sum(achieved(state, g) for g in goals_of(state, p))} of {len(goals_of(state, p))})"
                         for p in order)
    goals = {rules.power_name(p): [g.name for g in goals_of(state, p)] for p in order}
    events.append(event("victory", f"Historical victory: {rules.power_name(first)} has achieved all its goals "
                        f"and ranks first. Places: {standing}.", side=side, power=rules.power_name(first),
                        places={rules.power_name(p): ranked[p] for p in order}, goals=goals))
    events += _opened(state, [g for p in order for g in goals_of(state, p) if g.key not in record.revealed])
    return state, events


# -- what /game status shows ----------------------------------------------------------

def public_lines(state: GameState) -> list[str]:
    """The goals revealed so far, and the places once the game is decided: for everyone."""
    record = state.goals
    if record is None:
        return []
    rules = state.rules
    lines = []
    for power in rules.turn_order:
        shown = [g for g in goals_of(state, power) if g.key in record.revealed or record.places]
        if shown:
            lines.append(f"{possessive(rules.power_name(power))} goals revealed: "
                         + "; ".join(f"{g.name} ({_progress(state, g)})" for g in shown) + ".")
    if record.places:
        order = sorted(record.places, key=lambda p: (record.places[p], rules.turn_order.index(p)))
        lines.append("Places: " + ", ".join(f"{record.places[p]}. {rules.power_name(p)}" for p in order) + ".")
    return lines


def own_lines(state: GameState, power: PowerId) -> list[str]:
    """``power``'s own goals with their progress: for that nation's player only."""
    goals = goals_of(state, power)
    if not goals:
        return []
    name = state.rules.power_name(power)
    return [f"{possessive(name)} goal {g.name} ({_progress(state, g)}): {g.text}" for g in goals]


def _progress(state: GameState, goal: Goal) -> str:
    record = state.goals
    assert record is not None
    if goal.key in record.revealed and achieved(state, goal):
        return f"achieved at the end of round {record.revealed[goal.key]}"
    if achieved(state, goal):
        return "achieved"
    if goal.key in record.revealed:
        return f"achieved at the end of round {record.revealed[goal.key]}, not met now"
    if goal.key in record.since:
        need = record.since[goal.key] + goal.hold
        return f"met since the end of round {record.since[goal.key]}; achieved if still met at the end of round {need}"
    if any(k.startswith(goal.key + "#") for k in record.broken):
        return "failed: it had to hold at the end of every turn"
    return "not met"
