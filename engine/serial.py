"""State <-> JSON, in the documented format (``docs/state.md``).

The JSON keys spaces and powers by their display names, as players read them. Besides
the summary (``spaces``: owner, unit counts, factory damage) it carries ``pieces``, the
per-unit facts a turn in progress needs (movement spent, cargo, damage), so that
``GameState.from_json(s.to_json(), rules) == s`` exactly. A hand-written state may leave
``pieces`` out: units are then built from the counts, cargo loaded onto transports and
fighters onto carriers in the same sea zone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from .advantages_data import Hand
from .cargo import assign_cargo
from .economy.ledger import EMPTY, Ledger
from .errors import BoardDataError
from .goal_data import goals_from_json, goals_to_json
from .ids import PowerId, SpaceId, UnitKind
from .lanes import Lane
from .neutrals import starting_cooperation
from .passive import OpenWindow
from .relations import NONE, Relations
from .state import Build, GameState, StepBack, Unit, frozen
from .technology import Lab, Research

if TYPE_CHECKING:
    from .board import Board
    from .ruleset import RuleSet

FORMAT = 1


def state_to_json(state: GameState) -> dict[str, Any]:
    board = state.board
    pname = state.rules.power_name
    spaces: dict[str, Any] = {}
    for sid, space in board.spaces.items():
        entry: dict[str, Any] = {"owner": _opt(pname, state.owners.get(sid))}
        units: dict[str, dict[str, int]] = {}
        for u in state.units_at(sid):
            per = units.setdefault(pname(u.owner), {})
            per[u.kind] = per.get(u.kind, 0) + 1
        entry["units"] = units
        if any(u.kind == "industrial_complex" for u in state.units_at(sid)):
            entry["ic_damage"] = state.ic_damage.get(sid, 0)
        spaces[space.name] = entry
    out: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": state.ruleset,
        "round": state.round,
        "turn": pname(state.turn),
        "phase": state.phase,
        "treasury": _treasury_to_json(state),
        "spaces": spaces,
        "winner": state.winner,
        "damaged": _damaged(state),
        "options": dict(state.options),
        "purchased": dict(state.purchased),
        "pieces": [_unit_to_json(state, u) for u in sorted(state.units.values(), key=lambda u: u.id)],
        "next_id": state.next_id,
        "turn_start_owners": {
            board.name(s): _opt(pname, p)
            for s, p in state.turn_start_owners.items()
            if p != state.owners.get(s)
        },
        "orders": _orders_to_json(state),
        "combat": state.combat.to_json() if state.combat is not None else None,
    }
    if any(state.sites.values()):
        out["sites"] = _sites_to_json(state)
    if any(state.builds.values()):
        out["builds"] = _builds_to_json(state)
    if state.arsenal:
        out["arsenal"] = _arsenal_to_json(state)
    if state.rules.technology.offered:
        out["tech"] = {pname(p): list(state.tech.get(p, ())) for p in state.rules.turn_order}
        out["research"] = _research_to_json(state, state.research)
    if state.economy:
        out["economy"] = state.economy.to_json(board.name, pname)
    if state.progress:
        out["progress"] = _progress_to_json(state)
    if state.labs:
        out["labs"] = _labs_to_json(state)
    if state.victory_since:
        out["victory_since"] = dict(state.victory_since)
    if state.cooperation:
        out["cooperation"] = {board.name(s): v for s, v in state.cooperation.items()}
    if state.diplomacy:
        out["diplomacy"] = state.diplomacy.to_json(board.name, pname)
    if state.advantages:
        out["advantages"] = _hands_to_json(state)
    if state.goals is not None:
        out["goals"] = goals_to_json(state.goals)
    if state.fallen:
        out["fallen"] = sorted(board.name(s) for s in state.fallen)
    if state.lanes:
        out["lanes"] = {pname(p): _lane_to_json(state, lane) for p, lane in state.lanes.items()}
    if state.window is not None:
        out["window"] = {"phase": state.window.phase, "due": [pname(p) for p in state.window.due],
                         "acting": pname(state.window.acting)}
    if state.checkpoint is not None:
        steps, reached = _steps_back(state)
        kept = len(steps) < len(state.since_checkpoint) or _stripped(reached) != state.checkpoint
        out["undo"] = {
            **({"checkpoint": state_to_json(state.checkpoint)} if kept else {}),
            "commands": list(state.since_checkpoint),
            "before": steps,
        }
    return out


def _checkpoint_of(state: GameState) -> GameState | None:
    """The checkpoint of a state read from JSON without one: the state taken back over every
    command since (:attr:`GameState.before`), which the JSON leaves out where it is that
    state; None where a step back is not known."""
    for _ in state.since_checkpoint:
        before = state.before
        if before is None:
            return None
        state = before
    return _stripped(state)


def _stripped(state: GameState) -> GameState:
    """``state`` as a checkpoint keeps it: no undo history of its own."""
    return state.evolve(checkpoint=None, since_checkpoint=(), back=None)


_STEPPED = ("next_id", "treasury", "purchased", "sites", "builds", "arsenal", "owners", "ic_damage", "orders", "combat",
            "economy", "progress", "labs", "cooperation", "diplomacy", "advantages")
"""The fields a command may change without rolling or leaving its phase; a step back over
any other field is not written (``/undo`` replays from the checkpoint from there on)."""

_KEPT = tuple(f.name for f in fields(GameState) if f.name not in (
    *_STEPPED, "units", "rules", "checkpoint", "since_checkpoint", "back", "_by_space"))


def _sites_to_json(state: GameState) -> dict[str, dict[str, dict[str, int]]]:
    """Units bought for a site (001, Variable Infantry Costs), by power and site."""
    board = state.board
    return {state.rules.power_name(p): {board.name(s): {str(k): n for k, n in ks.items()} for s, ks in by.items()}
            for p, by in state.sites.items() if by}


def _sites_from_json(rules: RuleSet, data: Mapping[str, Mapping[str, Mapping[str, int]]],
                     ) -> Mapping[PowerId, Mapping[SpaceId, Mapping[UnitKind, int]]]:
    board = rules.board
    return frozen({board.find_power(p): frozen({board.space_by_name(n): _purchased_from_json(ks)
                                                for n, ks in by.items()})
                   for p, by in data.items()})


def _builds_to_json(state: GameState) -> dict[str, list[dict[str, Any]]]:
    """Units laid down and partly paid for (001, Phase 6, Build schedule), by power."""
    return {state.rules.power_name(p): [{"type": b.kind, "paid": b.paid, "laid": b.laid} for b in bs]
            for p, bs in state.builds.items() if bs}


def _builds_from_json(rules: RuleSet, data: Mapping[str, list[Mapping[str, Any]]],
                      ) -> Mapping[PowerId, tuple[Build, ...]]:
    return frozen({rules.board.find_power(p): tuple(Build(UnitKind(b["type"]), int(b["paid"]), int(b["laid"]))
                                                    for b in bs)
                   for p, bs in data.items()})


def _arsenal_to_json(state: GameState) -> dict[str, list[int]]:
    """Atomic bombs bought and not yet loaded, by power: the rounds they were bought in."""
    return {state.rules.power_name(p): list(rounds) for p, rounds in state.arsenal.items()}


def _arsenal_from_json(data: Mapping[str, list[int]], power: Callable[[str], PowerId],
                       ) -> Mapping[PowerId, tuple[int, ...]]:
    return frozen({power(p): tuple(int(r) for r in rounds) for p, rounds in data.items() if rounds})


def _hands_to_json(state: GameState) -> dict[str, dict[str, object]]:
    """National Advantages drawn, revealed and used, by power (``engine.advantages``)."""
    return {state.rules.power_name(p): h.to_json() for p, h in state.advantages.items()}


def _hands_from_json(data: Mapping[str, Mapping[str, Any]], power: Callable[[str], PowerId],
                     ) -> Mapping[PowerId, Hand]:
    return frozen({power(p): Hand.from_json(h) for p, h in data.items()})


def _steps_back(state: GameState) -> tuple[list[dict[str, Any]], GameState]:
    """For each state kept for ``/undo`` (``GameState.before``), newest first, what differs
    from the state after it, so reading the JSON back restores them without a replay; and
    the oldest state they step back to."""
    steps: list[dict[str, Any]] = []
    after, before = state, state.before
    while before is not None:
        step = _step_back(before, after)
        if step is None:
            break
        steps.append(step)
        after, before = before, before.before
    return steps, after


def _step_back(before: GameState, after: GameState) -> dict[str, Any] | None:
    if any(getattr(before, f) != getattr(after, f) for f in _KEPT):
        return None
    pname = before.rules.power_name
    board = before.board
    now = after.units
    step: dict[str, Any] = {
        "pieces": [_unit_to_json(before, u) for uid, u in before.units.items()
                   if (n := now.get(uid)) is not u and n != u],
        "added": [uid for uid in now if uid not in before.units],
    }
    if before.next_id != after.next_id:
        step["next_id"] = before.next_id
    if before.treasury != after.treasury:
        step["treasury"] = _treasury_to_json(before)
    if before.purchased != after.purchased:
        step["purchased"] = dict(before.purchased)
    if before.sites != after.sites:
        step["sites"] = _sites_to_json(before)
    if before.builds != after.builds:
        step["builds"] = _builds_to_json(before)
    if before.arsenal != after.arsenal:
        step["arsenal"] = _arsenal_to_json(before)
    if before.owners != after.owners:
        step["owners"] = {board.name(s): _opt(pname, p) for s, p in before.owners.items()}
    if before.ic_damage != after.ic_damage:
        step["ic_damage"] = {board.name(s): v for s, v in before.ic_damage.items()}
    if before.orders != after.orders:
        step["orders"] = _orders_to_json(before)
    if before.combat != after.combat:
        step["combat"] = before.combat.to_json() if before.combat is not None else None
    if before.economy != after.economy:
        step["economy"] = before.economy.to_json(board.name, pname)
    if before.progress != after.progress:
        step["progress"] = _progress_to_json(before)
    if before.labs != after.labs:
        step["labs"] = _labs_to_json(before)
    if before.cooperation != after.cooperation:
        step["cooperation"] = {board.name(s): v for s, v in before.cooperation.items()}
    if before.diplomacy != after.diplomacy:
        step["diplomacy"] = before.diplomacy.to_json(board.name, pname)
    if before.advantages != after.advantages:
        step["advantages"] = _hands_to_json(before)
    return step


def _restore_back(state: GameState, steps: list[Mapping[str, Any]]) -> GameState:
    """``state`` with the steps back that :func:`_steps_back` wrote (newest first)."""
    rules = state.rules
    board = rules.board
    older: StepBack | None = None
    for step in reversed(steps[:len(state.since_checkpoint)]):
        was: dict[str, Any] = {}
        if "next_id" in step:
            was["next_id"] = int(step["next_id"])
        if "treasury" in step:
            was["treasury"] = _treasury_from_json(rules, step["treasury"])
        if "purchased" in step:
            was["purchased"] = _purchased_from_json(step["purchased"])
        if "sites" in step:
            was["sites"] = _sites_from_json(rules, step["sites"])
        if "builds" in step:
            was["builds"] = _builds_from_json(rules, step["builds"])
        if "arsenal" in step:
            was["arsenal"] = _arsenal_from_json(step["arsenal"], board.find_power)
        if "owners" in step:
            was["owners"] = frozen({board.space_by_name(n): board.find_power(p) if p else None
                                    for n, p in step["owners"].items()})
        if "ic_damage" in step:
            was["ic_damage"] = frozen({board.space_by_name(n): int(v) for n, v in step["ic_damage"].items()})
        if "orders" in step:
            was["orders"] = _orders_from_json(rules, step["orders"])
        if "combat" in step:
            was["combat"] = _combat_from_json(step["combat"])
        if "economy" in step:
            was["economy"] = Ledger.from_json(step["economy"], board.space_by_name, board.find_power)
        if "progress" in step:
            was["progress"] = _progress_from_json(step["progress"], board.find_power)
        if "labs" in step:
            was["labs"] = _labs_from_json(step["labs"], board.find_power)
        if "cooperation" in step:
            was["cooperation"] = _cooperation_from_json(step, board)
        if "diplomacy" in step:
            was["diplomacy"] = Relations.from_json(step["diplomacy"], board.space_by_name, board.find_power)
        if "advantages" in step:
            was["advantages"] = _hands_from_json(step["advantages"], board.find_power)
        units = tuple(_unit_from_json(rules, p) for p in step["pieces"])
        older = StepBack(units, tuple(int(i) for i in step["added"]), was, older)
    return state.evolve(back=older)


def _cooperation_from_json(data: Mapping[str, Any], board: Board) -> Mapping[SpaceId, int]:
    """The track's positions; a state written without them (a hand-written position, a game
    saved before the track was kept) has the board's starting positions."""
    if "cooperation" not in data:
        return frozen(starting_cooperation(board))
    return frozen({board.space_by_name(n): int(v) for n, v in data["cooperation"].items()})


