"""The rule switches of a rule system, typed and checked when the rule system loads.

Rule systems differ by the values of these switches (``maps/<id>/ruleset.toml``,
``[switches]``), not by tests of their names. Every switch is read by the engine, and
every value listed here is implemented, so a later rule system changes behaviour by
flipping a value. A key missing from the file, a key the engine does not know, or a
value outside the listed choices fails at load with a :class:`BoardDataError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Literal, get_args, get_type_hints

from .errors import BoardDataError

VictoryCheck = Literal["end_of_round", "end_of_turn"]
"""``end_of_round``: only after the last power's turn (000, "Winning the Game"; 002 Errata,
"How the War is Won"). ``end_of_turn``: after every power's turn, the Revised rulebook's
text before that erratum."""

Overproduction = Literal["refund", "lost"]
"""Units bought beyond production capacity: back to the box and ``refund``ed (000, Phase 5)
or ``lost`` (002, Phase 6, "Excess units are lost")."""

ProductionLimit = Literal["ipc_minus_damage", "ipc"]
"""Units per factory: IPC value minus damage markers (000, Phase 5) or the IPC value (002,
Phase 6), where bombing takes IPCs instead of damaging the factory."""

Bombing = Literal["factory_damage", "treasury", "income"]
"""What a raid's dice do: damage markers on the factory (000, Strategic Bombing Raids),
IPCs the victim surrenders from its treasury (002, Strategic Bombing Raids), or IPCs off
the territory's next income (001, Economic attacks; ``engine.economy.attacks``)."""

HostileSeaZone = Literal["surface_warships", "any_enemy"]
"""A sea zone is hostile with enemy surface warships (000, Sea Units) or with any enemy
unit except submerged submarines (002, Appendix I, Sea Units; 003, Spaces)."""

Neutrals = Literal["impassable", "open", "cooperation"]
"""What neutral territories allow: ``impassable``, no unit enters or flies over them (000,
Neutral Territories; 003, Set Up); ``open``, they are entered and crossed as any territory
(004 §14 implies they can be captured); ``cooperation``, a neutral no power holds lets each
side dock, fly over or enter as far as its position on the track of cooperation leans
towards that side, and moving into it uninvited is an attack on it (001 › Phase 8: Diplomacy,
Level of cooperation; ``engine.movement.neutrals``)."""

CapitalLostIncome = Literal["none", "half"]
"""What a power whose capital is in enemy hands collects: ``none`` (000 and 002,
"Capturing and Liberating Capitals": it "cannot collect income") or ``half`` its income,
the other half rounded down being lost (001, Turn Sequence: "When you lose your capital
you lose 50% of your income for the next turn")."""

ShipRepair = Literal["after_battle", "in_port"]
"""When damaged ships are returned upright: as the battle ends, and when they retreat (000,
Battleships: "If a battleship survives a combat having taken one hit, return it upright"),
or ``in_port``, at the beginning of their owner's turn in a sea zone next to a friendly
industrial complex or victory city, if they did not move in that power's last turn (001 ›
Phase 1, Naval repair; ``engine.naval_repair``)."""

CapitalChecked = Literal["phase", "turn_start"]
"""When a phase that needs the capital (``Phase.needs_capital``) asks whether the power has
it: as the ``phase`` begins (000 and 002, "Capturing and Liberating Capitals": the power
"skips all but the Combat Move, Conduct Combat, and Noncombat Move phases until the capital
is liberated", so a capital liberated in Conduct Combat is back for the phases after it), or
as the turn began, ``turn_start`` (001, Turn Sequence: "If your capital territory is under
enemy control at the beginning of your turn, the “Develop Weapons” and “Diplomacy” phases
are skipped")."""


