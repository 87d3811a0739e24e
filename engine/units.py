"""Unit profiles: cost, combat values, movement and the abilities rules consult.

A :class:`UnitSpec` is plain data read from ``maps/<system>/units.toml``. Rules ask it
questions (``spec.is_air``, ``spec.blitz``) instead of comparing unit names, so a rule
system changes behaviour by changing data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import BoardDataError
from .ids import UnitKind

DOMAINS = ("land", "air", "sea")


@dataclass(frozen=True, slots=True)
class InfrastructureFire:
    """How an Infrastructure Defence fires (001 › Anti-Air): a search die detecting its
    target on ``search`` or less (plus ``search_bonus`` for each development its owner has),
    then an attack die destroying it on ``destroys`` or less and forcing it to retreat on
    ``retreats`` or less; ``implicit``: how many a territory holds without the unit, per
    industrial complex (``industrial_complex``) and per victory city (``victory_city``)."""

    search: int
    destroys: int
    retreats: int
    search_bonus: Mapping[str, int] = field(default_factory=dict)
    implicit: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Asw:
    """A unit's Anti-Submarine Warfare (001 › Naval Combat: Anti-Submarine Warfare): its
    "search" roll detects one submarine on ``search`` or less, its "attack" roll destroys one
    detected submarine on ``attack`` or less (0: none); ``improved``: the values with a
    development, by its id (001 › Phase 7, Advanced ASW's table)."""

    search: int = 0
    attack: int = 0
    improved: Mapping[str, tuple[int, int]] = field(default_factory=dict)


def _asw(data: Mapping[str, Any] | None) -> Asw | None:
    if data is None:
        return None
    return Asw(int(data.get("search", 0)), int(data.get("attack", 0)),
               {str(k): (int(v["search"]), int(v["attack"])) for k, v in data.get("improved", {}).items()})


def _names(data: str | Sequence[str]) -> tuple[str, ...]:
    """One name or a list of them (``requires_development = "heavy_tank"`` or a list)."""
    return (data,) if isinstance(data, str) else tuple(str(d) for d in data)


def _infrastructure_fire(data: Mapping[str, Any] | None) -> InfrastructureFire | None:
    if data is None:
        return None
    return InfrastructureFire(int(data["search"]), int(data["destroys"]), int(data["retreats"]),
                   {str(k): int(v) for k, v in data.get("search_bonus", {}).items()},
                   {str(k): int(v) for k, v in data.get("implicit", {}).items()})


@dataclass(frozen=True, slots=True)
class UnitSpec:
    """One unit type of a rule system."""

    kind: UnitKind
    name: str
    plural: str
    domain: str
    cost: int
    attack: int
    defense: int
    move: int
    abbreviation: str
    """The short form pictures and battle logs print ("INF")."""
    short_name: str
    """The word the map's unit key gives it ("infantry", "factory")."""
    hits: int = 1
    aliases: tuple[str, ...] = ()
    transport_size: str | None = None
    """``"small"`` (infantry), ``"large"`` (any other land unit) or ``"whole"`` (fills a
    transport alone, engine.cargo); None: not transportable."""
    supported_attack: int | None = None
    supports: str | None = None
    blitz: bool = False
    noncombat_move_only: bool = False
    antiaircraft_shots: int = 0
    antiaircraft_hits_on: int = 0
    destroyed_when_alone: bool = False
    structure: bool = False
    captured: bool = False
    """Taken over with its territory by the captor, like a structure (Revised's AA gun)."""
    raid_defense_hits_on: int = 0
    carrier_based: bool = False
    escort: bool = False
    strategic_bomber: bool = False
    airborne_drop: str = ""
    """The unit type the aircraft drops, one a plane, into a hostile territory it attacks in
    Combat Move (AARHE, 001 › Phase 3, Airborne Drop); "": none."""
    air_transport: str = ""
    """The transport size (``small``) of the one land unit the aircraft carries by Air
    Transport in Noncombat Move (AARHE, 001 › Phase 5, Air Transport); "": none."""
    damaged_move: int | None = None
    """The unit's move while it carries an unrepaired hit, if it is slower then (AARHE:
    "Damaged Aircraft Carrier and Cruiser move at 2", 001 › Phase 3, Naval Movement)."""
    half_bombing: bool = False
    """Rolls in air missions at half effect, rounded down (AARHE's Fighter-Bomber, 001 ›
    Appendix: Units: "may perform SBR and GI at 50% effectiveness, rounded down")."""
    surface_warship: bool = False
    bombard: int = 0
    carrier_capacity: int = 0
    anti_submarine: bool = False
    submarine: bool = False
    surprise_attack_hits_on: int = 0
    surprise_defense_hits_on: int = 0
    transport_capacity: Mapping[str, int] = field(default_factory=dict)
    chosen_last: bool = False
    dogfight_attack: int = 0
    """AARHE: the value an aircraft fights at when both sides have air units (001 ›
    Appendix: Units, "Dogfight"); ``dogfight_defense`` defending. ``jet_dogfight`` holds
    both for units built with a development that improves new ones (Jet Plane), if any."""
    dogfight_defense: int = 0
    jet_dogfight: tuple[int, int] | None = None
    air_support: str | None = None
    """AARHE: the land unit kind this aircraft gives +1, one to one, while its side alone
    has aircraft (001 › Air Supremacy: "Fighter increases Tank's attack by 1")."""
    infrastructure_fire: InfrastructureFire | None = None
    """AARHE's Infrastructure Defence fire (001 › Anti-Air); None: the unit has none."""
    land_hits: str = "land"
    """AARHE: the rule the hits of this land unit follow in a land battle (``hits.RULES``):
    ``land`` (on land units), or ``armour`` (on other land units before infantry: 001 ›
    Land Combat: Hit Allocation, "Tank hits must be allocated on other land units before
    Infantry or Airborne Infantry")."""
    taken_last: tuple[str, ...] = ()
    """AARHE: hit rules whose hits fall on this unit only when no other unit they may fall on
    is left (infantry for ``armour``, the transport plane for ``dogfight``)."""
    opening_fire: bool = False
    """AARHE: the unit fires in a land battle's opening fire, after the air units (001 ›
    Appendix: Units, Heavy Tank: "They fire in opening-fire")."""
    infantry: bool = False
    """AARHE: an infantry for the +1 a bombarding ship (attacking) or an Infrastructure
    Defense (defending) gives one to one in an amphibious assault's 1st cycle (001 › Offshore
    bombardment: "Infantry or Airborne Infantry")."""
    assault_artillery: bool = False
    """AARHE: defending, it fires before the other land units in an amphibious assault's 1st
    cycle (001 › Land Combat: Amphibious Assault Sequence: "Defending artillery fires before
    other land units")."""
    anti_air: int = 0
    """AARHE: a ship's anti-air rolls in a sea battle, each hitting an enemy aircraft on 1
    (001 › Naval Combat: Air units, Anti-Air)."""
    asw: Asw | None = None
    """AARHE: the unit's anti-submarine search and attack (001 › Naval Combat: ASW)."""
    asw_evasion: Mapping[str, int] = field(default_factory=dict)
    """AARHE: how much ASW rolls at this submarine are lowered, per development of its owner
    (001 › Phase 7, Advanced Submarine: "decreased by 1")."""
    fires_early: bool = False
    """AARHE: fires in the Mid-Combat of a sea battle, before the main round (001 › Naval
    Combat: Battleships)."""
    attacks_naval: bool = True
    """AARHE: False for aircraft that may not attack naval units (001 › Air Supremacy:
    "Bomber and Transport Plane may not attack naval units")."""
    buyable: bool = True
    """False: no power may buy it unless a game option makes it buyable (AARHE's optional
    units, 001 › Appendix: Units, "Optional units")."""
    requires_development: tuple[str, ...] = ()
    """Only a power with every one of these developments may buy it (AARHE's Heavy Tank and
    Self-propelled Artillery: "You may build Heavy Tank for 8 IPC", 001 › Phase 7; the Amerika
    Bomber, "If you have both Heavy Bomber and Long Range Aircraft technology")."""
    per_turn: int = 0
    """The most one power may buy in a turn; 0: no limit (AARHE's heavy tank "can only be
    built at the rate of one per turn")."""
    advantage: str = ""
    """Only a power with this National Advantage in force may buy it (AARHE's Amerika Bomber,
    001 › Appendix: National Advantages, Germany 16: "you may build special Bomber")."""
    on_map: int = 0
    """The most one power may have at once, on the map, bought or being built; 0: no limit
    (the Amerika Bomber: "A maximum of 1 can be on the map at any time")."""
    moves_each_phase: bool = False
    """Moves its points in Combat Move and again in Noncombat Move, after moving or fighting
    (AARHE's Chindits: "a unique movement of 2 spaces in Combat Move and 2 spaces in Non-Combat
    Move")."""
    infiltrates: bool = False
    """A land unit that moves through enemy territories, stopping and capturing nowhere on
    the way (the Chindits: "They may even move through enemy territories")."""
    aa_immune: bool = False
    """Immune to anti-aircraft fire (Infrastructure Defense in AARHE) as a type, not by a
    development (the Amerika Bomber: "It is immune to Infrastructure Defense fire")."""

    def word(self, count: int = 1) -> str:
        """The rule system's name for ``count`` units of this type, as its unit table gives
        it: ``"tank"``/``"tanks"`` in 1942, ``"armor"`` in Classic, ``"aircraft carrier"``."""
        return self.name.lower() if count == 1 else self.plural

    @property
    def is_land(self) -> bool:
        return self.domain == "land"

    @property
    def is_air(self) -> bool:
        return self.domain == "air"

    @property
    def is_sea(self) -> bool:
        return self.domain == "sea"

    @property
    def is_transport(self) -> bool:
        return bool(self.transport_capacity)

    @property
    def is_warship(self) -> bool:
        """Surface warships and submarines; transports are not warships."""
        return self.surface_warship or self.submarine

    @property
    def is_combat_unit(self) -> bool:
        """Can roll dice in a battle (attack or defense above zero)."""
        return self.attack > 0 or self.defense > 0

    @property
    def can_capture(self) -> bool:
        """Only land units with a combat value capture territory (Unit Profiles, Land Units)."""
        return self.is_land and not self.structure and self.is_combat_unit


_KNOWN = {
    "name", "plural", "abbreviation", "short_name", "aliases", "domain", "cost", "attack",
    "defense", "move", "hits",
    "transport_size", "supported_attack", "supports", "blitz", "noncombat_move_only",
    "antiaircraft", "destroyed_when_alone", "structure", "captured", "raid_defense", "carrier_based",
    "escort", "strategic_bomber", "half_bombing", "damaged_move", "air_transport", "airborne_drop", "surface_warship", "bombard", "carrier_capacity",
    "anti_submarine", "submarine", "surprise_strike", "transport_capacity", "chosen_last",
    "dogfight", "jet_dogfight", "air_support", "infrastructure_fire", "land_hits", "taken_last", "opening_fire",
    "infantry", "assault_artillery",
    "dogfight", "jet_dogfight", "air_support", "infrastructure_fire", "anti_air", "asw", "asw_evasion", "fires_early",
    "attacks_naval",
    "buyable", "requires_development", "per_turn", "advantage", "on_map", "aa_immune", "moves_each_phase",
    "infiltrates",
}


def unit_spec_from_dict(kind: str, data: Mapping[str, Any]) -> UnitSpec:
    """Build one :class:`UnitSpec`, naming the unit and key when the data is wrong."""
    unknown = set(data) - _KNOWN
    if unknown:
        raise BoardDataError(f"unit {kind!r}: unknown keys {sorted(unknown)}")
    try:
        domain = data["domain"]
        if domain not in DOMAINS:
            raise BoardDataError(f"unit {kind!r}: domain {domain!r} is not one of {DOMAINS}")
        aa = data.get("antiaircraft", {})
        surprise = data.get("surprise_strike", {})
        return UnitSpec(
            kind=UnitKind(kind),
            name=data["name"],
            plural=data["plural"],
            domain=domain,
            cost=int(data["cost"]),
            attack=int(data["attack"]),
            defense=int(data["defense"]),
            move=int(data["move"]),
            abbreviation=str(data["abbreviation"]),
            short_name=str(data["short_name"]),
            hits=int(data.get("hits", 1)),
            aliases=tuple(data.get("aliases", ())),
            transport_size=data.get("transport_size"),
            supported_attack=data.get("supported_attack"),
            supports=data.get("supports"),
            blitz=bool(data.get("blitz", False)),
            noncombat_move_only=bool(data.get("noncombat_move_only", False)),
            antiaircraft_shots=int(aa.get("shots_per_unit", 0)),
            antiaircraft_hits_on=int(aa.get("hits_on", 0)),
            destroyed_when_alone=bool(data.get("destroyed_when_alone", False)),
            structure=bool(data.get("structure", False)),
            captured=bool(data.get("captured", False)),
            raid_defense_hits_on=int(data.get("raid_defense", {}).get("hits_on", 0)),
            carrier_based=bool(data.get("carrier_based", False)),
            escort=bool(data.get("escort", False)),
            strategic_bomber=bool(data.get("strategic_bomber", False)),
            half_bombing=bool(data.get("half_bombing", False)),
            damaged_move=int(data["damaged_move"]) if "damaged_move" in data else None,
            air_transport=str(data.get("air_transport", "")),
            airborne_drop=str(data.get("airborne_drop", "")),
            surface_warship=bool(data.get("surface_warship", False)),
            bombard=int(data.get("bombard", 0)),
            carrier_capacity=int(data.get("carrier_capacity", 0)),
            anti_submarine=bool(data.get("anti_submarine", False)),
            submarine=bool(data.get("submarine", False)),
            surprise_attack_hits_on=int(surprise.get("attack_hits_on", 0)),
            surprise_defense_hits_on=int(surprise.get("defense_hits_on", 0)),
            transport_capacity=dict(data.get("transport_capacity", {})),
            chosen_last=bool(data.get("chosen_last", False)),
            dogfight_attack=int(data.get("dogfight", {}).get("attack", 0)),
            dogfight_defense=int(data.get("dogfight", {}).get("defense", 0)),
            jet_dogfight=(int(data["jet_dogfight"]["attack"]), int(data["jet_dogfight"]["defense"]))
            if "jet_dogfight" in data else None,
            air_support=data.get("air_support"),
            infrastructure_fire=_infrastructure_fire(data.get("infrastructure_fire")),
            land_hits=str(data.get("land_hits", "land")),
            taken_last=tuple(str(r) for r in data.get("taken_last", ())),
            opening_fire=bool(data.get("opening_fire", False)),
            infantry=bool(data.get("infantry", False)),
            assault_artillery=bool(data.get("assault_artillery", False)),
            anti_air=int(data.get("anti_air", 0)),
            asw=_asw(data.get("asw")),
            asw_evasion={str(k): int(v) for k, v in data.get("asw_evasion", {}).items()},
            fires_early=bool(data.get("fires_early", False)),
            attacks_naval=bool(data.get("attacks_naval", True)),
            buyable=bool(data.get("buyable", True)),
            requires_development=_names(data.get("requires_development", ())),
            per_turn=int(data.get("per_turn", 0)),
            advantage=str(data.get("advantage", "")),
            on_map=int(data.get("on_map", 0)),
            aa_immune=bool(data.get("aa_immune", False)),
            moves_each_phase=bool(data.get("moves_each_phase", False)),
            infiltrates=bool(data.get("infiltrates", False)),
        )
    except KeyError as missing:
        raise BoardDataError(f"unit {kind!r}: missing key {missing}") from None
