"""Strategic bombing raids, 1942 Second Edition, with the optional escorts and interceptors.

Rulebook = 000_fc7e3a790a753b06.txt ("1. Strategic Bombing Raids"; Unit Profiles,
Bombers and Industrial Complexes); edge cases = rulesets.md section 7.1.
"""

from __future__ import annotations

from typing import Any

from engine import RuleSet
from engine.combat import casualties, end_conduct_combat
from engine.commands import Casualties
from engine.dice import FixedDice

from .combat_kit import begin, board, fight, moved, of, pid, sid, tally, units


def raid_on_italy(rules: RuleSet, bombers: int, damage: int, **kw: Any) -> Any:
    state = board(rules, "United Kingdom", {"Italy": {"Germany": {"industrial_complex": 1, "aaa": 1, "infantry": 2},
                                                     "United Kingdom": {"bomber": bombers}}}, **kw)
    state = moved(state, "Italy", "United Kingdom", "bomber", came_from="Southern Europe", flags={"raid"},
                  target="Italy")
    return state.evolve(ic_damage={sid(state, "Italy"): damage})


def escorted_raid(rules: RuleSet, **kw: Any) -> Any:
    state = board(rules, "United Kingdom", {
        "Germany": {"Germany": {"industrial_complex": 1, "fighter": 2, "infantry": 1},
                    "United Kingdom": {"bomber": 1, "fighter": 1, "tank": 1}}},
        options={"escorts_and_interceptors": True}, **kw)
    for kind in ("bomber", "fighter"):
        state = moved(state, "Germany", "United Kingdom", kind, came_from="France", flags={"raid"}, target="Germany")
    return moved(state, "Germany", "United Kingdom", "tank", came_from="France")


def test_escorts_and_interceptors_then_the_land_battle(rules: RuleSet) -> None:
    """Optional rule: one round of air battle (bombers and escorts hit on 1, interceptors on
    2), then the factory's own fire and the damage. Interceptors fight no other battle that
    turn, not even in their own territory; when it is captured they land 1 space away."""
    state, _ = begin(escorted_raid(rules, treasury={"Germany": 30, "United Kingdom": 0, "Soviet Union": 0,
                                                    "Japan": 0, "United States": 0}))
    state, events, dice = fight(state, "Germany", [1, 5, 2, 3, 5])
    assert dice.log == [("Germany r1 attacker 1 fighter, 1 bomber @1", [1, 5]),
                        ("Germany r1 defender 1 fighter @2", [2]),
                        ("Germany r1 defender 1 industrial complex @1", [3]),
                        ("Germany r1 attacker 1 bomber damage", [5])]
    intercept = of(events, "intercept")[0]
    assert intercept.data["by"] == "standing orders" and dict(intercept.data["units"]) == {"fighter": 2}
    lost = of(events, "casualties")
    assert [(e.data["side"], dict(e.data["units"])) for e in lost] == [("defender", {"fighter": 1}),
                                                                       ("attacker", {"fighter": 1})]
    assert state.ic_damage[sid(state, "Germany")] == 5
    # The land battle: the surviving interceptor sits it out; the tank beats the infantry.
    state, events, dice = fight(state, "Germany", [3, 6])
    assert dice.log == [("Germany r1 attacker 1 tank @3", [3]), ("Germany r1 defender 1 infantry @2", [6])]
    assert state.owners[sid(state, "Germany")] == pid(state, "United Kingdom")
    assert state.treasury[pid(state, "United Kingdom")] == 30
    state, landed = end_conduct_combat(state)
    assert landed[0].data["to"] == "Baltic States"
    assert tally(state, "Baltic States", "Germany") == {"fighter": 1}


def test_defender_chooses_interceptors_in_person(rules: RuleSet) -> None:
    state, _ = begin(escorted_raid(rules, orders={"Germany": {"decide": "self"}}))
    state, events, _ = fight(state, "Germany", [])
    assert state.combat.current.pending.kind == "intercept"
    assert state.actor == pid(state, "Germany")
    dice = FixedDice([6, 6, 6, 4, 4])
    state, events = casualties(state, Casualties(((rules.find_unit("fighter"), 1),)), dice)
    assert dict(of(events, "intercept")[0].data["units"]) == {"fighter": 1}
    assert of(events, "intercept")[0].data["by"] == "in person"
    assert dice.log[1] == ("Germany r1 defender 1 fighter @2", [6])
    assert state.ic_damage[sid(state, "Germany")] == 4
    assert len(units(state, "Germany", "Germany", "fighter")) == 2