@dataclass(frozen=True, slots=True)
class Switches:
    """One value per switch; see each type's docstring for the passages."""

    victory_check: VictoryCheck
    overproduction: Overproduction
    production_limit: ProductionLimit
    bombing: Bombing
    bombing_damage_cap_factor: int
    """Raid cap: this many times the territory's IPC value (per factory in total, or per
    territory and turn where bombing takes IPCs)."""
    aa_fires_at_overflight: bool
    """AA guns fire at aircraft flying over them in Combat Move (002, Phase 3,
    Anti-aircraft Guns) as well as at aircraft attacking their territory."""
    blitz_blocked_by_structures: bool
    """A lone enemy AA gun or factory stops a blitz (000, Tanks and Blitzing) or does not
    (004 §14: such a territory is not "enemy occupied")."""
    neutrals: Neutrals
    hostile_sea_zone: HostileSeaZone
    capital_plunder: bool
    """Taking a capital takes the victim's unspent IPCs (000, Capturing and Liberating
    Capitals)."""
    capital_lost_income: CapitalLostIncome
    capital_checked: CapitalChecked
    production_interruption: bool
    """Each cycle of a land battle takes 1 IPC off the territory's next income (001,
    Production Interruption), or battles cost no income (000, 002)."""
    income_paths: bool
    """IPCs travel by paths of friendly territories and sea zones to the capital or where
    they may be spent, cut-off territories paying nothing and hostile submarines raiding
    the sea crossings by convoy region (001, Phase 1, Spending or Saving IPC; Convoy Raid),
    or every territory pays wherever it is (000, 002)."""
    logistics_fees: bool
    """A power pays 1 IPC for each transport offloading in Combat Move and for each of its
    land units aboard a transport when its turn begins (001, Phase 1, Logistics), or moves
    for free (000, 002)."""
    fighters_on_existing_carriers: bool
    """New fighters may be placed on the power's carriers already at sea, not only on new
    ones (000, Phase 5; 002 Q&A, Mobilize Units, "Changed")."""
    bombarded_units_fire_back: bool
    """Units hit by bombardment go behind the casualty strip and fire in the first round
    (000, Amphibious Assaults, Step 2) or are lost at once without firing (002, Appendix
    I, Battleships: "do not fire back, but are immediately lost")."""
    overland_units_retreat_from_assaults: bool
    """Land units that joined an amphibious assault overland may retreat (000, Amphibious
    Assaults, Step 3), or no land unit may (002, Phase 4, Amphibious Assaults: "not even
    if they came from adjacent territories"); aircraft may in both."""
    submarines_end_noncombat_in_hostile: bool
    """Submarines may end Noncombat Move in a hostile sea zone (000, Phase 4: they "can move
    through and even into hostile sea zones") or only pass through (002, Appendix I,
    Submarines: "A submarine cannot end a noncombat move in a hostile sea zone")."""
    ship_repair: ShipRepair
    submerged_until_noncombat_end: bool
    """A submarine that submerges stays submerged, ignored for the zone's status, until the
    end of Noncombat Move (002, Appendix I, Submarines), or is simply back on the board
    (000, Step 2: "returned to the game board in the contested sea zone")."""
    aircraft_hit_subs_alone: bool
    """Air units hit submarines without a friendly destroyer in the battle (002, Appendix I,
    Submarines: "Any sea or air unit can hit a submarine") or only with one (000,
    Submarines, "Cannot Be Hit by Air Units")."""
    bombard_limit_per_land_unit: bool
    """At most one bombarding ship per land unit offloaded into the territory (000,
    Amphibious Assaults, Step 2: "limited to one ship per land unit being offloaded"), or
    every ship supporting the assault fires (004 §10: "Several battleships can be in the
    same assault and each one will have ... one shot support attack")."""
    bombard_land_units_per_ship: int
    """Where ``bombard_limit_per_land_unit`` holds: the land units offloaded that allow one
    bombarding ship: 1 (000, Step 2) or 4 (001 › Offshore bombardment: "limited to one roll
    for every four offloaded land units")."""
    factory_spending_factor: int
    """IPCs of units one industrial complex may mobilize a turn, as a multiple of its
    territory's printed value (001, Phase 6: "Total IPC spent per turn on an IC cannot exceed
    4 times the territory's printed income value"); 0: no such limit (000, 002)."""
    capital_lost_keeps_production: bool
    """A power whose capital is in enemy hands still buys and mobilizes, though it may buy no
    industrial complex (001, Turn Sequence: "You may still build at industrial complexes or
    victory cities. You cannot build a factory until your capital is liberated"), instead of
    sitting Purchase and Mobilize out (000 and 002, "Capturing and Liberating Capitals")."""
    air_half_moves: bool
    """Air units spend at most half their movement points (rounded down) reaching a target in
    Combat Move and at most half again in Noncombat Move, and those that neither moved in
    Combat Move nor fought gain two points in Noncombat Move, flying at most half to a
    landing space and half on from it (AARHE, 001 › Phase 3 and Phase 5, Air Movement;
    ``engine.movement.context``), or they fly their whole move over both phases (000)."""
    forced_passage: bool
    """Ships pass sea zones holding only enemy submarines and transports, and submarines pass
    hostile zones, destroyers or not, the defending submarines and anti-submarine units
    forcing some into combat there as Conduct Combat begins (AARHE, 001 › Phase 3, Naval
    Movement and Submarine Movement; ``engine.combat.passage``); or such zones stop ships,
    and destroyers stop submarines (000, 002)."""
    transports_attack_alone: bool
    """Transports may make a combat move into a hostile zone without a unit that can attack
    (002 Q&A, Transports and Carriers: "That doesn't mean it can't make a combat move by
    itself into a hostile space") or not (000, Transports: "may not attack without being
    accompanied by at least one unit with an attack value")."""

    @classmethod
    def from_dict(cls, where: str, data: Mapping[str, object]) -> Switches:
        """Check ``data`` (the ``[switches]`` table of ``where``) and build the switches."""
        hints = get_type_hints(cls)
        names = [f.name for f in fields(cls)]
        unknown = sorted(set(data) - set(names))
        if unknown:
            raise BoardDataError(f"{where} [switches]: unknown switch {unknown[0]!r}; known: {', '.join(names)}")
        for name in names:
            if name not in data:
                raise BoardDataError(f"{where} [switches]: missing switch {name!r}")
            _check(where, name, hints[name], data[name])
        return cls(**{name: data[name] for name in names})  # type: ignore[arg-type]

    def but(self, **changes: object) -> Switches:
        """These switches with some changed, checked like the file's."""
        return Switches.from_dict("changed switches", {**{f.name: getattr(self, f.name) for f in fields(self)},
                                                       **changes})


def _check(where: str, name: str, kind: object, value: object) -> None:
    choices = get_args(kind)
    if choices:
        if value not in choices:
            raise BoardDataError(f"{where} [switches]: {name} = {value!r} is not one of {', '.join(choices)}")
    elif kind is bool:
        if not isinstance(value, bool):
            raise BoardDataError(f"{where} [switches]: {name} = {value!r} must be true or false")
    elif kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise BoardDataError(f"{where} [switches]: {name} = {value!r} must be a whole number")

