"""The missions ``/move ... mission:<name>`` declares: the engine's own and a rule system's
air missions (``[missions]`` of ruleset.toml).

The engine's missions are every rule system's: ``attack``, ``raid`` (a strategic bombing
raid on an industrial complex, 000, Phase 3), ``escort``, ``bombard`` and ``ignore``. A rule
system adds missions as data, each with the name players read and the words that name it;
one whose words include an engine mission's id takes its place (AARHE's Strategic Bombing
Raid is ``raid`` there). AARHE, 001 › Phase 4, Air Missions: "Each air unit may perform one
air mission against a hostile territory instead of normal combat. Defending Infrastructure
Defense fires and surviving air units fight one cycle of aerial combat against defending air
units." What each air mission does is its ``effect`` (``engine.combat.missions``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import AmbiguousCommandError, BoardDataError, NotationError
from .names import NameIndex, shown

ENGINE_MISSIONS = ("attack", "raid", "escort", "bombard", "ignore")
"""The engine's missions, in every rule system unless a rule system's mission replaces one."""

EFFECTS = ("bombing", "capacity", "interdiction", "counter_air", "land_units", "atomic")
"""What the aircraft of an air mission do (001 › Phase 4, Air Missions), once through the
defence: ``bombing``, each bomber's die off the territory's income or its complex's
production capacity (Strategic Bombing Raid); ``capacity``, production capacity only (Night
Bombing); ``interdiction``, hostile land units kept from Reinforcement (Ground
Interdiction); ``land_units``, each bomber's die at the defending land units, hitting on
``hits_on`` (Carpet Bombing, a National Advantage); ``atomic``, a bomber's atomic bomb dropped
on the territory (001 › Phase 7, Atomic Weaponry; ``engine.combat.atomic``); or, as declared,
before any defence: ``counter_air``, defending air units kept from Defensive Air Support
(Counter-Air)."""

BOMBERS = "bombers"
"""``flown_by`` of a mission only strategic bombers fly (Night Bombing: "Only Bomber may
perform this"); ``air``: any air unit."""


@dataclass(frozen=True, slots=True)
class AirMission:
    """One ``[missions.<id>]`` table."""

    id: str
    name: str
    effect: str
    aliases: tuple[str, ...] = ()
    flown_by: str = "air"
    anti_air: bool = True
    """The territory's Infrastructure Defence fires at the mission's aircraft."""
    aerial_combat: bool = True
    """The aircraft fight one cycle of aerial combat against the defending air units."""
    hits_on: int = 0
    """``land_units``: the value each die hits on."""
    advantage: str = ""
    """The National Advantage a power must have in force to fly the mission (its item id)."""


_KEYS = {"name", "effect", "aliases", "flown_by", "anti_air", "aerial_combat", "hits_on", "advantage"}


@dataclass(frozen=True, slots=True)
class Missions:
    """A rule system's air missions, and the index of every mission name it takes."""

    air: tuple[AirMission, ...] = ()

    @classmethod
    def from_dict(cls, where: str, data: Mapping[str, Any]) -> Missions:
        out = []
        for mid, table in data.items():
            unknown = sorted(set(table) - _KEYS)
            if unknown:
                raise BoardDataError(f"{where} [missions.{mid}]: unknown key {unknown[0]!r}; known: {', '.join(sorted(_KEYS))}")
            if table.get("effect") not in EFFECTS:
                raise BoardDataError(f"{where} [missions.{mid}]: effect must be one of {', '.join(EFFECTS)}")
            flown_by = str(table.get("flown_by", "air"))
            if flown_by not in ("air", BOMBERS):
                raise BoardDataError(f"{where} [missions.{mid}]: flown_by is air or {BOMBERS}")
            if (table["effect"] == "land_units") != (int(table.get("hits_on", 0)) > 0):
                raise BoardDataError(f"{where} [missions.{mid}]: hits_on is given with effect land_units, and only then")
            out.append(AirMission(str(mid), str(table["name"]), str(table["effect"]),
                                  tuple(str(a) for a in table.get("aliases", ())), flown_by,
                                  bool(table.get("anti_air", True)), bool(table.get("aerial_combat", True)),
                                  int(table.get("hits_on", 0)), str(table.get("advantage", ""))))
        missions = cls(tuple(out))
        clash = missions.index().collisions()
        if clash:
            word = sorted(clash)[0]
            raise BoardDataError(f"{where} [missions]: {word!r} names more than one mission")
        return missions

    def ids(self) -> tuple[str, ...]:
        """Every mission the rule system takes: the engine's not replaced, then its own."""
        taken = {a for m in self.air for a in (m.id, *m.aliases)}
        return (*(m for m in ENGINE_MISSIONS if m not in taken), *(m.id for m in self.air))

    def index(self) -> NameIndex:
        own = {m.id: m for m in self.air}
        names = {i: own[i].aliases if i in own else () for i in self.ids()}
        return NameIndex("mission", names, {i: own[i].name if i in own else i for i in names})

    def find(self, text: str) -> str:
        """The mission id ``text`` names; none: the missions taken, and "Did you mean ...?"
        where a name is a typo away."""
        index = self.index()
        try:
            return index.find(text)
        except AmbiguousCommandError:
            raise
        except NotationError:
            near = index.suggest(text)
            hint = f" Did you mean {' or '.join(near)}?" if near else ""
            raise NotationError(f'mission: takes {", ".join(self.ids())}, not "{shown(text)}".{hint}',
                                reason="notation.bad_choice", text=text, suggestions=near) from None

    def air_mission(self, mission: str | None) -> AirMission | None:
        """The rule system's air mission of that id, or None (an engine mission, or none)."""
        return next((m for m in self.air if m.id == mission), None)

    def shown(self, mission: str) -> str:
        found = self.air_mission(mission)
        return found.name if found is not None else mission
