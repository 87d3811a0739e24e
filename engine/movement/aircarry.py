"""What Air Transport and Airborne Drop share (``airlift``, ``airdrop``): the aircraft and the
units they carry, one a plane, all where they began the turn (001 › Phase 3, Airborne Drop,
and › Phase 5, Air Transport: "Both units must start in the same territory"); the path they
fly within a budget; the move event that names both."""

from __future__ import annotations

from collections.abc import Sequence

from ..commands import Move
from ..events import Event, event
from ..ids import SpaceId, UnitKind
from ..state import Unit
from .context import Ctx, count_kinds, refuse, units_text
from .paths import Mode, check_path, search
from .select import pick, why_not

UnitCounts = list[tuple[UnitKind, int]]


def aircraft_and_troops(ctx: Ctx, cmd: Move, land: UnitCounts, air_units: UnitCounts, action: str,
                        reason: str, verbs: tuple[str, str]) -> tuple[list[Unit], list[Unit]]:
    """The aircraft and the troops named, refused (``reason.moved``, ``reason.no_room``) where
    any has moved this turn or the troops outnumber the aircraft; ``verbs`` says what the
    aircraft do to the troops (``("drop", "drops")``)."""
    verb, verbs_one = verbs
    pool = [u for u in ctx.state.units_at(cmd.origin) if u.aboard is None]
    planes = pick(ctx, cmd.origin, air_units, pool, lambda u: why_not(ctx, u))
    troops = pick(ctx, cmd.origin, land, pool, lambda u: why_not(ctx, u))
    if any(u.path for u in (*planes, *troops)):
        refuse(f"{reason}.moved", f"Aircraft and the units they {verb} start their {action} where they all began "
               "the turn, before either has moved.")
    if len(troops) > len(planes):
        refuse(f"{reason}.no_room", f"Each aircraft {verbs_one} one unit: {len(planes)} cannot carry {len(troops)}.")
    return planes, troops


def flight(ctx: Ctx, cmd: Move, budget: int, phase_note: str = "") -> tuple[SpaceId, ...]:
    """The aircraft's path to the destination: the one typed, or the shortest within
    ``budget``; refused when longer, or where aircraft may not fly."""
    mode = Mode("air", "Air units")
    path = cmd.path or search(ctx, mode, cmd.origin, budget).path_to(cmd.destination)
    if path is None or len(path) - 1 > budget:
        refuse("move.too_far", f"{ctx.name(cmd.destination)} is beyond the aircraft's {budget} spaces of range"
               f"{phase_note}.")
    check_path(ctx, mode, path)
    return tuple(path)


def carry_event(ctx: Ctx, path: Sequence[SpaceId], planes: list[Unit], troops: list[Unit], says: str,
                mission: str) -> Event:
    """The move event of a carry: ``says`` is how the troops go (``drops ... from``, ``flies
    ... in``) with ``{troops}`` and ``{planes}`` in it."""
    names = [ctx.name(s) for s in path]
    text = (f"{ctx.pname()} {says.format(troops=units_text(ctx, count_kinds(troops)), planes=units_text(ctx, count_kinds(planes)))}: "
            f"{' → '.join(names)} ({mission.replace('_', ' ').title()}).")
    return event("move", text, power=ctx.pname(), units=dict(count_kinds((*planes, *troops))), path=names,
                 origin=names[0], destination=names[-1], mission=mission)
