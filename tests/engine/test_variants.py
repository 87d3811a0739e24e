"""Game options that change the rules (``engine/variants.py``): the tables under
``[options.<name>]`` are checked at load, and a game plays the rules its options make.

The options are Classic's optional rules (004 = 004_393aeba10bd8625e.txt, §2 and §14-§15),
declared here on the 1942 board so the machinery is tested apart from Classic's data.
"""

from __future__ import annotations

from typing import Any

import pytest

import maps
from engine import GameState, RuleSet, apply, new_game
from engine.dice import FixedDice, NoDice
from engine.errors import BoardDataError, IllegalCommandError, NotationError
from engine.ids import PowerId, SpaceId
from engine.notation import parse_command

from .positions import position

OPTIONS: dict[str, dict[str, Any]] = {
    "axis_advantages": {"description": "Axis Advantages B and C.", "default": "none", "choices": ["b", "c"],
                        "many": True,
                        "b": {"place": [{"space": "germany", "power": "germany", "units": {"tank": 1}}]},
                        "c": {"truce": [{"power": "soviet_union", "target": "germany", "rounds": 1}]}},
    "piece_limits": {"description": "Groups per power.", "default": False, "groups": {"bomber": 1}},
    "no_new_industrial_complexes": {"description": "None built.", "default": False,
                                    "not_buyable": ["industrial_complex"]},
    "kamikazes": {"description": "One-way flights.", "default": False, "enables": ["kamikaze"]},
    "paratroops": {"description": "Bombers drop infantry.", "default": False, "carries": {"bomber": "infantry"}},
    "scorched_earth": {"description": "Losers destroy their installations.", "default": False,
                       "enables": ["scorched_earth"]},
    "always_active_aa": {"description": "Guns fire at every flight.", "default": False,
                         "switches": {"aa_fires_at_overflight": True}, "enables": ["return_flight_fire"]},
    "one_panama_sea_zone": {"description": "The Panama zones are one.", "default": False,
                            "meld": [["sz_18", "sz_19"]]},
    "defending_subs_withdraw": {"description": "Defending subs may leave.", "default": False,
                                "battle_steps": [{"step": "withdraw_defender", "before": "next_round"}]},
    "two_hit_battleships": {"description": "Battleships take two hits.", "default": False,
                            "units": {"destroyer": {"hits": 2}}},
}


def _rules(**tables: dict[str, Any]) -> RuleSet:
    data = maps.load_rule_data("aa1942-2e")
    ruleset = dict(data["ruleset"])
    ruleset["options"] = {**ruleset.get("options", {}), **tables}
    return RuleSet.from_data(**{**data, "ruleset": ruleset})


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return _rules(**OPTIONS)


def _play(state: GameState, line: str, dice: list[int] | None = None) -> GameState:
    return apply(state, parse_command(line, state), FixedDice(dice) if dice else NoDice()).state


