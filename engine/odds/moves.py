"""What a battle step does to a position, shared by every rule system's steps: hits taken
by the order of loss, the attacker's retreat by its standing order, and how a battle ends."""

from __future__ import annotations

from .arena import ATTACKER, Arena, Dist, Ending, Fire, Position, Result, add
from .question import Force, force


def mine(pos: Position, side: str) -> tuple[Force, Force]:
    """A side's fighting units and those in its strip."""
    return (pos.atk, pos.atk_strip) if side == ATTACKER else (pos.dfn, pos.dfn_strip)


def hit(arena: Arena, pos: Position, fire: Fire, victims: str, at_once: bool) -> Dist:
    """``fire`` on the victims' units outside the strip, casualties by their order of loss:
    gone at once, or behind the strip (still firing) until removed."""
    units, strip = mine(pos, victims)
    out: Dist = {}
    for (left, lost), p in arena.losses(units, fire, victims).items():
        kept = strip if at_once else force((*strip, *lost)) if strip else lost
        after = pos.with_attacker(left, kept) if victims == ATTACKER else pos.with_defender(left, kept)
        add(out, after, p)
    return out


def retreat_by_orders(arena: Arena, pos: Position) -> Result:
    """The attacker's retreat condition (its standing order ``retreat_below``): all retreat,
    or only the aircraft (``Arena.retreating``), the rest fighting on."""
    if len(pos.atk) < arena.q.retreat_below:
        leaving = arena.retreating(pos.atk)
        if len(leaving) == len(pos.atk):
            return conclude(arena, pos, "retreat")
        if leaving:
            return pos.but(atk=gone(pos.atk, leaving), atk_out=force((*pos.atk_out, *leaving)))
    return pos


def conclude(arena: Arena, pos: Position, outcome: str) -> Ending:
    """Survivors: submerged submarines and aircraft gone from the battle count; a won
    territory's leftover defenders (antiaircraft artillery without combat units) are gone."""
    dfn = () if outcome == "attacker" else force((*pos.dfn, *pos.dfn_strip, *pos.dfn_out))
    return Ending(outcome, force((*pos.atk, *pos.atk_strip, *pos.atk_out)), dfn)


def gone(before: Force, taken: Force) -> Force:
    """``before`` without ``taken`` (multiset difference)."""
    rest = list(taken)
    out = []
    for p in before:
        if p in rest:
            rest.remove(p)
        else:
            out.append(p)
    return force(out)
