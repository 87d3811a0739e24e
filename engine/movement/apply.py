"""``/move``: validate a group move, pick the units and the path, and carry it out.

A move of land units from a territory into a sea zone loads them (``transport.load``); a
move of land units out of a sea zone offloads them (``transport.offload``). Any other move
moves each domain of the group along its own path: air units first, since "fighters
belonging to an aircraft carrier launch before the carrier moves" (000, Special Combat
Movement), then land units, then ships with their cargo. Nothing is changed unless the
whole command is legal: every check raises before a new state is returned.
"""

from __future__ import annotations

from dataclasses import replace

from ..commands import Move
from ..combat.overflight import return_flight_fire
from ..control import capture
from ..dice import Dice
from ..events import Event, event
from ..ids import SpaceId, UnitKind
from ..limits import check_after
from ..state import BLITZED, COMBAT_MOVED, MOVES_AGAIN, RAID, GameState, Unit
from ..units import UnitSpec
from ..variants import RETURN_FLIGHT_FIRE
from . import air, airdrop, airlift, decks, missions, paratroops, straits, terrain
from .attack import attack, attack_all, attacked, forced_on
from .context import Ctx, context, count_kinds, plural, refuse, units_text
from .paths import Mode, Step, check_path, explain_no_path, search
from .restricted import check_moved
from .sea import land_fighters, noncombat_sea_refusal, pick_ships, sail, sea_destination_refusal
from .select import pick, why_not
from .transport import load, offload
from .truce import check_truce

SUPPORT_MISSIONS = ("bombard", "ignore", "escort")


def apply_move(state: GameState, cmd: Move, dice: Dice) -> tuple[GameState, list[Event]]:
    """Phases 2 and 4: move one group of units (000, Phase 2: Combat Move; Phase 4), within
    the rule system's restrictions (``restricted``) and the board's small territories
    (``terrain``)."""
    after, events = _apply_move(state, cmd, dice)
    ctx = context(state)
    check_moved(ctx, after)
    terrain.check_small(ctx, after)
    return after, events


def _apply_move(state: GameState, cmd: Move, dice: Dice) -> tuple[GameState, list[Event]]:
    ctx = context(state)
    _check_command(ctx, cmd)
    spec = ctx.spec
    land = [(k, n) for k, n in cmd.units if spec(k).is_land]
    air_units = [(k, n) for k, n in cmd.units if spec(k).is_air]
    sea = [(k, n) for k, n in cmd.units if spec(k).is_sea]
    o_sea = ctx.board.spaces[cmd.origin].is_sea
    d_sea = ctx.board.spaces[cmd.destination].is_sea
    if ctx.combat:
        check_truce(ctx, cmd.destination)
    neutral = attacked(ctx, cmd.destination)
    if neutral is not None:
        joined, opening = attack(state, neutral, ctx.power)
        after, moved = apply_move(joined, cmd, dice)
        return after, opening + moved
    if not sea and paratroops.is_drop(ctx, cmd, land, air_units):
        return paratroops.drop(ctx, cmd, land, air_units)
    if not sea and airdrop.is_drop(ctx, cmd, land, air_units):
        return airdrop.drop(ctx, cmd, land, air_units)
    if not sea and airlift.is_lift(ctx, cmd, land, air_units):
        return airlift.lift(ctx, cmd, land, air_units)
    if land and (o_sea or d_sea) and not (o_sea and d_sea and sea):
        if air_units or sea:
            refuse("move.mixed_cargo", "Loading and offloading move land units only: move the other units "
                   "with a separate /move.")
        return (offload if o_sea else load)(ctx, cmd)
    events: list[Event] = []
    if air_units:
        state, more = _move_domain(context(state), cmd, air_units, "air")
        events += more
        deck = decks.deck_refusal(context(state)) if ctx.combat else None
        if deck is not None:
            refuse(deck.reason, deck.message)
    if land and not o_sea:
        state, more = _move_domain(context(state), cmd, land, "land")
        events += more
    if sea:
        state, more = _move_domain(context(state), cmd, sea, "sea", cargo=land)
        events += more
        if ctx.combat and any(spec(k).carrier_capacity for k, _ in sea):
            stranded = air.stranded_by(context(state)) or decks.deck_refusal(context(state))
            if stranded is not None:
                refuse("air.carrier_needed", f"That carrier move would strand an attacking air unit. "
                       f"{stranded.message}")
    if air_units and not ctx.combat and ctx.rules.variant.enabled(RETURN_FLIGHT_FIRE):
        return _return_fire(ctx, cmd, state, events, dice)
    return state, events


