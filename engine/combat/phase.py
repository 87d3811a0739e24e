"""The Conduct Combat phase as a value: battles still to fight, the one in progress and
the choice it waits for.

Everything here is frozen and JSON-able (``to_json`` / :func:`combat_from_json`), so a
game can stop in the middle of a battle for a day and resume from storage.
000, Phase 3: Conduct Combat ("Combat Sequence": raids, amphibious assaults, general
combat).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..ids import PowerId, SpaceId

RAID, AMPHIBIOUS, GENERAL = 1, 2, 3
"""Combat Sequence step of a battle: strategic bombing raids, amphibious assaults,
general combat (000, Phase 3: "Combat Sequence")."""
STEP_NAMES = {RAID: "strategic bombing raid", AMPHIBIOUS: "amphibious assault", GENERAL: "general combat"}
AIR_MISSIONS = "air missions"
"""The raids' step where a rule system flies air missions of its own (AARHE, 001 › Air
Missions: "Air missions are resolved before normal combats"): Ground Interdiction or
Counter-Air is no strategic bombing raid."""


def step_name(step: int, air_missions: bool, plural: bool = False) -> str:
    """What players read for a Combat Sequence step (``air_missions``: the rule system has
    missions of its own), as one battle or, with ``plural``, as several."""
    if step == RAID and air_missions:
        return AIR_MISSIONS
    return STEP_NAMES[step] + ("s" if plural else "")


@dataclass(frozen=True, slots=True)
class Entry:
    """A battle waiting to be fought: where, which Combat Sequence step, and what kind."""

    space: SpaceId
    step: int
    kind: str
    """``raid``, ``land`` or ``sea``."""


@dataclass(frozen=True, slots=True)
class Pending:
    """A choice the battle waits for."""

    kind: str
    """``casualties``, ``retreat``, ``submerge``, ``withdraw``, ``intercept``, ``bombard``, in
    an AARHE sea battle ``targets`` (what undetected submarines fire at) or ``asw`` (which
    units make ASW attacks), ``bomb`` (AARHE's bombers choosing the complex or the income,
    ``engine.combat.missions``), or in an atomic attack ``atomic_groups`` and
    ``atomic_strike`` (``engine.combat.atomic``)."""
    chooser: PowerId
    side: str
    """Whose units the choice is about: ``attacker`` or ``defender``."""
    hits: tuple[tuple[int, str], ...] = ()
    """For casualties: hits due, as (count, eligibility rule) pairs (``hits.RULES``); for
    bombard: how many ships may bombard; for an atomic attack's choices: how many groups."""
    source: str = ""
    """What scored the hits (``fire``, ``surprise``, ``antiaircraft``, ``bombard`` ...)."""
    immediate: bool = True
    """Casualties leave at once (else they go behind the casualty strip and fire back)."""
    among: tuple[int, ...] = ()
    """Ids of the units the hits (or the choice) may fall on."""
    again: bool = False
    """The step that asked runs again once the choice is answered (which ships bombard: the
    step then fires with those); otherwise the battle goes on at the step after it."""


