"""Sea units: picking ships (and the cargo they carry), carriers and their fighters.

000, Special Combat Movement, Aircraft Carriers: the carrier owner's fighters launch
before the carrier moves; allied fighters aboard stay as cargo. 000, Phase 4: "In order
for a fighter to land on a carrier, both units must END their movement in the same sea
zone", and a carrier "can move to a sea zone where one of your fighters has ended its
move ... but cannot move any farther that turn". Transports carry their cargo along.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

from ..ids import SpaceId, UnitKind
from ..notation import unit_word
from ..state import Unit
from .context import Ctx, count_kinds, refuse, units_text
from .paths import Refusal
from .select import pick, why_not


def pick_ships(ctx: Ctx, origin: SpaceId, ships: Sequence[tuple[UnitKind, int]],
               cargo: Sequence[tuple[UnitKind, int]]) -> list[Unit]:
    """Choose the ships; land units named with them say which loaded transports go."""
    pool = ctx.state.units_at(origin)

    def load(u: Unit) -> int:
        return sum(1 for c in pool if c.aboard == u.id)

    if not cargo:
        return pick(ctx, origin, ships, pool, lambda u: why_not(ctx, u),
                    order=lambda u: (u.moved, -load(u), u.id))
    transports = [(k, n) for k, n in ships if ctx.spec(k).is_transport]
    others = [(k, n) for k, n in ships if not ctx.spec(k).is_transport]
    if not transports:
        refuse("move.cargo_without_ship", f"Land units at sea move with their transport: name the transports "
               f"that carry {units_text(ctx, cargo)}.")
    chosen = pick(ctx, origin, others, pool, lambda u: why_not(ctx, u)) if others else []
    wanted = {k: n for k, n in cargo}
    for kind, n in transports:
        able = [u for u in pool if u.kind == kind and u.owner == ctx.power and why_not(ctx, u) is None]
        able.sort(key=lambda u: (u.moved, u.id))
        for combo in combinations(able, n):
            carried = count_kinds(c for c in pool if c.aboard in {t.id for t in combo})
            if carried == wanted:
                chosen.extend(combo)
                break
        else:
            refuse("move.no_such_cargo", f"No {n} {unit_word(ctx.rules, kind, n)} in "
                   f"{ctx.name(origin)} that can move carry exactly {units_text(ctx, cargo)}.")
    return chosen


def sail(ctx: Ctx, ships: Sequence[Unit], path: tuple[SpaceId, ...], flags: frozenset[str]) -> list[Unit]:
    """The ships at the end of ``path``, their cargo with them and own fighters launched."""
    dest = path[-1]
    steps = len(path) - 1
    out: list[Unit] = []
    ship_ids = {s.id for s in ships}
    for s in ships:
        out.append(replace(s, space=dest, moved=s.moved + steps, path=(s.path or (path[0],)) + path[1:],
                           flags=s.flags | flags))
    for u in ctx.state.units_at(path[0]):
        if u.aboard not in ship_ids:
            continue
        if ctx.spec(u.kind).is_air and u.owner == ctx.power:
            out.append(replace(u, aboard=None))  # launched before the carrier moved
        else:
            out.append(replace(u, space=dest, path=(u.path or (path[0],)) + path[1:]))
    return out


def land_fighters(ctx: Ctx, units: dict[int, Unit], zone: SpaceId, fighters: set[int] | None = None,
                  carriers: set[int] | None = None) -> list[Unit]:
    """Noncombat Move: own airborne fighters in ``zone`` (or just ``fighters``) land on friendly
    carriers with room there (or just ``carriers``), the mover's own first; landing ends the
    fighter's move."""
    present = [u for u in units.values() if u.space == zone]
    decks = sorted((u for u in present if ctx.spec(u.kind).carrier_capacity and ctx.friendly(u.owner)
                    and (carriers is None or u.id in carriers)), key=lambda c: (c.owner != ctx.power, c.id))
    flying = sorted((u for u in present if u.owner == ctx.power and u.aboard is None
                     and ctx.spec(u.kind).carrier_based and (fighters is None or u.id in fighters)),
                    key=lambda u: u.id)
    out: list[Unit] = []
    for carrier in decks:
        room = ctx.spec(carrier.kind).carrier_capacity - sum(1 for u in present if u.aboard == carrier.id)
        while room > 0 and flying:
            f = flying.pop(0)
            out.append(replace(f, aboard=carrier.id, moved=f.moved + max(0, ctx.points_left(f))))
            room -= 1
    return out


def sea_destination_refusal(ctx: Ctx, ships: Sequence[Unit], dest: SpaceId) -> Refusal | None:
    """Combat Move: ships end where there is an enemy to fight (or to pass by in support of an
    assault), escape the hostile zone they started in, or go with transports to an assault
    (000, Phase 2: the four exceptions). Whether an assault is really made from a quiet zone
    is checked when Combat Move ends."""
    if ctx.enemy_at(dest) or all(ctx.hostile_sea(u.start) for u in ships):
        return None
    if any(ctx.spec(u.kind).is_transport for u in ships):
        return None
    if any(ctx.spec(u.kind).is_transport and u.owner == ctx.power for u in ctx.state.units_at(dest)):
        return None
    return Refusal("combat_move.no_combat", f"There is no combat in {ctx.name(dest)}: in Combat Move sea units "
                   "end in a friendly zone only to support an amphibious assault from it (bring the transports "
                   "first) or to escape the hostile zone they started in.")


def noncombat_sea_refusal(ctx: Ctx, ships: Sequence[Unit], dest: SpaceId) -> Refusal | None:
    """Noncombat Move: submarines pass through hostile zones but may end there only under the
    switch ``submarines_end_noncombat_in_hostile`` (000, Phase 4: "through and even into";
    002, Appendix I, Submarines: "A submarine cannot end a noncombat move in a hostile sea
    zone"). Other ships never enter one (``paths.step``), or, where they pass zones of only
    enemy submarines and transports (switch ``forced_passage``; 001 › Phase 5, Naval
    Movement: "may go through"), never end in one."""
    if not ctx.hostile_sea(dest):
        return None
    if ctx.rules.switches.forced_passage and not all(ctx.spec(u.kind).submarine for u in ships):
        return Refusal("noncombat.hostile_sea", f"Sea units may pass {ctx.name(dest)} in Noncombat Move but not "
                       "end there: it holds enemy units.")
    if ctx.rules.switches.submarines_end_noncombat_in_hostile:
        return None
    if not any(ctx.spec(u.kind).submarine for u in ships):
        return None
    return Refusal("noncombat.sub_in_hostile_sea", f"Submarines may pass through hostile sea zones in "
                   f"Noncombat Move but not end there, and {ctx.name(dest)} holds enemy units.")
