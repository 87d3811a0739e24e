"""Transports: loading, offloading and amphibious assault declarations.

000, Unit Profiles, Transports: capacity "any one land unit, plus one additional
infantry"; "Loading onto and/or offloading from a transport counts as a land unit's entire
move"; a transport "cannot load or offload while in a hostile sea zone", offloads into one
territory per turn and cannot move after offloading; offloading into a hostile territory is
an amphibious assault, declared in Combat Move (000, Phase 2, Amphibious Assaults; Special
Combat Movement, Transports). Allied transports carry your land units in three steps: load
on your turn, moved on theirs, offload on your next (000, Multinational Forces).
"""

from __future__ import annotations

from dataclasses import replace

from ..cargo import capacity_text, load_order, transport_fits
from ..commands import Move
from ..events import Event, event
from ..ids import SpaceId
from ..state import (
    COMBAT_MOVED,
    FOUGHT,
    LOADED,
    LOADED_IN_COMBAT,
    OFFLOADED,
    RETREATED,
    SEABORNE,
    GameState,
    Unit,
)
from .context import Ctx, count_kinds, refuse, units_text
from .neutrals import enter_refusal, unheld
from .select import pick


def _cargo(ctx: Ctx, transport: Unit) -> list[Unit]:
    return [u for u in ctx.state.units_at(transport.space) if u.aboard == transport.id]


def _transport_barred(ctx: Ctx, t: Unit) -> str | None:
    """Why a transport may not load or offload now."""
    if t.has(RETREATED):
        return "it retreated this turn"
    if not ctx.combat and (t.has(COMBAT_MOVED) or t.has(FOUGHT)):
        return "it loaded, moved, offloaded or fought in Combat Move or Conduct Combat"
    return None


def load(ctx: Ctx, cmd: Move) -> tuple[GameState, list[Event]]:
    """Land units in a territory board transports in an adjacent friendly sea zone."""
    state = ctx.state
    origin, zone = cmd.origin, cmd.destination
    if zone not in ctx.board.spaces[origin].adjacent:
        refuse("load.not_adjacent", f"{ctx.name(zone)} does not border {ctx.name(origin)}: units board only "
               "transports in an adjacent sea zone.")
    if cmd.path is not None and cmd.path != (origin, zone):
        refuse("load.path", "Loading is one step, from the territory into the sea zone.")
    if ctx.hostile_sea(zone):
        refuse("load.hostile_zone", f"Transports cannot load in hostile {ctx.name(zone)} (enemy surface warships there).")

    def why(u: Unit) -> str | None:
        if u.aboard is not None:
            return "they are aboard a transport"
        if u.path or u.moved:
            return "they moved this turn (loading is a land unit's entire move)"
        if ctx.combat and ctx.spec(u.kind).noncombat_move_only:
            return "they move only in Noncombat Move"
        if not ctx.combat and (u.has(COMBAT_MOVED) or u.has(FOUGHT)):
            return "they moved or fought this turn"
        if ctx.spec(u.kind).transport_size is None:
            return "transports cannot carry them"
        return None

    riders = pick(ctx, origin, cmd.units, state.units_at(origin), why, verb="board a transport")
    riders.sort(key=lambda u: (load_order(ctx.spec(u.kind)), u.id))
    ships = []
    for t in state.units_at(zone):
        if not ctx.spec(t.kind).is_transport or not ctx.friendly(t.owner):
            continue
        if t.owner != ctx.power and ctx.combat:
            continue  # cargo loaded in Combat Move must assault this turn; an ally's transport offloads it later
        if t.has(OFFLOADED) or _transport_barred(ctx, t) is not None:
            continue
        ships.append(t)
    ships.sort(key=lambda t: (t.owner != ctx.power, -len(_cargo(ctx, t)), t.id))
    aboard: dict[int, list[Unit]] = {t.id: _cargo(ctx, t) for t in ships}
    plan: list[tuple[Unit, Unit]] = []
    for rider in riders:
        for t in ships:
            specs = [ctx.spec(c.kind) for c in aboard[t.id]] + [ctx.spec(rider.kind)]
            if transport_fits(ctx.spec(t.kind), specs):
                aboard[t.id].append(rider)
                plan.append((rider, t))
                break
        else:
            if not ships:
                refuse("load.no_transport", f"No transport of your side in {ctx.name(zone)} can load now.")
            refuse("load.no_room", f"The transports in {ctx.name(zone)} have no room for {units_text(ctx, cmd.units)} "
                   f"(each carries {capacity_text(state.rules.units.values(), ctx.spec(ships[0].kind))}).")
    flags = {LOADED} | ({LOADED_IN_COMBAT, COMBAT_MOVED} if ctx.combat else set())
    changed: list[Unit] = []
    for rider, t in plan:
        changed.append(replace(rider, space=zone, aboard=t.id, moved=ctx.move(rider),
                               path=(origin, zone), flags=rider.flags | flags))
    if ctx.combat:
        changed.extend(t.with_flags(COMBAT_MOVED) for t in ships if any(p[1].id == t.id for p in plan))
    text = f"{ctx.pname()} loads {units_text(ctx, cmd.units)} from {ctx.name(origin)} onto transports in {ctx.name(zone)}."
    return state.with_units(changed), [event(
        "move", text, power=ctx.pname(), units=dict(count_kinds(r for r, _ in plan)),
        path=[ctx.name(origin), ctx.name(zone)], origin=ctx.name(origin), destination=ctx.name(zone), action="load")]


