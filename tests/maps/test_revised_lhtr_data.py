"""Board, setup, units and switches of Axis & Allies Revised under LHTR 2.0 (maps/revised-lhtr).

Seeds: 002 = 002_4a4a730e156ee196.txt (Revised rules as amended by LHTR, with the FAQ and
errata), 003 = 003_5fe4f41a8371e910.txt (LHTR 2.0, which wins where it speaks). Neither
seed lists territories, values or units, so counts, values and units are checked against
the TripleA reference (lhtr.xml); maps/revised-lhtr/README.md records every ruling.
"""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

import maps
from bot.service import Actor, FixedDiceSource, GameService
from bot.store import Database, database_url
from engine.errors import RulesError
from engine.game import new_game
from engine.ids import slug
from engine.ruleset import RuleSet
from maps import load_board_data
from tests.maps import board_facts

RULESET = "revised-lhtr"
POWERS = ("soviet_union", "germany", "united_kingdom", "japan", "united_states")

# Income value of every land territory by original controller (reference), one power a
# paragraph; "neutral" territories have no controller.
TERRITORY_VALUES = """
soviet_union: archangel 2, buryatia_ssr 1, caucasus 4, evenki_national_okrug 1, karelia_ssr 2,
    kazakh_ssr 2, novosibirsk 2, russia 8, soviet_far_east 1, yakut_ssr 1
germany: algeria 1, balkans 3, belorussia 2, eastern_europe 3, germany 10, libya 1, norway 3,
    southern_europe 6, ukraine_ssr 3, west_russia 2, western_europe 6
united_kingdom: anglo_egypt 2, australia 2, belgian_congo 1, eastern_canada 3,
    french_equatorial_africa 1, french_madagascar 1, french_west_africa 1, gibraltar 0, india 3,
    italian_east_africa 1, kenya 1, new_zealand 1, persia 1, trans_jordan 1,
    union_of_south_africa 2, united_kingdom 8, western_canada 1
japan: borneo 4, caroline_islands 0, east_indies 4, french_indochina 3, japan 8, kwangtung 3,
    manchuria 3, new_guinea 1, okinawa 1, philippine_islands 3, solomon_islands 0, wake_island 0
united_states: alaska 2, brazil 3, central_united_states 6, china 2, eastern_united_states 12,
    greenland 0, hawaiian_islands 1, mexico 2, midway 0, panama 1, sinkiang 2, west_indies 1,
    western_united_states 10
neutral: afghanistan 0, angola 0, argentina 0, eire 0, himalaya 0, mongolia 0, mozambique 0,
    peru 0, rio_de_oro 0, sahara 0, saudi_arabia 0, spain 0, sweden 0, switzerland 0, turkey 0,
    venezuela 0
"""
IPC = board_facts.values_by_owner(TERRITORY_VALUES)

# Starting units per power, all spaces (reference summary; the seeds point to the
# Reference Charts, which they do not reproduce). Columns in turn order.
UNIT_CHART = """
                    SU  GE  UK  JP  US
infantry            24  25  14  21  14
artillery            2   4   1   1   1
tank                 4  10   3   1   1
aaa                  2   3   2   1   2
industrial_complex   2   2   1   1   2
fighter              2   6   4   6   5
bomber               0   1   1   1   1
battleship           0   1   2   2   1
carrier              0   0   1   2   1
destroyer            0   1   2   1   2
submarine            1   3   1   1   1
transport            0   2   4   2   3
"""
UNIT_TOTALS: dict[str, dict[str, int]] = {
    power: {row.split()[0]: int(row.split()[1 + i]) for row in UNIT_CHART.strip().splitlines()[1:] if row.split()[1 + i] != "0"}
    for i, power in enumerate(POWERS)
}
# 002, Appendix I: Unit Profiles: cost, attack, defense, move.
PROFILES: dict[str, tuple[int, int, int, int]] = {
    "infantry": (3, 1, 2, 1), "artillery": (4, 2, 2, 1), "tank": (5, 3, 3, 2),
    "aaa": (5, 0, 0, 1), "industrial_complex": (15, 0, 0, 0), "fighter": (10, 3, 4, 4),
    "bomber": (15, 4, 1, 6), "battleship": (24, 4, 4, 2), "destroyer": (12, 3, 3, 2),
    "carrier": (16, 1, 3, 2), "transport": (8, 0, 1, 2), "submarine": (8, 2, 2, 2),
}
# fmt: on

LAND_UNITS = {"infantry", "artillery", "tank", "aaa", "industrial_complex"}
SEA_UNITS = {"battleship", "carrier", "destroyer", "submarine", "transport"}
AIR_UNITS = {"fighter", "bomber"}


