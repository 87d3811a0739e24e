"""A ``[production]`` table (AARHE's, 001, "Phase 2: Purchase Units and Developments" and
"Phase 6: Mobilize New Units") on the Revised board with AARHE's victory city points: prices
by site, what survives the JSON round trip, what /game status shows, what /undo takes back,
the deadline's default placement, and the checks of the table at load."""

from __future__ import annotations

from typing import Any

import pytest

import maps
from engine import BoardDataError, FixedDice, GameState, Outcome, RuleSet, apply, economy_lines, parse_command
from engine.commands import Undo
from engine.deadline import default_command

from .positions import position


CITIES = {"germany": ("Berlin", 6), "eastern_europe": ("Warsaw", 2), "ukraine_ssr": ("Kiev", 1),
          "russia": ("Moscow", 6), "united_kingdom": ("London", 5)}
"""001, Victory Cities: Berlin 6, Warsaw 2, Kiev 1, Moscow 6, London 5."""

PRODUCTION = {
    "at_victory_cities": {"infantry": 1},
    "two_round": ["battleship", "carrier"],
    "factory_cost": {"major": 5, "minor": 10, "other": 15, "major_above": 3},
    "infantry_cost": {"germany": {"capital": [2], "connected": 3, "other": 4},
                      "united_kingdom": {"capital": [2, 3, 4], "other": 4}},
}
"""001, Variable Industrial Complex Costs, Variable Infantry Costs, Build schedule."""


def house_rules(production: dict[str, Any] | None = None) -> RuleSet:
    data = maps.load_rule_data("revised-lhtr")
    data["ruleset"] = {**data["ruleset"], "production": PRODUCTION if production is None else production,
                       "commands": [*data["ruleset"].get("commands", ()), "cancel"],
                       "switches": {**data["ruleset"]["switches"], "factory_spending_factor": 4,
                                    "capital_lost_keeps_production": True}}
    data["board"] = {**data["board"], "territory": [
        {**t, "victory_city": CITIES[t["id"]][0], "victory_points": CITIES[t["id"]][1]} if t["id"] in CITIES else t
        for t in data["board"]["territory"]]}
    return RuleSet.from_data(**data)


@pytest.fixture(scope="module")
def house() -> RuleSet:
    return house_rules()


def test_infantry_cost_by_city_and_factories_by_site(house: RuleSet) -> None:
    """001, Variable Infantry Costs: Germany pays 2 at Berlin, 3 at a connected city, 4 at
    one cut off; Variable Industrial Complex Costs: 10 at an original minor city."""
    state = buying(house)
    assert run(state, '/buy units:"3 infantry" at:Germany').state.treasury["germany"] == 34
    assert run(state, '/buy units:"2 infantry" at:"Eastern Europe"').state.treasury["germany"] == 34
    cut = state.evolve(owners={**state.owners, "eastern_europe": "soviet_union", "balkans": "soviet_union",
                               "belorussia": "soviet_union"})
    cut = cut.evolve(turn_start_owners=cut.owners)
    assert run(cut, '/buy units:"1 infantry" at:"Ukraine S.S.R."').state.treasury["germany"] == 36
    assert run(state, '/buy units:"1 industrial complex" at:"Eastern Europe"').state.treasury["germany"] == 30


def run(state: GameState, line: str) -> Outcome:
    return apply(state, parse_command(line, state), FixedDice([]))


def buying(rules: RuleSet) -> GameState:
    return position(rules, turn="Germany", phase="purchase", round=2, treasury={"Germany": 40},
                    spaces={"Germany": {"Germany": {"industrial_complex": 1}}})


def test_sites_and_builds_survive_json_and_show_in_the_status(house: RuleSet) -> None:
    """001, Phase 6, "Build schedule": a battleship laid down waits, half paid (of Revised's
    24 IPCs here), for the next round; infantry bought for Berlin wait to be placed there
    (001, Phase 2)."""
    state = run(buying(house), '/buy units:"2 infantry" at:Germany').state
    state = run(state, '/buy units:"1 battleship"').state
    data = state.to_json()
    assert data["sites"] == {"Germany": {"Germany": {"infantry": 2}}}
    assert data["builds"] == {"Germany": [{"type": "battleship", "paid": 12, "laid": 2}]}
    again = GameState.from_json(data, house)
    assert again == state and again.builds == state.builds and again.sites == state.sites
    lines = economy_lines(again)
    assert "Laid down by Germany: 1 battleship (12 of 24 IPCs paid, mobilized from round 3)." in lines
    assert "Bought by Germany for its sites: 2 infantry at Germany." in lines


def test_undo_takes_back_a_purchase_for_a_site(house: RuleSet) -> None:
    """A refused or undone purchase leaves nothing bound to the site: the next infantry at
    London is again the first of the turn (001, Variable Infantry Costs, US and UK)."""
    state = position(house, turn="United Kingdom", phase="purchase", round=2, spaces={},
                     treasury={"United Kingdom": 30})
    bought = run(state, '/buy units:"2 infantry" at:"United Kingdom"').state
    back = apply(bought, Undo(), FixedDice([])).state
    assert back.sites == {} and back.treasury["united_kingdom"] == 30
    assert run(back, '/buy units:"1 infantry" at:"United Kingdom"').state.treasury["united_kingdom"] == 28


def test_mobilize_forgets_the_sites_at_its_end(house: RuleSet) -> None:
    """Units bought for a site that were placed leave nothing behind at the end of Mobilize
    New Units, so the JSON of the next power's turn has no ``sites``."""
    state = run(buying(house), '/buy units:"1 infantry" at:Germany').state
    for _ in range(3):
        state = run(state, "/done").state
    state = run(state, '/place units:"1 infantry" territory:Germany').state
    assert state.sites == {}
    assert "sites" not in run(state, "/done").state.to_json()


@pytest.mark.parametrize(("table", "message"), [
    ({"two_round": ["dreadnought"]}, "unknown unit type 'dreadnought'"),
    ({"infantry_cost": {"italy": {"capital": [3], "other": 4}}}, "revised-lhtr/ruleset.toml .*unknown power 'italy'"),
    ({"infantry_cost": {"japan": {"other": 4}}}, "needs capital = \\[prices\\]"),
    ({"factory_cost": {"major": 5, "minor": 10, "other": 15}}, "needs 'major_above'"),
])
def test_a_bad_production_table_fails_at_load(table: dict[str, Any], message: str) -> None:
    """The ``[production]`` table is checked against the unit table and the board, naming the
    file and what is wrong."""
    with pytest.raises(BoardDataError, match=message):
        house_rules(table)


def test_a_silent_seat_places_infantry_at_the_city_they_were_bought_for(house: RuleSet) -> None:
    """The deadline's default places what was bought (000, Phase 5: bought units enter
    play); infantry go to the victory city they were bought for (001, Phase 6, Victory City
    Mobilization), not to the factory with the most room."""
    state = run(buying(house), '/buy units:"2 infantry" at:"Eastern Europe"').state
    for _ in range(3):
        state = run(state, "/done").state
    command = default_command(state)
    assert command == parse_command('/place units:"2 infantry" territory:"Eastern Europe"', state)