def _progress_to_json(state: GameState) -> dict[str, dict[str, int]]:
    """Progress boxes filled, by power name and development id (``boxes`` research)."""
    return {state.rules.power_name(p): dict(boxes) for p, boxes in state.progress.items()}


def _progress_from_json(data: Mapping[str, Mapping[str, int]],
                        power: Callable[[str], PowerId]) -> Mapping[PowerId, Mapping[str, int]]:
    return frozen({power(p): frozen({str(d): int(n) for d, n in boxes.items()}) for p, boxes in data.items()})


def _labs_to_json(state: GameState) -> dict[str, dict[str, Any]]:
    """Each power's research dice of its latest round (``boxes`` research), by power name."""
    pname = state.rules.power_name
    return {pname(p): {"round": lab.round, "bought": lab.bought, "assigned": [list(a) for a in lab.assigned],
                       "rolled": lab.rolled, "shared": [pname(t) for t in lab.shared]}
            for p, lab in state.labs.items()}


def _labs_from_json(data: Mapping[str, Mapping[str, Any]], power: Callable[[str], PowerId]) -> Mapping[PowerId, Lab]:
    return frozen({power(p): Lab(int(lab["round"]), int(lab.get("bought", 0)),
                                 tuple((str(d), int(n)) for d, n in lab.get("assigned", ())),
                                 bool(lab.get("rolled", False)), tuple(power(t) for t in lab.get("shared", ())))
                   for p, lab in data.items()})


