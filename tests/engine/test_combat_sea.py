"""Sea battles of Conduct Combat, 1942 Second Edition: submarines, destroyers, carriers,
battleships, transports.

Rulebook = 000_fc7e3a790a753b06.txt ("General Combat", Steps 2-6; Unit Profiles);
edge cases = rulesets.md section 7.1.
"""

from __future__ import annotations

from dataclasses import replace

from engine import RuleSet
from engine.combat import end_conduct_combat
from engine.combat import hits as cas

from .combat_kit import arrive, begin, board, fight, moved, of, pid, sid, tally, units


def test_cruiser_and_two_subs_hits_must_all_be_assigned(rules: RuleSet) -> None:
    """Edge case 1 / 000, Step 3 example: the cruiser's hit must go on the fighter when the
    submarines' hits take the ships (the battle itself: sea-combat.case)."""
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": {"cruiser": 1, "submarine": 2},
                                                   "United Kingdom": {"destroyer": 1, "carrier": 1,
                                                                      "fighter": 1}}})
    defenders = units(state, "Sea Zone 6", "United Kingdom")
    hits = [(2, "sea"), (1, "any")]
    assert cas.check_choice(state, hits, defenders, {"destroyer": 1, "carrier": 1, "fighter": 1}) is None  # type: ignore[dict-item]
    problem = cas.check_choice(state, hits, defenders, {"destroyer": 1, "carrier": 1})  # type: ignore[dict-item]
    assert problem is not None and "3 hit(s) must be assigned" in problem


def test_sub_and_cruiser_defending_against_destroyer_and_fighter(rules: RuleSet) -> None:
    """000, Step 4 example: the defender's sub hit must go on the destroyer and the
    cruiser's on the fighter."""
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": {"destroyer": 1},
                                                   "United Kingdom": {"cruiser": 1, "submarine": 1}},
                                     "Norway": {"Germany": {"fighter": 1}}})
    state = moved(state, "Sea Zone 6", "Germany", "destroyer", came_from="Sea Zone 5")
    state = arrive(state, "Norway", "Germany", "fighter", "Sea Zone 6")
    attackers = units(state, "Sea Zone 6", "Germany")
    hits = [(1, "sea"), (1, "any")]
    assert cas.check_choice(state, hits, attackers, {"destroyer": 1, "fighter": 1}) is None  # type: ignore[dict-item]
    assert cas.check_choice(state, [(1, "sea")], attackers, {"fighter": 1}) is not None  # type: ignore[dict-item]
    state, _ = begin(state)
    state, events, dice = fight(state, "Sea Zone 6", [6, 6, 1, 3])
    assert [p for p, _ in dice.log] == [
        "Sea Zone 6 r1 attacker 1 destroyer @2",
        "Sea Zone 6 r1 attacker 1 fighter @3",
        "Sea Zone 6 r1 defender 1 submarine @1",
        "Sea Zone 6 r1 defender 1 cruiser @3",
    ]
    assert tally(state, "Sea Zone 6", "Germany") == {}
    assert of(events, "battle_end")[0].data["outcome"] == "defender"


def test_air_hits_go_to_subs_only_with_a_friendly_destroyer(rules: RuleSet) -> None:
    """000, Submarines ("Cannot Be Hit by Air Units") and Destroyers: with its own destroyer
    in the battle the attacker's fighter hit may sink the sub."""
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": {"destroyer": 1},
                                                   "United Kingdom": {"submarine": 1}},
                                     "Norway": {"Germany": {"fighter": 1}}})
    state = arrive(state, "Norway", "Germany", "fighter", "Sea Zone 6")
    state = moved(state, "Sea Zone 6", "Germany", "destroyer", came_from="Sea Zone 5")
    state, _ = begin(state)
    # The sub cannot strike first or submerge (enemy destroyer); destroyer misses, fighter hits.
    state, _, dice = fight(state, "Sea Zone 6", [6, 3, 6])
    assert dice.log[1] == ("Sea Zone 6 r1 attacker 1 fighter @3", [3])
    assert tally(state, "Sea Zone 6", "United Kingdom") == {}