def _at(state: GameState, space: str, power: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in state.units_at(SpaceId(space)):
        if u.owner == PowerId(power):
            out[u.kind] = out.get(u.kind, 0) + 1
    return out


# -- options as values ------------------------------------------------------------------

def test_an_unknown_option_or_value_is_refused_naming_it(rules: RuleSet) -> None:
    """Options are typed: an unknown name lists the options, a switch takes on or off."""
    with pytest.raises(NotationError, match='no option "paratroopers".*paratroops'):
        rules.resolve_options({"paratroopers": True})
    with pytest.raises(NotationError, match='"kamikazes" is on or off.*not "maybe"'):
        rules.resolve_options({"kamikazes": "maybe"})
    with pytest.raises(NotationError, match='"bid_units_per_territory" takes a whole number, not "two"'):
        rules.resolve_options({"bid_units_per_territory": "two"})
    with pytest.raises(NotationError, match='"axis_advantages" takes none or a list of b, c .*not "e"'):
        rules.resolve_options({"axis_advantages": "c,e"})
    assert rules.resolve_options({"axis_advantages": "C, b"})["axis_advantages"] == "b,c"


@pytest.mark.parametrize(("table", "message"), [
    ({"default": False, "groups": {"tanks": 3}}, "groups names 'tanks'"),
    ({"default": False, "enables": ["kamikazes"]}, "enables names 'kamikazes'"),
    ({"default": False, "units": {"destroyer": {"name": "x"}}}, "units.destroyer.name cannot be changed"),
    ({"default": False, "wings": 2}, "unknown key 'wings'"),
    ({"default": False, "battle_steps": [{"step": "remove", "before": "dive"}]}, "battle_steps names 'dive'"),
    ({"default": "x", "choices": ["x", "y"], "not_buyable": ["tank"]}, "only an on/off option"),
])
def test_a_wrong_option_table_fails_at_load_naming_it(table: dict[str, Any], message: str) -> None:
    with pytest.raises(BoardDataError, match=message):
        _rules(bad={"description": "", **table})


def test_a_game_plays_the_rules_its_options_make(rules: RuleSet) -> None:
    """The rules of a game with options on are made once and kept through JSON."""
    plain = new_game(rules)
    assert plain.rules is rules
    game = new_game(rules, {"two_hit_battleships": True, "always_active_aa": True})
    assert game.rules is rules.for_options({"always_active_aa": True, "two_hit_battleships": True})
    assert game.rules.spec("destroyer").hits == 2 and rules.spec("destroyer").hits == 1
    assert game.rules.switches.aa_fires_at_overflight and not rules.switches.aa_fires_at_overflight
    again = GameState.from_json(game.to_json(), rules)
    assert again.rules is game.rules
    dives = new_game(rules, {"defending_subs_withdraw": True}).rules.battle.steps
    assert dives[-2:] == ("withdraw_defender", "next_round") and "withdraw_defender" not in rules.battle.steps


# -- setup -----------------------------------------------------------------------------

def test_an_option_adds_units_to_the_opening(rules: RuleSet) -> None:
    """004 §2 B: "Germany to have some extra Tank in the capital"; a list option applies
    each choice named."""
    assert _at(new_game(rules, {"axis_advantages": "b"}), "germany", "germany")["tank"] == \
        _at(new_game(rules), "germany", "germany")["tank"] + 1
    assert new_game(rules, {"axis_advantages": "b,c"}).rules.variant.truces


# -- movement --------------------------------------------------------------------------

def _soviet_attack(rules: RuleSet, round_: int, **options: str) -> GameState:
    state = position(rules, turn="Soviet Union", phase="combat_move", round=round_, options=options,
                     spaces={"Russia": {"Soviet Union": {"infantry": 2}}, "West Russia": {"Germany": {"infantry": 1}}})
    return _play(state, '/move units:"1 infantry" from:Russia to:"West Russia"')


def test_a_truce_refuses_the_first_turn_attack_only(rules: RuleSet) -> None:
    """004 §2 C: "The Russians cannot launch a shell against the Germans" on their first turn."""
    with pytest.raises(IllegalCommandError, match="may not attack Germany in West Russia in its first turn "
                       r"\(option axis_advantages:c\)"):
        _soviet_attack(rules, 1, axis_advantages="c")
    assert _at(_soviet_attack(rules, 2, axis_advantages="c"), "west_russia", "soviet_union")
    assert _at(_soviet_attack(rules, 1), "west_russia", "soviet_union")


def _fly(rules: RuleSet, **options: bool) -> GameState:
    state = position(rules, turn="Germany", phase="combat_move", options=options,
                     spaces={"Germany": {"Germany": {"fighter": 1}}, "Russia": {"Soviet Union": {"infantry": 1}}})
    return _play(state, '/move units:"1 fighter" from:Germany to:Russia')


def test_kamikazes_may_fly_beyond_a_return(rules: RuleSet) -> None:
    """004 §15, Kamikazes: fighters fly "as far as they possibly can, without worry of being
    able to return home"; §12: not legal without the option."""
    with pytest.raises(IllegalCommandError, match="could not land|would have no movement left"):
        _fly(rules)
    assert _at(_fly(rules, kamikazes=True), "russia", "germany") == {"fighter": 1}


def _drop(rules: RuleSet, phase: str, **options: bool) -> GameState:
    state = position(rules, turn="Germany", phase=phase, options=options,
                     spaces={"Germany": {"Germany": {"bomber": 1, "infantry": 2}}})
    return _play(state, '/move units:"1 bomber, 1 infantry" from:Germany to:Belorussia')


def test_paratroops_fly_with_a_bomber_into_a_friendly_territory(rules: RuleSet) -> None:
    """004 §15, Paratroop Units: a bomber drops ONE infantry "into an ally's territory
    within range of the Bomber", and is not used in attacks for the rest of the turn."""
    state = _drop(rules, "combat_move", paratroops=True)
    assert _at(state, "belorussia", "germany") == {"infantry": 1, "bomber": 1}
    with pytest.raises(IllegalCommandError, match="no movement left"):
        _play(state, '/move units:"1 bomber" from:Belorussia to:Russia')
    with pytest.raises(IllegalCommandError):
        _drop(rules, "noncombat_move")
    with pytest.raises(IllegalCommandError, match="one unit"):
        _play(position(rules, turn="Germany", phase="noncombat_move", options={"paratroops": True},
                       spaces={"Germany": {"Germany": {"bomber": 1, "infantry": 2}}}),
              '/move units:"1 bomber, 2 infantry" from:Germany to:Belorussia')


def test_guns_fire_at_return_flights_only_when_always_active(rules: RuleSet) -> None:
    """004 §15, Always Active AA Guns: guns fire at a plane "coming back through to a
    friendly territory"; §7: not in noncombat movement otherwise."""
    def home(**options: bool) -> GameState:
        state = position(rules, turn="Germany", phase="noncombat_move", options=options,
                         spaces={"Belorussia": {"Germany": {"fighter": 1}}, "West Russia": {"Soviet Union": {"aaa": 1}}},
                         owners={"West Russia": "Soviet Union", "Ukraine S.S.R.": "Germany"})
        return _play(state, '/move units:"1 fighter" from:Belorussia to:"Ukraine S.S.R." '
                            'path:"Belorussia > West Russia > Ukraine S.S.R."', [1] if options else None)
    assert _at(home(), "ukraine_ssr", "germany") == {"fighter": 1}
    assert _at(home(always_active_aa=True), "ukraine_ssr", "germany") == {}


def test_melded_sea_zones_save_a_step_through_their_canal(rules: RuleSet) -> None:
    """004 §15, One Panama Sea Zone: "it will require ONE movement point to pass through
    this area instead of the normal TWO"; the canal still needs its holder (§3)."""
    def sail(owner: str, **options: bool) -> GameState:
        state = position(rules, turn="United States", phase="noncombat_move", options=options,
                         owners={"Central America": owner},
                         spaces={"Sea Zone 11": {"United States": {"battleship": 1}}})
        return _play(state, '/move units:"1 battleship" from:"Sea Zone 11" to:"Sea Zone 20"')
    with pytest.raises(IllegalCommandError):
        sail("United States")
    assert _at(sail("United States", one_panama_sea_zone=True), "sz_20", "united_states") == {"battleship": 1}
    with pytest.raises(IllegalCommandError, match="Panama Canal is closed"):
        sail("Japan", one_panama_sea_zone=True)


# -- purchase, placement and capture -----------------------------------------------------

def test_no_one_buys_what_an_option_forbids(rules: RuleSet) -> None:
    """004 §15, No New Industrial Complexes: "will not allow the construction of ANY new
    Industrial Complexes"."""
    state = position(rules, turn="Germany", phase="purchase", options={"no_new_industrial_complexes": True},
                     treasury={"Germany": 40}, spaces={})
    with pytest.raises(IllegalCommandError, match=r"No power may buy industrial complexes .*no_new_industrial"):
        _play(state, '/buy units:"1 industrial complex"')


def test_groups_are_limited_to_the_box(rules: RuleSet) -> None:
    """004 §14: "groups are limited to the box number of figures": a move or purchase that
    could only start a group too many is refused; joining a group is not."""
    base = {"Germany": {"Germany": {"bomber": 2, "industrial_complex": 1}}}
    state = position(rules, turn="Germany", phase="noncombat_move", options={"piece_limits": True}, spaces=base)
    with pytest.raises(IllegalCommandError, match=r"2 groups of bombers; the box holds 1 \(option piece_limits\)"):
        _play(state, '/move units:"1 bomber" from:Germany to:Poland')
    assert _at(_play(state, '/move units:"2 bombers" from:Germany to:Poland'), "poland", "germany") == {"bomber": 2}
    away = {"Germany": {"Germany": {"industrial_complex": 1}}, "Norway": {"Germany": {"bomber": 1}}}
    buying = position(rules, turn="Germany", phase="purchase", options={"piece_limits": True},
                      treasury={"Germany": 40}, spaces=away)
    with pytest.raises(IllegalCommandError, match="none where new units are placed"):
        _play(buying, '/buy units:"1 bomber"')
    home = position(rules, turn="Germany", phase="purchase", options={"piece_limits": True},
                    treasury={"Germany": 40}, spaces=base)
    assert _play(home, '/buy units:"1 bomber"').purchased == {"bomber": 1}


def test_scorched_earth_destroys_what_the_captor_would_take(rules: RuleSet) -> None:
    """004 §15, Scorched Earth: the losers of a territory destroy its AA gun and industrial
    complex "before the enemy gains full control"; §14: a tank blitzes through a territory
    holding only them."""
    classic = rules.with_switches(blitz_blocked_by_structures=False)

    def take(**options: bool) -> GameState:
        state = position(classic, turn="Germany", phase="combat_move", options=options,
                         spaces={"Poland": {"Germany": {"tank": 1}},
                                 "Belorussia": {"Soviet Union": {"industrial_complex": 1}}},
                         owners={"Belorussia": "Soviet Union"})
        return _play(state, '/move units:"1 tank" from:Poland to:"West Russia" '
                            'path:"Poland > Belorussia > West Russia"')
    assert _at(take(), "belorussia", "germany") == {"industrial_complex": 1}
    assert _at(take(scorched_earth=True), "belorussia", "germany") == {}
    assert _at(take(scorched_earth=True), "belorussia", "soviet_union") == {}
