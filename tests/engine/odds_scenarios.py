"""Battles that exercise every rule the odds model, as board positions the engine fights.

Each scenario is a Conduct Combat position with one battle; ``measure`` fights it many
times with seeded random dice through the engine's own ``/battle`` and reports the same
figures the exact odds give.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import maps
from engine import GameState, RuleSet
from engine.combat.handlers import battle
from engine.commands import Battle
from engine.events import Event

from .combat_kit import arrive, begin, board, moved, sid

LAND, SEA = "Karelia S.S.R.", "Sea Zone 6"


class RandomDice:
    """Seeded dice for Monte Carlo runs (tests only: the engine never rolls itself)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def roll(self, count: int, purpose: str) -> list[int]:
        return [self.rng.randint(1, 6) for _ in range(count)]


@dataclass(frozen=True)
class Scenario:
    name: str
    rule: str
    """What it checks, with the rule passage (000 = 1942 Second Edition rulebook)."""
    attack: dict[str, int]
    defend: dict[str, int]
    sea: bool = False
    orders: dict[str, dict[str, Any]] = field(default_factory=dict)
    seaborne: int = 0
    ships: dict[str, int] = field(default_factory=dict)
    air: dict[str, int] = field(default_factory=dict)
    """Aircraft joining a sea battle from Norway."""
    options: dict[str, Any] = field(default_factory=dict)
    ruleset: str = "aa1942-2e"
    tech: dict[str, list[str]] = field(default_factory=dict)
    """Developments in effect per power (Revised: 003, Phase 1, Weapons Developments)."""

    @property
    def rules(self) -> RuleSet:
        return maps.load_ruleset(self.ruleset, unplayable=True)

    def position(self, rules: RuleSet) -> GameState:
        where = SEA if self.sea else LAND
        spaces: dict[str, Any] = {where: {"Germany": dict(self.attack), "United Kingdom" if self.sea else "Soviet Union":
                                          dict(self.defend)}}
        if self.seaborne:
            spaces[where]["Germany"]["infantry"] = spaces[where]["Germany"].get("infantry", 0) + self.seaborne
            spaces["Sea Zone 5"] = {"Germany": {"transport": 1, **self.ships}}
        if self.air:
            spaces["Norway"] = {"Germany": dict(self.air)}
        state = board(rules, "Germany", spaces, orders=self.orders, options=self.options)
        if self.tech:
            state = state.evolve(tech={state.board.find_power(p): tuple(ds) for p, ds in self.tech.items()})
        origin = "Sea Zone 5" if self.sea else "Belorussia"
        if self.seaborne:
            state = moved(state, where, "Germany", "infantry", self.seaborne, came_from="Sea Zone 5",
                          flags={"seaborne"})
            for kind in self.ships:
                state = moved(state, "Sea Zone 5", "Germany", kind, target=LAND)
        for kind in self.attack:
            state = moved(state, where, "Germany", kind, came_from=origin)
        for kind, n in self.air.items():
            state = arrive(state, "Norway", "Germany", kind, where, n)
        return begin(state)[0]


@dataclass
class Tally:
    """Sums over Monte Carlo battles of the figures the odds predict."""

    n: int = 0
    wins: int = 0
    draws: int = 0
    attacker_left: int = 0
    defender_left: int = 0


def measure(state: GameState, space: str, battles: int, seed: int) -> Tally:
    where = sid(state, space)
    out = Tally()
    for k in range(battles):
        _, events = battle(state, Battle(where), RandomDice(seed * 1_000_003 + k))
        won, draw, a_left, d_left = _result(events, state.board.name(where))
        out.n += 1
        out.wins += won
        out.draws += draw
        out.attacker_left += a_left
        out.defender_left += d_left
    return out