def test_air_hit_without_destroyer_is_lost_on_a_lone_sub(rules: RuleSet) -> None:
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": {"cruiser": 1},
                                                   "United Kingdom": {"submarine": 1}},
                                     "Norway": {"Germany": {"fighter": 1}}})
    state = arrive(state, "Norway", "Germany", "fighter", "Sea Zone 6")
    state = moved(state, "Sea Zone 6", "Germany", "cruiser", came_from="Sea Zone 5")
    state, _ = begin(state)
    # Round 1: the sub's surprise strike misses, the cruiser misses, the fighter hits but
    # its hit cannot be assigned. Round 2: the cruiser sinks the sub.
    state, events, dice = fight(state, "Sea Zone 6", [6, 6, 1, 6, 1, 6])
    assert dice.log[2] == ("Sea Zone 6 r1 attacker 1 fighter @3", [1])
    assert tally(state, "Sea Zone 6", "United Kingdom") == {}
    lost = of(events, "casualties")
    assert [(e.data["round"], dict(e.data["units"])) for e in lost] == [(1, {}), (2, {"submarine": 1})]
    assert "1 hit lost" in lost[0].text


def test_defending_sub_submerges_by_standing_orders(rules: RuleSet) -> None:
    """000, Step 2 / Submersible: the sub leaves the battle and stays in the zone."""
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": {"cruiser": 1},
                                                   "United Kingdom": {"submarine": 1}}},
                  orders={"United Kingdom": {"submerge": "always"}})
    state = moved(state, "Sea Zone 6", "Germany", "cruiser", came_from="Sea Zone 5")
    state, _ = begin(state)
    state, events, _dice = fight(state, "Sea Zone 6", [])
    assert of(events, "submerge")[0].data["by"] == "standing orders"
    assert tally(state, "Sea Zone 6", "United Kingdom") == {"submarine": 1}
    assert of(events, "battle_end")[0].data["outcome"] == "attacker"


def test_carrier_fighters_defend_against_subs_and_must_land_elsewhere(rules: RuleSet) -> None:
    """Edge case 16 / 000, Aircraft Carriers and Fighters: the fighters defend in the air
    even against subs only (sub hits cannot fall on them); when the carrier sinks they move
    1 space to friendly land before the Noncombat Move, or are lost."""
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": {"submarine": 2},
                                                   "United Kingdom": {"carrier": 1, "fighter": 2}}})
    state = moved(state, "Sea Zone 6", "Germany", "submarine", came_from="Sea Zone 5")
    state, _ = begin(state)
    # Surprise: 1 hit, on the carrier (the only eligible unit); the fighters fire 6, 6;
    # then subs and fighters cannot hit each other (no UK destroyer) and the battle ends.
    state, events, dice = fight(state, "Sea Zone 6", [1, 6, 6, 6])
    assert dice.log[1] == ("Sea Zone 6 r1 defender 2 fighters @4", [6, 6])
    assert of(events, "battle_end")[0].data["outcome"] == "stalemate"
    assert tally(state, "Sea Zone 6", "Germany") == {"submarine": 2}
    assert tally(state, "Sea Zone 6", "United Kingdom") == {"fighter": 2}
    assert state.combat.homeless
    state, landed = end_conduct_combat(state)
    assert tally(state, "United Kingdom", "United Kingdom") == {"fighter": 2}
    assert [e.type for e in landed] == ["reland", "reland"]


def test_stranded_fighters_with_nowhere_to_land_are_lost(rules: RuleSet) -> None:
    state = board(rules, "Germany", {"Sea Zone 4": {"Germany": {"submarine": 1},
                                                   "United Kingdom": {"carrier": 1, "fighter": 1}}},
                  owners={"Archangel": "Germany", "Karelia S.S.R.": "Germany"})
    state = moved(state, "Sea Zone 4", "Germany", "submarine", came_from="Sea Zone 3")
    state, _ = begin(state)
    state, _, _ = fight(state, "Sea Zone 4", [1, 6])
    state, events = end_conduct_combat(state)
    assert [e.type for e in events] == ["lost"]
    assert tally(state, "Sea Zone 4", "United Kingdom") == {}