def _window_from_json(rules: RuleSet, data: Mapping[str, Any] | None,
                      power: Callable[[str], PowerId]) -> OpenWindow | None:
    """The passive window in progress (``engine.passive``); its phase must be one of the rule
    system's windows and the acting power one of those due."""
    if data is None:
        return None
    phase = str(data["phase"])
    if phase not in rules.turns.windows:
        raise BoardDataError(f"window: {phase!r} is not a passive window of {rules.id}")
    due = tuple(power(p) for p in data["due"])
    acting = power(data["acting"])
    if acting not in due:
        raise BoardDataError(f"window: the acting power {data['acting']!r} is not among those due")
    return OpenWindow(phase, due, acting)


def _lane_to_json(state: GameState, lane: Lane) -> dict[str, Any]:
    """A teammate's lane (``engine.lanes``): its phase, why it waits, what it bought, its
    research result and its battles, as the state's own fields are written."""
    out: dict[str, Any] = {"phase": lane.phase, "waiting": lane.waiting, "purchased": dict(lane.purchased),
                           "combat": lane.combat.to_json() if lane.combat is not None else None}
    if state.rules.technology.offered:
        out["research"] = _research_to_json(state, lane.research)
    return out


def _lane_from_json(data: Mapping[str, Any], power: Callable[[str], PowerId]) -> Lane:
    waiting = data.get("waiting")
    if waiting not in (None, "start", "gate", "window", "done"):
        raise BoardDataError(f"a lane waits for 'start', 'gate', 'window' or 'done', not {waiting!r}")
    research = data.get("research")
    return Lane(str(data["phase"]), waiting, _purchased_from_json(data.get("purchased", {})),
                _research_from_json(research, power) if research else None, _combat_from_json(data.get("combat")))


