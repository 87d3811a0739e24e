"""Paths and movement points: which steps a group may take and the best way to a space.

000, Phase 2: Combat Move ("A land or sea unit can move a number of spaces up to its move
value. Most units must stop when they enter a hostile space"), Tanks and Blitzing,
Submarines, Canals, Neutral Territories, and Unit Profiles, Air Units ("each time an air
unit crosses a boundary between spaces ... it uses one movement point"). One step
function judges every step; the search and the check of a path the player typed both use
it, so they can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..errors import IllegalCommandError
from ..ids import SpaceId, UnitKind
from ..notation import format_units
from ..prose import listing, possessive
from .context import Ctx, refuse
from .attack import forcible, forced
from .neutrals import step_refusal, unheld
from .restricted import kept_out_message
from .straits import noncombat_refusal
from .terrain import stops


@dataclass(frozen=True, slots=True)
class Mode:
    """How a group moves: its domain and the abilities every member shares."""

    domain: str
    label: str
    """Plural unit words for messages ("Tanks", "Sea units")."""
    blitz: bool = False
    """Every member is a tank that has not moved yet this turn."""
    submarine: bool = False
    """Every member is a submarine."""
    infiltrate: bool = False
    """Every member moves through enemy territories (``UnitSpec.infiltrates``: Chindits)."""


class Step(NamedTuple):
    stop: bool
    """The unit must stop in the space it entered."""
    blitz: bool
    """The step passes through an unoccupied hostile territory (tanks only)."""
    danger: int
    """How unwelcome the space is on the way: hostile, guarded by antiaircraft artillery, or
    holding enemy submarines or transports (search prefers safe paths among the shortest)."""


class Refusal(NamedTuple):
    reason: str
    message: str


Node = tuple[SpaceId, bool, bool]
"""(space, blitzed on the way, must stop here)."""


def step(ctx: Ctx, mode: Mode, here: SpaceId, nxt: SpaceId, index: int) -> Step | Refusal:
    """Judge entering ``nxt`` from ``here`` as the ``index``-th step (0 = first)."""
    space = ctx.board.spaces[nxt]
    if nxt in ctx.impassable:
        return Refusal("move.impassable", f"{space.name} is neutral: no unit may enter or fly over it.")
    if unheld(ctx.state, nxt):
        closed = step_refusal(ctx, mode, nxt)
        if closed is not None:
            return Refusal(*closed)
    if mode.domain != "sea" and nxt in ctx.kept_out:
        return Refusal("move.restricted", kept_out_message(ctx, nxt) or "")
    if mode.domain == "air":
        danger = 1 if (ctx.battle_territory(nxt) if space.is_land else ctx.hostile_sea(nxt)) else 0
        if nxt in ctx.antiaircraft:
            danger += 1
        return Step(False, False, danger)
    if mode.domain == "land":
        if space.is_sea:
            return Refusal("move.land_at_sea", f"{mode.label} cannot cross {space.name}: land units go to sea "
                           "only aboard a transport (load them with a move into the sea zone).")
        rough = stops(ctx, nxt) is not None
        if not ctx.combat:
            if (not ctx.friendly_territory(nxt) or ctx.enemy_at(nxt)) and not mode.infiltrate:
                return Refusal("noncombat.hostile", f"In Noncombat Move land units may not enter or cross "
                               f"hostile {space.name}.")
            return Step(rough, False, 0)
        if ctx.battle_territory(nxt) and mode.infiltrate:
            return Step(rough, False, 2)
        if ctx.battle_territory(nxt):
            if mode.blitz and index == 0 and not ctx.stops_blitz(nxt) and not rough:
                return Step(False, True, 2)
            return Step(True, False, 0)
        return Step(rough, False, 0)
    if space.is_land:
        return Refusal("move.ship_on_land", f"Sea units cannot enter {space.name}: it is land.")
    for z in (here, nxt):
        if z in ctx.closed:
            return Refusal("move.straits_closed", f"{ctx.name(z)} is closed to sea units (Turkish Straits rule).")
    canal = ctx.canal_closed(here, nxt)
    if canal is not None and not forced(ctx, canal):
        holders = listing(ctx.name(t) for t in canal.controlled_by)
        neutrals = listing(ctx.name(t) for t in forcible(ctx, canal))
        forcing = f" Passing it uninvited is an attack on {neutrals}, made only in Combat Move." if neutrals else ""
        return Refusal("move.canal_closed", f"The {canal.name} is closed to {ctx.pname()}: your side did not "
                       f"hold {holders} at the start of the turn.{forcing}")
    passage = ctx.rules.switches.forced_passage
    if mode.submarine:
        return Step(nxt in ctx.destroyer_zones and not passage, False, 1 if ctx.hostile_sea(nxt) else 0)
    guarded = None if ctx.combat else noncombat_refusal(ctx, here, nxt)
    if guarded is not None:
        return Refusal("strait.combat_move", guarded)
    if passage and ctx.hostile_sea(nxt) and only_subs_and_transports(ctx, nxt):
        return Step(False, False, 1)
    if ctx.hostile_sea(nxt):
        if not ctx.combat:
            return Refusal("noncombat.hostile_sea", f"In Noncombat Move sea units may not enter or cross hostile "
                           f"{space.name} (enemy {_hostile_at_sea(ctx)} there).")
        return Step(True, False, 0)
    return Step(False, False, 1 if ctx.enemy_at(nxt) else 0)


def only_subs_and_transports(ctx: Ctx, zone: SpaceId) -> bool:
    """The enemy units in ``zone`` are all submarines and transports (001 › Naval Movement:
    "sea zones consisting of only enemy Submarines and/or Transports")."""
    return all(ctx.spec(u.kind).submarine or ctx.spec(u.kind).is_transport for u in ctx.enemy_at(zone))


def _stop_refusal(ctx: Ctx, mode: Mode, space: SpaceId, index: int) -> Refusal:
    """Why a unit that entered ``space`` as its ``index``-th step must stop there."""
    if mode.domain == "land":
        why = _land_stop(ctx, mode, space, index)
    elif mode.submarine:
        why = "an enemy destroyer is there"
    else:
        why = f"enemy {_hostile_at_sea(ctx)} are there"
    return Refusal("move.must_stop", f"{mode.label} must stop on entering {ctx.name(space)}: {why}.")


def _hostile_at_sea(ctx: Ctx) -> str:
    """What makes a sea zone hostile, in words (switch ``hostile_sea_zone``)."""
    return "surface warships" if ctx.rules.switches.hostile_sea_zone == "surface_warships" else "units"


def _land_stop(ctx: Ctx, mode: Mode, space: SpaceId, index: int) -> str:
    """The real reason a land unit stops (000, Tanks and Blitzing): enemy units there (a
    factory or antiaircraft artillery alone stops a blitz, switch
    ``blitz_blocked_by_structures``), or a hostile holder."""
    rough = stops(ctx, space)
    if rough is not None:
        return f"land units stop on entering {rough} terrain"
    enemy = ctx.enemy_at(space)
    if enemy:
        tally: dict[UnitKind, int] = {}
        for u in enemy:
            tally[u.kind] = tally.get(u.kind, 0) + 1
        listed, owner = format_units(ctx.rules, tally), ctx.pname(enemy[0].owner)
        if mode.blitz and index == 0 and not any(ctx.spec(u.kind).is_combat_unit for u in enemy):
            return f"it holds {possessive(owner)} {listed}, and even without defenders that stops a blitz"
        return f"{owner} defends it with {listed}"
    return f"it is hostile (held by {ctx.pname(ctx.state.owners.get(space))})"


@dataclass(slots=True)
class Tree:
    """The result of a search: every node reached, with distance, danger and parent."""

    origin: SpaceId
    best: dict[Node, tuple[int, int, Node | None]]

    def nodes_at(self, space: SpaceId) -> list[Node]:
        return [n for n in self.best if n[0] == space and self.best[n][0] > 0]

    def path_to(self, space: SpaceId, blitz: bool = False) -> tuple[SpaceId, ...] | None:
        """The shortest, then safest, path to ``space`` (None if not reached); with ``blitz``,
        the shortest that blitzes through a territory on the way, if there is one."""
        nodes = self.nodes_at(space)
        if blitz:
            nodes = [n for n in nodes if n[1] and self.best[n][0] >= 2] or nodes
        if not nodes:
            return None
        node: Node | None = min(nodes, key=lambda n: (self.best[n][0], self.best[n][1], n))
        out: list[SpaceId] = []
        while node is not None:
            out.append(node[0])
            node = self.best[node][2]
        return tuple(reversed(out))

    def spaces(self) -> set[SpaceId]:
        return {n[0] for n, v in self.best.items() if v[0] > 0}


def search(ctx: Ctx, mode: Mode, origin: SpaceId, budget: int) -> Tree:
    """Breadth-first search of every legal path of at most ``budget`` steps."""
    key = f"search:{mode}:{origin}:{budget}"
    cached = ctx.cache.get(key)
    if isinstance(cached, Tree):
        return cached
    start: Node = (origin, False, False)
    best: dict[Node, tuple[int, int, Node | None]] = {start: (0, 0, None)}
    frontier = [start]
    for d in range(1, budget + 1):
        layer: dict[Node, tuple[int, int, Node | None]] = {}
        for node in frontier:
            here, blitzed, stop = node
            if stop:
                continue
            danger = best[node][1]
            for nxt in ctx.neighbours[here]:
                result = step(ctx, mode, here, nxt, d - 1)
                if isinstance(result, Refusal):
                    continue
                child: Node = (nxt, blitzed or result.blitz, result.stop)
                if child in best:
                    continue
                cand = (d, danger + result.danger, node)
                if child not in layer or cand[1] < layer[child][1]:
                    layer[child] = cand
        best.update(layer)
        frontier = sorted(layer)
    tree = Tree(origin, best)
    ctx.cache[key] = tree
    return tree


def check_path(ctx: Ctx, mode: Mode, path: tuple[SpaceId, ...]) -> tuple[Step, ...]:
    """Validate a path the player gave, step by step; raise on the first illegal step."""
    steps: list[Step] = []
    for i in range(1, len(path)):
        here, nxt = path[i - 1], path[i]
        if nxt not in ctx.board.spaces[here].adjacent:
            refuse("move.not_adjacent", f"{ctx.name(here)} and {ctx.name(nxt)} are not adjacent.")
        if steps and steps[-1].stop:
            r = _stop_refusal(ctx, mode, here, i - 2)
            refuse(r.reason, r.message)
        result = step(ctx, mode, here, nxt, i - 1)
        if isinstance(result, Refusal):
            refuse(result.reason, result.message)
        steps.append(result)
    return tuple(steps)


def plain_distance(ctx: Ctx, domain: str, origin: SpaceId, dest: SpaceId, limit: int = 12) -> int | None:
    """Steps between two spaces on the domain's own graph, ignoring friend and foe."""
    seen = {origin}
    frontier = [origin]
    for d in range(1, limit + 1):
        nxt_frontier = []
        for here in frontier:
            for n in ctx.neighbours[here]:
                sp = ctx.board.spaces[n]
                if n in seen or n in ctx.impassable:
                    continue
                if (domain == "land" and sp.is_sea) or (domain == "sea" and sp.is_land):
                    continue
                if n == dest:
                    return d
                seen.add(n)
                nxt_frontier.append(n)
        frontier = nxt_frontier
    return None