BOARD: dict[str, Any] = load_board_data(RULESET)["board"]
SETUP: dict[str, Any] = load_board_data(RULESET)["setup"]
LANDS, SEAS = board_facts.lands_and_seas(BOARD)
SPACES = {**LANDS, **SEAS}


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return maps.load_ruleset(RULESET, unplayable=True)


def _adjacent(a: str, b: str) -> bool:
    return b in SPACES[a]["adjacent"]


# ---- the board -------------------------------------------------------------------------


def test_space_counts(rules: RuleSet) -> None:
    """Reference summary: 79 land territories and 64 sea zones, 143 spaces, ids unique."""
    assert len(BOARD["territory"]) == 79
    assert len(BOARD["sea_zone"]) == 64
    assert len(rules.board.spaces) == 143


def test_ids_are_slugs_of_names() -> None:
    """Project map format: a territory's id is the slug of its display name."""
    for t in BOARD["territory"]:
        assert t["id"] == slug(t["name"]), t["name"]


def test_sea_zones_numbered_one_to_sixty_four() -> None:
    """003, Set Up, Canals and 002, Q&A, Map number the sea zones (1 to 64 on this board)."""
    assert sorted(z["number"] for z in BOARD["sea_zone"]) == list(range(1, 65))
    for z in BOARD["sea_zone"]:
        assert (z["id"], z["name"]) == (f"sz_{z['number']:02d}", f"Sea Zone {z['number']}")


def test_adjacency_symmetric_known_and_simple() -> None:
    """003, Set Up, Spaces On The Game Board: adjacent spaces "share a common border"."""
    board_facts.assert_adjacency_symmetric(SPACES)


def test_edge_count_matches_reference() -> None:
    """Reference summary: 348 edges (114 land-land, 97 land-sea, 137 sea-sea)."""
    assert board_facts.edge_kinds(SPACES) == {0: 114, 1: 97, 2: 137}


def test_every_territory_ipc_and_original() -> None:
    """Reference: income value and original controller of every land territory."""
    board_facts.assert_values_and_originals(LANDS, IPC)


def test_turn_order_sides_and_names() -> None:
    """003, Order of Play: Soviet Union, Germany, United Kingdom, Japan, United States;
    003, Your World at War: the Axis is Germany and Japan. Display names are 1942's."""
    board_facts.assert_powers_as_on_every_board(BOARD, SETUP, load_board_data("aa1942-2e")["board"])


def test_capitals() -> None:
    """002, Capturing and Liberating Capitals: the capitals are "Washington, Moscow, London,
    Berlin, or Tokyo", each in a territory its power holds at the start."""
    capital_cities = {p["id"]: LANDS[p["capital"]].get("victory_city") for p in BOARD["power"]}
    assert capital_cities == {
        "soviet_union": "Moscow", "germany": "Berlin", "united_kingdom": "London", "japan": "Tokyo",
        "united_states": "Washington",
    }
    assert all(LANDS[p["capital"]]["original"] == p["id"] for p in BOARD["power"])


def test_victory_cities() -> None:
    """003, How the War Is Won: "The Allies begin the game controlling Washington, London,
    Leningrad, Moscow, Calcutta, and Los Angeles. The Axis powers begin the game controlling
    Berlin, Paris, Rome, Shanghai, Manila, and Tokyo." (The territories: README, ruling 1.)"""
    side = {p["id"]: p["side"] for p in BOARD["power"]}
    held = {t["victory_city"]: side[t["original"]] for t in LANDS.values() if "victory_city" in t}
    assert held == {
        **dict.fromkeys(["Washington", "London", "Leningrad", "Moscow", "Calcutta", "Los Angeles"], "Allies"),
        **dict.fromkeys(["Berlin", "Paris", "Rome", "Shanghai", "Manila", "Tokyo"], "Axis"),
    }
    where = {t["victory_city"]: tid for tid, t in LANDS.items() if "victory_city" in t}
    assert (where["Los Angeles"], where["Paris"], where["Rome"], where["Shanghai"]) == (
        "western_united_states", "western_europe", "southern_europe", "kwangtung")


