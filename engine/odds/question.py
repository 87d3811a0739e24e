"""What the odds are asked about: two forces, where they fight, and how each side decides.

A force is a multiset of units, each a unit kind and the damage it carries (a battleship
hit once). Everything the battle steps consult about a side that is not a unit value is a
field here: the order of loss, the attacker's retreat condition, submerging, the ships
that bombard, and the dice mode.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..ids import UnitKind

Piece = tuple[UnitKind, int]
"""One unit: its kind and the hits it has taken."""
Force = tuple[Piece, ...]
"""A side's units, sorted, so equal forces compare equal."""

DICE_MODES = ("standard", "low_luck")


def force(pieces: Iterable[Piece]) -> Force:
    return tuple(sorted(pieces))


def force_of(counts: Mapping[str, int]) -> Force:
    """``{"infantry": 3, "tank": 1}`` as a force of undamaged units."""
    return force((UnitKind(k), 0) for k, n in counts.items() for _ in range(n))


def tally(units: Force) -> dict[str, int]:
    out: dict[str, int] = {}
    for kind, _ in units:
        out[kind] = out.get(kind, 0) + 1
    return out


@dataclass(frozen=True, slots=True)
class Question:
    """A battle to compute: ``attack`` against ``defend`` in a territory or (``sea``) a zone."""

    attack: Force
    defend: Force
    sea: bool = False
    bombard: tuple[UnitKind, ...] = ()
    """Ships bombarding before the first round (amphibious assaults)."""
    amphibious: bool = False
    """An amphibious assault (bombarding ships make one too): its land units retreat only
    where they came ``overland`` and the rule system lets them (switch
    ``overland_units_retreat_from_assaults``); aircraft always may."""
    overland: bool = True
    """Some of an amphibious assault's land units came overland, not from the sea (000,
    Amphibious Assaults, Step 3: seaborne units cannot retreat)."""
    antiaircraft: bool = True
    """Whether antiaircraft fire opens the battle (false when it is already past round 1)."""
    attacker_loss: tuple[str, ...] = ()
    defender_loss: tuple[str, ...] = ()
    """Unit kinds given up first; the rest go cheapest first (``hits.loss_slots``)."""
    keep_land: bool = True
    """The attacker of a territory keeps its last unit able to capture it."""
    retreat_below: int = 0
    """The attacker retreats after a round when fewer units than this are left: all of
    them, or only its aircraft where its land units may not (``amphibious``), the land
    units fighting on."""
    attacker_submerge: str = "never"
    defender_submerge: str = "never"
    attacker_withdraws: bool = True
    defender_withdraws: bool = True
    """Whether the side's submarines have a zone to withdraw to (004 §6: the withdraw
    steps; ``engine.combat.withdraw.withdraw_options``); the standing order ``submerge``
    says whether they go."""
    defender_retreat_below: int = 0
    """The defender's standing order ``retreat_below``: where a rule system's cycles end with
    the defender's retreat decision (AARHE), the odds cover only a defender that holds (0)."""
    first_cycle: bool = True
    """Whether the battle's first round is still to come (a battle in a game asked about
    after it: terrain's first-cycle defense is then past)."""
    terrain: str = ""
    """The territory's terrain (``Space.terrain``): AARHE's snowy or mountainous terrain
    adds 1 to the defense in the first cycle."""
    implicit_guns: int = 0
    """AARHE's implicit Infrastructure Defenses of the territory (per industrial complex and
    victory city, ``air.implicit_guns``), firing beside the defender's own."""
    dice: str = "standard"
    """Combat dice: ``standard`` (every unit rolls) or ``low_luck`` (``dist.hits``)."""
    aa_dice: str = "standard"
    """Antiaircraft fire's dice, a separate game option."""
    attacker_tech: tuple[str, ...] = ()
    defender_tech: tuple[str, ...] = ()
    """Each side's developments in effect (the state's ``tech``: jet fighters, super
    submarines, heavy bombers, combined bombardment change the battle through the rule
    system's hooks)."""
