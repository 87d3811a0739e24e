"""National Advantages as data and in Collect Income (001 › Appendix: National Advantages)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import maps
from engine.advantages import bonuses, hand_text, pool, public_lines, reminder
from engine.advantages_data import Advantages
from engine.economy.income import statement
from engine.errors import BoardDataError
from engine.game import new_game
from engine.ids import PowerId, SpaceId, UnitKind
from engine.state import GameState, Unit

RULES = maps.load_ruleset("aarhe", unplayable=True)
GERMANY = PowerId("germany")
DEVELOPMENTS = tuple(d.id for d in RULES.technology.developments)


def _game(**hands: list[str]) -> GameState:
    state = new_game(RULES, {"national_advantages": True})
    data = state.to_json()
    data["advantages"] = {RULES.power_name(PowerId(p)): {"drawn": ids, "revealed": []} for p, ids in hands.items()}
    return GameState.from_json(data, state.rules)


def test_every_power_of_the_standard_map_has_its_list_numbered_as_001() -> None:
    """001 › Appendix: National Advantages: Germany 16 items, Japan 16, Soviet Union 14,
    United Kingdom 15 (no item 10), United States 15; Italy's list is for the maps with Italy."""
    numbers = {p: [i.number for i in RULES.advantages.of(p)] for p in RULES.turn_order}
    assert numbers[PowerId("germany")] == list(range(1, 17))
    assert numbers[PowerId("japan")] == list(range(1, 17))
    assert numbers[PowerId("soviet_union")] == list(range(1, 15))
    assert numbers[PowerId("united_kingdom")] == [n for n in range(1, 17) if n != 10]
    assert numbers[PowerId("united_states")] == list(range(1, 16))


def test_the_pool_holds_only_items_the_referee_plays() -> None:
    """README ruling 44: an item whose effect waits for a rule not played is not drawn, so no
    one draws an item that does nothing; item 1 is never drawn (001: "The first item is
    standard"); items acting in AARHE's battles are (kind ``battle``), and so are those used
    where the power is attacked before Conduct Combat (kind ``asked``)."""
    state = _game(germany=["german_88s"])
    ids = [i.id for i in pool(state, GERMANY)]
    assert ids == ["atlantic_wall", "fortress_europe", "panzer_blitz", "afrika_corps", "ss_panzerkorps",
                   "albert_speer", "amerika_bomber"]
    assert all(i.kind in ("free", "price", "move", "income", "battle", "convert", "build", "mission", "asked",
                          "unit", "strike")
               for p in RULES.turn_order
               for i in pool(state, p))
    assert all(i.waits for p in RULES.turn_order for i in RULES.advantages.of(p) if not i.played)
    soviet = [i.number for i in pool(state, PowerId("soviet_union"))]
    assert soviet == [3, 4, 5, 6, 7, 9, 10, 11, 12]


def test_secret_items_stay_out_of_the_public_lines() -> None:
    """001: "The randomly selected items are secret to enemy team": /game status counts them, the
    owner's own listing names them."""
    state = _game(germany=["german_88s"])
    german = next(line for line in public_lines(state) if "of Germany" in line)
    assert "88" not in german and "1 drawn and not revealed" in german
    assert "German 88's (item 5), drawn, secret" in hand_text(state, GERMANY)


@pytest.mark.parametrize(("round_", "extra"), [(5, 0), (6, 5), (7, 5), (8, 10)])
def test_albert_speer_raises_germanys_income(round_: int, extra: int) -> None:
    """001 › Appendix: National Advantages, Germany 10: "On turn 6 the territory of Germany is
    worth 50% more per turn. One turn 8 the territory of Germany is double its original IPC
    total per turn" (Germany is worth 10)."""
    state = _game(germany=["albert_speer"])
    data = state.to_json()
    data["advantages"]["Germany"]["revealed"] = ["albert_speer"]
    data["round"] = round_
    state = GameState.from_json(data, state.rules)
    lines = statement(state, GERMANY).lines
    speer = [line for line in lines if "Albert Speer" in line.reason]
    assert [line.amount for line in speer] == ([extra] if extra else [])


def test_a_wrong_entry_is_named_at_load() -> None:
    """The data is checked when the rule system loads: an unknown unit type is named."""
    data = maps.load_rule_data("aarhe")["advantages"]
    bad = {"japan": [{**data["japan"][0], "unit": "zeppelin"}]}
    with pytest.raises(BoardDataError, match="patriotism: unknown unit type 'zeppelin'"):
        Advantages.from_dict("aarhe/advantages.toml", bad, RULES.board, RULES.units, DEVELOPMENTS)


@pytest.mark.parametrize(("bonus", "error"), [
    ({"units": ["zeppelin"], "add": 1}, "unknown unit type 'zeppelin'"),
    ({"add": 1, "when": "always"}, "unknown bonus field 'when'"),
    ({"add": 1, "side": "both"}, "a bonus's what is one of"),
    ({"add": 1, "at": ["atlantis"]}, "unknown territory 'atlantis'"),
    ({"add": 1, "against": "italy"}, "unknown power 'italy'"),
    ({"add": 1, "tech": "death_ray"}, "unknown development 'death_ray'"),
])
def test_a_battle_items_bonus_is_checked_at_load(bonus: dict[str, object], error: str) -> None:
    """An item's ``bonus`` tables (kind ``battle``: README, ruling 100) are checked when the
    rule system loads, the wrong field or name said."""
    data = maps.load_rule_data("aarhe")["advantages"]
    fortress = next(e for e in data["germany"] if e["id"] == "fortress_europe")
    bad = {"germany": [data["germany"][0], {**fortress, "bonus": [bonus]}]}
    with pytest.raises(BoardDataError, match=error):
        Advantages.from_dict("aarhe/advantages.toml", bad, RULES.board, RULES.units, DEVELOPMENTS)


