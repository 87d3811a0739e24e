"""Battles that exercise every rule the odds model, as board positions the engine fights.

Each scenario is a Conduct Combat position with one battle; ``measure`` fights it many
times with seeded random dice through the engine's own ``/battle`` and reports the same
figures the exact odds give, in several processes when asked (battle ``k`` always rolls
the dice of seed ``k``, so the split changes nothing).
"""

from __future__ import annotations

import random
import zlib
from concurrent.futures import ProcessPoolExecutor
from copy import copy
from dataclasses import dataclass, field, replace
from multiprocessing import get_context
from typing import Any

import maps
from engine import GameState, RuleSet
from engine.board import Board
from engine.combat.handlers import battle
from engine.commands import Battle
from engine.events import Event

from .combat_kit import arrive, begin, board, moved, sid


@dataclass(frozen=True)
class Layout:
    """Where a rule system's scenarios are fought, by display names: the battle on land,
    where the land attackers came from, the battle at sea, where the ships came from
    (beside both battles, and holding the transport of a seaborne assault), and the
    airfield the aircraft joining a sea battle take off from."""

    land: str
    land_from: str
    sea: str
    sea_from: str
    airfield: str


EUROPE_1942 = Layout("Karelia S.S.R.", "Belorussia", "Sea Zone 6", "Sea Zone 5", "Norway")
LAYOUTS = {
    "aa1942-2e": EUROPE_1942,
    "revised-lhtr": EUROPE_1942,
    "classic-3e": Layout("Karelia S.S.R.", "Eastern Europe", "North Sea Zone", "Baltic Sea Zone", "Finland-Norway"),
    "aarhe": Layout("Belorussia", "Eastern Europe", "Sea Zone 5", "Sea Zone 4", "Poland"),
}


class RandomDice:
    """Seeded dice for Monte Carlo runs (tests only: the engine never rolls itself)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def roll(self, count: int, purpose: str) -> list[int]:
        return [self.rng.randint(1, 6) for _ in range(count)]

    sealed = roll  # a sealed draw's faces are dice like any other here


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
    nearby: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    """Other units on the board, by space and power (an enemy where the attack came from)."""
    space: str = ""
    """A land battle elsewhere than the layout's (``where``: a victory city), attacked from
    ``Layout.land_from``."""
    terrain: str = ""
    """The land battle's territory given this terrain (a board field, AARHE's ruling 11)."""

    @property
    def rules(self) -> RuleSet:
        rules = maps.load_ruleset(self.ruleset, unplayable=True)
        if not self.terrain:
            return rules
        b = rules.board
        at = b.find_space(self.where)
        spaces = {**b.spaces, at: replace(b.spaces[at], terrain=self.terrain)}
        other = copy(rules)
        other.board = Board(b.id, b.title, spaces, tuple(b.powers.values()), b.canals, b.straits)
        return other

    @property
    def seed(self) -> int:
        """The scenario's own dice (fixed, so a run is repeatable; apart from the other
        scenarios', so their figures are independent)."""
        return zlib.crc32(f"{self.ruleset} {self.name}".encode())

    @property
    def where(self) -> str:
        at = LAYOUTS[self.ruleset]
        return at.sea if self.sea else self.space or at.land

    def position(self, rules: RuleSet) -> GameState:
        at, where = LAYOUTS[self.ruleset], self.where
        spaces: dict[str, Any] = {where: {"Germany": dict(self.attack), "United Kingdom" if self.sea else "Soviet Union":
                                          dict(self.defend)}}
        if self.seaborne:
            spaces[where]["Germany"]["infantry"] = spaces[where]["Germany"].get("infantry", 0) + self.seaborne
            spaces[at.sea_from] = {"Germany": {"transport": 1, **self.ships}}
        if self.air:
            spaces[at.airfield] = {"Germany": dict(self.air)}
        for space, powers in self.nearby.items():
            spaces.setdefault(space, {}).update(powers)
        owners = None if self.sea else {where: "Soviet Union"}
        state = board(rules, "Germany", spaces, orders=self.orders, options=self.options, owners=owners)
        if self.tech:
            state = state.evolve(tech={state.board.find_power(p): tuple(ds) for p, ds in self.tech.items()})
        origin = at.sea_from if self.sea else at.land_from
        if self.seaborne:
            state = moved(state, where, "Germany", "infantry", self.seaborne, came_from=at.sea_from,
                          flags={"seaborne"})
            for kind in self.ships:
                state = moved(state, at.sea_from, "Germany", kind, target=at.land)
        for kind in self.attack:
            state = moved(state, where, "Germany", kind, came_from=origin)
        for kind, n in self.air.items():
            state = arrive(state, at.airfield, "Germany", kind, where, n)
        return begin(state)[0]


@dataclass
class Tally:
    """Sums over Monte Carlo battles of the figures the odds predict."""

    n: int = 0
    wins: int = 0
    draws: int = 0
    attacker_left: int = 0
    defender_left: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.n + other.n, self.wins + other.wins, self.draws + other.draws,
                     self.attacker_left + other.attacker_left, self.defender_left + other.defender_left)


def measure(state: GameState, space: str, battles: int, seed: int, workers: int = 1) -> Tally:
    """``battles`` of the engine's own battle in ``space``, battle ``k`` with the dice of
    seed ``seed * 1_000_003 + k``; ``workers`` processes share them, each fighting every
    ``workers``-th battle, with the same total as one. The workers are forked with the
    position in ``_FORKED`` (a game state does not pickle)."""
    if workers <= 1:
        return _fight(state, space, range(battles), seed)
    _FORKED[:] = [state]
    try:
        with ProcessPoolExecutor(workers, mp_context=get_context("fork")) as pool:
            parts = pool.map(_forked_fight, [(space, range(i, battles, workers), seed) for i in range(workers)])
            return sum(parts, Tally())
    finally:
        _FORKED.clear()


