"""Standing orders versus choices made in person, and the phase plumbing around battles.

A choice (casualties, press or retreat, submerge, interceptors) is made by the chooser's
standing orders unless that power set ``decide: self``; then the battle stops and
``state.actor`` is that power (docs/engine.md; 000, General Combat, Steps 2-6).
"""

from __future__ import annotations

import pytest

from engine import (
    GameState,
    IllegalCommandError,
    OutOfTurnError,
    RuleSet,
    apply,
    parse_command,
)
from engine.combat import casualties, end_conduct_combat, press, set_orders, submerge
from engine.combat.phase import combat_from_json
from engine.commands import Casualties, Orders, Press, Submerge
from engine.dice import FixedDice, NoDice

from .combat_kit import begin, board, fight, moved, of, pid, sid, tally


def karelia(rules: RuleSet, **kw: object) -> GameState:
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"infantry": 2, "tank": 1},
                                                       "Soviet Union": {"infantry": 1, "artillery": 1,
                                                                        "tank": 1}}}, **kw)  # type: ignore[arg-type]
    state = moved(state, "Karelia", "Germany", "infantry", came_from="Belorussia")
    return moved(state, "Karelia", "Germany", "tank", came_from="Belorussia")


def test_set_and_show_orders(rules: RuleSet) -> None:
    state = board(rules, "Germany", {})
    state, events = set_orders(state, Orders(power=pid(state, "Soviet Union"), loss=("tank", "infantry"),  # type: ignore[arg-type]
                                             retreat_odds=40, decide="self"), NoDice())
    stored = state.orders[pid(state, "Soviet Union")]
    assert stored == {"loss": ["tank", "infantry"], "retreat_odds": 40, "decide": "self"}
    assert events[0].data["changed"] == ["decide", "loss", "retreat_odds"]
    state2, shown = set_orders(state, Orders(power=pid(state, "Soviet Union")), NoDice())
    assert state2 is state and shown[0].data["orders"]["submerge"] == "never"
    assert "lose tank, infantry" in shown[0].text
    round_trip = GameState.from_json(state.to_json(), rules)
    assert dict(round_trip.orders[pid(state, "Soviet Union")]) == stored


@pytest.mark.parametrize("bad", [Orders(retreat_odds=101), Orders(retreat_below=-1), Orders(submerge="sometimes"),
                                 Orders(decide="maybe"), Orders(loss=("zeppelin",))])  # type: ignore[arg-type]
def test_bad_orders_are_refused(rules: RuleSet, bad: Orders) -> None:
    with pytest.raises(IllegalCommandError):
        set_orders(board(rules, "Germany", {}), bad, NoDice())


def test_order_of_loss_from_standing_orders(rules: RuleSet) -> None:
    """The Soviet order of loss puts the tank first."""
    state, _ = begin(karelia(rules, orders={"Soviet Union": {"loss": ["tank"]}}))
    state, events, _ = fight(state, "Karelia", [1, 6, 6, 6, 6, 6, 1, 1, 1, 6, 6])
    first = of(events, "casualties")[0]
    assert dict(first.data["units"]) == {"tank": 1} and first.data["by"] == "standing orders"
    assert first.data["order"] == "order of loss: tank, then cheapest first"


def test_casualties_in_person(rules: RuleSet) -> None:
    """With ``decide: self`` the defender is asked; a wrong answer is refused with the reason."""
    state, _ = begin(karelia(rules, orders={"Soviet Union": {"decide": "self"}}))
    state, events, _ = fight(state, "Karelia", [1, 6, 6])
    pending = state.combat.current.pending
    assert (pending.kind, pending.side) == ("casualties", "defender")
    assert state.actor == pid(state, "Soviet Union")
    with pytest.raises(IllegalCommandError, match="1 hit"):
        casualties(state, Casualties(((rules.find_unit("tank"), 2),)), FixedDice([]))
    with pytest.raises(OutOfTurnError):
        press(state, Press(), FixedDice([]))
    dice = FixedDice([6, 6, 6, 1, 1, 1, 6, 6])
    state, events = casualties(state, Casualties(((rules.find_unit("artillery"), 1),)), dice)
    chosen = of(events, "casualties")[0]
    assert chosen.data["by"] == "in person" and chosen.data["chosen_by"] == "Soviet Union"
    assert dict(chosen.data["units"]) == {"artillery": 1}
    # The artillery still fired from the strip: 3 defender dice, then the next round.
    assert [p for p, _ in dice.log][:2] == ["Karelia S.S.R. r1 defender 1 infantry, 1 artillery @2",
                                           "Karelia S.S.R. r1 defender 1 tank @3"]


def test_retreat_or_press_in_person(rules: RuleSet) -> None:
    state, _ = begin(karelia(rules, orders={"Germany": {"decide": "self"}}))
    state, _, _ = fight(state, "Karelia", [6, 6, 6, 6, 6, 6])
    assert state.combat.current.pending.kind == "retreat"
    assert state.combat.chooser() == pid(state, "Germany")
    state, events = press(state, Press(), FixedDice([6, 6, 6, 6, 6, 6]))
    assert of(events, "press")[0].data["by"] == "in person"
    assert state.combat.current.round == 2 and state.combat.current.pending.kind == "retreat"


