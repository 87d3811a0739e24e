"""Attacking a neutral (switch ``neutrals = "cooperation"``; 001 › Phase 8: Diplomacy, Level
of cooperation): "An attack on a neutral by team A causes it to join team B, taking it to
+5/-5 accordingly and the neutral's units defend against this attack. Territory, and units
go to the player (on team B) with the closest original capital VC and still holding the
capital. If team B lost all their original capitals then they go to the player with the
closest occupied capital."

A Combat Move that ends in a neutral no power holds, which the mover's side may not enter,
attacks it: the neutral joins the other side first (``engine.neutrals.join``), so the move
is then judged, and later fought, as any attack on that power's territory. A sea move
through a canal a neutral controls, without the mover's side holding it since the start of
the turn, attacks that neutral too (001 › Appendix: Neutrals: "Movement between sea zone 15
and 16 without friendly control of Turkey is an attack on Turkey"): the ships pass, and the
neutral joins the other side after the move.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..board import Board, Canal
from ..control import holds_capital
from ..events import Event, event
from ..ids import PowerId, SpaceId
from ..neutrals import TOWARD, join, landing_zones, naval_troops, track_of
from ..state import GameState
from .context import Ctx
from .neutrals import open_to, unheld


def attacked(ctx: Ctx, dest: SpaceId) -> SpaceId | None:
    """The neutral a Combat Move into ``dest`` attacks (Rio de Oro's is Spain), if any."""
    if ctx.combat and unheld(ctx.state, dest) and not open_to(ctx, dest):
        return track_of(ctx.board, dest)
    return None


def forcible(ctx: Ctx, canal: Canal) -> tuple[SpaceId, ...]:
    """The neutrals passing ``canal``, closed to the mover, would attack: every controlling
    territory the mover's side did not hold at the start of the turn is a neutral on the
    track that no power holds (the Turkish straits); empty if the canal is simply closed."""
    start = ctx.state.turn_start_owners
    missing = [t for t in canal.controlled_by if not ctx.friendly(start.get(t, ctx.state.owners.get(t)))]
    if missing and all(unheld(ctx.state, t) for t in missing):
        return tuple(missing)
    return ()


def forced(ctx: Ctx, canal: Canal) -> tuple[SpaceId, ...]:
    """The neutrals a move through ``canal`` attacks: only a Combat Move may force it."""
    return forcible(ctx, canal) if ctx.combat else ()


def forced_on(ctx: Ctx, path: tuple[SpaceId, ...]) -> list[SpaceId]:
    """The neutrals a sea path attacks by the canals it passes uninvited, in path order."""
    out: list[SpaceId] = []
    for a, b in zip(path, path[1:]):
        canal = ctx.canal_closed(a, b)
        for neutral in forced(ctx, canal) if canal is not None else ():
            if neutral not in out:
                out.append(neutral)
    return out


def defender(state: GameState, neutral: SpaceId, side: str) -> PowerId:
    """The power of ``side`` the attacked neutral goes to: the one whose capital is nearest
    among those holding their own, or nearest of all when none does (steps on the board,
    land and sea alike; the earlier in turn order on a tie; README, ruling 38)."""
    board = state.board
    powers = [p for p in state.rules.turn_order if board.side_of(p) == side]
    holding = [p for p in powers if holds_capital(state, p)] or powers
    steps = _steps(board, neutral)
    return min(holding, key=lambda p: (steps.get(board.powers[p].capital, len(board.spaces)), powers.index(p)))


def attack(state: GameState, neutral: SpaceId, attacker: PowerId) -> tuple[GameState, list[Event]]:
    """``attacker`` attacks ``neutral``: it joins the other side's nearest power at the end
    of the track, its troops that power's units, its ships in the adjacent sea zone where
    the attacker's side has fewest units (README, ruling 38)."""
    board = state.board
    side = next(s for s in TOWARD if s != board.side_of(attacker))
    power = defender(state, neutral, side)
    sea = _haven(state, neutral, attacker) if naval_troops(state, neutral) else None
    names = state.rules.power_name
    capital = board.powers[power].capital
    city = board.spaces[capital].victory_city or board.name(capital)
    said = event("attack_neutral", f"{names(attacker)} attacks {board.name(neutral)}: it joins the {side} with "
                 f"{names(power)}, whose capital {city} is nearest "
                 f"({_steps(board, neutral).get(capital, 0)} spaces away).",
                 power=names(attacker), space=board.name(neutral), joins=names(power))
    state, joined = join(state, neutral, power, sea)
    return state, [said, *joined]


def attack_all(state: GameState, neutrals: Iterable[SpaceId], attacker: PowerId) -> tuple[GameState, list[Event]]:
    """Each of ``neutrals`` attacked in turn."""
    events: list[Event] = []
    for neutral in neutrals:
        state, more = attack(state, neutral, attacker)
        events += more
    return state, events


def _haven(state: GameState, neutral: SpaceId, attacker: PowerId) -> SpaceId:
    """Where the attacked neutral's ships join: the adjacent zone holding the fewest units
    of the attacker's side (its new owner keeps them out of the attack), the lowest number
    on a tie."""
    board = state.board

    def enemies(zone: SpaceId) -> int:
        return sum(1 for u in state.units_at(zone) if board.allies(u.owner, attacker))

    return min(landing_zones(state, neutral), key=lambda z: (enemies(z), board.spaces[z].number or 0, z))


def _steps(board: Board, origin: SpaceId) -> dict[SpaceId, int]:
    """Steps from ``origin`` to every space, land and sea alike."""
    dist = {origin: 0}
    frontier = [origin]
    while frontier:
        nxt: list[SpaceId] = []
        for here in frontier:
            for n in board.neighbours(here):
                if n not in dist:
                    dist[n] = dist[here] + 1
                    nxt.append(n)
        frontier = nxt
    return dist