def _return_fire(ctx: Ctx, cmd: Move, state: GameState, events: list[Event],
                 dice: Dice) -> tuple[GameState, list[Event]]:
    """The guns flown over fire at the aircraft that just moved (a noncombat move of
    aircraft alone); the move is judged whole before any die is rolled."""
    check_after(ctx.state, state, cmd)
    planes = [u for u in state.units.values() if u.owner == ctx.power and ctx.spec(u.kind).is_air
              and u.id in ctx.state.units and ctx.state.units[u.id].space != u.space]
    path = planes[0].path[-(planes[0].moved - ctx.state.units[planes[0].id].moved) - 1:] if planes else ()
    state, fired = return_flight_fire(state, dice, planes, path)
    return state, events + fired


def _check_command(ctx: Ctx, cmd: Move) -> None:
    spaces = ctx.board.spaces
    for s in (cmd.origin, cmd.destination):
        if s not in spaces:
            refuse("move.unknown_space", f"There is no space {s!r} on this board.")
    if not cmd.units or any(n <= 0 for _, n in cmd.units):
        refuse("move.no_units", "Say which units move (for example: 2 infantry, 1 tank).")
    for kind, _ in cmd.units:
        if kind not in ctx.rules.units:
            refuse("move.unknown_unit", f"There is no unit type {kind!r} in {ctx.rules.name}.")
    if cmd.path is not None:
        if len(cmd.path) < 2 or cmd.path[0] != cmd.origin or cmd.path[-1] != cmd.destination:
            refuse("move.path_ends", f"A path runs from {ctx.name(cmd.origin)} to {ctx.name(cmd.destination)}, "
                   "naming every space on the way.")
        for s in cmd.path:
            if s not in spaces:
                refuse("move.unknown_space", f"There is no space {s!r} on this board.")
    if cmd.mission is not None and not ctx.combat:
        refuse("move.mission_noncombat", f"Missions ({cmd.mission}) belong to Combat Move.")


def _label(ctx: Ctx, units: list[Unit]) -> str:
    kinds = {u.kind for u in units}
    return plural(ctx, next(iter(kinds))) if len(kinds) == 1 else "These units"


def _budget_words(ctx: Ctx, units: list[Unit], budget: int) -> str:
    """"Tanks move at most 2 spaces" (the slowest kind names the limit)."""
    spaces = f"{budget} space{'s' if budget != 1 else ''}"
    slowest = min(units, key=lambda u: (ctx.points_left(u), u.kind))
    if slowest.moved == 0 and ctx.points_left(slowest) == ctx.move(slowest):
        return f"{plural(ctx, slowest.kind)} move at most {spaces}"
    return f"{plural(ctx, slowest.kind)} have {spaces} of movement left"


def _select(ctx: Ctx, cmd: Move, counts: list[tuple[UnitKind, int]], domain: str,
            cargo: list[tuple[UnitKind, int]]) -> list[Unit]:
    pool = ctx.state.units_at(cmd.origin)
    if domain == "sea":
        if ctx.board.spaces[cmd.origin].is_land:
            refuse("move.ship_on_land", "Sea units stand in sea zones only.")
        return pick_ships(ctx, cmd.origin, counts, cargo)
    if domain == "land":
        return pick(ctx, cmd.origin, counts, [u for u in pool if u.aboard is None], lambda u: why_not(ctx, u))
    return pick(ctx, cmd.origin, counts, pool, lambda u: why_not(ctx, u),
                order=lambda u: (u.moved, u.aboard is not None, u.id))


def _route(ctx: Ctx, cmd: Move, units: list[Unit], mode: Mode) -> tuple[tuple[SpaceId, ...], tuple[Step, ...]]:
    budget = min(ctx.points_left(u) for u in units)
    if cmd.path is not None:
        if len(cmd.path) - 1 > budget:
            refuse("move.too_far", f"{_budget_words(ctx, units, budget)}; that path is {len(cmd.path) - 1}.")
        return cmd.path, check_path(ctx, mode, cmd.path)
    # A tank sent in Combat Move to a friendly territory can only be blitzing there.
    blitz = mode.blitz and ctx.combat and not ctx.battle_territory(cmd.destination)
    path = search(ctx, mode, cmd.origin, budget).path_to(cmd.destination, blitz)
    if path is not None and mode.domain == "air" and not ctx.combat:
        path = air.flight_path(ctx, mode, units, path) or path  # else relay_refusal names why
    if path is None:
        if cmd.origin == cmd.destination:
            refuse("move.nowhere", f"The units are already in {ctx.name(cmd.origin)}.")
        r = explain_no_path(ctx, mode, cmd.origin, cmd.destination, budget, _budget_words(ctx, units, budget))
        refuse(r.reason, r.message)
    return path, check_path(ctx, mode, path)