def test_retreat_below_a_number_of_units(rules: RuleSet) -> None:
    """``retreat_below``: Germany retreats once fewer than 3 attackers are left."""
    state, _ = begin(karelia(rules, orders={"Germany": {"retreat_below": 3}}))
    state, events, _ = fight(state, "Karelia", [6, 6, 6, 1, 6, 6])
    move = of(events, "retreat")[0]
    assert move.data["to"] == "Belorussia" and move.data["by"] == "standing orders"
    assert move.data["order"] == "retreat below 3 units: 2 left"
    assert tally(state, "Belorussia", "Germany") == {"infantry": 1, "tank": 1}
    assert of(events, "battle_end")[0].data["outcome"] == "retreat"
    assert state.owners[sid(state, "Karelia")] == pid(state, "Soviet Union")


def test_retreat_when_the_odds_turn(rules: RuleSet) -> None:
    """``retreat_odds``: 1 tank against 3 defenders wins far less than 50% of the time."""
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"tank": 1},
                                                       "Soviet Union": {"infantry": 3}}},
                  orders={"Germany": {"retreat_odds": 50}})
    state = moved(state, "Karelia", "Germany", "tank", came_from="Baltic States")
    state, _ = begin(state)
    state, events, _ = fight(state, "Karelia", [6, 6, 6, 6])
    move = of(events, "retreat")[0]
    assert move.data["to"] == "Baltic States"
    assert move.data["order"].startswith("retreat below 50% odds:")


def test_submerge_in_person_and_press_means_strike(rules: RuleSet) -> None:
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": {"submarine": 2},
                                                   "United Kingdom": {"cruiser": 1}}},
                  orders={"Germany": {"decide": "self"}})
    state = moved(state, "Sea Zone 6", "Germany", "submarine", came_from="Sea Zone 5")
    state, _ = begin(state)
    state, _, _ = fight(state, "Sea Zone 6", [])
    assert state.combat.current.pending.kind == "submerge"
    with pytest.raises(IllegalCommandError):
        submerge(state, Submerge(((rules.find_unit("submarine"), 3),)), FixedDice([]))
    state, events = submerge(state, Submerge(((rules.find_unit("submarine"), 1),)), FixedDice([2, 6]))
    assert dict(of(events, "submerge")[0].data["units"]) == {"submarine": 1}
    # One sub struck (hit) and sank the cruiser before it could fire.
    assert tally(state, "Sea Zone 6", "United Kingdom") == {}
    assert tally(state, "Sea Zone 6", "Germany") == {"submarine": 2}


def test_done_refused_while_battles_remain(rules: RuleSet) -> None:
    state, _ = begin(karelia(rules))
    with pytest.raises(IllegalCommandError, match="Karelia"):
        end_conduct_combat(state)


def test_state_round_trips_in_the_middle_of_a_battle(rules: RuleSet) -> None:
    state, _ = begin(karelia(rules, orders={"Soviet Union": {"decide": "self"}}))
    state, _, _ = fight(state, "Karelia", [1, 6, 6])
    data = state.to_json()
    again = GameState.from_json(data, rules)
    assert again.combat == state.combat
    assert combat_from_json(state.combat.to_json()) == state.combat
    assert again.actor == pid(state, "Soviet Union")


def test_through_the_referee_apply(rules: RuleSet) -> None:
    """The phase through ``engine.apply`` and the command notation, then ``/done``."""
    state, _ = begin(karelia(rules, orders={"Soviet Union": {"decide": "self"}}))
    out = apply(state, parse_command("/battle territory:Karelia", state), FixedDice([1, 6, 6]))
    assert out.state.actor == pid(state, "Soviet Union")
    out = apply(out.state, parse_command('/casualties units:"1 infantry"', out.state),
                FixedDice([6, 6, 6, 1, 1, 1, 6, 6]))
    assert out.state.owners[sid(state, "Karelia")] == pid(state, "Germany")
    out = apply(out.state, parse_command("/done", out.state), NoDice())
    assert out.state.phase == "noncombat_move" and out.state.combat is None


def test_antiaircraft_losses_chosen_in_person(rules: RuleSet) -> None:
    """000, AAA: "For each '1' rolled, the attacker chooses one air unit as a casualty"."""
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": {"fighter": 1, "bomber": 1, "infantry": 1},
                                                       "Soviet Union": {"aaa": 1, "infantry": 1}}},
                  orders={"Germany": {"decide": "self"}})
    for kind in ("fighter", "bomber", "infantry"):
        state = moved(state, "Karelia", "Germany", kind, came_from="Belorussia")
    state, _ = begin(state)
    state, _, _ = fight(state, "Karelia", [1, 6])
    pending = state.combat.current.pending
    assert (pending.kind, pending.source, pending.hits) == ("casualties", "antiaircraft", ((1, "air"),))
    with pytest.raises(IllegalCommandError, match="cannot take these hits"):
        casualties(state, Casualties(((rules.find_unit("infantry"), 1),)), FixedDice([]))
    state, events = casualties(state, Casualties(((rules.find_unit("bomber"), 1),)), FixedDice([1, 6, 6]))
    assert dict(of(events, "casualties")[0].data["units"]) == {"bomber": 1}
    assert state.owners[sid(state, "Karelia")] == pid(state, "Germany")


def test_transport_before_a_warship_is_refused(rules: RuleSet) -> None:
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": {"cruiser": 1},
                                                   "United Kingdom": {"destroyer": 1, "cruiser": 1, "transport": 1}}},
                  orders={"United Kingdom": {"decide": "self"}})
    state = moved(state, "Sea Zone 6", "Germany", "cruiser", came_from="Sea Zone 5")
    state, _ = begin(state)
    state, _, _ = fight(state, "Sea Zone 6", [2])
    with pytest.raises(IllegalCommandError, match="transports can be chosen only when no other"):
        casualties(state, Casualties(((rules.find_unit("transport"), 1),)), FixedDice([]))
