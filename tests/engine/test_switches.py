"""Rule switches: typed and checked at load, and each one changes what the engine does.

Each flip test builds one position, plays it under the rule set as loaded and under the
same rule set with that one switch flipped, and asserts both outcomes. The seed passages
behind each value are in ``engine/switches.py``; rulings in maps/aa1942-2e/README.md.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import fields
from importlib import resources
from typing import Any

import pytest

import maps

from engine import BoardDataError, FixedDice, GameState, IllegalCommandError, Outcome, RuleSet, apply, parse_command
from engine.combat.choices import retreat_options
from engine.combat.phase import CombatPhase
from engine.control import capture
from engine.ids import PowerId, SpaceId
from engine.switches import Switches
from tests.engine.combat_kit import begin, board, fight, moved
from tests.engine.positions import position


def _files() -> dict[str, Any]:
    root = resources.files("maps").joinpath("aa1942-2e")
    return {name: tomllib.loads(root.joinpath(f"{name}.toml").read_text(encoding="utf-8"))
            for name in ("ruleset", "units", "board", "setup")}


def _load(switches: dict[str, Any]) -> RuleSet:
    data = _files()
    data["ruleset"]["switches"] = switches
    return RuleSet.from_data(ruleset=data["ruleset"], units=data["units"], board=data["board"], setup=data["setup"])


def test_switches_load_typed(rules: RuleSet) -> None:
    """The 1942 values (000, "Winning the Game", Phase 5, "Strategic Bombing Raids")."""
    assert rules.switches.bombing == "factory_damage"
    assert rules.switches.bombing_damage_cap_factor == 2
    assert rules.switches.capital_plunder is True


def test_an_unknown_switch_fails_at_load_naming_file_and_key() -> None:
    switches = {**_files()["ruleset"]["switches"], "fast_tanks": True}
    with pytest.raises(BoardDataError, match=r"aa1942-2e/ruleset.toml \[switches\]: unknown switch 'fast_tanks'"):
        _load(switches)


def test_a_missing_switch_fails_at_load_naming_file_and_key() -> None:
    switches = dict(_files()["ruleset"]["switches"])
    del switches["overproduction"]
    with pytest.raises(BoardDataError, match=r"aa1942-2e/ruleset.toml \[switches\]: missing switch 'overproduction'"):
        _load(switches)


@pytest.mark.parametrize(("key", "value", "expected"), [
    ("bombing", "damage", "is not one of factory_damage, treasury"),
    ("capital_plunder", "yes", "must be true or false"),
    ("bombing_damage_cap_factor", True, "must be a whole number"),
])
def test_a_bad_value_fails_at_load(key: str, value: Any, expected: str) -> None:
    switches = {**_files()["ruleset"]["switches"], key: value}
    with pytest.raises(BoardDataError, match=f"{key} = .* {expected}"):
        _load(switches)


def test_with_switches_changes_one_and_keeps_the_rest(rules: RuleSet) -> None:
    other = rules.with_switches(overproduction="lost")
    assert other.switches.overproduction == "lost"
    assert rules.switches.overproduction == "refund"
    assert other.switches.bombing == rules.switches.bombing
    with pytest.raises(BoardDataError, match="unknown switch 'overproducton'"):
        rules.with_switches(overproducton="lost")


def flipped(state: GameState, **changes: object) -> GameState:
    """The same position under the same rule set with some switches flipped."""
    return state.evolve(rules=state.rules.with_switches(**changes))


def run(state: GameState, line: str, faces: Iterable[int] = ()) -> Outcome:
    return apply(state, parse_command(line, state), FixedDice(faces))


def mobilizing(rules: RuleSet, bought: dict[str, int], **kw: Any) -> GameState:
    state = position(rules, turn="Germany", phase="mobilize",
                     spaces={"Germany": {"Germany": {"industrial_complex": 1}},
                             "Italy": {"Germany": {"industrial_complex": 1}},
                             "Sea Zone 5": {"Germany": {"carrier": 1}}}, **kw)
    return state.evolve(purchased=bought)


def test_production_limit(rules: RuleSet) -> None:
    """000, Phase 5: IPC value "minus the number of damage markers"; 002, Phase 6: "equal to
    the income value of the territory". Italy (3) with 1 damage places 2, or 3."""
    state = mobilizing(rules, {"infantry": 3}).evolve(ic_damage={"italy": 1})
    with pytest.raises(IllegalCommandError) as err:
        run(state, '/place units:"3 infantry" territory:Italy')
    assert err.value.reason == "place.capacity"
    after = run(flipped(state, production_limit="ipc"), '/place units:"3 infantry" territory:Italy').state
    assert after.count("italy", "germany")["infantry"] == 3


