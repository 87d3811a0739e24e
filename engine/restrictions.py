"""Where a rule system keeps a side's own units apart or out: ``[[restriction]]`` of ruleset.toml.

AARHE has two (001 › Phase 3). Stalinist Xenophobia: "Before the axis captures the Soviet
capital Moscow, US and UK may not move units into or fly air units over any original Soviet
territories plus West Russia, Belorussia and Ukraine. Also, Allied territories liberated by
USSR are under USSR control." Rome-Berlin-Tokyo Axis Co-operation: "Before Allies capture the
Axis capitals Berlin or Tokyo, Japanese units may not be in the same territory or sea zone as
German or Italian units." Each is one table of data:

- ``name``: what a refusal calls it;
- ``powers``: whom it restrains;
- ``keep_out``: territories they may not enter or fly over, and ``keep_out_original``:
  every territory first owned by these powers too;
- ``apart_from``: powers whose units theirs may not stand with (either way round);
- ``liberator_keeps``: powers that keep an ally's territory they liberate (not its capital);
- ``until_captured``: capitals; the restriction ends for good once an enemy of the capital's
  power has captured one of them (``GameState.fallen``, README ruling on "captures").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .board import Board
from .errors import BoardDataError
from .ids import PowerId, SpaceId
from .prose import possessive

if TYPE_CHECKING:
    from .state import GameState

KEYS = ("name", "powers", "keep_out", "keep_out_original", "apart_from", "liberator_keeps", "until_captured")


@dataclass(frozen=True, slots=True)
class Restriction:
    """One ``[[restriction]]`` table, checked against the board."""

    name: str
    powers: tuple[PowerId, ...]
    until_captured: tuple[SpaceId, ...]
    keep_out: frozenset[SpaceId] = frozenset()
    apart_from: tuple[PowerId, ...] = ()
    liberator_keeps: tuple[PowerId, ...] = ()

    def in_force(self, fallen: frozenset[SpaceId]) -> bool:
        return not any(c in fallen for c in self.until_captured)

    def until(self, board: Board) -> str:
        """``"until Russia is captured by the Axis"``: what lifts it, in words."""
        capitals = " or ".join(board.name(c) for c in self.until_captured)
        own = next(p.side for p in board.powers.values() if p.capital == self.until_captured[0])
        enemy = next((p.side for p in board.powers.values() if p.side != own), "enemy")
        return f"until {capitals} is captured by the {enemy}"


def restrictions_from_list(where: str, data: Sequence[Mapping[str, Any]], board: Board) -> tuple[Restriction, ...]:
    """Read and check every ``[[restriction]]`` table (none: no restriction)."""
    return tuple(_one(f"{where} [[restriction]] {i + 1}", t, board) for i, t in enumerate(data))


def _one(at: str, t: Mapping[str, Any], board: Board) -> Restriction:
    unknown = sorted(set(t) - set(KEYS))
    if unknown:
        raise BoardDataError(f"{at}: unknown key {unknown[0]!r}; known: {', '.join(KEYS)}")

    def powers(key: str) -> tuple[PowerId, ...]:
        stray = [p for p in t.get(key, ()) if p not in board.powers]
        if stray:
            raise BoardDataError(f"{at}: {key} names unknown power {stray[0]!r}")
        return tuple(PowerId(p) for p in t.get(key, ()))

    def spaces(key: str) -> tuple[SpaceId, ...]:
        stray = [s for s in t.get(key, ()) if s not in board.spaces or not board.spaces[s].is_land]
        if stray:
            raise BoardDataError(f"{at}: {key} names {stray[0]!r}, which is no territory of the board")
        return tuple(SpaceId(s) for s in t.get(key, ()))

    capitals = spaces("until_captured")
    if not capitals or any(c not in {p.capital for p in board.powers.values()} for c in capitals):
        raise BoardDataError(f"{at}: until_captured must name capitals")
    originals = powers("keep_out_original")
    keep_out = frozenset(spaces("keep_out")) | {s for s, sp in board.spaces.items()
                                                 if sp.is_land and sp.original in originals}
    return Restriction(str(t.get("name") or at), powers("powers"), capitals, keep_out, powers("apart_from"),
                       powers("liberator_keeps"))


@lru_cache(maxsize=64)
def keeping_out(restrictions: tuple[Restriction, ...], fallen: frozenset[SpaceId],
                power: PowerId) -> Mapping[SpaceId, Restriction]:
    """The territories ``power`` may not enter or fly over now, each with its restriction
    (asked at every step of every path search, so kept per restrictions, captures and power)."""
    return {s: r for r in restrictions if power in r.powers and r.in_force(fallen) for s in r.keep_out}


def kept_apart(restrictions: tuple[Restriction, ...], fallen: frozenset[SpaceId],
               power: PowerId) -> Mapping[PowerId, Restriction]:
    """The powers whose units ``power``'s may not share a space with now."""
    out: dict[PowerId, Restriction] = {}
    for r in restrictions:
        if not r.in_force(fallen):
            continue
        if power in r.powers:
            out.update({p: r for p in r.apart_from})
        if power in r.apart_from:
            out.update({p: r for p in r.powers})
    return out


def sharing(state: GameState, power: PowerId, space: SpaceId) -> str | None:
    """Why ``power``'s units may not be in ``space`` now, with units a restriction keeps them
    apart from (None: they may)."""
    apart = kept_apart(state.rules.restrictions, state.fallen, power)
    other = next((u.owner for u in state.units_at(space) if u.owner in apart), None) if apart else None
    if other is None:
        return None
    r, rules = apart[other], state.rules
    return (f"{r.name}: {possessive(rules.power_name(power))} units may not be in {state.board.name(space)} with "
            f"{possessive(rules.power_name(other))} {r.until(state.board)} (001 › Phase 3).")


def liberator_keeps(restrictions: tuple[Restriction, ...], fallen: frozenset[SpaceId], liberator: PowerId) -> bool:
    """Whether an ally's territory ``liberator`` liberates stays its own."""
    return any(liberator in r.liberator_keeps and r.in_force(fallen) for r in restrictions)