def _research_to_json(state: GameState, r: Research | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {"power": state.rules.power_name(r.power), "development": r.development, "dice": r.dice,
            "faces": list(r.faces), "breakthrough": r.breakthrough, "gained": list(r.gained)}


def _research_from_json(data: Mapping[str, Any], power: Callable[[str], PowerId]) -> Research:
    """A record written before ``gained`` existed gained its development on a breakthrough."""
    development = data["development"]
    gained = data.get("gained", [development] if data["breakthrough"] else [])
    return Research(power(data["power"]), None if development is None else str(development), int(data["dice"]),
                    tuple(int(f) for f in data["faces"]), bool(data["breakthrough"]), tuple(str(d) for d in gained))


def state_from_json(data: Mapping[str, Any], rules: RuleSet) -> GameState:
    """Rebuild a state; ``rules`` must be the rule system named in ``data["ruleset"]``."""
    if data.get("ruleset") != rules.id:
        raise BoardDataError(f"state is for rule set {data.get('ruleset')!r}, not {rules.id!r}")
    options = data.get("options", rules.option_defaults())
    rules = rules.for_options(options)
    board = rules.board
    power = rules.board.find_power
    owners: dict[SpaceId, PowerId | None] = {}
    ic_damage: dict[SpaceId, int] = {}
    for name, entry in data["spaces"].items():
        sid = board.space_by_name(name)
        owners[sid] = power(entry["owner"]) if entry.get("owner") else None
        if entry.get("ic_damage"):
            ic_damage[sid] = int(entry["ic_damage"])
    for sid in board.spaces:
        owners.setdefault(sid, None)
    if "pieces" in data:
        units = {u.id: u for u in (_unit_from_json(rules, p) for p in data["pieces"])}
        next_id = int(data.get("next_id", max(units, default=0) + 1))
    else:
        units = units_from_counts(rules, data["spaces"])
        next_id = max(units, default=0) + 1
    turn_start = dict(owners)
    for name, p in data.get("turn_start_owners", {}).items():
        turn_start[board.space_by_name(name)] = power(p) if p else None
    checkpoint = None
    since: tuple[str, ...] = ()
    if data.get("undo"):
        checkpoint = state_from_json(data["undo"]["checkpoint"], rules) if "checkpoint" in data["undo"] else None
        since = tuple(data["undo"]["commands"])
    research = data.get("research")
    state = GameState(
        rules=rules,
        round=int(data["round"]),
        turn=power(data["turn"]),
        phase=str(data["phase"]),
        treasury=_treasury_from_json(rules, data["treasury"]),
        owners=frozen(owners),
        units=frozen(units),
        ic_damage=frozen(ic_damage),
        turn_start_owners=frozen(turn_start),
        purchased=_purchased_from_json(data.get("purchased", {})),
        sites=_sites_from_json(rules, data.get("sites", {})),
        builds=_builds_from_json(rules, data.get("builds", {})),
        arsenal=_arsenal_from_json(data.get("arsenal", {}), power),
        options=frozen(options),
        orders=_orders_from_json(rules, data.get("orders", {})),
        combat=_combat_from_json(data.get("combat")),
        tech=frozen({power(p): tuple(str(d) for d in ds) for p, ds in data.get("tech", {}).items() if ds}),
        research=_research_from_json(research, power) if research else None,
        economy=Ledger.from_json(data["economy"], board.space_by_name, power) if data.get("economy") else EMPTY,
        progress=_progress_from_json(data.get("progress", {}), power),
        labs=_labs_from_json(data.get("labs", {}), power),
        victory_since=frozen({str(side): int(r) for side, r in data.get("victory_since", {}).items()}),
        cooperation=_cooperation_from_json(data, board),
        diplomacy=Relations.from_json(data["diplomacy"], board.space_by_name, power) if data.get("diplomacy") else NONE,
        advantages=_hands_from_json(data.get("advantages", {}), power),
        goals=goals_from_json(data["goals"]) if data.get("goals") is not None else None,
        fallen=frozenset(board.space_by_name(n) for n in data.get("fallen", ())),
        lanes=frozen({power(p): _lane_from_json(lane, power) for p, lane in data.get("lanes", {}).items()}),
        window=_window_from_json(rules, data.get("window"), power),
        winner=data.get("winner"),
        next_id=next_id,
        checkpoint=checkpoint,
        since_checkpoint=since,
    )
    if not data.get("undo"):
        return state
    state = _restore_back(state, data["undo"].get("before", []))
    if checkpoint is None:
        checkpoint = _checkpoint_of(state)
        if checkpoint is None:
            raise BoardDataError("undo: no checkpoint, and not every command since it can be stepped back")
        state = state.evolve(checkpoint=checkpoint)
    return state


def _treasury_to_json(state: GameState) -> dict[str, int]:
    return {state.rules.power_name(p): v for p, v in state.treasury.items()}


def _treasury_from_json(rules: RuleSet, data: Mapping[str, Any]) -> Mapping[PowerId, int]:
    return frozen({rules.board.find_power(p): int(v) for p, v in data.items()})


def _purchased_from_json(data: Mapping[str, Any]) -> Mapping[UnitKind, int]:
    return frozen({UnitKind(k): int(v) for k, v in data.items()})


def _orders_to_json(state: GameState) -> dict[str, Any]:
    return {state.rules.power_name(p): _thaw(o) for p, o in state.orders.items()}


def _orders_from_json(rules: RuleSet, data: Mapping[str, Any]) -> Mapping[PowerId, Mapping[str, Any]]:
    return frozen({rules.board.find_power(p): frozen(o) for p, o in data.items()})


def _combat_from_json(data: Mapping[str, Any] | None) -> Any:
    if data is None:
        return None
    from .combat import combat_from_json

    return combat_from_json(data)


def units_from_counts(rules: RuleSet, spaces: Mapping[str, Any]) -> dict[int, Unit]:
    """Build pieces from ``{space name: {"units": {power: {kind: n}}}}``, loading ships."""
    board = rules.board
    units: dict[int, Unit] = {}
    next_id = 1
    for name, entry in spaces.items():
        sid = board.space_by_name(name) if board.has_space_named(name) else board.find_space(name)
        for pname_, counts in entry.get("units", {}).items():
            owner = board.find_power(pname_)
            kinds = {UnitKind(k): int(n) for k, n in counts.items() if int(n) > 0}
            for k in kinds:
                if k not in rules.units:
                    raise BoardDataError(f"unknown unit type {k!r} in {name}")
            if board.spaces[sid].is_sea:
                try:
                    groups = assign_cargo(rules, kinds)
                except ValueError as err:
                    raise BoardDataError(f"{name}: {err}") from None
                for ship_kind, riders in groups:
                    ship = Unit(next_id, ship_kind, owner, sid)
                    units[ship.id] = ship
                    next_id += 1
                    for r in riders:
                        units[next_id] = Unit(next_id, r, owner, sid, aboard=ship.id)
                        next_id += 1
            else:
                for kind, n in kinds.items():
                    for _ in range(n):
                        units[next_id] = Unit(next_id, kind, owner, sid)
                        next_id += 1
    return units


def _damaged(state: GameState) -> dict[str, dict[str, dict[str, int]]]:
    """Units carrying unrepaired hits, for readers that only look at the summary."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for u in state.units.values():
        if u.hits:
            per = out.setdefault(state.board.name(u.space), {}).setdefault(state.rules.power_name(u.owner), {})
            per[u.kind] = per.get(u.kind, 0) + 1
    return out


def _unit_to_json(state: GameState, u: Unit) -> dict[str, Any]:
    board = state.board
    out: dict[str, Any] = {
        "id": u.id,
        "type": u.kind,
        "power": state.rules.power_name(u.owner),
        "space": board.name(u.space),
    }
    if u.hits:
        out["hits"] = u.hits
    if u.moved:
        out["moved"] = u.moved
    if u.path:
        out["path"] = [board.name(s) for s in u.path]
    if u.aboard is not None:
        out["aboard"] = u.aboard
    if u.flags:
        out["flags"] = sorted(u.flags)
    if u.target is not None:
        out["target"] = board.name(u.target)
    if u.built_with:
        out["built_with"] = sorted(u.built_with)
    return out


def _unit_from_json(rules: RuleSet, p: Mapping[str, Any]) -> Unit:
    board = rules.board
    kind = UnitKind(p["type"])
    if kind not in rules.units:
        raise BoardDataError(f"piece {p.get('id')}: unknown unit type {kind!r}")
    return Unit(
        id=int(p["id"]),
        kind=kind,
        owner=board.find_power(p["power"]),
        space=board.space_by_name(p["space"]),
        hits=int(p.get("hits", 0)),
        moved=int(p.get("moved", 0)),
        path=tuple(board.space_by_name(s) for s in p.get("path", ())),
        aboard=p.get("aboard"),
        flags=frozenset(p.get("flags", ())),
        target=board.space_by_name(p["target"]) if p.get("target") else None,
        built_with=frozenset(str(d) for d in p.get("built_with", ())),
    )


def _opt(f: Any, value: Any) -> Any:
    return None if value is None else f(value)


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value