def test_overproduction(rules: RuleSet) -> None:
    """000, Phase 5: units beyond capacity go back to the box, refunded; 002, Phase 6:
    "Excess units are lost". Two tanks with every factory fully damaged."""
    state = mobilizing(rules, {"tank": 2}, treasury={"Germany": 5}).evolve(ic_damage={"germany": 10, "italy": 3})
    refunded = run(state, "/done")
    lost = run(flipped(state, overproduction="lost"), "/done")
    assert [e.data["ipcs"] for e in refunded.events if e.type == "refund"] == [12]
    assert [e.data["ipcs"] for e in lost.events if e.type == "refund"] == [0]
    assert refunded.state.treasury["germany"] - lost.state.treasury["germany"] == 12


def test_fighters_on_existing_carriers(rules: RuleSet) -> None:
    """000, Phase 5 and 002 Q&A, Mobilize Units ("Changed"): a new fighter on the power's
    carrier already at sea; 002's first answer: "can't be placed directly on existing
    carriers", only on new ones."""
    state = mobilizing(rules, {"fighter": 1, "carrier": 1})
    aboard = run(state, '/place units:"1 fighter" territory:"Sea Zone 5"').state
    assert [u.aboard for u in aboard.units_at("sz_05") if u.kind == "fighter"] == [
        next(u.id for u in aboard.units_at("sz_05") if u.kind == "carrier")]
    only_new = flipped(state, fighters_on_existing_carriers=False)
    with pytest.raises(IllegalCommandError, match="No new carrier of Germany in Sea Zone 5") as err:
        run(only_new, '/place units:"1 fighter" territory:"Sea Zone 5"')
    assert err.value.reason == "place.no_carrier_room"
    both = run(only_new, '/place units:"1 carrier, 1 fighter" territory:"Sea Zone 5"').state
    new_carrier = max(u.id for u in both.units_at("sz_05") if u.kind == "carrier")
    assert [u.aboard for u in both.units_at("sz_05") if u.kind == "fighter"] == [new_carrier]


def test_victory_check(rules: RuleSet) -> None:
    """000, "Winning the Game", and 002 Errata ("How the War is Won"): victory is checked
    after the United States' turn, "not at the end of each power's turn"; the Revised text
    before that erratum checked after each turn (rulesets.md 7.1 #24). The Axis hold 9
    victory cities when Germany ends its turn."""
    state = position(rules, turn="Germany", phase="mobilize", spaces={},
                     owners={"Karelia S.S.R.": "Germany", "India": "Japan", "Russia": "Germany"})
    after_round = run(state, "/done").state
    after_turn = run(flipped(state, victory_check="end_of_turn"), "/done").state
    assert after_round.winner is None and after_round.turn == "united_kingdom"
    assert after_turn.winner == "Axis"


def test_capital_plunder(rules: RuleSet) -> None:
    """000, "Capturing and Liberating Capitals": the captor "immediately takes all the
    victim's unspent IPCs" (rulesets.md 7.1 #18); a rule system without plunder takes only
    the territory (AARHE, 001 Turn Sequence, is the example)."""
    state = position(rules, turn="Germany", phase="conduct_combat", spaces={},
                     treasury={"Soviet Union": 18, "Germany": 0})
    plundered, events = capture(state, SpaceId("russia"), PowerId("germany"))
    kept, quiet = capture(flipped(state, capital_plunder=False), SpaceId("russia"), PowerId("germany"))
    assert (plundered.treasury["germany"], plundered.treasury["soviet_union"]) == (18, 0)
    assert (kept.treasury["germany"], kept.treasury["soviet_union"]) == (0, 18)
    assert [e.type for e in events] == ["capture", "plunder"] and [e.type for e in quiet] == ["capture"]