def test_a_battle_item_without_a_bonus_is_refused_at_load() -> None:
    data = maps.load_rule_data("aarhe")["advantages"]
    fortress = {k: v for k, v in next(e for e in data["germany"] if e["id"] == "fortress_europe").items()
                if k != "bonus"}
    with pytest.raises(BoardDataError, match="a battle item needs 'bonus'"):
        Advantages.from_dict("aarhe/advantages.toml", {"germany": [data["germany"][0], fortress]}, RULES.board,
                             RULES.units, DEVELOPMENTS)


def test_a_turn_begins_with_a_reminder_of_the_items_owed() -> None:
    """001: "at beginning of first 5 game rounds, each player randomly selects an item": the
    player draws (README, ruling on draws), so its turn opens saying how many it may draw,
    at most what its pool holds."""
    data = _game().to_json()
    data.update(round=2, turn="Germany")
    germany = GameState.from_json(data, RULES.for_options({"national_advantages": True}))
    assert [e.text for e in reminder(germany)] == ["Germany may draw 2 National Advantages now: /advantage draw:2."]
    data.update(turn="Japan")
    japan = GameState.from_json(data, germany.rules)
    assert [e.text for e in reminder(japan)] == ["Japan may draw 2 National Advantages now: /advantage draw:2."]
    data.update(round=6, advantages={"Japan": {"drawn": ["long_lance_torpedoes", "dug_in_defenses", "mounted_infantry",
                                                         "east_wind_rain", "tiger_of_malaya"], "revealed": []}})
    assert reminder(GameState.from_json(data, germany.rules)) == []


@pytest.mark.parametrize(("round_", "turn", "acts"), [(2, "United Kingdom", True), (3, "Germany", True),
                                                       (3, "Japan", True), (3, "Soviet Union", False),
                                                       (4, "Germany", False)])
def test_russian_winter_acts_until_the_next_soviet_turn(round_: int, turn: str, acts: bool) -> None:
    """001 › Appendix: National Advantages, Soviet Union 9: "Until the start of your next turn,
    your Infantry in red territories defend on a 3": declared in round 2, it acts for the rest
    of round 2 and in round 3 until the Allies' team turn begins (README, ruling 108)."""
    data = _game().to_json()
    data.update(round=round_, turn=turn)
    data["advantages"] = {"Soviet Union": {"drawn": ["russian_winter"], "revealed": ["russian_winter"],
                                           "used": {"russian_winter": 2}}}
    state = GameState.from_json(data, RULES.for_options({"national_advantages": True}))
    assert bool(list(bonuses(state, PowerId("soviet_union")))) is acts


@pytest.mark.parametrize(("change", "error"), [
    ({"place": {}}, "an asked item places units"),
    ({"once": "turn"}, "an asked item places units"),
    ({"by": "italy"}, "unknown power 'italy'"),
    ({"per": "zeppelin"}, "unknown unit type 'zeppelin'"),
])
def test_an_asked_items_fields_are_checked_at_load(change: dict[str, object], error: str) -> None:
    """An item used where its power is attacked in the enemy's turn (kind ``asked``: README,
    ruling 135) places units once a game or a city, or names a sacrifice; a wrong power or
    unit type is named when the rule system loads."""
    data = maps.load_rule_data("aarhe")["advantages"]
    guard = next(e for e in data["japan"] if e["id"] == "imperial_guard")
    with pytest.raises(BoardDataError, match=error):
        Advantages.from_dict("aarhe/advantages.toml", {"japan": [data["japan"][0], {**guard, **change}]},
                             RULES.board, RULES.units, DEVELOPMENTS)


def test_soviet_militia_owed_comes_off_the_next_income() -> None:
    """001 › Appendix: National Advantages, Soviet Union 12, Soviet Militia: "The money is
    deducted from the Soviet players next turn of income" (README, ruling 140): a line of its
    own, after the others."""
    state = _game()
    soviet = PowerId("soviet_union")
    before = statement(state, soviet).total
    state = state.evolve(economy=state.economy.added("owed", soviet, 9))
    lines = statement(state, soviet).lines
    assert (lines[-1].amount, lines[-1].reason) == (-9, "owed for units raised in the enemy's last turn")
    assert statement(state, soviet).total == before - 9
    assert GameState.from_json(state.to_json(), state.rules).economy.owed == {soviet: 9}
def test_the_amerika_bomber_flies_12_with_the_two_developments_it_needs() -> None:
    """001 › Appendix: National Advantages, Germany 16, Amerika Bomber: "you may build special
    Bomber with 12 movement points": the table's 8 and Long Range Aircraft's and Heavy
    Bomber's 2 each, which it is built with (README, ruling 146); a bomber flies 10 with them."""
    state = _game()
    state = state.evolve(tech={**state.tech, GERMANY: ("heavy_bomber", "long_range_aircraft")})
    bomber = Unit(id=9999, kind=UnitKind("bomber"), owner=GERMANY, space=SpaceId("germany"))
    assert state.rules.hooks.move_points(state, replace(bomber, kind=UnitKind("amerika_bomber"))) == 12
    assert state.rules.hooks.move_points(state, bomber) == 10
    assert state.rules.spec("amerika_bomber").advantage == "amerika_bomber"
    assert state.rules.spec("amerika_bomber").requires_development == ("heavy_bomber", "long_range_aircraft")