@dataclass(frozen=True, slots=True)
class Battle:
    """One battle in progress. ``step`` is the id of the step to run next (``sequence.STEPS``)."""

    space: SpaceId
    kind: str
    attacker: PowerId
    amphibious: bool = False
    round: int = 1
    step: str = "start"
    pending: Pending | None = None
    strip: tuple[int, ...] = ()
    """Defending units hit and not yet removed: they still fire this round (in an AARHE sea
    battle the attacker's too, until the next "Remove casualties": ``combat.naval``)."""
    out: frozenset[int] = frozenset()
    """Units that left the battle (submerged submarines, retreated aircraft)."""
    destroyers: tuple[bool, bool] = (False, False)
    """Attacker / defender had a destroyer when this round started (000, Destroyers)."""
    air: str = ""
    """Who held the air as this cycle began, where the rule system fights for it (AARHE,
    step ``air_cycle``): ``dogfight``, ``attacker``, ``defender`` or ``""`` (``combat.air``)."""
    jets: str = ""
    """The side that alone had jet air units as this cycle began (AARHE, step ``air_cycle``;
    its jet fighters fire selectively, ``combat.selective``), or ``""``."""
    bombarding: tuple[int, ...] = ()
    """AARHE: the ships that rolled for offshore bombardment in this assault (each gives an
    infantry +1 in the 1st cycle; the defender's IDs fire at them: ``amphibious.shore_bombard``)."""
    detected: frozenset[int] = frozenset()
    """Submarines an ASW search detected (AARHE, 001 › Naval Combat: ASW; ``combat.naval``):
    they fire in the main round and ASW attack rolls may destroy them."""
    asw: frozenset[int] = frozenset()
    """Units allocated to ASW attack instead of normal combat in this cycle's main round."""
    broke_off: bool = False
    """The defender chose to break off at the end of this cycle (001 › Break off)."""
    aborted: bool = False
    """The attacker broke off while the defender stayed: the amphibious assault this sea
    battle clears the way for is aborted (001 › Naval Combat: Amphibious Assault)."""
    aim: tuple[int, ...] = ()
    """The targets chosen for selective fire (undetected submarines, jet fighters), one per shooter
    in id order, until they roll (001 › Submarine Warfare)."""
    watched: tuple[int, ...] = ()
    """Enemy units a National Advantage in force watches as the battle begins, whose loss it
    rewards when the battle is won (Salvage: ``combat.national``)."""
    favoured: tuple[int, ...] = ()
    """The units an item with a limit favours in this battle, chosen as it begins (Shock
    Troops: ``combat.national``)."""
    groups: tuple[tuple[int, ...], ...] = ()
    """An atomic attack's groups of defending units, as the defender divided them; the one
    group struck once the attacker has chosen (``combat.atomic``)."""
    cleared: tuple[int, ...] = ()
    """The defending land units as the battle begins, where an item in force of the attacker
    rewards destroying them all in one cycle (Panzer blitz: ``combat.national``)."""
    boats: tuple[int, ...] | None = None
    """The targets named for the units an item sends to strike as suicide boats, one each in
    order, until they strike; None before they are named (Shinyo Suicide Boats:
    ``combat.boats``)."""

    def but(self, **changes: Any) -> Battle:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class CombatPhase:
    """The Conduct Combat phase: what ``GameState.combat`` holds."""

    attacker: PowerId
    entries: tuple[Entry, ...] = ()
    """Battles not yet fought, in Combat Sequence order."""
    current: Battle | None = None
    then: SpaceId | None = None
    """An amphibious land battle to fight as soon as the current sea battle ends."""
    sea_fought: frozenset[SpaceId] = frozenset()
    """Sea zones where a sea combat took place: no bombardment from them."""
    bombarded: frozenset[int] = frozenset()
    """Ships that already bombarded this turn, or were left out when the attacker chose
    which ships bombard (each ship supports one assault)."""
    interceptors: frozenset[int] = frozenset()
    """Fighters that intercepted a raid: they fight in no other battle this turn."""
    homeless: frozenset[int] = frozenset()
    """Defending fighters that lost their carrier or base and must land elsewhere."""
    hostile_seas: frozenset[SpaceId] = frozenset()
    """Sea zones hostile to the attacker when the phase began. No enemy unit moves in the
    attacker's turn, so these are the zones that were hostile at the start of the turn,
    where retreating sea units may not go (000, Step 6, Condition B)."""
    struck: tuple[tuple[SpaceId, int], ...] = ()
    """IPCs rockets took from each territory when the phase began: a raid there this turn
    takes at most the rest of the cap (002, Errata, Rocket Strikes, "Added")."""
    favoured: frozenset[int] = frozenset()
    """Every unit an item with a limit a turn has favoured in this phase's battles (Shock
    Troops: "No more than 6 Infantry can get this bonus per turn")."""

    def chooser(self) -> PowerId | None:
        """The power whose choice is due now, or None."""
        if self.current is not None and self.current.pending is not None:
            return self.current.pending.chooser
        return None

    def but(self, **changes: Any) -> CombatPhase:
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        return {
            "attacker": self.attacker,
            "entries": [[e.space, e.step, e.kind] for e in self.entries],
            "current": None if self.current is None else _battle_to_json(self.current),
            "then": self.then,
            "sea_fought": sorted(self.sea_fought),
            "bombarded": sorted(self.bombarded),
            "interceptors": sorted(self.interceptors),
            "homeless": sorted(self.homeless),
            "hostile_seas": sorted(self.hostile_seas),
            "struck": [[s, n] for s, n in self.struck],
            **({"favoured": sorted(self.favoured)} if self.favoured else {}),
        }


