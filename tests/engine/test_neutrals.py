"""The track of cooperation of AARHE's neutrals as the saved game keeps it
(001 = 001_4ad7942ffba8a1ea.txt, › Phase 8: Diplomacy, › Appendix: Neutrals)."""

from __future__ import annotations

import pytest

import maps
from engine import RuleSet, new_game
from engine.errors import IllegalCommandError
from engine.ids import SpaceId
from engine.neutrals import cooperation, join, with_cooperation
from engine.relations import Relations
from engine.serial import state_from_json, state_to_json

SPAIN, RIO_DE_ORO, TURKEY = SpaceId("spain"), SpaceId("rio_de_oro"), SpaceId("turkey")


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return maps.load_ruleset("aarhe", unplayable=True)


def test_a_new_game_starts_each_neutral_where_the_appendix_puts_it(rules: RuleSet) -> None:
    """001 › Appendix: Neutrals, "Initial Position": Spain -2, Sweden -2, Turkey -1, Eire +1,
    Afghanistan 0; Rio de Oro "is under the control of Spain" and moves with it; Sahara is
    not in the appendix and has no place on the track."""
    state = new_game(rules)
    board = rules.board
    positions = {board.name(s): cooperation(state, s) for s in board.spaces if board.spaces[s].neutral}
    assert positions["Spain"] == -2 and positions["Sweden"] == -2 and positions["Turkey"] == -1
    assert positions["Eire"] == 1 and positions["Afghanistan"] == 0
    assert positions["Rio de Oro"] == -2
    assert positions["Sahara"] is None


def test_moves_on_the_track_stop_at_its_ends_and_survive_a_save(rules: RuleSet) -> None:
    """001 › Phase 8, Level of cooperation: the track runs from -5 (Axis) to +5 (Allies).
    Moving Rio de Oro moves Spain, its holder (001 › Appendix: Neutrals)."""
    state = with_cooperation(new_game(rules), {RIO_DE_ORO: -4, TURKEY: 9})
    assert cooperation(state, SPAIN) == -4 and cooperation(state, TURKEY) == 5
    again = state_from_json(state_to_json(state), rules)
    assert again.cooperation == state.cooperation


def test_a_board_without_neutrals_on_a_track_keeps_none() -> None:
    """1942 Second Edition has no diplomacy: the saved game carries no track."""
    state = new_game(maps.load_ruleset("aa1942-2e"))
    assert state.cooperation == {} and "cooperation" not in state_to_json(state)


def test_a_joining_neutral_brings_its_territories_and_troops(rules: RuleSet) -> None:
    """001 › Phase 8, Diplomacy Rolls: "Territory and units goes to that player when the
    neutral moves to +5/-5 ... Naval units are placed in any adjacent sea zone by the new
    owner"; 001 › Appendix: Neutrals: Spain's "4 Infantry + Artillery + Tank + Fighter +
    Destroyer + Transport", and "Rio De Ore is under the control of Spain" (its 1 infantry)."""
    state = new_game(rules)
    germany, zone = rules.find_power("Germany"), rules.board.find_space("sz13")
    joined, events = join(state, RIO_DE_ORO, germany, zone)
    assert joined.owners[SPAIN] == germany and joined.owners[RIO_DE_ORO] == germany
    assert cooperation(joined, SPAIN) == -5
    assert joined.count(SPAIN, germany) == {"infantry": 4, "artillery": 1, "tank": 1, "fighter": 1}
    assert joined.count(RIO_DE_ORO, germany) == {"infantry": 1}
    assert joined.count(zone, germany) == {"destroyer": 1, "transport": 1}
    assert [e.type for e in events] == ["join"]
    assert events[0].text.startswith("Spain joins Germany, with Rio de Oro: 4 infantry")
    again = state_from_json(state_to_json(joined), rules)
    assert again.owners == joined.owners and again.count(zone) == joined.count(zone)


def test_a_neutral_with_ships_and_two_zones_needs_the_new_owners_choice(rules: RuleSet) -> None:
    """001 › Phase 8: naval units are placed "in any adjacent sea zone by the new owner":
    Turkey's destroyer has sea zones 15 and 16 to choose from, not 14; without a choice,
    or with a zone not adjacent, nothing changes."""
    state = new_game(rules)
    ussr, board = rules.find_power("Soviet Union"), rules.board
    with pytest.raises(IllegalCommandError) as missing:
        join(state, TURKEY, ussr)
    assert missing.value.reason == "neutral.sea_needed" and "Sea Zone 15, Sea Zone 16" in str(missing.value)
    with pytest.raises(IllegalCommandError) as far:
        join(state, TURKEY, ussr, board.find_space("sz14"))
    assert far.value.reason == "neutral.sea_not_adjacent"
    joined, _ = join(state, TURKEY, ussr, board.find_space("sz16"))
    assert cooperation(joined, TURKEY) == 5 and joined.count(board.find_space("sz16"), ussr) == {"destroyer": 1}


def test_a_neutral_without_ships_needs_no_zone_and_joins_once(rules: RuleSet) -> None:
    """001 › Appendix: Neutrals: Sweden has "3 Infantry + Artillery" and no ships; a neutral
    at the end of the track has joined (001 › Level of cooperation: "-5 Axis"), and its
    income no longer goes to the player who moved it to -3: the holder collects it."""
    state = new_game(rules)
    germany, sweden = rules.find_power("Germany"), rules.board.find_space("Sweden")
    state = state.evolve(diplomacy=Relations(income={sweden: germany}))
    joined, events = join(state, sweden, germany)
    assert joined.count(sweden, germany) == {"infantry": 3, "artillery": 1} and joined.diplomacy.income == {}
    assert events[0].text == "Sweden joins Germany: 3 infantry, 1 artillery in Sweden are now Germany's."
    with pytest.raises(IllegalCommandError) as twice:
        join(joined, sweden, germany)
    assert twice.value.reason == "neutral.joined"
    with pytest.raises(IllegalCommandError) as off:
        join(state, rules.board.find_space("Sahara"), germany)
    assert off.value.reason == "neutral.off_track"


def test_whose_income_and_which_rolls_survive_a_save_and_old_saves_start_the_track(rules: RuleSet) -> None:
    """001 › Phase 8, Diplomacy Rolls: "Income goes to the player that moved the neutral to +3
    or -3" and "Each player may only target a neutral once per turn" are kept with the game;
    a game saved without the track reads back with the appendix's "Initial Position"."""
    state = new_game(rules)
    germany, sweden = rules.find_power("Germany"), rules.board.find_space("Sweden")
    state = state.evolve(diplomacy=Relations(income={sweden: germany}, rolled={germany: (sweden, SPAIN)}))
    data = state_to_json(state)
    assert data["diplomacy"] == {"income": {"Sweden": "Germany"}, "rolled": {"Germany": ["Sweden", "Spain"]}}
    assert state_from_json(data, rules).diplomacy == state.diplomacy
    del data["cooperation"]
    assert state_from_json(data, rules).cooperation == new_game(rules).cooperation