def _mode(ctx: Ctx, domain: str, units: list[Unit]) -> Mode:
    specs: list[UnitSpec] = [ctx.spec(u.kind) for u in units]
    return Mode(
        domain,
        _label(ctx, units),
        blitz=domain == "land" and ctx.combat and all(s.blitz for s in specs)
        and all(not u.path for u in units),
        submarine=domain == "sea" and all(s.submarine for s in specs),
        infiltrate=domain == "land" and all(s.infiltrates for s in specs),
    )


def _move_domain(ctx: Ctx, cmd: Move, counts: list[tuple[UnitKind, int]], domain: str,
                 cargo: list[tuple[UnitKind, int]] | None = None) -> tuple[GameState, list[Event]]:
    units = _select(ctx, cmd, counts, domain, cargo or [])
    if domain == "land" and ctx.board.spaces[cmd.destination].is_sea:
        refuse("move.land_at_sea", "Land units go to sea only by boarding a transport from an adjacent territory.")
    if domain == "sea" and ctx.board.spaces[cmd.destination].is_land:
        refuse("move.ship_on_land", f"Sea units cannot enter {ctx.name(cmd.destination)}: it is land.")
    mode = _mode(ctx, domain, units)
    path, steps = _route(ctx, cmd, units, mode)
    blitz = len(path) > 2 and steps[0].blitz
    dest = path[-1]
    if blitz:
        check_truce(ctx, path[1])
    if ctx.combat:
        if not (domain == "sea" and straits.fire_is_combat(ctx, units, path)):
            _check_combat_destination(ctx, cmd, units, domain, dest, blitz)
    elif domain == "sea":
        for r in [noncombat_sea_refusal(ctx, units, dest), *(decks.pickup_refusal(ctx, u, dest) for u in units)]:
            if r is not None:
                refuse(r.reason, r.message)
    elif domain == "land" and mode.infiltrate and (not ctx.friendly_territory(dest) or ctx.enemy_at(dest)):
        refuse("noncombat.hostile", f"{mode.label} pass through enemy territories but end Noncombat Move in a "
               f"friendly one; {ctx.name(dest)} is hostile.")
    elif domain == "air":
        for u in units:
            r = air.noncombat_landing_refusal(ctx, u, dest) or air.relay_refusal(ctx, u, path)
            if r is not None:
                refuse(r.reason, r.message)
    if domain == "air" and ctx.combat:
        for u in units:
            r = air.combat_landing_refusal(ctx, u, dest, len(path) - 1)
            if r is not None:
                refuse(r.reason, r.message)
    state, events = _carry_out(ctx, cmd, units, domain, path, blitz)
    if domain == "sea":
        state, joined = attack_all(state, forced_on(ctx, path), ctx.power)
        events += joined
    return state, events


def _check_combat_destination(ctx: Ctx, cmd: Move, units: list[Unit], domain: str, dest: SpaceId,
                              blitz: bool) -> None:
    """000, Phase 2: "all movement must result in combat", save the four listed exceptions."""
    where = ctx.name(dest)
    mission = cmd.mission
    flown = ctx.rules.missions.air_mission(mission)
    if flown is not None:
        missions.check(ctx, units, flown, dest)
        return
    if mission in ("raid", "escort"):
        _check_raid(ctx, units, mission, dest)
        return
    if mission in SUPPORT_MISSIONS and domain != "sea":
        refuse("move.bad_mission", f"Only sea units {mission} an amphibious assault.")
    if domain == "land":
        guns = [u for u in units if ctx.spec(u.kind).noncombat_move_only]
        if guns and (ctx.battle_territory(dest) or blitz or not ctx.friendly_territory(dest)):
            refuse("combat_move.rocket_attacks", f"{plural(ctx, guns[0].kind)} do not attack: with rockets they move in "
                   f"Combat Move only to a friendly territory, not to {where} (004 §4 item 07).")
        if guns and len(guns) == len(units):
            return
        if ctx.battle_territory(dest) or blitz:
            return
        refuse("combat_move.no_combat", f"{where} is friendly: in Combat Move land units must move into a hostile "
               "territory (or blitz through one); move there in Noncombat Move.")
    if domain == "sea":
        r = sea_destination_refusal(ctx, units, dest)
        if r is not None:
            refuse(r.reason, r.message)
        return
    if domain == "air":
        space = ctx.board.spaces[dest]
        if ctx.enemy_at(dest) or (space.is_land and ctx.hostile_territory(dest)):
            return
        refuse("combat_move.no_combat", f"There is nothing to attack in {where}: in Combat Move air units fly "
               "only into battles.")


