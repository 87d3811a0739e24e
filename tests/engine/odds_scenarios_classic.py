"""Classic's battles for the odds against the engine (004 = Axis & Allies Classic, 3rd
Edition, 004_393aeba10bd8625e.txt): every special rule of its combat, one scenario each,
fought where ``odds_scenarios.LAYOUTS`` puts Classic's battles."""

from __future__ import annotations

from .odds_scenarios import Scenario

CLASSIC = "classic-3e"

SCENARIOS = [
    Scenario("classic_land", "004 §16: infantry attack at 1, armor at 3, fighters at 3; infantry and armor "
             "defend at 2", {"infantry": 3, "tank": 2, "fighter": 1}, {"infantry": 3, "tank": 1}, ruleset=CLASSIC),
    Scenario("classic_defender_order", "004 §5: the defender chooses its casualties (order: armor first)",
             {"infantry": 3, "tank": 2}, {"infantry": 2, "tank": 2}, orders={"Soviet Union": {"loss": ["tank"]}},
             ruleset=CLASSIC),
    Scenario("classic_keep_land", "004 §5: only land units take a territory; the attacker keeps one",
             {"infantry": 1, "fighter": 2}, {"infantry": 2, "tank": 1}, ruleset=CLASSIC),
    Scenario("classic_retreat_below", "004 §5: the attacker retreats after a round (standing order: fewer "
             "than 3 left)", {"infantry": 4, "tank": 2}, {"infantry": 3, "tank": 2},
             orders={"Germany": {"retreat_below": 3}}, ruleset=CLASSIC),
    Scenario("classic_aa_gun", "004 §7, §16 note 1: one AA gun fires one die per attacking aircraft, hits on 1",
             {"infantry": 2, "fighter": 3, "bomber": 1}, {"infantry": 2, "aaa": 2}, ruleset=CLASSIC),
    Scenario("classic_aa_orders", "004 §7: the attacker gives up its aircraft shot down in its order of loss "
             "(fighters first)", {"infantry": 2, "fighter": 1, "bomber": 2}, {"infantry": 3, "aaa": 1},
             orders={"Germany": {"loss": ["fighter"]}}, ruleset=CLASSIC),
    Scenario("classic_lone_gun", "004 §7: a territory held by an AA gun alone is fought for when aircraft "
             "attack it: the gun fires first", {"infantry": 1, "fighter": 2}, {"aaa": 1}, ruleset=CLASSIC),
    Scenario("classic_heavy_bombers", "004 §4 item 04, §17, Heavy Bombers: three dice each, each scoring",
             {"infantry": 1, "bomber": 2}, {"infantry": 4}, ruleset=CLASSIC, tech={"Germany": ["heavy_bombers"]}),
    Scenario("classic_jets", "004 §17, Jet Power: defending fighters at 5; every aircraft can still be hit by "
             "the AA gun", {"infantry": 3, "fighter": 2}, {"infantry": 2, "fighter": 1, "aaa": 1},
             ruleset=CLASSIC, tech={"Germany": ["jet_fighters"], "Soviet Union": ["jet_fighters"]}),
    Scenario("classic_bombard", "004 §10: each battleship has one shot at 4 before the land battle, its "
             "casualties never firing back", {}, {"infantry": 2, "tank": 1}, seaborne=2, ships={"battleship": 2},
             ruleset=CLASSIC),
    Scenario("classic_assault_land_stays", "004 §11: no land unit of an amphibious assault retreats; aircraft "
             "may (fewer than 4 left: the fighters leave, the rest fight on)", {"tank": 1, "fighter": 2},
             {"infantry": 3, "tank": 1}, seaborne=2, orders={"Germany": {"retreat_below": 4}}, ruleset=CLASSIC),
    Scenario("classic_first_strike", "004 §14: attacking subs strike first at the beginning of each round; "
             "what they sink never fires back", {"submarine": 2}, {"battleship": 1, "transport": 1}, sea=True,
             ruleset=CLASSIC),
    Scenario("classic_defending_subs", "004 §14: defending subs fire with the other defenders at 2",
             {"battleship": 1, "carrier": 1}, {"submarine": 3}, sea=True, ruleset=CLASSIC),
    Scenario("classic_subs_both_sides", "004 §14: attacking subs strike first each round, defending subs fire "
             "back with the defenders", {"submarine": 2}, {"submarine": 2}, sea=True, ruleset=CLASSIC),
    Scenario("classic_subs_miss_aircraft", "004 §8: subs cannot hit aircraft; fighters on a carrier defend at 4",
             {"submarine": 3}, {"carrier": 1, "fighter": 2}, sea=True, ruleset=CLASSIC),
    Scenario("classic_air_hits_subs", "004 §8: \"if an air unit attacks a sub, the sub cannot fire back\": "
             "aircraft sink subs, which cannot hit them", {}, {"submarine": 2}, sea=True,
             air={"fighter": 1, "bomber": 1}, ruleset=CLASSIC),
    Scenario("classic_one_hit_battleship", "004 §15: a battleship is sunk by one hit",
             {"battleship": 1, "submarine": 1}, {"battleship": 1, "transport": 1}, sea=True, ruleset=CLASSIC),
    Scenario("classic_two_hit_battleship", "004 §15, Two Hit Battleships (option): two hits to sink",
             {"battleship": 1, "submarine": 1}, {"battleship": 1, "transport": 1}, sea=True,
             options={"optional_rules": "two_hit_battleships"}, ruleset=CLASSIC),
    Scenario("classic_super_subs", "004 §17, Super Subs: attacking subs hit on 3",
             {"submarine": 2}, {"carrier": 1, "transport": 1}, sea=True, ruleset=CLASSIC,
             tech={"Germany": ["super_submarines"]}),
    Scenario("classic_transports_defend", "004 §16: transports defend at 1",
             {"submarine": 1, "carrier": 1}, {"transport": 2}, sea=True, ruleset=CLASSIC),
    Scenario("classic_withdraw_attacker", "004 §6: attacking subs withdraw after a round to a zone the "
             "attack came from (standing order: always), the other ships fighting on",
             {"submarine": 2, "battleship": 1}, {"battleship": 1, "carrier": 1}, sea=True,
             orders={"Germany": {"submerge": "always"}}, ruleset=CLASSIC),
    Scenario("classic_withdraw_nowhere", "004 §6: attacking subs withdraw only \"BACK to one adjacent friendly "
             "sea zone from which any of the attacking units came\"; with an enemy there they fight on, whatever "
             "the standing order", {"submarine": 2, "battleship": 1}, {"battleship": 1, "carrier": 1}, sea=True,
             orders={"Germany": {"submerge": "always"}}, nearby={"Baltic Sea Zone": {"United Kingdom": {"transport": 1}}},
             ruleset=CLASSIC),
    Scenario("classic_withdraw_defender", "004 §6: defending subs withdraw after a round (standing order: when "
             "outnumbered)", {"battleship": 2, "submarine": 1}, {"submarine": 2, "transport": 1}, sea=True,
             orders={"United Kingdom": {"submerge": "when_outnumbered"}}, ruleset=CLASSIC),
    Scenario("classic_sea_orders", "004 §5: the attacker's order of loss at sea (carrier before battleship)",
             {"carrier": 1, "battleship": 1, "submarine": 1}, {"battleship": 1, "submarine": 1}, sea=True,
             orders={"Germany": {"loss": ["carrier"]}}, ruleset=CLASSIC),
]