def _result(events: list[Event], name: str) -> tuple[bool, bool, int, int]:
    """(attacker won, both destroyed, attacking units left, defending units left), counting
    units that retreated or submerged as left and a won territory's defenders as gone."""
    start = next(e for e in events if e.type == "battle_start" and e.data["space"] == name)
    end = next(e for e in events if e.type == "battle_end" and e.data["space"] == name)
    outcome = end.data["outcome"]
    # Revised: antiaircraft guns in a captured territory change sides (002, Appendix I) and
    # are listed with the attacker's survivors; only the units that attacked count.
    a_left = sum(min(n, start.data["attackers"].get(k, 0)) for k, n in end.data["attackers"].items())
    d_left = sum(end.data["defenders"].values()) if outcome != "attacker" else 0
    for e in events:
        if e.type == "submerge" and e.data["space"] == name:
            if e.data["side"] == "attacker":
                a_left += sum(e.data["units"].values())
            elif outcome != "attacker":
                d_left += sum(e.data["units"].values())
        if e.type == "retreat" and e.data["space"] == name:
            a_left += sum(e.data["units"].values())
    sea = name.startswith("Sea Zone")
    won = outcome == "attacker" and (sea or end.data["captured"])
    return won, outcome == "none", a_left, d_left


SCENARIOS = [
    Scenario("support", "000, Infantry/Artillery: one infantry per artillery attacks at 2",
             {"infantry": 3, "artillery": 1, "tank": 1}, {"infantry": 2}),
    Scenario("aaa_idle", "000, Antiaircraft Artillery: no aircraft, no fire; AAA alone does not defend",
             {"infantry": 3, "tank": 1}, {"infantry": 2, "aaa": 1}),
    Scenario("aaa_fire", "000, Antiaircraft Artillery: up to 3 shots per AAA at attacking aircraft, hits on 1",
             {"infantry": 2, "tank": 1, "fighter": 2}, {"infantry": 3, "aaa": 1}),
    Scenario("aaa_orders", "000, AAA fire; a power's order of loss gives up fighters first",
             {"infantry": 2, "fighter": 1, "bomber": 1}, {"infantry": 2, "tank": 1, "aaa": 1},
             orders={"Germany": {"loss": ["fighter"]}}),
    Scenario("aaa_lost_first", "000, AAA is a casualty like any unit; the defender's order gives it up first",
             {"infantry": 3, "fighter": 1}, {"infantry": 2, "aaa": 1},
             orders={"Soviet Union": {"loss": ["aaa"]}}),
    Scenario("retreat_below", "000, Step 6 Condition B: the attacker retreats (standing order: fewer than 3 left)",
             {"infantry": 4, "artillery": 2}, {"infantry": 3, "artillery": 1, "tank": 1},
             orders={"Germany": {"retreat_below": 3}}),
    Scenario("keep_land", "000, Step 7: only land units capture; aircraft are lost before the last land unit",
             {"infantry": 1, "fighter": 2}, {"infantry": 2, "tank": 1}),
    Scenario("defender_order", "000, Step 4: the defender chooses its casualties (order: tank first)",
             {"infantry": 3, "tank": 2}, {"infantry": 2, "tank": 2},
             orders={"Soviet Union": {"loss": ["tank"]}}),
    Scenario("bombard", "000, Amphibious Assaults Step 2: bombardment casualties still fire in round 1",
             {}, {"infantry": 2}, seaborne=2, ships={"battleship": 1, "cruiser": 1}),
    Scenario("bombard_mixed", "000, Amphibious Assaults: seaborne and overland units, one ship per unit ashore",
             {"tank": 1}, {"infantry": 1, "tank": 1}, seaborne=1, ships={"battleship": 1, "cruiser": 1}),
    Scenario("battleship", "000, Battleships: two hits, the first only damages",
             {"battleship": 1, "destroyer": 1}, {"destroyer": 2}, sea=True),
    Scenario("battleships", "000, Battleships on both sides",
             {"battleship": 1}, {"battleship": 1, "transport": 1}, sea=True),
    Scenario("surprise", "000, Submarines: Surprise Strike at 2, hits on sea units only; transports chosen last",
             {"submarine": 2}, {"cruiser": 1, "transport": 1}, sea=True),
    Scenario("destroyer_cancels", "000, Destroyers: cancel the enemy submarines' surprise strike",
             {"submarine": 2}, {"destroyer": 1, "transport": 1}, sea=True),
    Scenario("both_surprise", "000, Submarines: defending subs strike first at 1",
             {"cruiser": 1, "submarine": 1}, {"submarine": 1, "cruiser": 1}, sea=True),
    Scenario("air_destroyer", "000, Submarines: aircraft hit submarines only with a friendly destroyer",
             {"destroyer": 1}, {"submarine": 1, "cruiser": 1}, sea=True, air={"fighter": 1}),
    Scenario("air_no_destroyer", "000, Submarines cannot hit aircraft nor be hit by them without a destroyer",
             {"cruiser": 1}, {"submarine": 2}, sea=True, air={"fighter": 1}),
    Scenario("submerge_attacker", "000, Step 2: attacking submarines submerge by standing orders",
             {"submarine": 2, "cruiser": 1}, {"cruiser": 1, "destroyer": 1}, sea=True,
             orders={"Germany": {"submerge": "always"}}),
    Scenario("submerge_outnumbered", "000, Step 2: defending subs submerge when outnumbered (standing order)",
             {"cruiser": 2, "submarine": 1}, {"submarine": 2, "cruiser": 1}, sea=True,
             orders={"United Kingdom": {"submerge": "when_outnumbered"}}),
    Scenario("carrier", "000, Aircraft Carriers: defending fighters on a carrier fight in the air",
             {"submarine": 2, "destroyer": 1, "cruiser": 1}, {"carrier": 1, "fighter": 2}, sea=True),
    Scenario("defenseless", "000, Step 5: transports with no defending warship are destroyed",
             {"destroyer": 1}, {"transport": 2}, sea=True),
    Scenario("seaborne_stay", "000, Amphibious Assaults, Step 3: seaborne units cannot retreat, aircraft may "
             "(fewer than 3 left: the fighter leaves, the infantry fight on)", {"fighter": 1}, {"infantry": 2, "tank": 1},
             seaborne=3, orders={"Germany": {"retreat_below": 3}}),
    Scenario("low_luck", "Low Luck combat (league option): total value // 6 hits, a die for the rest",
             {"infantry": 3, "artillery": 1, "tank": 1}, {"infantry": 3, "artillery": 1},
             options={"low_luck": True}),
    Scenario("low_luck_aa", "Low Luck antiaircraft fire (league option): shots // 6, a die for the rest",
             {"infantry": 2, "fighter": 3}, {"infantry": 2, "aaa": 1}, options={"low_luck_aa": True}),
    Scenario("low_luck_sea", "Low Luck at sea: submarines fire as their own group",
             {"submarine": 2, "destroyer": 1}, {"cruiser": 1, "transport": 1, "submarine": 1}, sea=True,
             options={"low_luck": True}),
    Scenario("sea_orders", "000, Step 4: order of loss at sea (cruiser before destroyer)",
             {"cruiser": 2, "destroyer": 1}, {"destroyer": 2, "submarine": 1}, sea=True,
             orders={"Germany": {"loss": ["cruiser"]}}),
]