def test_capital_lost_income(rules: RuleSet) -> None:
    """000, Phase 6: without its capital a power "cannot collect income"; 001, Turn
    Sequence: it loses "50% of your income for the next turn" (switch value ``half``)."""
    state = position(rules, turn="Germany", phase="mobilize", spaces={}, owners={"Germany": "Soviet Union"})
    none = run(state, "/done").state.treasury["germany"]
    half = run(flipped(state, capital_lost_income="half"), "/done").state.treasury["germany"]
    assert (none, half) == (0, 31 - 31 // 2)


def test_capital_checked(rules: RuleSet) -> None:
    """000, "Capturing and Liberating Capitals": a power without its capital "skips all but
    the Combat Move, Conduct Combat, and Noncombat Move phases until the capital is
    liberated"; 001, Turn Sequence: phases are skipped "If your capital territory is under
    enemy control at the beginning of your turn". Germany liberated Berlin this turn: it
    mobilizes, or (``turn_start``) sits Mobilize New Units out."""
    state = position(rules, turn="Germany", phase="noncombat_move", spaces={}, purchased={"infantry": 2})
    state = state.evolve(turn_start_owners={**state.turn_start_owners, SpaceId("germany"): PowerId("soviet_union")})
    now = run(state, "/done")
    assert now.state.phase == "mobilize" and not [e for e in now.events if e.type == "skip"]
    began = run(flipped(state, capital_checked="turn_start"), "/done")
    assert began.state.phase != "mobilize"
    assert [e.text for e in began.events if e.type == "skip"][0] == (
        "Germany skips Mobilize New Units: its capital Germany was in enemy hands when its turn began.")


def test_production_interruption(rules: RuleSet) -> None:
    """001, Production Interruption: "For every cycle of combat the income is reduced by 1
    IPC"; 000 has no such rule. Two German infantry attack one Soviet infantry in Karelia
    S.S.R.: both miss in cycle 1, then the attacker wins in cycle 2."""
    state = position(rules, turn="Germany", phase="combat_move",
                     spaces={"Belorussia": {"Germany": {"infantry": 2}},
                             "Karelia S.S.R.": {"Soviet Union": {"infantry": 1}}},
                     owners={"Belorussia": "Germany"})
    line = '/move units:"2 infantry" from:Belorussia to:"Karelia S.S.R."'
    for switched, cycles in ((state, {}), (flipped(state, production_interruption=True), {"karelia_ssr": 2})):
        fighting = run(run(switched, line).state, "/done").state
        after = run(fighting, '/battle territory:"Karelia S.S.R."', [5, 6, 3, 1, 4, 5]).state
        assert dict(after.economy.interrupted) == {SpaceId(k): v for k, v in cycles.items()}


def test_income_paths(rules: RuleSet) -> None:
    """001, Phase 1, Spending or Saving IPC: "IPC that are not spent and not saved are
    forfeited", a path being "a chain of territories your land units may go through"; 000
    counts every territory held. German Kazakh S.S.R. (2) lies among Soviet territories."""
    state = position(rules, turn="Germany", phase="mobilize", spaces={}, owners={"Kazakh S.S.R.": "Germany"})
    anywhere = run(state, "/done").state.treasury["germany"]
    by_paths = run(flipped(state, income_paths=True), "/done").state.treasury["germany"]
    assert (anywhere, by_paths) == (43, 41)


def test_neutrals(rules: RuleSet) -> None:
    """000, "Neutral Territories": no unit may "move through them, or move over them with
    air units"; with the switch off (004 treats neutrals as enterable, §14) a fighter may
    fly over Switzerland."""
    state = position(rules, turn="Germany", phase="combat_move",
                     spaces={"Germany": {"Germany": {"fighter": 1}}, "France": {"Soviet Union": {"infantry": 1}}},
                     owners={"France": "Soviet Union"})
    line = '/move units:"1 fighter" from:Germany to:France path:"Germany, Switzerland, France"'
    with pytest.raises(IllegalCommandError) as err:
        run(state, line)
    assert err.value.reason == "move.impassable"
    after = run(flipped(state, neutrals="open"), line).state
    assert after.count(SpaceId("france"), PowerId("germany")) == {"fighter": 1}


def test_hostile_sea_zone(rules: RuleSet) -> None:
    """000, Phase 2: "An enemy submarine and/or transport does not block any of your units'
    movement"; 002, Appendix I, Sea Units and 003, Spaces: a zone with any enemy unit but a
    submerged sub is hostile and stops movement (rulesets.md 6.1 #4)."""
    state = position(rules, turn="Germany", phase="combat_move",
                     spaces={"Sea Zone 5": {"Germany": {"cruiser": 1}},
                             "Sea Zone 6": {"United Kingdom": {"transport": 1}},
                             "Sea Zone 7": {"United Kingdom": {"battleship": 1}}})
    line = '/move units:"1 cruiser" from:"Sea Zone 5" to:"Sea Zone 7" path:"Sea Zone 5, Sea Zone 6, Sea Zone 7"'
    passed = run(state, line).state
    assert passed.count(SpaceId("sz_07"), PowerId("germany")) == {"cruiser": 1}
    with pytest.raises(IllegalCommandError, match="must stop on entering Sea Zone 6: enemy units are there") as err:
        run(flipped(state, hostile_sea_zone="any_enemy"), line)
    assert err.value.reason == "move.must_stop"


def test_blitz_blocked_by_structures(rules: RuleSet) -> None:
    """000, Tanks and Blitzing: a tank meeting enemy units, "including anti-aircraft
    artillery units or an industrial complex", must stop; 004 §14: armor may blitz through a
    territory holding only an AA gun and a factory (rulesets.md 7.4 #59), taking it and,
    by the capture rules, the factory, while the lone gun is removed."""
    state = position(rules, turn="Germany", phase="combat_move",
                     spaces={"Poland": {"Germany": {"tank": 1}},
                             "Belorussia": {"Soviet Union": {"aaa": 1, "industrial_complex": 1}}},
                     owners={"Belorussia": "Soviet Union", "West Russia": "Soviet Union"})
    line = '/move units:"1 tank" from:Poland to:"West Russia" path:"Poland, Belorussia, West Russia"'
    with pytest.raises(IllegalCommandError) as err:
        run(state, line)
    assert err.value.reason == "move.must_stop"
    after = run(flipped(state, blitz_blocked_by_structures=False), line).state
    assert after.owner(SpaceId("belorussia")) == "germany"
    assert after.count(SpaceId("belorussia")) == {"industrial_complex": 1}
    assert after.count(SpaceId("west_russia"), PowerId("germany")) == {"tank": 1}


def _raid_on_italy(rules: RuleSet, bombers: int, germany_ipcs: int) -> GameState:
    state = board(rules, "United Kingdom", {"Italy": {"Germany": {"industrial_complex": 1},
                                                      "United Kingdom": {"bomber": bombers}}},
                  treasury={"Germany": germany_ipcs, "United Kingdom": 0})
    return moved(state, "Italy", "United Kingdom", "bomber", came_from="Southern Europe", flags={"raid"},
                 target="Italy")


def test_bombing(rules: RuleSet) -> None:
    """000, Strategic Bombing Raids: the dice are damage on the complex; 002, Strategic
    Bombing Raids: "the defender must surrender IPCs equal to the total". One bomber gets
    through to Italy (3) and rolls 5."""
    state = _raid_on_italy(rules, 1, 20)
    damaged, _, _ = fight(begin(state)[0], "Italy", [3, 5])
    taken, events, _ = fight(begin(flipped(state, bombing="treasury"))[0], "Italy", [3, 5])
    assert (damaged.ic_damage[SpaceId("italy")], damaged.treasury["germany"]) == (5, 20)
    assert (taken.ic_damage.get(SpaceId("italy"), 0), taken.treasury["germany"]) == (0, 15)
    assert [e.text for e in events if e.type == "bombing"] == [
        "Germany surrenders 5 IPCs for the raid on Italy (5 rolled, cap 6); treasury now 15."]


def test_bombing_income(rules: RuleSet) -> None:
    """001, Economic attacks: "IPC damages of SBR ... are applied to the territory's income
    at its next 'Collect Income' phase and not reducing below zero": the complex and the
    treasury are untouched; Italy (3) loses 3 of the 5 rolled from its next income."""
    state = _raid_on_italy(rules, 1, 20)
    hit, events, _ = fight(begin(flipped(state, bombing="income"))[0], "Italy", [3, 5])
    assert (hit.ic_damage.get(SpaceId("italy"), 0), hit.treasury["germany"]) == (0, 20)
    assert hit.economy.damage == {SpaceId("italy"): 3}
    assert [e.text for e in events if e.type == "bombing"] == [
        "Italy's next income loses 3 IPCs (5 rolled, at most 3)."]


def test_bombing_treasury_cap_and_empty_treasury(rules: RuleSet) -> None:
    """002 Q&A, Strategic Bombing and Rockets ("Amended"): at most the territory's value
    in one turn (cap factor 1); the victim pays what it has (rulesets.md 7.2 #30)."""
    lhtr = rules.with_switches(bombing="treasury", bombing_damage_cap_factor=1, production_limit="ipc")
    capped, _, _ = fight(begin(_raid_on_italy(lhtr, 3, 10))[0], "Italy", [3, 3, 3, 6, 5, 3])
    assert capped.treasury["germany"] == 10 - 3
    poor, _, _ = fight(begin(_raid_on_italy(lhtr, 1, 2))[0], "Italy", [3, 6])
    assert poor.treasury["germany"] == 0


def test_aa_fires_at_overflight(rules: RuleSet) -> None:
    """000, Phase 2, Air Units: aircraft flying over AAA are not fired at (rulesets.md 7.1
    #7); 002, Phase 3, Anti-aircraft Guns: the gun "gets to shoot once at each air unit"
    flying over, in Conduct Combat before the battle (7.2 #25). A German fighter flies over
    Soviet AAA in Belorussia to attack West Russia; the gun's die is a 1."""
    state = position(rules, turn="Germany", phase="combat_move",
                     spaces={"Poland": {"Germany": {"fighter": 1}},
                             "Belorussia": {"Soviet Union": {"aaa": 2}},
                             "West Russia": {"Soviet Union": {"infantry": 1}}},
                     owners={"Belorussia": "Soviet Union", "West Russia": "Soviet Union"})
    line = '/move units:"1 fighter" from:Poland to:"West Russia" path:"Poland, Belorussia, West Russia"'
    quiet = run(run(state, line).state, "/done")
    assert quiet.state.phase == "conduct_combat"
    assert quiet.state.count(SpaceId("west_russia"), PowerId("germany")) == {"fighter": 1}
    fired = run(run(flipped(state, aa_fires_at_overflight=True), line).state, "/done", [1])
    assert [e.text for e in fired.events if e.type == "overflight_fire"] == [
        "Antiaircraft fire over Belorussia at Germany's 1 fighter: 1: 1 fighter shot down."]
    assert not list(fired.state.units_of(PowerId("germany")))
    assert fired.state.phase == "noncombat_move"


def test_overflight_fire_one_gun_per_territory_fighters_first(rules: RuleSet) -> None:
    """002, Phase 3: "Only one anti-aircraft gun per territory can fire", one die per
    aircraft, fighters before bombers (rulesets.md 7.2 #26); survivors fight on."""
    rules = rules.with_switches(aa_fires_at_overflight=True)
    state = position(rules, turn="Germany", phase="combat_move",
                     spaces={"Poland": {"Germany": {"fighter": 1, "bomber": 1}},
                             "Belorussia": {"Soviet Union": {"aaa": 2}},
                             "West Russia": {"Soviet Union": {"infantry": 1}}},
                     owners={"Belorussia": "Soviet Union", "West Russia": "Soviet Union"})
    line = '/move units:"1 fighter, 1 bomber" from:Poland to:"West Russia" path:"Poland, Belorussia, West Russia"'
    fired = run(run(state, line).state, "/done", [4, 1])
    assert fired.state.count(SpaceId("west_russia"), PowerId("germany")) == {"fighter": 1}
    assert fired.state.phase == "conduct_combat"


def test_bombing_damage_cap_factor(rules: RuleSet) -> None:
    """000, Strategic Bombing Raids: damage up to twice the territory's value; 002 Q&A,
    Strategic Bombing and Rockets ("Amended"): up to its value. Two bombers roll 6 and 5
    on Italy (3)."""
    state = _raid_on_italy(rules, 2, 0)
    twice, _, _ = fight(begin(state)[0], "Italy", [3, 3, 6, 5])
    once, _, _ = fight(begin(flipped(state, bombing_damage_cap_factor=1))[0], "Italy", [3, 3, 6, 5])
    assert (twice.ic_damage[SpaceId("italy")], once.ic_damage[SpaceId("italy")]) == (6, 3)


def _assault_on_karelia(rules: RuleSet, defenders: int, overland: dict[str, int]) -> GameState:
    """Germany lands 2 infantry in Karelia from Sea Zone 5 (with a battleship there) and
    sends ``overland`` units from Belorussia; Germany decides battle choices in person."""
    state = position(rules, turn="Germany", phase="combat_move",
                     spaces={"Sea Zone 5": {"Germany": {"transport": 1, "infantry": 2, "battleship": 1}},
                             "Belorussia": {"Germany": overland},
                             "Karelia S.S.R.": {"Soviet Union": {"infantry": defenders}}})
    state = run(state, "/orders power:Germany decide:self").state
    state = run(state, '/move units:"2 infantry" from:"Sea Zone 5" to:Karelia').state
    if overland:
        units = ", ".join(f"{n} {k}" for k, n in overland.items())
        state = run(state, f'/move units:"{units}" from:Belorussia to:Karelia').state
    return run(state, "/done").state


def test_logistics_fees(rules: RuleSet) -> None:
    """001, Phase 1, Logistics: "Pay 1 IPC for each Transport offloading in Combat Move ...
    Pay 1 IPC for every land unit ending your last turn on a Transport" (README of aarhe:
    charged when carried out); 000 charges nothing. Germany offloads one transport into
    Karelia; a second one still carries 2 infantry when the Soviet Union's turn would begin."""
    state = position(rules, turn="Germany", phase="combat_move", treasury={"Germany": 3},
                     spaces={"Sea Zone 5": {"Germany": {"transport": 1, "infantry": 2, "battleship": 1}},
                             "Karelia S.S.R.": {"Soviet Union": {"infantry": 1}}})
    line = '/move units:"2 infantry" from:"Sea Zone 5" to:Karelia'
    free, paid = run(state, line), run(flipped(state, logistics_fees=True), line)
    assert (free.state.treasury["germany"], paid.state.treasury["germany"]) == (3, 2)
    assert [e.text for e in paid.events if e.type == "logistics"] == [
        "Germany pays 1 IPC of logistics (1 transport offloading in Combat Move; 2 left)."]
    broke = flipped(state.evolve(treasury={**state.treasury, PowerId("germany"): 0}), logistics_fees=True)
    with pytest.raises(IllegalCommandError, match=r"Logistics: this move costs 1 IPC \(1 transport offloading in "
                                                  r"Combat Move\); Germany has 0."):
        run(broke, line)
    waiting = position(rules, turn="Germany", phase="mobilize",
                       spaces={"Sea Zone 5": {"Germany": {"transport": 1, "infantry": 2}}})
    collected = run(flipped(waiting, logistics_fees=True), "/done")
    assert (collected.state.treasury["germany"], run(waiting, "/done").state.treasury["germany"]) == (39, 41)
    assert [e.text for e in collected.events if e.type == "income"] == [
        "Germany collects 39 IPCs: 41 from territories, \N{MINUS SIGN}2 logistics for 2 land units aboard "
        "transports (treasury 39)."]


def test_bombarded_units_fire_back(rules: RuleSet) -> None:
    """000, Amphibious Assaults, Step 2: a unit hit by bombardment goes behind the casualty
    strip and fires in the first round; 002, Appendix I, Battleships: it "does not fire back,
    but [is] immediately lost". The battleship hits one of two infantry and the landed
    infantry the other: two defending dice in round 1, or one."""
    state = _assault_on_karelia(rules, 2, {})
    faces = [4, 1, 6, 6, 6]
    strip = run(state, "/battle territory:Karelia", faces)
    at_once = run(flipped(state, bombarded_units_fire_back=False), "/battle territory:Karelia", faces)
    defending = [[len(e.data["dice"]) for e in o.events if e.type == "roll" and e.data.get("side") == "defender"]
                 for o in (strip, at_once)]
    assert defending == [[2], [1]]


def test_bombard_limit_per_land_unit(rules: RuleSet) -> None:
    """000, Amphibious Assaults, Step 2: bombardment is "limited to one ship per land unit
    being offloaded"; 004 §10: "Several battleships can be in the same assault and each one
    will have ... one shot". Two battleships support 1 infantry landing: one bombards, or
    both (one roll of 1 die, or of 2)."""
    state = position(rules, turn="Germany", phase="combat_move",
                     spaces={"Sea Zone 5": {"Germany": {"transport": 1, "infantry": 1, "battleship": 2}},
                             "Karelia S.S.R.": {"Soviet Union": {"infantry": 1}}})
    state = run(run(state, '/move units:"1 infantry" from:"Sea Zone 5" to:Karelia').state, "/done").state
    limited = run(state, "/battle territory:Karelia", [6, 1, 6])
    every = run(flipped(state, bombard_limit_per_land_unit=False), "/battle territory:Karelia", [6, 6, 1, 6])
    bombard = [[len(e.data["dice"]) for e in o.events if e.type == "roll" and e.data.get("source") == "bombard"]
               for o in (limited, every)]
    assert bombard == [[1], [2]]


def test_bombard_land_units_per_ship(rules: RuleSet) -> None:
    """000, Amphibious Assaults, Step 2: "one ship per land unit being offloaded"; 001 ›
    Offshore bombardment: "limited to one roll for every four offloaded land units". Two
    battleships support 4 infantry landing: both bombard, or one (a roll of 2 dice, or of 1)."""
    state = position(rules, turn="Germany", phase="combat_move",
                     spaces={"Sea Zone 5": {"Germany": {"transport": 2, "infantry": 4, "battleship": 2}},
                             "Karelia S.S.R.": {"Soviet Union": {"infantry": 1}}})
    state = run(run(state, '/move units:"4 infantry" from:"Sea Zone 5" to:Karelia').state, "/done").state
    per_unit = run(state, "/battle territory:Karelia", [6, 6, 1, 1, 1, 1, 6])
    per_four = run(flipped(state, bombard_land_units_per_ship=4), "/battle territory:Karelia", [6, 1, 1, 1, 1, 6])
    bombard = [[len(e.data["dice"]) for e in o.events if e.type == "roll" and e.data.get("source") == "bombard"]
               for o in (per_unit, per_four)]
    assert bombard == [[2], [1]]


def test_overland_units_retreat_from_assaults(rules: RuleSet) -> None:
    """000, Amphibious Assaults, Step 3: "Attacking overland land units and aircraft can
    retreat"; 002, Phase 4, Amphibious Assaults: land units "cannot retreat (not even if they
    came from adjacent territories ...)", aircraft may. After a round of misses the tank
    may retreat to Belorussia, or only the fighter may break off (in the battle's space)."""
    state = _assault_on_karelia(rules, 3, {"tank": 1, "fighter": 1})
    faces = [6] * 8
    options = []
    for case in (state, flipped(state, overland_units_retreat_from_assaults=False)):
        asked = run(case, "/battle territory:Karelia", faces).state
        assert isinstance(asked.combat, CombatPhase)
        options.append(retreat_options(asked, asked.combat))
    assert options == [[SpaceId("belorussia")], [SpaceId("karelia_ssr")]]


def test_transports_attack_alone(rules: RuleSet) -> None:
    """000, Transports: they "may not attack without being accompanied by at least one unit
    with an attack value"; 002 Q&A, Transports and Carriers: a lone transport "can make a
    combat move by itself into a hostile space" (rulesets.md 7.2 #38)."""
    state = position(rules, turn="Germany", phase="combat_move",
                     spaces={"Sea Zone 5": {"Germany": {"transport": 1}},
                             "Sea Zone 6": {"United Kingdom": {"destroyer": 1}}})
    moved_in = run(state, '/move units:"1 transport" from:"Sea Zone 5" to:"Sea Zone 6"').state
    with pytest.raises(IllegalCommandError) as err:
        run(moved_in, "/done")
    assert err.value.reason == "combat_move.transports_alone"
    after = run(flipped(moved_in, transports_attack_alone=True), "/done").state
    assert after.phase == "conduct_combat"
    assert [e.space for e in after.combat.entries] == [SpaceId("sz_06")]


def test_submarines_end_noncombat_in_hostile(rules: RuleSet) -> None:
    """000, Phase 4: submarines "can move through and even into hostile sea zones in the
    Noncombat Move phase"; 002, Appendix I, Submarines: "A submarine cannot end a noncombat
    move in a hostile sea zone", though it still passes through one."""
    state = position(rules, turn="Germany", phase="noncombat_move",
                     spaces={"Sea Zone 5": {"Germany": {"submarine": 1}},
                             "Sea Zone 6": {"United Kingdom": {"battleship": 1}}})
    into = '/move units:"1 submarine" from:"Sea Zone 5" to:"Sea Zone 6"'
    through = '/move units:"1 submarine" from:"Sea Zone 5" to:"Sea Zone 7" path:"Sea Zone 5, Sea Zone 6, Sea Zone 7"'
    assert run(state, into).state.count(SpaceId("sz_06"), PowerId("germany")) == {"submarine": 1}
    strict = flipped(state, submarines_end_noncombat_in_hostile=False)
    with pytest.raises(IllegalCommandError, match="not end there, and Sea Zone 6 holds enemy units") as err:
        run(strict, into)
    assert err.value.reason == "noncombat.sub_in_hostile_sea"
    assert run(strict, through).state.count(SpaceId("sz_07"), PowerId("germany")) == {"submarine": 1}


def test_submerged_until_noncombat_end(rules: RuleSet) -> None:
    """000, Step 2: a submerged sub is "returned to the game board in the contested sea
    zone"; 002, Appendix I, Submarines: it "remains submerged until the end of the noncombat
    move phase", and "Enemy sea units may move freely through a sea zone containing a
    submerged submarine" (003, Spaces: submerged subs are ignored for the zone's status).
    Under ``hostile_sea_zone = any_enemy`` the British sub that submerged blocks the German
    destroyer's Noncombat Move, or does not and resurfaces at its end."""
    def after_battle(state: GameState) -> GameState:
        for line in ('/orders power:"United Kingdom" submerge:always',
                     '/move units:"1 battleship" from:"Sea Zone 5" to:"Sea Zone 6"', "/done",
                     '/battle territory:"Sea Zone 6"', "/done"):
            state = run(state, line).state
        return state

    state = position(rules.with_switches(hostile_sea_zone="any_enemy"), turn="Germany", phase="combat_move",
                     spaces={"Sea Zone 5": {"Germany": {"battleship": 1}},
                             "Sea Zone 6": {"United Kingdom": {"submarine": 1}},
                             "Sea Zone 7": {"Germany": {"destroyer": 1}}})
    sail = '/move units:"1 destroyer" from:"Sea Zone 7" to:"Sea Zone 5" path:"Sea Zone 7, Sea Zone 6, Sea Zone 5"'
    with pytest.raises(IllegalCommandError) as err:
        run(after_battle(state), sail)
    assert err.value.reason == "noncombat.hostile_sea"
    hidden = after_battle(flipped(state, submerged_until_noncombat_end=True))
    sub = next(u for u in hidden.units_at(SpaceId("sz_06")) if u.kind == "submarine")
    assert sub.has("submerged")
    assert GameState.from_json(hidden.to_json(), hidden.rules) == hidden
    passed = run(hidden, sail)
    assert passed.state.count(SpaceId("sz_05"), PowerId("germany")) == {"destroyer": 1}
    done = run(passed.state, "/done")
    assert [e.text for e in done.events if e.type == "resurface"] == [
        "United Kingdom's 1 submarine in Sea Zone 6 resurfaces."]
    assert not any(u.flags & {"submerged"} for u in done.state.units.values())


def test_aircraft_hit_subs_alone(rules: RuleSet) -> None:
    """000, Submarines, "Cannot Be Hit by Air Units" unless a destroyer friendly to the
    aircraft is in the battle; 002, Appendix I, Submarines: "Any sea or air unit can hit a
    submarine" (Q&A, Submarines: four subs "must suffer a round of fire from the fighter").
    A German fighter attacks a lone British sub."""
    state = position(rules, turn="Germany", phase="combat_move",
                     spaces={"Germany": {"Germany": {"fighter": 1}},
                             "Sea Zone 5": {"United Kingdom": {"submarine": 1}}})
    state = run(run(state, '/move units:"1 fighter" from:Germany to:"Sea Zone 5"').state, "/done").state
    line = '/battle territory:"Sea Zone 5"'
    idle = run(state, line)
    assert [e.data["outcome"] for e in idle.events if e.type == "battle_end"] == ["stalemate"]
    sunk = run(flipped(state, aircraft_hit_subs_alone=True), line, [6, 1])
    assert [e.data["outcome"] for e in sunk.events if e.type == "battle_end"] == ["attacker"]
    assert sunk.state.count(SpaceId("sz_05")) == {"fighter": 1}


def test_ship_repair(rules: RuleSet) -> None:
    """000, Battleships: "If a battleship survives a combat having taken one hit, return it
    upright"; 001 › Phase 1, Naval repair: "Damaged ships are repaired at sea zones adjacent
    to friendly industrial complex or victory city. Damaged ships are returned upright at the
    beginning of any turn if it did not move in the last turn." The German battleship in Sea
    Zone 5, by Germany's complex, is damaged defending against a British destroyer."""
    from engine import naval_repair

    state = position(rules, turn="United Kingdom", phase="combat_move",
                     spaces={"Germany": {"Germany": {"industrial_complex": 1}},
                             "Sea Zone 5": {"Germany": {"battleship": 1}},
                             "Sea Zone 6": {"United Kingdom": {"destroyer": 1}}})
    state = run(run(state, '/move units:"1 destroyer" from:"Sea Zone 6" to:"Sea Zone 5"').state, "/done").state
    line = '/battle territory:"Sea Zone 5"'

    def ship(s: GameState) -> Any:
        return next(u for u in s.units_at(SpaceId("sz_05")) if u.kind == "battleship")

    assert ship(run(state, line, [1, 6, 6, 1]).state).hits == 0
    kept = run(flipped(state, ship_repair="in_port"), line, [1, 6, 6, 1]).state
    assert ship(kept).hits == 1
    repaired, events = naval_repair.repair(kept, PowerId("germany"))
    assert ship(repaired).hits == 0
    assert [e.text for e in events] == ["Sea Zone 5: Germany 1 battleship repaired in port."]
    sailed = kept.with_units([ship(kept).with_flags("sailed")])
    assert ship(naval_repair.repair(sailed, PowerId("germany"))[0]).hits == 1


def test_every_switch_has_its_flip_test() -> None:
    """Issue 11: "a test flips each switch on a scenario and shows the outcome changes"."""
    missing = [f.name for f in fields(Switches) if f"test_{f.name}" not in globals()]
    assert not missing


def test_factory_spending_factor(rules: RuleSet) -> None:
    """001, Phase 6: "Total IPC spent per turn on an IC cannot exceed 4 times the territory's
    printed income value"; 000, Phase 5 limits only the number of units. Italy (3) takes 3
    tanks (18 IPCs), or 2 of them under the 12-IPC limit."""
    state = mobilizing(rules, {"tank": 3})
    assert run(state, '/place units:"3 tanks" territory:Italy').state.count("italy", "germany")["tank"] == 3
    limited = flipped(state, factory_spending_factor=4)
    with pytest.raises(IllegalCommandError, match="Italy 12 of 12 .*; 3 tanks cost 18") as err:
        run(limited, '/place units:"3 tanks" territory:Italy')
    assert err.value.reason == "place.spending"
    assert run(limited, '/place units:"2 tanks" territory:Italy').state.count("italy", "germany")["tank"] == 2


def test_capital_lost_keeps_production(rules: RuleSet) -> None:
    """000, "Capturing and Liberating Capitals": without its capital a power does not place;
    001, Turn Sequence: "You may still build at industrial complexes or victory cities. You
    cannot build a factory until your capital is liberated" (rulesets.md 7.3 #46)."""
    state = position(rules, turn="Germany", phase="noncombat_move", owners={"Germany": "Soviet Union"},
                     spaces={"Italy": {"Germany": {"industrial_complex": 1}}}, treasury={"Germany": 30},
                     purchased={"infantry": 2})
    skipped = run(state, "/done")
    assert "skip" in [e.type for e in skipped.events] and skipped.state.turn == "united_kingdom"
    kept = run(flipped(state, capital_lost_keeps_production=True), "/done").state
    assert (kept.turn, kept.phase) == ("germany", "mobilize")
    buying = flipped(state, capital_lost_keeps_production=True).evolve(phase="purchase", purchased={})
    with pytest.raises(IllegalCommandError, match="until its capital Germany is liberated") as err:
        run(buying, '/buy units:"1 industrial complex"')
    assert err.value.reason == "buy.factory_without_capital"
    assert run(buying, '/buy units:"2 infantry"').state.treasury["germany"] == 24


def test_air_half_moves(rules: RuleSet) -> None:
    """001 › Phase 3, Air Movement: "Air units may only use up to half its movement points to
    reach target territories"; without the switch a fighter flies its whole move (000)."""
    state = position(rules, turn="Germany", phase="combat_move",
                     spaces={"Germany": {"Germany": {"fighter": 1}},
                             "West Russia": {"Soviet Union": {"infantry": 1}}})
    attack = '/move units:"1 fighter" from:Germany to:"West Russia"'
    assert run(state, attack).state.count(SpaceId("west_russia"), PowerId("germany")) == {"fighter": 1}
    with pytest.raises(IllegalCommandError) as err:
        run(flipped(state, air_half_moves=True), attack)
    assert err.value.reason == "move.too_far"


def test_forced_passage() -> None:
    """001 › Phase 3, Naval Movement: "Naval units may go through sea zones consisting of only
    enemy Submarines and/or Transports"; without the switch an enemy submarine's zone stops
    them (Revised, where any enemy unit makes a zone hostile: 002, Phase 2)."""
    state = position(maps.load_ruleset("revised-lhtr"), turn="Germany", phase="combat_move",
                     spaces={"Sea Zone 5": {"Germany": {"destroyer": 1}},
                             "Sea Zone 6": {"United Kingdom": {"submarine": 1}},
                             "Sea Zone 3": {"United Kingdom": {"destroyer": 1}}})
    through = '/move units:"1 destroyer" from:"Sea Zone 5" to:"Sea Zone 3" path:"Sea Zone 5 > Sea Zone 6 > Sea Zone 3"'
    with pytest.raises(IllegalCommandError) as err:
        run(state, through)
    assert err.value.reason == "move.must_stop"
    passed = run(flipped(state, forced_passage=True), through).state
    assert passed.count(SpaceId("sz_03"), PowerId("germany")) == {"destroyer": 1}