def explain_no_path(ctx: Ctx, mode: Mode, origin: SpaceId, dest: SpaceId, budget: int, what: str) -> Refusal:
    """Why no legal path of at most ``budget`` steps leads from ``origin`` to ``dest``."""
    a, b = ctx.name(origin), ctx.name(dest)
    if dest in ctx.impassable:
        return Refusal("move.impassable", f"{b} is neutral: no unit may enter or fly over it.")
    dist = plain_distance(ctx, mode.domain, origin, dest)
    if dist is None:
        return Refusal("move.no_route", f"{mode.label} cannot get from {a} to {b}.")
    if dist > budget:
        return Refusal("move.too_far", f"{what}; {a} to {b} is {dist}.")
    for path in _paths(ctx, origin, dest, dist):
        try:
            check_path(ctx, mode, path)
        except IllegalCommandError as err:  # the first refusal of the most direct way explains it
            return Refusal(err.reason, str(err))
    return Refusal("move.blocked", f"{mode.label} have no legal way from {a} to {b}.")


def _paths(ctx: Ctx, origin: SpaceId, dest: SpaceId, length: int) -> list[tuple[SpaceId, ...]]:
    """Simple paths of exactly ``length`` steps (small lengths only: used to explain refusals)."""
    out: list[tuple[SpaceId, ...]] = []

    def walk(path: tuple[SpaceId, ...]) -> None:
        if len(out) >= 50:
            return
        if len(path) - 1 == length:
            if path[-1] == dest:
                out.append(path)
            return
        for n in ctx.neighbours[path[-1]]:
            if n not in path:
                walk((*path, n))

    if length <= 4:
        walk((origin,))
    return out
