"""Phase 1 (Purchase Units) and Phase 5 (Mobilize New Units), 000_fc7e3a790a753b06.txt."""

from __future__ import annotations

import pytest

from engine import (
    FixedDice,
    GameState,
    IllegalCommandError,
    OutOfTurnError,
    RuleSet,
    apply,
    parse_command,
)
from tests.engine.positions import position

DICE = FixedDice([])


def run(state: GameState, line: str) -> GameState:
    return apply(state, parse_command(line, state), DICE).state


def test_buying_spends_the_treasury(opening: GameState) -> None:
    """Phase 1, Step 2: pay IPCs equal to the total cost (infantry 3, tank 6)."""
    after = run(opening, '/buy units:"3 infantry, 1 tank"')
    assert after.treasury["soviet_union"] == 24 - 15
    assert dict(after.purchased) == {"infantry": 3, "tank": 1}
    assert after.to_json()["treasury"]["Soviet Union"] == 9


def test_buying_beyond_the_treasury_is_refused(opening: GameState) -> None:
    """Phase 1, Step 1: "You may buy as many units of any type as you can afford." """
    with pytest.raises(IllegalCommandError) as err:
        run(opening, '/buy units:"3 bombers"')
    assert err.value.reason == "buy.too_expensive"
    assert "36" in str(err.value) and "24" in str(err.value)


def test_refused_command_leaves_state_untouched(opening: GameState) -> None:
    before = opening.to_json()
    with pytest.raises(IllegalCommandError):
        run(opening, '/buy units:"9 tanks"')
    assert opening.to_json() == before


def test_repair_costs_one_ipc_per_point(rules: RuleSet) -> None:
    """Phase 1, Step 2: each point of damage costs 1 IPC to remove; repairs take effect immediately."""
    state = position(rules, turn="Germany", phase="purchase", treasury={"Germany": 10},
                     spaces={"Germany": {"Germany": {"industrial_complex": 1, "infantry": 1}}})
    state = state.evolve(ic_damage={"germany": 4})
    after = run(state, "/repair territory:Germany points:3")
    assert after.ic_damage["germany"] == 1 and after.treasury["germany"] == 7
    with pytest.raises(IllegalCommandError) as err:
        run(after, "/repair territory:Germany points:2")
    assert err.value.reason == "repair.bad_points"


def test_commands_of_another_phase_are_refused(opening: GameState) -> None:
    with pytest.raises(OutOfTurnError) as err:
        run(opening, '/place units:"1 infantry" territory:Russia')
    assert err.value.reason == "phase.wrong"
    assert "Mobilize New Units" in str(err.value) and "Purchase Units" in str(err.value)


def mobilizing(rules: RuleSet, bought: dict[str, int], **kw: object) -> GameState:
    state = position(rules, turn="Germany", phase="mobilize",
                     spaces={"Germany": {"Germany": {"industrial_complex": 1}},
                             "Italy": {"Germany": {"industrial_complex": 1}},
                             "Poland": {"Germany": {"infantry": 1}},
                             "Sea Zone 5": {"Germany": {"carrier": 1}}}, **kw)  # type: ignore[arg-type]
    return state.evolve(purchased=bought)


def test_production_limit_is_ipc_value_minus_damage(rules: RuleSet) -> None:
    """Phase 5: as many units as the territory's IPC value; each damage marker one less."""
    state = mobilizing(rules, {"infantry": 4}).evolve(ic_damage={"italy": 1})
    after = run(state, '/place units:"2 infantry" territory:Italy')
    assert after.count("italy", "germany")["infantry"] == 2
    with pytest.raises(IllegalCommandError) as err:
        run(after, '/place units:"1 infantry" territory:Italy')
    assert err.value.reason == "place.capacity"


def test_ships_count_against_the_adjacent_factory(rules: RuleSet) -> None:
    """Phase 5: the limit includes units mobilized in adjacent sea zones (Italy: 3, land or sea zone 15)."""
    state = mobilizing(rules, {"infantry": 2, "destroyer": 2})
    state = run(state, '/place units:"2 destroyers" territory:"Sea Zone 15"')
    state = run(state, '/place units:"1 infantry" territory:Italy')
    with pytest.raises(IllegalCommandError):
        run(state, '/place units:"1 infantry" territory:Italy')