def test_guest_fighter_on_attacking_carrier_is_cargo(rules: RuleSet) -> None:
    """Edge case 17: a US fighter aboard a moving UK carrier is cargo: it does not fight,
    cannot be chosen, and is lost with the carrier."""
    state = board(rules, "United Kingdom", {"Sea Zone 5": {"United Kingdom": {"carrier": 1},
                                                          "Germany": {"cruiser": 1}},
                                            "United Kingdom": {"United States": {"fighter": 1}}})
    carrier = units(state, "Sea Zone 5", "United Kingdom", "carrier")[0]
    fighter = units(state, "United Kingdom", "United States", "fighter")[0]
    state = state.with_units([replace(fighter, space=carrier.space, aboard=carrier.id)])
    state = moved(state, "Sea Zone 5", "United Kingdom", "carrier", came_from="Sea Zone 6")
    state, _ = begin(state)
    state, events, dice = fight(state, "Sea Zone 5", [6, 1])
    assert [p for p, _ in dice.log] == ["Sea Zone 5 r1 attacker 1 aircraft carrier @1",
                                       "Sea Zone 5 r1 defender 1 cruiser @3"]
    assert tally(state, "Sea Zone 5", "United States") == {}
    assert dict(of(events, "casualties")[0].data["cargo"]) == {"fighter": 1}


def test_multinational_defenders_fight_together(rules: RuleSet) -> None:
    """000, Multinational Defense: all units defend together; the lead defender (here the
    first defending power in turn order) chooses by its standing orders."""
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": {"battleship": 1},
                                                   "United Kingdom": {"destroyer": 1},
                                                   "United States": {"cruiser": 1}}},
                  orders={"United Kingdom": {"loss": ["cruiser"]}})
    state = moved(state, "Sea Zone 6", "Germany", "battleship", came_from="Sea Zone 5")
    state, _ = begin(state)
    state, events, dice = fight(state, "Sea Zone 6", [1, 6, 6, 1, 6])
    lost = of(events, "casualties")[0]
    assert lost.data["chosen_by"] == "United Kingdom" and dict(lost.data["units"]) == {"cruiser": 1}
    assert dice.log[1][0] == "Sea Zone 6 r1 defender 1 destroyer @2"


def test_attacking_sea_units_retreat_together(rules: RuleSet) -> None:
    """000, Condition B: all attacking sea units retreat to one adjacent friendly zone one
    of them came from; a retreating transport keeps its cargo aboard (edge case 23)."""
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": {"cruiser": 1, "transport": 1, "infantry": 1},
                                                   "United Kingdom": {"battleship": 1}}},
                  orders={"Germany": {"retreat_below": 3}})
    state = moved(state, "Sea Zone 6", "Germany", "cruiser", came_from="Sea Zone 5")
    state = moved(state, "Sea Zone 6", "Germany", "transport", came_from="Sea Zone 5")
    state, _ = begin(state)
    state, events, _ = fight(state, "Sea Zone 6", [6, 6])
    assert of(events, "retreat")[0].data["to"] == "Sea Zone 5"
    assert tally(state, "Sea Zone 5", "Germany") == {"cruiser": 1, "transport": 1, "infantry": 1}
    rider = units(state, "Sea Zone 5", "Germany", "infantry")[0]
    assert rider.aboard is not None and rider.has("retreated")
    assert of(events, "battle_end")[0].data["outcome"] == "retreat"


