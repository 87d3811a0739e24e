"""Autocomplete suggestions from a real 1942 Second Edition opening position."""
from __future__ import annotations

import time

from bot.discord.complete import complete_units, ranked, suggestions
from engine import GameState


def test_buy_offers_what_the_treasury_can_pay_for(opening: GameState) -> None:
    assert suggestions(opening, "buy", "units", "2 inf", {}) == ["2 infantry"]
    offered = suggestions(opening, "buy", "units", "", {})
    assert "1 infantry" in offered and "1 industrial complex" in offered


def test_unit_lists_complete_their_last_item(opening: GameState) -> None:
    assert suggestions(opening, "buy", "units", "3 infantry, 1 ta", {})[0] == "3 infantry, 1 tank"
    assert suggestions(opening, "orders", "loss", "infantry, artil", {})[0] == "infantry, artillery"


def test_spaces_by_forgiving_names(opening: GameState) -> None:
    assert suggestions(opening, "map", "territory", "w rus", {}) == ["West Russia"]
    assert "Germany" in suggestions(opening, "map", "territory", "germ", {})
    assert len(suggestions(opening, "map", "territory", "", {})) == 25


def test_no_battle_or_retreat_outside_their_moment(opening: GameState) -> None:
    """In Purchase no battle waits and no retreat is asked: nothing to offer, rather than
    the first 25 spaces of the board."""
    assert suggestions(opening, "battle", "territory", "", {}) == []
    assert suggestions(opening, "retreat", "to", "", {}) == []
    assert suggestions(opening, "retreat", "to", "w rus", {}) == []


def test_nothing_to_repair_or_place_in_the_opening(opening: GameState) -> None:
    assert suggestions(opening, "repair", "territory", "", {}) == []
    assert suggestions(opening, "place", "territory", "", {}) == []


def test_ranking_and_unit_counts() -> None:
    assert ranked(["Western Europe", "West Russia", "Russia"], "west") == \
        ["West Russia", "Western Europe"]
    assert complete_units("tan", [("tank", 3)]) == ["3 tank"]


def test_suggestions_are_fast(opening: GameState) -> None:
    """Discord drops autocomplete answers after 3 s; ours take well under a millisecond."""
    start = time.perf_counter()
    for _ in range(100):
        suggestions(opening, "battle", "territory", "s", {})
    assert (time.perf_counter() - start) / 100 < 0.01


def test_moves_offer_what_the_engine_says_can_move(opening: GameState) -> None:
    """Soviet combat move, round 1: origins, their units and destinations from the engine."""
    from engine import NoDice, apply, legal_commands, parse_command

    state = apply(opening, parse_command("/done", opening), NoDice()).state
    groups = legal_commands(state).moves
    origins = {state.board.name(g.origin) for g in groups}
    assert set(suggestions(state, "move", "from", "", {})) == origins
    karelia = next(g for g in groups if state.board.name(g.origin).startswith("Karelia"))
    given = {"from": "Karelia"}
    assert set(suggestions(state, "move", "to", "", given)) == \
        {state.board.name(d) for g in groups if g.origin == karelia.origin
         for d in g.destinations}
    assert set(suggestions(state, "move", "units", "", given)) == \
        {f"{n} {kind.replace('_', ' ')}" for g in groups if g.origin == karelia.origin
         for kind, n in g.units}
    assert suggestions(state, "move", "units", "2 inf", given) == ["2 infantry"]
    assert all(s.startswith("Karelia > ") for s in
               suggestions(state, "move", "path", "Karelia > ", given))


def test_battles_and_casualties_come_from_the_combat_phase(opening: GameState) -> None:
    """Soviet attack on West Russia, the player choosing casualties in person
    (rulebook 000_fc7e3a790a753b06.txt, General Combat, "Step 4. Defending Units Fire"), then
    where to retreat: "to a single adjacent friendly space from which at least one of the
    attacking land or sea units moved" ("Step 6. Press Attack or Retreat")."""
    from engine import FixedDice, NoDice, apply, parse_command

    state = opening
    attack_move = '/move units:"4 infantry, 1 artillery" from:Karelia to:"West Russia"'
    for line in ("/orders decide:self", "/done", attack_move, "/done"):
        state = apply(state, parse_command(line, state), NoDice()).state
    assert suggestions(state, "battle", "territory", "", {}) == ["West Russia"]
    attack, defence = [6] * 5, [1, 6, 6, 6, 6]          # the defender scores one hit
    state = apply(state, parse_command('/battle territory:"West Russia"', state),
                  FixedDice(attack + defence)).state
    assert suggestions(state, "casualties", "units", "", {}) == ["1 artillery", "1 infantry"]
    assert suggestions(state, "battle", "territory", "", {}) == []    # a question is pending
    assert suggestions(state, "casualties", "units", "", {}, may_act=False) == []
    state = apply(state, parse_command('/casualties units:"1 infantry"', state), NoDice()).state
    assert suggestions(state, "retreat", "to", "", {}) == ["Karelia S.S.R."]
    assert suggestions(state, "retreat", "to", "", {}, may_act=False) == []
    assert suggestions(state, "map", "territory", "kar", {}, may_act=False) == ["Karelia S.S.R."]


