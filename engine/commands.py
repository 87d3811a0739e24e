"""Typed commands: what a player asks the referee to do.

Each command is a small frozen value with one canonical text form, the same words as
the Discord slash commands (``engine.notation``). Space and power fields hold ids;
``units`` holds ``(kind, count)`` pairs in the rule system's unit-table order.
"""

from __future__ import annotations

from dataclasses import dataclass

from .ids import PowerId, SpaceId, UnitKind

UnitCounts = tuple[tuple[UnitKind, int], ...]


@dataclass(frozen=True, slots=True)
class Command:
    """Base class of every command."""

    name = ""


@dataclass(frozen=True, slots=True)
class Buy(Command):
    """Phase 1: order units into the mobilization zone (000, Phase 1: Purchase Units)."""

    units: UnitCounts
    site: SpaceId | None = None
    """Where the units priced by their site will be built (AARHE's infantry at a victory
    city, a factory: ``engine.production``); None where nothing bought is priced so."""
    name = "buy"


@dataclass(frozen=True, slots=True)
class Cancel(Command):
    """Give up units laid down in an earlier turn and not yet mobilized, getting back part
    of what was paid (001, Phase 6, "Build schedule")."""

    units: UnitCounts
    name = "cancel"


@dataclass(frozen=True, slots=True)
class Repair(Command):
    """Phase 1: remove industrial complex damage at 1 IPC a point."""

    territory: SpaceId
    points: int
    name = "repair"


@dataclass(frozen=True, slots=True)
class Research(Command):
    """Develop Weapons: buy ``dice`` research dice for one development and roll them
    (003, Phase 1: Develop Weapons); where the die-face table picks the development, no
    development is named (004 §4 item 01, §17)."""

    dice: int
    development: str | None = None
    name = "research"


@dataclass(frozen=True, slots=True)
class Share(Command):
    """Develop Weapons: pass one progress box of ``development`` to the ally ``power`` (001 ›
    Phase 7, Technology Deployment)."""

    development: str
    power: PowerId
    name = "share"


@dataclass(frozen=True, slots=True)
class Diplomacy(Command):
    """Diplomacy: one roll for ``neutral`` (001 › Phase 8, Diplomacy Rolls); ``sea``: where its
    ships join the roller should the roll make it join (an adjacent sea zone)."""

    neutral: SpaceId
    sea: SpaceId | None = None
    name = "diplomacy"


@dataclass(frozen=True, slots=True)
class Dock(Command):
    """Noncombat Move: the mover's ships in ``sea`` (or the one zone next to ``neutral`` that
    holds some) dock at ``neutral`` (001 › Phase 8, Level of cooperation)."""

    neutral: SpaceId
    sea: SpaceId | None = None
    name = "dock"


@dataclass(frozen=True, slots=True)
class Move(Command):
    """Phases 2 and 4: move a group of units from one space to another."""

    units: UnitCounts
    origin: SpaceId
    destination: SpaceId
    path: tuple[SpaceId, ...] | None = None
    """Every space from ``origin`` to ``destination`` inclusive, if the player gave one."""
    mission: str | None = None
    """``raid`` (strategic bombing), ``escort``, ``bombard``, ``ignore`` (pass enemy subs
    and transports by) or ``attack``; None lets the engine infer it."""
    name = "move"


@dataclass(frozen=True, slots=True)
class Redeploy(Command):
    """Noncombat Move: land units by rail from one friendly victory city to another, one rail
    point each (001 › Phase 5, Strategic Redeployment (optional))."""

    units: UnitCounts
    origin: SpaceId
    destination: SpaceId
    name = "redeploy"


@dataclass(frozen=True, slots=True)
class Support(Command):
    """Defensive Air Support, in a window of the enemy team's turn: air units move one space
    to defend (001 › Phase 3, Defensive Air Support (DAS))."""

    units: UnitCounts
    origin: SpaceId
    destination: SpaceId
    name = "support"


@dataclass(frozen=True, slots=True)
class Reinforce(Command):
    """Reinforcement, in a window of the enemy team's turn: land or naval units move one
    space (001 › Phase 5, Reinforcement)."""

    units: UnitCounts
    origin: SpaceId
    destination: SpaceId
    name = "reinforce"


@dataclass(frozen=True, slots=True)
class Rocket(Command):
    """Combat Move: an AA gun in ``origin`` is declared to fire a rocket at the enemy
    industrial complex in ``target``; it strikes when Conduct Combat begins (002, Rocket
    Strikes; rule systems with the Rockets development)."""

    origin: SpaceId
    target: SpaceId
    name = "rocket"


@dataclass(frozen=True, slots=True)
class Lend(Command):
    """Collect Income: send ``ipcs`` of lend-lease to the ally ``power`` (001, Phase 1,
    Lend-Lease)."""

    ipcs: int
    power: PowerId
    name = "lendlease"