def test_ally_units_in_the_zone_stay_out(rules: RuleSet) -> None:
    """000, Multinational Forces: an ally of the attacker in the zone takes no part."""
    state = board(rules, "United Kingdom", {"Sea Zone 5": {"United Kingdom": {"cruiser": 1},
                                                          "United States": {"destroyer": 1},
                                                          "Germany": {"submarine": 1}}})
    state = moved(state, "Sea Zone 5", "United Kingdom", "cruiser", came_from="Sea Zone 6")
    state, _ = begin(state)
    # No UK destroyer: the German sub may strike first (hits on 1) -> cruiser lost.
    state, _, dice = fight(state, "Sea Zone 5", [1])
    assert dice.log == [("Sea Zone 5 r1 defender 1 submarine @1", [1])]
    assert tally(state, "Sea Zone 5", "United States") == {"destroyer": 1}
    assert pid(state, "Germany") == units(state, "Sea Zone 5", "Germany")[0].owner
    assert sid(state, "Sea Zone 5")


def test_transport_chosen_last_needs_no_question(rules: RuleSet) -> None:
    """000, Transports ("Chosen Last"): with a destroyer left, one hit must take it; even a
    defender who decides in person is not asked a question with one answer."""
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": {"cruiser": 1},
                                                   "United Kingdom": {"destroyer": 1, "transport": 1}}},
                  orders={"United Kingdom": {"decide": "self"}})
    state = moved(state, "Sea Zone 6", "Germany", "cruiser", came_from="Sea Zone 5")
    state, _ = begin(state)
    state, events, _ = fight(state, "Sea Zone 6", [1, 6])
    lost = of(events, "casualties")[0]
    assert dict(lost.data["units"]) == {"destroyer": 1} and lost.data["by"] == "no choice"
    # Then the transport is defenseless and goes too.
    assert of(events, "casualties")[1].data["source"] == "defenseless"
    assert tally(state, "Sea Zone 6", "United Kingdom") == {}


def test_own_fighter_on_a_sinking_attacking_carrier_launches(rules: RuleSet) -> None:
    """000, Fighters: "Each of your fighters based on your attacking carrier launches
    before combat": it fights, survives the carrier and lands in Noncombat Move."""
    state = board(rules, "United Kingdom", {"Sea Zone 5": {"United Kingdom": {"carrier": 1, "fighter": 1},
                                                          "Germany": {"cruiser": 1}}},
                  orders={"United Kingdom": {"loss": ["carrier"]}})
    state = moved(state, "Sea Zone 5", "United Kingdom", "carrier", came_from="Sea Zone 6")
    state, _ = begin(state)
    state, events, dice = fight(state, "Sea Zone 5", [6, 6, 1, 3, 6])
    assert dice.log[1] == ("Sea Zone 5 r1 attacker 1 fighter @3", [6])
    assert dict(of(events, "casualties")[0].data["units"]) == {"carrier": 1}
    assert dict(of(events, "casualties")[0].data["cargo"]) == {}
    fighter = units(state, "Sea Zone 5", "United Kingdom", "fighter")[0]
    assert fighter.aboard is None
    assert tally(state, "Sea Zone 5", "Germany") == {}


def test_attacking_transports_that_cannot_retreat_are_defenseless(rules: RuleSet) -> None:
    """000, Defenseless Transports: "Attacking transports are not usually considered
    defenseless ... If they can't retreat, they are treated the same as defending
    transports." This transport started in the zone, so it has nowhere to retreat."""
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": {"cruiser": 1, "transport": 1, "infantry": 1},
                                                   "United Kingdom": {"destroyer": 1}}})
    state = moved(state, "Sea Zone 6", "Germany", "cruiser", came_from="Sea Zone 5")
    state, _ = begin(state)
    state, events, _ = fight(state, "Sea Zone 6", [6, 2])
    gone = of(events, "casualties")[1]
    assert (gone.data["side"], gone.data["source"]) == ("attacker", "defenseless")
    assert dict(gone.data["cargo"]) == {"infantry": 1}
    assert tally(state, "Sea Zone 6", "Germany") == {}
    assert of(events, "battle_end")[0].data["outcome"] == "defender"
