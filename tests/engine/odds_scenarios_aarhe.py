"""AARHE's land battles the exact odds model (001 = 001_4ad7942ffba8a1ea.txt, › Phase 4),
as board positions the engine fights; Germany attacks Belorussia from Eastern Europe (Karelia,
a victory city, where its implicit Infrastructure Defense counts)."""

from __future__ import annotations

from .odds_scenarios import Scenario

AARHE = "aarhe"

SCENARIOS = [
    Scenario("aarhe_supremacy_matched", "001 › Air Supremacy: \"air units fight with normal combat values when "
             "matched 1-to-1 with a friendly land unit\"; land hits only on land units, the fighter breaks off "
             "when its infantry is lost", {"infantry": 1, "fighter": 1}, {"infantry": 2}, ruleset=AARHE),
    Scenario("aarhe_excess_air", "001 › Air Supremacy: \"Excess air units fight at combat value of 1\"",
             {"infantry": 1, "fighter": 1, "bomber": 1}, {"infantry": 2, "artillery": 1}, ruleset=AARHE),
    Scenario("aarhe_tank_support", "001 › Air Supremacy: \"Fighter increases Tank's attack by 1 on a 1-to-1 "
             "basis\"; › Hit Allocation: tank hits on other land units before infantry",
             {"tank": 2, "fighter": 1, "infantry": 1}, {"infantry": 2, "tank": 1, "artillery": 1}, ruleset=AARHE),
    Scenario("aarhe_dogfight", "001 › Land Combat: Air Units: \"When both sides have air units present air "
             "units fight with dog fighting values ... air units do not attack land units\"",
             {"infantry": 2, "fighter": 2}, {"infantry": 2, "fighter": 1}, ruleset=AARHE),
    Scenario("aarhe_transport_plane_last", "001 › Land Combat: Air Units: \"Hits must be allocated on other air "
             "units before Transport Plane\"", {"infantry": 2, "fighter": 2},
             {"infantry": 1, "fighter": 1, "transport_plane": 1}, ruleset=AARHE,
             orders={"Soviet Union": {"loss": ["transport_plane"]}}),
    Scenario("aarhe_defender_supremacy", "001 › Air Supremacy: the defender alone has aircraft, matched with "
             "its land units; when its land units are gone it must retreat them",
             {"infantry": 3, "tank": 1}, {"infantry": 1, "fighter": 2}, ruleset=AARHE),
    Scenario("aarhe_anti_air", "001 › Anti-Air: search die, then attack die: destroyed on 1, forced to retreat "
             "on 2 or 3 (Advanced Radar: search on 2)", {"infantry": 2, "bomber": 2, "fighter": 1},
             {"infantry": 3, "infrastructure_defense": 2}, ruleset=AARHE,
             tech={"Soviet Union": ["advanced_radar"]}),
    Scenario("aarhe_implicit_id", "001 › Appendix: Units, Implicit Infrastructure Defence: \"Victory city "
             "implicitly includes 1\"", {"infantry": 2, "fighter": 2}, {"infantry": 2}, ruleset=AARHE,
             space="Karelia S.S.R.", tech={"Soviet Union": ["advanced_radar"]}),
    Scenario("aarhe_heavy_tank", "001 › Appendix: Units, Heavy Tank: \"They fire in opening-fire\"",
             {"heavy_tank": 1, "infantry": 2}, {"infantry": 2, "tank": 1}, ruleset=AARHE),
    Scenario("aarhe_retreat_below", "001 › Land Combat: Retreat Decision: the attacker retreats by its standing "
             "order (fewer than 3 left)", {"infantry": 3, "artillery": 1, "fighter": 1},
             {"infantry": 3, "tank": 1}, orders={"Germany": {"retreat_below": 3}}, ruleset=AARHE),
    Scenario("aarhe_terrain", "001 › Phase 3, Terrain: \"Defending land units in snowy or mountainous terrain "
             "have defense increased by 1 in first cycle of combat\"", {"infantry": 3, "tank": 1},
             {"infantry": 2, "artillery": 1}, terrain="mountainous", ruleset=AARHE),
    Scenario("aarhe_defender_order", "001 › Land Combat: Hit Allocation, by the defender's order of loss "
             "(tank first)", {"infantry": 2, "tank": 2}, {"infantry": 2, "tank": 2},
             orders={"Soviet Union": {"loss": ["tank"]}}, ruleset=AARHE),
]