REVISED = "revised-lhtr"
"""002 = Revised rules as amended by LHTR with FAQ (002_4a4a730e156ee196.txt); 003 = LHTR 2.0
(003_5fe4f41a8371e910.txt), which wins where it speaks."""

SCENARIOS += [
    Scenario("lhtr_opening_fire", "002, Phase 4, Steps 2-3: subs fire first every round; their casualties, "
             "without a destroyer on their side, are removed before firing back",
             {"submarine": 2}, {"carrier": 1, "transport": 1}, sea=True, ruleset=REVISED),
    Scenario("lhtr_destroyer_keeps", "002, Appendix I, Destroyers: with a destroyer the opening fire's "
             "casualties fire back", {"submarine": 3}, {"destroyer": 1, "transport": 1}, sea=True, ruleset=REVISED),
    Scenario("lhtr_defending_subs", "002, Phase 4, Step 2: defending subs open fire; the attacker's "
             "destroyer keeps its victims firing", {"destroyer": 1, "battleship": 1}, {"submarine": 3}, sea=True,
             ruleset=REVISED),
    Scenario("lhtr_subs_both_sides", "002, Phase 4, Step 2: both sides' subs open fire, no destroyer",
             {"submarine": 2}, {"submarine": 2}, sea=True, ruleset=REVISED),
    Scenario("lhtr_air_hits_subs", "002, Appendix I, Submarines: \"Any sea or air unit can hit a submarine\", "
             "no destroyer needed; subs never hit aircraft", {"battleship": 1}, {"submarine": 2, "carrier": 1},
             sea=True, air={"fighter": 2}, ruleset=REVISED),
    Scenario("lhtr_submerge_after_round", "002, Phase 4, Step 7: subs submerge after Press Attack or "
             "Retreat (standing order: always), having fired first", {"submarine": 2, "battleship": 1},
             {"carrier": 1, "destroyer": 1}, sea=True, orders={"Germany": {"submerge": "always"}}, ruleset=REVISED),
    Scenario("lhtr_aa_each", "002, Appendix I, Antiaircraft Guns: one gun fires one die per aircraft, "
             "fighters and bombers apart", {"infantry": 2, "fighter": 3, "bomber": 1}, {"infantry": 2, "aaa": 2},
             ruleset=REVISED),
    Scenario("lhtr_jets", "003, Phase 1, Jet Fighters: defend at 5; attacking jets cannot be hit by AA fire",
             {"infantry": 2, "fighter": 2}, {"infantry": 2, "fighter": 1, "aaa": 1}, ruleset=REVISED,
             tech={"Germany": ["jet_fighters"], "Soviet Union": ["jet_fighters"]}),
    Scenario("lhtr_super_subs", "003, Phase 1, Super Submarines: attack and defend at 3",
             {"submarine": 2}, {"destroyer": 1, "submarine": 1}, sea=True, ruleset=REVISED,
             tech={"Germany": ["super_submarines"]}),
    Scenario("lhtr_heavy_bombers", "003, Phase 1, Heavy Bombers: in battle two dice each, the better one",
             {"infantry": 1, "bomber": 2}, {"infantry": 3}, ruleset=REVISED, tech={"Germany": ["heavy_bombers"]}),
    Scenario("lhtr_combined_bombardment", "003, Phase 1, Combined Bombardment: destroyers bombard at 3 "
             "beside battleships; 002, Appendix I, Battleships: their casualties are lost at once", {}, {"infantry": 2, "tank": 1}, seaborne=2, ships={"battleship": 1, "destroyer": 1},
             ruleset=REVISED, tech={"Germany": ["combined_bombardment"]}),
    Scenario("lhtr_subs_against_aircraft", "002, Q&A, Submarines: subs facing only aircraft roll nothing in "
             "the opening fire, and aircraft hit them", {}, {"submarine": 2}, sea=True, air={"fighter": 2},
             ruleset=REVISED),
    Scenario("lhtr_assault_land_stays", "002, Phase 4, Amphibious Assaults: no attacking land unit retreats, "
             "\"not even if they came from adjacent territories\"; aircraft may (fewer than 4 left: the fighters "
             "leave, the rest fight on)", {"tank": 1, "fighter": 2}, {"infantry": 3, "tank": 1}, seaborne=2,
             orders={"Germany": {"retreat_below": 4}}, ruleset=REVISED),
    Scenario("lhtr_battleship", "002, Appendix I, Battleships: two hits; a defending destroyer",
             {"battleship": 1, "submarine": 1}, {"destroyer": 2}, sea=True, ruleset=REVISED),
]