def _check_raid(ctx: Ctx, units: list[Unit], mission: str, dest: SpaceId) -> None:
    """000, Phase 3, Strategic Bombing Raids: bombers against an enemy industrial complex;
    fighters escort them only under the optional rule."""
    where = ctx.name(dest)
    escorts = bool(ctx.state.options.get("escorts_and_interceptors"))
    for u in units:
        spec = ctx.spec(u.kind)
        if spec.strategic_bomber and mission == "raid":
            continue
        if spec.escort and escorts:
            continue
        refuse("raid.not_bomber", f"Only bombers fly strategic bombing raids"
               f"{' (fighters escort them)' if escorts else ''}; a {spec.name.lower()} cannot.")
    if not any(ctx.spec(e.kind).structure for e in ctx.enemy_at(dest)):
        refuse("raid.no_factory", f"{where} has no enemy industrial complex to bomb.")


def _carry_out(ctx: Ctx, cmd: Move, units: list[Unit], domain: str, path: tuple[SpaceId, ...],
               blitz: bool) -> tuple[GameState, list[Event]]:
    state = ctx.state
    events: list[Event] = []
    flags = frozenset({COMBAT_MOVED}) if ctx.combat else frozenset()
    dest = path[-1]
    if blitz:
        state, captured = capture(state, path[1], ctx.power)
        events += captured
        flags |= {BLITZED}
    target: SpaceId | None = None
    flown = ctx.rules.missions.air_mission(cmd.mission)
    if flown is not None:
        flags |= {RAID, missions.flag(flown)}
        target = dest
    elif cmd.mission in ("raid", "escort"):
        flags |= {RAID}
        target = dest
    elif cmd.mission in SUPPORT_MISSIONS and domain == "sea":
        target = dest  # supports the assault launched from this zone; resolved at the end of Combat Move
    if domain == "sea":
        changed = sail(ctx, units, path, flags)
        supporters = {s.id for s in units if not ctx.spec(s.kind).is_transport}
        changed = [replace(u, target=target) if u.id in supporters and target else u for u in changed]
    else:
        steps = len(path) - 1
        changed = [replace(u, space=dest, moved=u.moved + steps, path=(u.path or (path[0],)) + path[1:],
                           aboard=None, flags=(u.flags - {MOVES_AGAIN}) | flags, target=target if target else u.target)
                   for u in units]
    state = state.with_units(changed)
    if not ctx.combat and ctx.board.spaces[dest].is_sea:
        moved = {u.id for u in units}
        if domain == "air":
            state = state.with_units(land_fighters(ctx, dict(state.units), dest, fighters=moved))
        else:
            state = state.with_units(land_fighters(ctx, dict(state.units), dest, carriers=moved))
    names = [ctx.name(s) for s in path]
    counts = count_kinds(units)
    text = f"{ctx.pname()} moves {units_text(ctx, counts)}: {' → '.join(names)}"
    carried = count_kinds(u for u in changed if u.aboard is not None and u.space == dest)
    if domain == "sea" and carried:
        text += f" (carrying {units_text(ctx, carried)})"
    if blitz:
        text += f" (blitz through {names[1]})"
    if flown is not None:
        text += f" ({flown.name})"
    elif cmd.mission in ("raid", "escort"):
        text += f" ({'strategic bombing raid' if cmd.mission == 'raid' else 'escort'})"
    events.append(event("move", text if text.endswith(".") else text + ".", power=ctx.pname(), units=dict(counts), path=names,
                        origin=names[0], destination=names[-1], **({"mission": cmd.mission} if cmd.mission else {})))
    return state, events