_FORKED: list[GameState] = []


def _forked_fight(job: tuple[str, range, int]) -> Tally:
    return _fight(_FORKED[0], *job)


def _fight(state: GameState, space: str, battles: range, seed: int) -> Tally:
    where = sid(state, space)
    out = Tally()
    for k in battles:
        _, events = battle(state, Battle(where), RandomDice(seed * 1_000_003 + k))
        won, draw, a_left, d_left = _result(events, state.board.name(where), state.board.spaces[where].is_sea)
        out.n += 1
        out.wins += won
        out.draws += draw
        out.attacker_left += a_left
        out.defender_left += d_left
    return out


def _result(events: list[Event], name: str, sea: bool) -> tuple[bool, bool, int, int]:
    """(attacker won, both destroyed, attacking units left, defending units left), counting
    units that retreated, submerged or withdrew as left (the attacker's aircraft that AARHE's
    Infrastructure Defense forced away too) and a won territory's defenders as gone."""
    start = next(e for e in events if e.type == "battle_start" and e.data["space"] == name)
    end = next(e for e in events if e.type == "battle_end" and e.data["space"] == name)
    outcome = end.data["outcome"]
    # Revised: antiaircraft guns in a captured territory change sides (002, Appendix I) and
    # are listed with the attacker's survivors; only the units that attacked count.
    a_left = sum(min(n, start.data["attackers"].get(k, 0)) for k, n in end.data["attackers"].items())
    d_left = sum(end.data["defenders"].values()) if outcome != "attacker" else 0
    for e in events:
        if e.type in ("submerge", "withdraw") and e.data["space"] == name:
            if e.data["side"] == "attacker":
                a_left += sum(e.data["units"].values())
            elif outcome != "attacker":
                d_left += sum(e.data["units"].values())
        if e.type == "retreat" and e.data["space"] == name and e.data.get("chosen_by") == start.data["attacker"]:
            a_left += sum(e.data["units"].values())
        if e.type == "anti_air" and e.data["space"] == name and e.data["side"] == "attacker":
            a_left += sum(e.data["retreating"].values())
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
SCENARIOS += [
    Scenario("lhtr_lone_gun", "002, Appendix I, Antiaircraft Guns: a gun alone is not destroyed; it fires at "
             "the attacking aircraft before the attackers take the territory", {"infantry": 1, "fighter": 2},
             {"aaa": 1}, ruleset=REVISED),
    Scenario("lhtr_aa_orders", "002, Appendix I, Antiaircraft Guns, and Phase 4, Step 6: a bomber's die hits "
             "bombers only, whatever the attacker's order of loss (fighters first)",
             {"infantry": 2, "fighter": 1, "bomber": 2}, {"infantry": 3, "aaa": 1},
             orders={"Germany": {"loss": ["fighter"]}}, ruleset=REVISED),
    Scenario("lhtr_retreat_below", "002, Phase 4, Step 7: the attacker retreats by its standing order "
             "(fewer than 3 left)", {"infantry": 4, "artillery": 2}, {"infantry": 3, "artillery": 1, "tank": 1},
             orders={"Germany": {"retreat_below": 3}}, ruleset=REVISED),
    Scenario("lhtr_bombard", "002, Appendix I, Battleships: bombardment at 4, its casualties lost before "
             "they fire back", {}, {"infantry": 2}, seaborne=2, ships={"battleship": 1}, ruleset=REVISED),
    Scenario("lhtr_keep_land", "002, Phase 4, Step 6: the attacker keeps a land unit to take the territory",
             {"infantry": 1, "fighter": 2}, {"infantry": 2, "tank": 1}, ruleset=REVISED),
    Scenario("lhtr_carrier", "002, Appendix I, Aircraft Carriers: defending fighters on a carrier fight at sea; "
             "subs cannot hit them", {"submarine": 2, "destroyer": 1, "battleship": 1},
             {"carrier": 1, "fighter": 2}, sea=True, ruleset=REVISED),
    Scenario("lhtr_transports_defend", "002, Appendix I, Transports: they defend at 1 and are ordinary "
             "casualties", {"destroyer": 1}, {"transport": 2}, sea=True, ruleset=REVISED),
    Scenario("lhtr_submerge_defender", "002, Phase 4, Step 7: defending subs submerge (standing order: when "
             "outnumbered) after the round", {"destroyer": 2, "submarine": 1}, {"submarine": 2, "destroyer": 1},
             sea=True, orders={"United Kingdom": {"submerge": "when_outnumbered"}}, ruleset=REVISED),
    Scenario("lhtr_heavy_bombers_aa", "003, Phase 1, Heavy Bombers, and 002, Appendix I, Antiaircraft Guns: the "
             "gun fires at each bomber, the survivors roll two dice each", {"infantry": 1, "bomber": 2},
             {"infantry": 2, "aaa": 1}, ruleset=REVISED, tech={"Germany": ["heavy_bombers"]}),
    Scenario("lhtr_defending_jets", "003, Phase 1, Jet Fighters: defending fighters at 5 on a carrier",
             {"battleship": 1, "destroyer": 1}, {"carrier": 1, "fighter": 1}, sea=True, ruleset=REVISED,
             tech={"United Kingdom": ["jet_fighters"]}),
]
