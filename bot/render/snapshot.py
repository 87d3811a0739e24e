"""Reads the engine's state JSON into what the map draws, keyed by board ids."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.render.geometry import BoardGeometry
from bot.render.unitkey import UnitKey, unit_key
from engine import GameState, RuleSet, phase_title
from engine.leanings import Leaning, key, leanings
from engine.serial import state_from_json
from maps import load_ruleset


@dataclass(frozen=True)
class SpaceState:
    """Controller and units of one space; powers and spaces are board ids."""

    owner: str | None
    units: dict[str, dict[str, int]] = field(default_factory=dict)
    damaged: dict[str, dict[str, int]] = field(default_factory=dict)
    ic_damage: int = 0
    docked: dict[str, str] = field(default_factory=dict)
    """Powers whose ships here are docked at a neutral: power id -> the neutral's name."""


@dataclass(frozen=True)
class Snapshot:
    """The parts of a game state a map shows."""

    round: int | None
    turn: str | None
    phase: str | None
    """The phase's display title ("Combat Move"), from the rule system."""
    treasury: dict[str, int]
    winner: str | None
    spaces: dict[str, SpaceState]
    units: UnitKey
    """How the state's rule system names its units."""
    track: dict[str, Leaning] = field(default_factory=dict)
    """Where each neutral no power holds stands on the track of cooperation."""
    track_key: tuple[Leaning, ...] = ()
    """Every place on that track, for the legend; empty where the rule system has none."""


def _counts(raw: Any) -> dict[str, int]:
    return {str(unit): int(n) for unit, n in (raw or {}).items() if int(n) > 0}


def read_snapshot(state: dict[str, Any], board: BoardGeometry) -> Snapshot:
    """Translate display names to ids; unknown names raise KeyError naming them."""
    damaged_raw: dict[str, Any] = state.get("damaged") or {}
    # A picture may show any shipped rule system, also one not yet offered for new games.
    rules = load_ruleset(str(state.get("ruleset") or board.board_id), unplayable=True)
    game = _engine_state(state, rules)
    docks: dict[str, dict[str, str]] = {}
    for power, zones in (game.diplomacy.docked.items() if game is not None else ()):
        for zone, neutral in zones.items():
            docks.setdefault(str(zone), {})[str(power)] = rules.board.name(neutral)
    spaces: dict[str, SpaceState] = {}
    for name, raw in (state.get("spaces") or {}).items():
        space = board.space(name)
        owner = raw.get("owner")
        units = {
            board.power(power).id: counts
            for power, per_power in (raw.get("units") or {}).items()
            if (counts := _counts(per_power))
        }
        damaged = {
            board.power(power).id: counts
            for power, per_power in (damaged_raw.get(name) or {}).items()
            if (counts := _counts(per_power))
        }
        spaces[space.id] = SpaceState(
            owner=board.power(owner).id if owner else None,
            units=units,
            damaged=damaged,
            ic_damage=int(raw.get("ic_damage") or 0),
            docked=docks.get(space.id, {}),
        )
    turn = state.get("turn")
    phase = state.get("phase")
    winner = state.get("winner")
    return Snapshot(
        round=state.get("round"),
        turn=board.power(turn).name if turn and board.has_power(turn) else turn,
        phase=phase_title(rules, str(phase)) if phase else None,
        treasury={board.power(p).id: int(v) for p, v in (state.get("treasury") or {}).items()},
        winner=str(winner) if winner else None,
        spaces=spaces,
        units=unit_key(rules),
        track={str(space): mark for space, mark in leanings(game).items()} if game is not None else {},
        track_key=key(rules),
    )


def _engine_state(state: dict[str, Any], rules: RuleSet) -> GameState | None:
    """The state as the engine reads it, where the rule system has a track of cooperation:
    the neutrals' places and the ships docked at them are the engine's to say."""
    if not key(rules):
        return None
    return state_from_json({**state, "ruleset": rules.id}, rules)
