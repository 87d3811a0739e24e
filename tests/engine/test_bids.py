"""Bid placement under league rules, on the 1942 Second Edition setup.

Bids are league practice, not rulebook text: the rules are game options (``bid_*``), and
the rulebook only decides where units may stand at all (000_fc7e3a790a753b06.txt, "Phase 5:
Mobilize New Units": land units on land, sea units in sea zones).
"""

from __future__ import annotations

import pytest

import maps
from engine import IllegalCommandError, NotationError, new_game
from engine.bids import BidPlacement, BidRules, check_bid, place_bid
from engine.ids import PowerId, UnitKind

RULES = maps.load_ruleset("aa1942-2e")
SETUP = new_game(RULES)


def at(power: str, units: str, space: str) -> BidPlacement:
    counts = tuple((UnitKind(kind), int(n)) for n, kind in (u.split() for u in units.split(",")))
    return BidPlacement(PowerId(power), counts, RULES.board.find_space(space))


def refusal(placements: list[BidPlacement], rules: BidRules = BidRules(), bid: int = 12,
            side: str = "Axis") -> IllegalCommandError:
    with pytest.raises(IllegalCommandError) as caught:
        check_bid(SETUP, side, bid, placements, rules)
    return caught.value


def test_a_legal_bid_puts_its_units_on_the_board() -> None:
    placements = [at("germany", "1 infantry", "Libya"), at("japan", "1 artillery", "Kwangtung"),
                  at("germany", "1 infantry", "Finland")]
    state = place_bid(SETUP, "Axis", 10, placements, BidRules())
    libya = RULES.board.find_space("Libya")
    before = [u for u in SETUP.units_at(libya) if u.kind == "infantry"]
    after = [u for u in state.units_at(libya) if u.kind == "infantry"]
    assert len(after) == len(before) + 1 and after[-1].owner == "germany"
    assert len(state.units) == len(SETUP.units) + 3


def test_one_unit_per_territory_is_the_default_league_rule() -> None:
    err = refusal([at("germany", "2 infantry", "Libya")])
    assert err.reason == "bid.units_per_territory" and "bid_units_per_territory" in str(err)
    err = refusal([at("germany", "1 infantry", "Libya"), at("germany", "1 artillery", "Libya")])
    assert err.reason == "bid.units_per_territory" and "Libya would receive 2" in str(err)
    check_bid(SETUP, "Axis", 12, [at("germany", "2 infantry", "Libya")], BidRules(2))


def test_only_where_the_power_already_has_units() -> None:
    err = refusal([at("japan", "1 infantry", "Formosa")])
    assert err.reason == "bid.only_where_units"
    assert str(err) == "Rule bid_only_where_units: Japan has no units in Formosa."
    check_bid(SETUP, "Axis", 12, [at("japan", "1 infantry", "Formosa")],
              BidRules(only_where_units=False))


def test_ships_only_where_the_power_has_ships() -> None:
    err = refusal([at("germany", "1 submarine", "sz13")], BidRules(only_where_units=False))
    assert err.reason == "bid.ships_only_where_ships" and "Sea Zone 13" in str(err)
    check_bid(SETUP, "Axis", 12, [at("germany", "1 submarine", "sz5")], BidRules())


def test_only_the_powers_the_league_names_receive_units() -> None:
    rules = BidRules.from_options({"bid_powers": "Germany"}, SETUP)
    assert rules.powers == ("germany",)
    err = refusal([at("japan", "1 infantry", "Japan")], rules)
    assert err.reason == "bid.power" and "only Germany may receive" in str(err)
    err = refusal([at("united_kingdom", "1 infantry", "India")])
    assert err.reason == "bid.power" and "not one of the Axis" in str(err)


def test_the_bid_pays_for_every_unit_and_units_stand_where_they_may() -> None:
    err = refusal([at("germany", "1 tank", "Libya"), at("japan", "1 tank", "Japan")], bid=10)
    assert err.reason == "bid.budget" and str(err) == "The bid is 10 IPCs; these placements cost 12."
    err = refusal([at("germany", "1 infantry", "sz5")])
    assert err.reason == "bid.wrong_space"
    err = refusal([at("japan", "1 infantry", "India")], BidRules(only_where_units=False),
                  side="Axis")
    assert err.reason == "bid.wrong_space" and "a territory it controls" in str(err)


def test_bid_rules_from_game_options_refuse_nonsense() -> None:
    with pytest.raises(NotationError, match="bid_units_per_territory"):
        BidRules.from_options({"bid_units_per_territory": "many"}, SETUP)
    assert BidRules.from_options({}, SETUP) == BidRules()