def test_canals() -> None:
    """003, Set Up, Canals: Panama joins sea zones 20 and 19 and is held through Panama;
    Suez joins 15 and 34 and needs both Anglo-Egypt and Trans-Jordan, between which land
    units move freely."""
    canals = {c["id"]: (sorted(c["sea_zones"]), sorted(c["controlled_by"])) for c in BOARD["canal"]}
    assert canals == {
        "panama": (["sz_19", "sz_20"], ["panama"]),
        "suez": (["sz_15", "sz_34"], ["anglo_egypt", "trans_jordan"]),
    }
    assert _adjacent("sz_19", "sz_20") and _adjacent("sz_15", "sz_34")
    assert _adjacent("anglo_egypt", "trans_jordan")
    for zone in ("sz_19", "sz_20"):
        assert _adjacent("panama", zone)
    for zone in ("sz_15", "sz_34"):
        assert _adjacent("anglo_egypt", zone) and _adjacent("trans_jordan", zone)


def test_map_questions_answered_by_the_faq() -> None:
    """002, Q&A, Map: "Does sea zone 14 connect to the Balkans? Does sea zone 35 connect to
    French Indochina? No in both cases." "Sea zone 40 is one space that connects to sea zone
    39 on its left and 41 on its right.\""""
    assert not _adjacent("sz_14", "balkans")
    assert not _adjacent("sz_35", "french_indochina")
    assert _adjacent("sz_40", "sz_39") and _adjacent("sz_40", "sz_41")
    assert _adjacent("sz_40", "australia")


def test_ownership_answered_by_the_faq() -> None:
    """002, Q&A, Map: "Gibraltar is the same color as all the other UK territories"; French
    West Africa, French Equatorial Africa and the Belgian Congo "begin under British control".
    003, Set Up: "A few territories, such as Gibraltar, have no income value.\""""
    for tid in ("gibraltar", "french_west_africa", "french_equatorial_africa", "belgian_congo"):
        assert LANDS[tid]["original"] == "united_kingdom", tid
        assert not LANDS[tid]["neutral"]
    assert LANDS["gibraltar"]["ipc"] == 0
    assert max(t["ipc"] for t in LANDS.values()) == 12


def test_values_named_in_the_rules_text() -> None:
    """002, Phase 4 example: India (Calcutta) has "an income value of 3". 002, Appendix 2,
    Phase 4: the Soviets take West Russia, going from 24 to 26 and Germany from 40 to 38;
    Phase 6: the Caucasus, with a Soviet complex, "has an income value of 4". 002, Appendix I,
    Industrial Complexes: a complex in Eastern Canada "may mobilize up to three units"."""
    assert (LANDS["india"]["ipc"], LANDS["india"]["victory_city"]) == (3, "Calcutta")
    assert (LANDS["west_russia"]["ipc"], LANDS["west_russia"]["original"]) == (2, "germany")
    assert LANDS["caucasus"]["ipc"] == 4
    assert LANDS["eastern_canada"]["ipc"] == 3
    caucasus = next(p for p in SETUP["place"] if p["space"] == "caucasus")
    assert caucasus["power"] == "soviet_union" and caucasus["units"]["industrial_complex"] == 1


def test_soviet_aa_gun_in_the_caucasus() -> None:
    """002, Errata: "Replace all text and diagrams referring to the anti-aircraft gun in
    Russia with an anti-aircraft gun in Caucasus" (the sample turn; the chart has both)."""
    soviet_aa = {p["space"]: p["units"].get("aaa", 0) for p in SETUP["place"] if p["power"] == "soviet_union"}
    assert soviet_aa["caucasus"] == 1


def test_neutrals_impassable() -> None:
    """003, Set Up, Neutral Territories: Turkey, Mongolia, Sahara and the like are
    impassable, also to aircraft, and "don't have income values"."""
    board_facts.assert_neutrals(LANDS, set(IPC[None]))
    assert {"turkey", "mongolia", "sahara"} <= set(IPC[None])


def test_islands() -> None:
    """003, Set Up, Islands: "An island is a territory located entirely inside one sea zone."
    002, Q&A: Japan is not an island, "neither are the UK or Australia"."""
    for tid, t in LANDS.items():
        inside_one_zone = len(t["adjacent"]) == 1 and t["adjacent"][0] in SEAS
        assert t["island"] == inside_one_zone, tid
    assert not any(LANDS[t]["island"] for t in ("japan", "united_kingdom", "australia"))
    board_facts.assert_one_island_per_zone(LANDS, SEAS)


def test_space_names_and_aliases_unambiguous() -> None:
    """Project notation: no alias names two spaces, and a space alias matches a power only if
    the space bears its name."""
    board_facts.assert_aliases_unambiguous(BOARD)