@dataclass(frozen=True, slots=True)
class Scorch(Command):
    """Purchase: select the power's industrial complex in ``territory`` for destruction when
    Mobilize New Units begins (001, Phase 2, Scorched Earth)."""

    territory: SpaceId
    name = "scorch"


@dataclass(frozen=True, slots=True)
class Atomic(Command):
    """Atomic bombs (001 › Phase 7, Atomic Weaponry; ``engine.atomic``): ``build`` bombs in
    Purchase, ``load`` one onto a bomber in Noncombat Move; in an atomic attack, the
    defender's ``groups`` (unit lists separated by ``|``) and the group number the attacker
    ``strike``s."""

    build: int | None = None
    load: SpaceId | None = None
    groups: str | None = None
    strike: int | None = None
    name = "atomic"


@dataclass(frozen=True, slots=True)
class Advantage(Command):
    """Any phase of the power's own turn: reveal a National Advantage drawn, or use one (a
    deal in Purchase, free units in Mobilize New Units, a declaration in the phase the item
    names, ``site`` then naming the battle where it is for one, or units converted at ``site``);
    in the window of the other side's turn before Conduct Combat, use an item placing or
    sacrificing units where the power is attacked (``site``), or make the attacks of an item
    that makes them, at ``units`` in the sea zone ``site`` (001 › Appendix: National
    Advantages)."""

    reveal: str | None = None
    use: str | None = None
    site: SpaceId | None = None
    draw: int | None = None
    """Items to draw, one for each of the first 5 rounds not yet drawn for."""
    count: int | None = None
    """How many units an item converts (Mechanized Infantry); 1 if not given."""
    units: UnitCounts | None = None
    """The enemy ships an item's attacks without units aim at, one attack each (Kamikaze
    Attacks: "Before any Kamikaze rolls you must announce all target(s)")."""
    name = "advantage"


@dataclass(frozen=True, slots=True)
class Place(Command):
    """Phase 5: mobilize bought units into a territory (or, for ships, a sea zone)."""

    units: UnitCounts
    territory: SpaceId
    name = "place"


@dataclass(frozen=True, slots=True)
class Done(Command):
    """End the current phase (or, in Conduct Combat, the phase once all battles are over)."""

    name = "done"


@dataclass(frozen=True, slots=True)
class Undo(Command):
    """Take back the last command of this phase, while no die has been rolled for it."""

    name = "undo"


@dataclass(frozen=True, slots=True)
class Focus(Command):
    """In a team turn, turn to the part of the turn where ``power``'s input is due: its own
    phase, or the battle in which it chooses (``engine.lanes``)."""

    power: PowerId
    name = "focus"


@dataclass(frozen=True, slots=True)
class Battle(Command):
    """Phase 3: fight the battle in ``territory`` until it ends or a choice is due."""

    territory: SpaceId
    name = "battle"


@dataclass(frozen=True, slots=True)
class Casualties(Command):
    """Choose which units take the hits now due: ``units`` hits per unit type (the referee
    puts them on undamaged units first, so a battleship's first hit only damages it), and
    ``damaged`` hits on units already damaged (``1 damaged battleship`` sinks that one)."""

    units: UnitCounts
    damaged: UnitCounts = ()
    name = "casualties"


@dataclass(frozen=True, slots=True)
class Retreat(Command):
    """The attacker retreats from the current battle to ``to``; where a part of a force may
    retreat (AARHE's land cycle, and either side of an AARHE sea battle: 001 › Naval Combat:
    Retreat Decision, "some or all"), ``units`` names that part (all that may go to ``to``
    without it)."""

    to: SpaceId
    units: UnitCounts | None = None
    name = "retreat"


@dataclass(frozen=True, slots=True)
class Press(Command):
    """The attacker fights on (another round)."""

    name = "press"


@dataclass(frozen=True, slots=True)
class Submerge(Command):
    """Submarines leave the battle instead of making a surprise strike, or, where the
    rules let them withdraw to another zone, go ``to`` it."""

    units: UnitCounts
    to: SpaceId | None = None
    name = "submerge"


@dataclass(frozen=True, slots=True)
class Orders(Command):
    """Set (or, with no options, show) a power's standing orders for battle choices."""

    power: PowerId | None = None
    loss: tuple[UnitKind, ...] | None = None
    retreat_below: int | None = None
    retreat_odds: int | None = None
    """Retreat when the estimated chance of winning falls below this percentage."""
    submerge: str | None = None
    """``always``, ``never`` or ``when_outnumbered``."""
    decide: str | None = None
    """``orders`` (standing orders decide) or ``self`` (ask me in person)."""
    passive: str | None = None
    """``pass`` or ``ask``: in the other side's windows of a team turn (``engine.passive``)."""
    bomb: str | None = None
    """What the power's bombers on a Strategic Bombing Raid roll against: ``income`` or
    ``capacity`` (AARHE, 001 › Air Missions)."""
    name = "orders"