def test_rockets_offer_the_guns_and_targets_the_engine_allows() -> None:
    """/rocket (002, Rocket Strikes: "one anti-aircraft gun may attack an industrial complex
    within 3 spaces") offers the territories of German guns and the enemy complexes in
    range, not Germany's own complex; without the development, nothing."""
    import maps
    from engine import new_game

    rules = maps.load_ruleset("revised", unplayable=True)
    germany = rules.board.find_power("Germany")
    plain = new_game(rules).evolve(turn=germany, phase="combat_move")
    armed = plain.evolve(tech={germany: ("rockets",)})
    assert "Western Europe" in suggestions(armed, "rocket", "from", "", {})
    assert "United Kingdom" in suggestions(armed, "rocket", "target", "", {})
    assert "Germany" not in suggestions(armed, "rocket", "target", "", {})
    assert suggestions(plain, "rocket", "target", "", {}) == []


def test_withdrawing_subs_are_offered_only_the_zones_they_may_go_to() -> None:
    """004 §6 D: an attacking sub withdraws "BACK to one adjacent friendly sea zone from
    which any of the attacking units came": /submerge to: offers that zone, not every space;
    and Classic's units go by Classic's names (§16: Armor)."""
    import maps
    from engine import FixedDice, apply, parse_command
    from tests.engine.positions import position

    rules = maps.load_ruleset("classic")
    state = position(rules, turn="Germany", phase="combat_move", spaces={
        "Baltic Sea Zone": {"Germany": {"submarine": 1}},
        "West Spain Sea Zone": {"Germany": {"submarine": 1}},
        "North Sea Zone": {"United Kingdom": {"battleship": 1}}})
    dice = FixedDice([5, 6])                           # round 1: the sub and the battleship miss
    for line in ("/orders power:Germany decide:self",
                 '/move units:"1 submarine" from:"Baltic Sea Zone" to:"North Sea Zone"',
                 "/done", '/battle territory:"North Sea Zone"', "/press"):
        state = apply(state, parse_command(line, state), dice).state
    assert suggestions(state, "submerge", "to", "", {}) == ["Baltic Sea Zone"]
    assert suggestions(state, "submerge", "units", "", {}) == ["1 submarine"]
    buying = position(rules, turn="Germany", phase="purchase", spaces={}, treasury={"Germany": 10})
    assert suggestions(buying, "buy", "units", "arm", {}) == ["1 armor"]


def test_diplomacy_offers_neutrals_in_reach_and_where_their_ships_join() -> None:
    """001 › Phase 8, Diplomacy Rolls (AARHE): the neutrals the power may roll for now, and for
    sea: the zones next to the neutral named."""
    import maps
    from tests.engine.positions import position

    state = position(maps.load_ruleset("aarhe", unplayable=True), turn="Germany", phase="diplomacy", spaces={},
                     round=2)
    assert suggestions(state, "diplomacy", "neutral", "sp", {}) == ["Spain"]
    assert "Eire" in suggestions(state, "diplomacy", "neutral", "", {})
    assert suggestions(state, "diplomacy", "sea", "", {"neutral": "Spain"}) == ["Sea Zone 12", "Sea Zone 13"]
    assert suggestions(state, "diplomacy", "sea", "", {"neutral": "Turkey"}) == ["Sea Zone 15", "Sea Zone 16"]



def test_the_passive_turn_offers_the_windows_moves() -> None:
    """In AARHE's Defensive Air Support window (001 › Phase 3) /support offers the asked
    power's aircraft that can fly and where, from the window's own move groups."""
    from tests.engine.positions import aarhe_axis_combat_moves_ended

    state = aarhe_axis_combat_moves_ended("/orders passive:ask")
    assert state.window is not None and state.rules.power_name(state.actor) == "Soviet Union"
    assert "Karelia S.S.R." in suggestions(state, "support", "from", "", {})
    assert suggestions(state, "support", "units", "", {"from": "Karelia S.S.R."}) == ["1 fighter"]
    assert "Archangel" in suggestions(state, "support", "to", "", {"from": "Karelia S.S.R."})


def test_the_window_offers_where_an_item_may_be_used() -> None:
    """In the Defensive Air Support window /advantage at: offers where the asked power may use
    an item in force (001 › Appendix: National Advantages, Commissars (NKVD): "If you get
    attacked during any Axis player's turn"; README of maps/aarhe, ruling 135)."""
    import maps
    from engine import NoDice, apply, new_game, parse_command

    state = new_game(maps.load_ruleset("aarhe"), {"national_advantages": True})
    data = state.to_json()
    data["advantages"] = {"Soviet Union": {"drawn": ["commissars"], "revealed": ["commissars"]}}
    state = GameState.from_json(data, state.rules)

    def play(state: GameState, *lines: str) -> GameState:
        for line in lines:
            state = apply(state, parse_command(line, state), NoDice()).state
        return state

    state = play(state, '/orders power:"Soviet Union" passive:ask')
    while state.round == 1:
        state = play(state, "/done")
    state = play(state, "/done", '/move units:"1 infantry" from:"Eastern Europe" to:"Karelia S.S.R."', "/done",
                 "/focus power:Japan", "/done", "/done")
    assert state.window is not None and state.rules.power_name(state.actor) == "Soviet Union"
    assert suggestions(state, "advantage", "at", "", {"use": "commissars"}) == ["Karelia S.S.R."]