def test_players_spellings_resolve(rules: RuleSet) -> None:
    """Project notation: the board's spellings and the reference's both find the space."""
    for text, sid in [
        ("Anglo Egypt", "anglo_egypt"), ("Egypt", "anglo_egypt"), ("Philippines", "philippine_islands"),
        ("Shanghai", "kwangtung"), ("Los Angeles", "western_united_states"), ("FIC", "french_indochina"),
        ("W Russia", "west_russia"), ("sz 14", "sz_14"), ("Rio De Oro", "rio_de_oro"),
    ]:
        assert rules.board.find_space(text) == sid, text


# ---- the setup -------------------------------------------------------------------------


def test_treasury_is_the_starting_production_level() -> None:
    """003, Set Up, Industrial Production Certificates: 24 / 40 / 30 / 30 / 42 IPCs, "equal to
    each power's beginning national production level", the total of its territories' values."""
    treasury = {"soviet_union": 24, "germany": 40, "united_kingdom": 30, "japan": 30, "united_states": 42}
    assert SETUP["treasury"] == treasury
    assert board_facts.income_by_power(LANDS, POWERS) == treasury


def test_engine_starts_with_that_treasury_and_income(rules: RuleSet) -> None:
    """003, Set Up: the engine's opening position gives each power its starting IPCs."""
    state = new_game(rules).to_json()
    assert state["ruleset"] == RULESET
    assert state["treasury"] == {
        "Soviet Union": 24, "Germany": 40, "United Kingdom": 30, "Japan": 30, "United States": 42,
    }


def test_one_place_per_space_and_power() -> None:
    """Project setup format: one [[place]] per (space, power), on known spaces."""
    board_facts.assert_places_valid(SETUP, SPACES, POWERS)


def test_starting_unit_totals() -> None:
    """Reference summary: starting units per power (the seeds defer to the Reference Charts)."""
    totals = board_facts.unit_totals(SETUP, POWERS)
    assert totals == UNIT_TOTALS
    assert {p: sum(units.values()) for p, units in totals.items()} == {
        "soviet_union": 37, "germany": 58, "united_kingdom": 36, "japan": 40, "united_states": 34,
    }


def test_units_placed_in_legal_spaces() -> None:
    """003, Set Up, Reference Charts: land and air units in the power's territories, sea units
    (and carrier fighters) in the numbered sea zones."""
    board_facts.assert_units_in_legal_spaces(SETUP, LANDS, LAND_UNITS | AIR_UNITS, SEA_UNITS | {"fighter"})


def test_setup_fits_carriers_and_transports(rules: RuleSet) -> None:
    """002, Appendix I, Aircraft Carriers: "up to two fighters" a carrier; no land unit starts
    at sea. (Loading the rules runs the same capacity check, which refuses a bad setup.)"""
    at_sea = [p for p in rules.placements if rules.board.spaces[p.space].is_sea]
    assert not any(rules.spec(k).is_land for p in at_sea for k in p.units)
    # UK 1 in sea zone 35, Japan 2 in 37 and 1 in 50, US 1 in 52.
    assert sum(p.units.get("fighter", 0) for p in at_sea) == 5


def test_industrial_complexes() -> None:
    """Reference: starting complexes (002 names the Soviet one in the Caucasus)."""
    factories = {(p["space"], p["power"]) for p in SETUP["place"] if "industrial_complex" in p["units"]}
    assert factories == {
        ("russia", "soviet_union"), ("caucasus", "soviet_union"),
        ("germany", "germany"), ("southern_europe", "germany"),
        ("united_kingdom", "united_kingdom"), ("japan", "japan"),
        ("eastern_united_states", "united_states"), ("western_united_states", "united_states"),
    }


# ---- units and switches ----------------------------------------------------------------


def test_unit_profiles(rules: RuleSet) -> None:
    """002, Appendix I: Unit Profiles, with the errata's fighter cost of 10; there is no cruiser."""
    got = {k: (s.cost, s.attack, s.defense, s.move) for k, s in rules.units.items()}
    assert got == PROFILES
    assert rules.spec("battleship").hits == 2
    assert rules.spec("carrier").carrier_capacity == 2
    assert dict(rules.spec("transport").transport_capacity) == {"large": 1, "small": 1}
    assert not rules.spec("transport").chosen_last  # defends at 1: an ordinary casualty
    assert (rules.spec("submarine").surprise_attack_hits_on, rules.spec("submarine").surprise_defense_hits_on) == (2, 2)
    assert rules.spec("industrial_complex").raid_defense_hits_on == 0  # the AA gun fires, not the complex
    assert rules.spec("aaa").antiaircraft_hits_on == 1 and not rules.spec("aaa").destroyed_when_alone