def _battle_to_json(b: Battle) -> dict[str, Any]:
    pending = None
    if b.pending is not None:
        p = b.pending
        pending = {"kind": p.kind, "chooser": p.chooser, "side": p.side,
                   "hits": [list(h) for h in p.hits], "source": p.source, "immediate": p.immediate, "among": list(p.among),
                   "again": p.again}
    return {
        "space": b.space, "kind": b.kind, "attacker": b.attacker, "amphibious": b.amphibious,
        "round": b.round, "step": b.step, "pending": pending, "strip": list(b.strip),
        "out": sorted(b.out), "destroyers": list(b.destroyers),
        **({"air": b.air} if b.air else {}),
        **({"jets": b.jets} if b.jets else {}),
        **({"bombarding": list(b.bombarding)} if b.bombarding else {}),
        **({"detected": sorted(b.detected)} if b.detected else {}),
        **({"asw": sorted(b.asw)} if b.asw else {}),
        **({"broke_off": True} if b.broke_off else {}),
        **({"aborted": True} if b.aborted else {}),
        **({"aim": list(b.aim)} if b.aim else {}),
        **({"watched": list(b.watched)} if b.watched else {}),
        **({"favoured": list(b.favoured)} if b.favoured else {}),
        **({"groups": [list(g) for g in b.groups]} if b.groups else {}),
        **({"cleared": list(b.cleared)} if b.cleared else {}),
        **({"boats": list(b.boats)} if b.boats is not None else {}),
    }


def combat_from_json(d: Mapping[str, Any]) -> CombatPhase:
    """Inverse of :meth:`CombatPhase.to_json`."""
    current = None
    if d.get("current") is not None:
        c = d["current"]
        pending = None
        step = c["step"]
        if c.get("pending") is not None:
            p = c["pending"]
            # Stored before choices said ``again``: a bombard choice left the battle at the step
            # after bombard, and the answer sent it back there; read so, it asks it again.
            older_bombard = "again" not in p and p["kind"] == "bombard"
            pending = Pending(p["kind"], PowerId(p["chooser"]), p["side"],
                              tuple((int(n), str(r)) for n, r in p["hits"]), p["source"], bool(p["immediate"]),
                              tuple(int(u) for u in p["among"]), bool(p.get("again", older_bombard)))
            step = "bombard" if older_bombard else step
        current = Battle(
            space=SpaceId(c["space"]), kind=c["kind"], attacker=PowerId(c["attacker"]),
            amphibious=bool(c["amphibious"]), round=int(c["round"]), step=step, pending=pending,
            strip=tuple(int(u) for u in c["strip"]), out=frozenset(int(u) for u in c["out"]),
            destroyers=(bool(c["destroyers"][0]), bool(c["destroyers"][1])),
            air=str(c.get("air", "")),
            jets=str(c.get("jets", "")),
            bombarding=tuple(int(u) for u in c.get("bombarding", ())),
            detected=frozenset(int(u) for u in c.get("detected", ())),
            asw=frozenset(int(u) for u in c.get("asw", ())),
            broke_off=bool(c.get("broke_off", False)),
            aborted=bool(c.get("aborted", False)),
            aim=tuple(int(u) for u in c.get("aim", ())),
            watched=tuple(int(u) for u in c.get("watched", ())),
            favoured=tuple(int(u) for u in c.get("favoured", ())),
            groups=tuple(tuple(int(u) for u in g) for g in c.get("groups", ())),
            cleared=tuple(int(u) for u in c.get("cleared", ())),
            boats=tuple(int(u) for u in c["boats"]) if "boats" in c else None,
        )
    return CombatPhase(
        attacker=PowerId(d["attacker"]),
        entries=tuple(Entry(SpaceId(s), int(step), kind) for s, step, kind in d["entries"]),
        current=current,
        then=SpaceId(d["then"]) if d.get("then") else None,
        sea_fought=frozenset(SpaceId(s) for s in d["sea_fought"]),
        bombarded=frozenset(int(u) for u in d["bombarded"]),
        interceptors=frozenset(int(u) for u in d["interceptors"]),
        homeless=frozenset(int(u) for u in d["homeless"]),
        hostile_seas=frozenset(SpaceId(s) for s in d.get("hostile_seas", ())),
        struck=tuple((SpaceId(s), int(n)) for s, n in d.get("struck", ())),
        favoured=frozenset(int(u) for u in d.get("favoured", ())),
    )