def test_units_cannot_enter_play_on_transports_or_land_at_sea(rules: RuleSet) -> None:
    state = mobilizing(rules, {"infantry": 1, "destroyer": 1})
    with pytest.raises(IllegalCommandError) as err:
        run(state, '/place units:"1 infantry" territory:"Sea Zone 5"')
    assert err.value.reason == "place.not_at_sea"
    with pytest.raises(IllegalCommandError) as err:
        run(state, '/place units:"1 destroyer" territory:Germany')
    assert err.value.reason == "place.ship_on_land"


def test_new_fighter_goes_on_own_existing_carrier(rules: RuleSet) -> None:
    """Phase 5: fighters on an aircraft carrier owned by your power next to the factory."""
    state = run(mobilizing(rules, {"fighter": 1}), '/place units:"1 fighter" territory:"Sea Zone 5"')
    fighter = next(u for u in state.units_at("sz_05") if u.kind == "fighter")
    carrier = next(u for u in state.units_at("sz_05") if u.kind == "carrier")
    assert fighter.aboard == carrier.id


def test_new_fighter_never_on_an_allied_carrier(rules: RuleSet) -> None:
    """Phase 5: "You cannot place a new fighter on a carrier owned by a friendly power." (rulesets.md 7.1 #21)"""
    state = position(rules, turn="Germany", phase="mobilize",
                     spaces={"Germany": {"Germany": {"industrial_complex": 1}},
                             "Sea Zone 5": {"Japan": {"carrier": 1}}}).evolve(purchased={"fighter": 1})
    with pytest.raises(IllegalCommandError) as err:
        run(state, '/place units:"1 fighter" territory:"Sea Zone 5"')
    assert err.value.reason == "place.no_carrier_room"


def test_no_placement_in_a_territory_captured_this_turn(rules: RuleSet) -> None:
    """Phase 5: you cannot use industrial complexes that you captured this turn."""
    state = position(rules, turn="Germany", phase="mobilize",
                     spaces={"Karelia S.S.R.": {"Germany": {"industrial_complex": 1, "infantry": 1}}},
                     owners={"Karelia S.S.R.": "Germany"},
                     turn_start_owners={"Karelia S.S.R.": "Soviet Union"}).evolve(purchased={"infantry": 1})
    with pytest.raises(IllegalCommandError) as err:
        run(state, '/place units:"1 infantry" territory:Karelia')
    assert err.value.reason == "place.no_factory"
    assert "captured this turn" in str(err.value)


def test_new_industrial_complex_rules(rules: RuleSet) -> None:
    """Phase 5: a new complex in a territory held since the start of the turn with income >= 1, one per territory."""
    state = mobilizing(rules, {"industrial_complex": 1})
    with pytest.raises(IllegalCommandError) as err:
        run(state, '/place units:"1 industrial complex" territory:Germany')
    assert err.value.reason == "place.one_factory"
    after = run(state, '/place units:"1 industrial complex" territory:Poland')
    assert after.count("poland", "germany")["industrial_complex"] == 1
    assert after.units_at("poland")[0].owner == "germany"


def test_overproduction_is_refunded_at_the_end(rules: RuleSet) -> None:
    """Phase 5: units bought beyond capacity go back to the box and their cost is reimbursed."""
    state = mobilizing(rules, {"tank": 2}, treasury={"Germany": 5}).evolve(ic_damage={"germany": 10, "italy": 3})
    outcome = apply(state, parse_command("/done", state), DICE)
    refund = [e for e in outcome.events if e.type == "refund"]
    assert refund and refund[0].data["ipcs"] == 12
    assert outcome.state.turn == "united_kingdom"
    # collected income too: Germany's territories on the position + the refund
    assert outcome.state.treasury["germany"] >= 5 + 12


def test_done_refused_while_units_could_still_be_placed(rules: RuleSet) -> None:
    state = mobilizing(rules, {"infantry": 1})
    with pytest.raises(IllegalCommandError) as err:
        run(state, "/done")
    assert err.value.reason == "mobilize.units_left"