def test_unit_keys_are_the_1942_keys(rules: RuleSet) -> None:
    """Same unit ids as 1942 (less the cruiser), so records and the engine's names carry over."""
    assert set(rules.units) == set(maps.load_ruleset("aa1942-2e").units) - {"cruiser"}


def test_switches(rules: RuleSet) -> None:
    """Every switch has its LHTR value: 002, Errata (victory after the U.S. turn);
    002, Phase 6 ("Excess units are lost"); 002, Appendix I (bombing takes IPCs, capped at the
    territory's value; AA guns fire at every air unit that enters; tanks stop at AA guns and
    complexes; bombardment casualties "do not fire back"; subs do not end Noncombat Move in a
    hostile zone and stay submerged until its end; any air unit can hit a sub); 003, Set Up
    (neutrals; "Friendly sea zones contain no enemy units"); 002, Phase 4, Amphibious
    Assaults (no land unit retreats); 002 Q&A, Transports and Carriers (a lone transport may
    make a combat move)."""
    assert asdict(rules.switches) == {
        "victory_check": "end_of_round",
        "overproduction": "lost",
        "production_limit": "ipc",
        "bombing": "treasury",
        "bombing_damage_cap_factor": 1,
        "aa_fires_at_overflight": True,
        "air_half_moves": False,
        "blitz_blocked_by_structures": True,
        "neutrals": "impassable",
        "hostile_sea_zone": "any_enemy",
        "capital_plunder": True,
        "capital_lost_income": "none",
        "capital_checked": "phase",
        "production_interruption": False,
        "logistics_fees": False,
        "income_paths": False,
        "fighters_on_existing_carriers": True,
        "bombarded_units_fire_back": False,
        "overland_units_retreat_from_assaults": False,
        "submarines_end_noncombat_in_hostile": False,
        "ship_repair": "after_battle",
        "submerged_until_noncombat_end": True,
        "aircraft_hit_subs_alone": True,
        "forced_passage": False,
        "transports_attack_alone": True,
        "factory_spending_factor": 0,
        "capital_lost_keeps_production": False,
        "bombard_limit_per_land_unit": True,
        "bombard_land_units_per_ship": 1,
    }


def test_victory_levels(rules: RuleSet) -> None:
    """003, How the War Is Won: nine cities in a standard game, all twelve for World
    Domination, nine when nothing was agreed."""
    assert rules.victory == {"cities": {"standard": 9, "world_domination": 12}, "default": "standard"}
    assert rules.option_defaults() == {"victory": "standard"}
    assert rules.resolve_options({"victory": "world_domination"}) == {"victory": "world_domination"}
    with pytest.raises(RulesError):
        rules.resolve_options({"victory": "total"})


# ---- offered for new games ----------------------------------------------------------------


def test_names_and_aliases(rules: RuleSet) -> None:
    """Issue 11: the rule system is `revised-lhtr`, also called `revised` and `lhtr`."""
    for name in ("revised-lhtr", "revised", "lhtr", "LHTR"):
        assert maps.load_ruleset(name, unplayable=True) is rules


def test_offered_for_new_games() -> None:
    """The engine plays LHTR (issue 11): the system is in the list players choose from and
    loads by any of its names without ``unplayable``."""
    assert maps.RULESETS[:2] == ("aa1942-2e", "revised-lhtr")
    assert maps.load_ruleset("lhtr") is maps.load_ruleset("revised-lhtr", unplayable=True)


def test_a_system_not_yet_playable_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule system whose ``ruleset.toml`` says ``playable = false`` is left out of
    ``maps.RULESETS``; asking for it says why and names what can be played."""
    monkeypatch.setattr(maps, "RULESETS", ("aa1942-2e",))
    with pytest.raises(RulesError) as refused:
        maps.load_ruleset("revised")
    assert refused.value.reason == "ruleset.not_playable"
    assert str(refused.value).startswith("Axis & Allies Revised with LHTR 2.0 is not playable yet: its rules are being added.")
    assert "aa1942-2e" in str(refused.value)


async def test_game_new_offers_it(tmp_path: Path) -> None:
    """/game new with ruleset:lhtr creates a Revised game."""
    db = Database(database_url(tmp_path / "aaref.sqlite3"))
    await db.migrate()
    try:
        service = GameService(db, FixedDiceSource([]))
        reply = await service.create_game(Actor("ana"), "c1", ruleset="lhtr", name="x")
        assert reply.ok, reply.message
        assert "Axis & Allies Revised with LHTR 2.0" in reply.message
        assert (await service.status("c1")).ok
    finally:
        await db.close()