def offload(ctx: Ctx, cmd: Move) -> tuple[GameState, list[Event]]:
    """Land units aboard transports in a sea zone go ashore in one adjacent territory."""
    state = ctx.state
    zone, target = cmd.origin, cmd.destination
    if ctx.board.spaces[target].is_sea:
        refuse("move.cargo_moves_with_ship", "Land units at sea move with their transport: move the transport "
               "(naming its cargo if you like).")
    if target not in ctx.board.spaces[zone].adjacent:
        refuse("offload.not_adjacent", f"{ctx.name(target)} does not border {ctx.name(zone)}.")
    if cmd.path is not None and cmd.path != (zone, target):
        refuse("offload.path", "Offloading is one step, from the sea zone into the territory.")
    if target in ctx.impassable:
        refuse("move.impassable", f"{ctx.name(target)} is neutral: no unit may enter it.")
    closed = enter_refusal(ctx, target) if unheld(state, target) else None
    if closed is not None:
        refuse(*closed)
    assault = ctx.battle_territory(target)
    if assault and not ctx.combat:
        refuse("offload.hostile_noncombat", f"{ctx.name(target)} is hostile: offloading into it is an amphibious "
               "assault, declared only in Combat Move.")
    if not assault and ctx.combat:
        refuse("combat_move.no_combat", f"{ctx.name(target)} is friendly: offload there in Noncombat Move "
               "(in Combat Move offloading is an amphibious assault on a hostile territory).")
    if ctx.hostile_sea(zone) and not assault:
        refuse("offload.hostile_zone", f"Transports cannot offload in hostile {ctx.name(zone)}.")
    units = {u.id: u for u in state.units_at(zone)}

    def why(u: Unit) -> str | None:
        t = units.get(u.aboard) if u.aboard is not None else None
        if t is None or not ctx.spec(t.kind).is_transport:
            return "they are not aboard a transport"
        if t.owner != ctx.power and u.has(LOADED):
            return "they boarded an ally's transport this turn and go ashore on a later turn"
        if t.has(OFFLOADED) and t.target != target:
            return f"their transport already offloaded into {ctx.name(t.target) if t.target else 'another territory'}"
        barred = _transport_barred(ctx, t)
        if barred:
            return f"their transport cannot offload: {barred}"
        if assault and ctx.spec(u.kind).noncombat_move_only:
            return "they may never attack"
        if assault and not ctx.spec(u.kind).can_capture:
            return "they may not attack"
        if u.target is not None:
            return f"they are already committed to {ctx.name(u.target)}"
        return None

    def order(u: Unit) -> tuple[int, ...]:
        t = units[u.aboard] if u.aboard is not None else u
        return (0 if t.target == target else 1, -len(_cargo(ctx, t)), t.id, u.id)

    going = pick(ctx, zone, cmd.units, list(units.values()), why, verb="go ashore", order=order)
    ships = {u.aboard for u in going}
    changed: list[Unit] = [replace(units[t], target=target).with_flags(OFFLOADED) for t in ships if t is not None]
    if ctx.combat:
        changed = [t.with_flags(COMBAT_MOVED) for t in changed]
    events: list[Event] = []
    pending = assault and bool(ctx.enemy_at(zone))
    for u in going:
        if pending:
            changed.append(replace(u, target=target).with_flags(COMBAT_MOVED))
        else:
            changed.append(land_cargo(ctx, u, target, seaborne=assault))
    verb = "declares an amphibious assault on" if assault else "offloads into"
    text = f"{ctx.pname()} {verb} {ctx.name(target)}: {units_text(ctx, cmd.units)} from {ctx.name(zone)}"
    text += " (they land after the sea battle there)." if pending else "."
    events.append(event("move", text, power=ctx.pname(), units=dict(count_kinds(going)),
                        path=[ctx.name(zone), ctx.name(target)], origin=ctx.name(zone),
                        destination=ctx.name(target), action="assault" if assault else "offload"))
    return state.with_units(changed), events


def land_cargo(ctx: Ctx, u: Unit, target: SpaceId, seaborne: bool) -> Unit:
    """The cargo unit standing ashore: its move is over; assault troops are ``seaborne``."""
    flags = u.flags | ({SEABORNE} if seaborne else set()) | ({COMBAT_MOVED} if ctx.combat else set())
    path = (u.path or (u.space,)) + (target,)
    return replace(u, space=target, aboard=None, moved=ctx.move(u), path=path, flags=frozenset(flags),
                   target=None)
