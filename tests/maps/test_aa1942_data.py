"""Raw board and setup data of Axis & Allies 1942 Second Edition (maps/aa1942-2e).

Rulebook = 000_fc7e3a790a753b06.txt. The rulebook has no territory list and no setup
chart, so counts, IPC values and units are checked against the TripleA reference
(WW2v5_1942_2nd.xml); maps/aa1942-2e/README.md records every ruling.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.ids import slug
from maps import load_board_data
from tests.maps import board_facts

POWERS = ("soviet_union", "germany", "united_kingdom", "japan", "united_states")

# IPC value of every land territory, grouped by original controller.
# fmt: off
IPC: dict[str | None, dict[str, int]] = {
    "soviet_union": {
        "archangel": 1, "buryatia_ssr": 1, "caucasus": 4, "evenki_national_okrug": 1,
        "karelia_ssr": 2, "kazakh_ssr": 2, "novosibirsk": 1, "russia": 8,
        "soviet_far_east": 1, "vologda": 2, "yakut_ssr": 1,
    },
    "germany": {
        "algeria": 1, "baltic_states": 2, "belorussia": 2, "bulgaria_romania": 2,
        "finland": 1, "france": 6, "germany": 10, "italy": 3, "libya": 1, "morocco": 1,
        "northwestern_europe": 2, "norway": 2, "poland": 2, "southern_europe": 2,
        "ukraine_ssr": 2, "west_russia": 2,
    },
    "united_kingdom": {
        "anglo_egyptian_sudan": 0, "belgian_congo": 1, "burma": 1, "eastern_australia": 1,
        "eastern_canada": 3, "egypt": 2, "french_equatorial_africa": 1,
        "french_madagascar": 1, "french_west_africa": 1, "gibraltar": 0, "iceland": 0,
        "india": 3, "italian_east_africa": 1, "new_zealand": 1, "persia": 1,
        "rhodesia": 1, "trans_jordan": 1, "union_of_south_africa": 2,
        "united_kingdom": 8, "western_australia": 1, "western_canada": 1,
    },
    "japan": {
        "borneo": 4, "caroline_islands": 0, "east_indies": 4, "formosa": 0,
        "french_indo_china_thailand": 2, "iwo_jima": 0, "japan": 8, "kiangsu": 2,
        "kwangtung": 2, "malaya": 1, "manchuria": 3, "new_guinea": 1, "okinawa": 0,
        "philippine_islands": 3, "solomon_islands": 0, "wake_island": 0,
    },
    "united_states": {
        "alaska": 2, "anhwei": 1, "brazil": 3, "central_america": 1,
        "central_united_states": 6, "east_mexico": 0, "eastern_united_states": 12,
        "greenland": 0, "hawaiian_islands": 1, "mexico": 2, "midway": 0, "sinkiang": 1,
        "szechwan": 1, "west_indies": 1, "western_united_states": 10, "yunnan": 1,
    },
    None: {
        name: 0
        for name in (
            "afghanistan", "angola", "chile", "colombia_ecuador", "eire", "himalaya",
            "mongolia", "mozambique", "peru_argentina", "sahara", "saudi_arabia",
            "spain_portugal", "sweden", "switzerland", "turkey", "venezuela",
        )
    },
}

# Starting units per power, all spaces (TripleA reference summary).
UNIT_TOTALS: dict[str, dict[str, int]] = {
    "soviet_union": {
        "infantry": 21, "artillery": 3, "tank": 4, "fighter": 2, "submarine": 1,
        "aaa": 2, "industrial_complex": 3,
    },
    "germany": {
        "infantry": 29, "artillery": 4, "tank": 12, "fighter": 6, "bomber": 1,
        "transport": 2, "submarine": 4, "cruiser": 1, "battleship": 1, "aaa": 3,
        "industrial_complex": 2,
    },
    "united_kingdom": {
        "infantry": 15, "artillery": 2, "tank": 3, "fighter": 4, "bomber": 1,
        "transport": 4, "submarine": 1, "destroyer": 2, "cruiser": 3, "carrier": 1,
        "battleship": 1, "aaa": 2, "industrial_complex": 2,
    },
    "japan": {
        "infantry": 25, "artillery": 4, "tank": 1, "fighter": 6, "bomber": 1,
        "transport": 2, "submarine": 1, "destroyer": 2, "cruiser": 1, "carrier": 2,
        "battleship": 2, "aaa": 1, "industrial_complex": 1,
    },
    "united_states": {
        "infantry": 14, "artillery": 1, "tank": 1, "fighter": 5, "bomber": 1,
        "transport": 3, "submarine": 1, "destroyer": 3, "cruiser": 1, "carrier": 1,
        "battleship": 1, "aaa": 2, "industrial_complex": 2,
    },
}
# fmt: on

LAND_UNITS = {"infantry", "artillery", "tank", "aaa", "industrial_complex"}
SEA_UNITS = {"battleship", "carrier", "cruiser", "destroyer", "submarine", "transport"}
AIR_UNITS = {"fighter", "bomber"}


@pytest.fixture(scope="module")
def data() -> dict[str, dict[str, Any]]:
    return load_board_data("aa1942-2e")


@pytest.fixture(scope="module")
def board(data: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return data["board"]


@pytest.fixture(scope="module")
def setup(data: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return data["setup"]


@pytest.fixture(scope="module")
def lands(board: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return board_facts.lands_and_seas(board)[0]


@pytest.fixture(scope="module")
def seas(board: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return board_facts.lands_and_seas(board)[1]


@pytest.fixture(scope="module")
def spaces(lands: dict[str, dict[str, Any]], seas: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {**lands, **seas}


def test_space_counts(board: dict[str, Any]) -> None:
    """TripleA reference summary: 96 land territories and 65 sea zones, ids unique."""
    assert len(board["territory"]) == 96
    assert len(board["sea_zone"]) == 65
    ids = [s["id"] for s in board["territory"] + board["sea_zone"]]
    assert len(ids) == len(set(ids))


def test_ids_are_slugs_of_names(board: dict[str, Any]) -> None:
    """Project map format: a space's id is the slug of its display name."""
    for t in board["territory"]:
        assert t["id"] == slug(t["name"]), t["name"]


def test_sea_zones_numbered_one_to_sixty_five(board: dict[str, Any]) -> None:
    """Rulebook, Spaces On The Game Board: sea zones are numbered (1 to 65 on this board)."""
    numbers = sorted(z["number"] for z in board["sea_zone"])
    assert numbers == list(range(1, 66))
    for z in board["sea_zone"]:
        assert z["id"] == f"sz_{z['number']:02d}"
        assert z["name"] == f"Sea Zone {z['number']}"


def test_adjacency_symmetric_known_and_simple(spaces: dict[str, dict[str, Any]]) -> None:
    """Rulebook, Spaces On The Game Board: adjacency is a shared border, so it is mutual."""
    board_facts.assert_adjacency_symmetric(spaces)


def test_edge_count_matches_reference(spaces: dict[str, dict[str, Any]]) -> None:
    """TripleA reference summary: 403 edges (145 land-land, 115 land-sea, 143 sea-sea)."""
    assert board_facts.edge_kinds(spaces) == {0: 145, 1: 115, 2: 143}


def test_every_territory_ipc_and_original(lands: dict[str, dict[str, Any]]) -> None:
    """TripleA reference: IPC value and original controller of every land territory."""
    expected = {tid: (ipc, power) for power, table in IPC.items() for tid, ipc in table.items()}
    assert set(expected) == set(lands)
    for tid, t in lands.items():
        assert (t["ipc"], t.get("original")) == expected[tid], tid


def test_income_values_within_rulebook_range(lands: dict[str, dict[str, Any]]) -> None:
    """Rulebook, Spaces On The Game Board: income values range from 1 to 12; Gibraltar has none."""
    assert max(t["ipc"] for t in lands.values()) == 12
    assert lands["gibraltar"]["ipc"] == 0
    assert lands["gibraltar"]["original"] == "united_kingdom"


def test_starting_territory_sums(lands: dict[str, dict[str, Any]]) -> None:
    """Board values sum to 24/41/31/30/42 (README: rulebook table says 40 and 30)."""
    assert board_facts.income_by_power(lands, POWERS) == {
        "soviet_union": 24,
        "germany": 41,
        "united_kingdom": 31,
        "japan": 30,
        "united_states": 42,
    }


def test_treasury_is_the_starting_production_level(setup: dict[str, Any]) -> None:
    """Rulebook, Industrial Production Credits: each power starts with its national production
    level in IPCs; Germany 41 and UK 31 per the designer's errata (maps README, ruling 2)."""
    assert setup["treasury"] == {
        "soviet_union": 24,
        "germany": 41,
        "united_kingdom": 31,
        "japan": 30,
        "united_states": 42,
    }


def test_turn_order(setup: dict[str, Any], board: dict[str, Any]) -> None:
    """Rulebook, Order of Play: Soviet Union, Germany, United Kingdom, Japan, United States."""
    assert tuple(setup["turn_order"]) == POWERS
    assert tuple(p["id"] for p in board["power"]) == POWERS


def test_sides(board: dict[str, Any]) -> None:
    """Rulebook, The Combatants: Axis is Germany and Japan; Allies the other three."""
    sides = {p["id"]: p["side"] for p in board["power"]}
    assert sides == {
        "soviet_union": "Allies",
        "germany": "Axis",
        "united_kingdom": "Allies",
        "japan": "Axis",
        "united_states": "Allies",
    }


def test_capitals(board: dict[str, Any], lands: dict[str, dict[str, Any]]) -> None:
    """TripleA reference: the five capitals, each originally held by its power."""
    capitals = {p["id"]: p["capital"] for p in board["power"]}
    assert capitals == {
        "soviet_union": "russia",
        "germany": "germany",
        "united_kingdom": "united_kingdom",
        "japan": "japan",
        "united_states": "eastern_united_states",
    }
    for power, tid in capitals.items():
        assert lands[tid]["original"] == power


def test_victory_cities(lands: dict[str, dict[str, Any]]) -> None:
    """Rulebook, How the War Is Won: 12 victory cities, six per side at the start."""
    cities = {t["victory_city"]: tid for tid, t in lands.items() if "victory_city" in t}
    assert cities == {
        "Washington": "eastern_united_states",
        "London": "united_kingdom",
        "Leningrad": "karelia_ssr",
        "Moscow": "russia",
        "Calcutta": "india",
        "San Francisco": "western_united_states",
        "Berlin": "germany",
        "Paris": "france",
        "Rome": "italy",
        "Shanghai": "kiangsu",
        "Manila": "philippine_islands",
        "Tokyo": "japan",
    }
    axis = Counter(lands[tid]["original"] in ("germany", "japan") for tid in cities.values())
    assert axis == {True: 6, False: 6}


def test_canals(board: dict[str, Any]) -> None:
    """Rulebook, Canals: Panama joins sea zones 18/19 (Central America); Suez 17/34 (AES + TJ)."""
    canals = {c["id"]: (sorted(c["sea_zones"]), sorted(c["controlled_by"])) for c in board["canal"]}
    assert canals == {
        "panama": (["sz_18", "sz_19"], ["central_america"]),
        "suez": (["sz_17", "sz_34"], ["anglo_egyptian_sudan", "trans_jordan"]),
    }


def test_canal_sea_zones_adjacent(seas: dict[str, dict[str, Any]]) -> None:
    """Rulebook, Canals: each canal connects its two sea zones (an edge the canal gates)."""
    assert "sz_19" in seas["sz_18"]["adjacent"]
    assert "sz_34" in seas["sz_17"]["adjacent"]


def test_wrap_around_edges(spaces: dict[str, dict[str, Any]]) -> None:
    """Rulebook, Spaces On The Game Board: the listed wrap-around pairs (Panama = East Mexico)."""
    pairs = [
        ("western_canada", "eastern_canada"),
        ("western_united_states", "central_united_states"),
        ("mexico", "east_mexico"),
        ("sz_55", "sz_19"),
        ("sz_42", "sz_20"),
        ("sz_41", "sz_21"),
    ]
    for a, b in pairs:
        assert b in spaces[a]["adjacent"], (a, b)


def test_neutrals_impassable(lands: dict[str, dict[str, Any]]) -> None:
    """Rulebook, Neutral Territories: no emblem, no income value; impassable by the switch
    ``neutrals``, so no territory is marked impassable on the board itself."""
    board_facts.assert_neutrals(lands, set(IPC[None]))


def test_turkish_straits_option(seas: dict[str, dict[str, Any]]) -> None:
    """Rulebook, Neutral Territories, optional rule: Turkey may close sea zone 16."""
    closed = {sid: z["closed_by_option"] for sid, z in seas.items() if "closed_by_option" in z}
    assert closed == {"sz_16": "turkish_straits"}


def test_islands(lands: dict[str, dict[str, Any]], seas: dict[str, dict[str, Any]]) -> None:
    """Rulebook, Islands: an island touches only sea zones; one island group per sea zone."""
    for tid, t in lands.items():
        only_sea = all(a in seas for a in t["adjacent"])
        assert t["island"] == only_sea, tid
    board_facts.assert_one_island_per_zone(lands, seas)


def test_space_names_and_aliases_unambiguous(board: dict[str, Any]) -> None:
    """Project notation: no alias names two spaces, and a space alias matches a power only if
    the space bears its name."""
    board_facts.assert_aliases_unambiguous(board)


def test_one_place_per_space_and_power(setup: dict[str, Any], spaces: dict[str, Any]) -> None:
    """Project setup format: one [[place]] per (space, power), on known spaces."""
    board_facts.assert_places_valid(setup, spaces, POWERS)


def test_starting_unit_totals(setup: dict[str, Any]) -> None:
    """TripleA reference summary: starting units per power (rulebook defers to setup cards)."""
    totals = board_facts.unit_totals(setup, POWERS)
    assert totals == UNIT_TOTALS
    assert {p: sum(units.values()) for p, units in totals.items()} == {
        "soviet_union": 36,
        "germany": 65,
        "united_kingdom": 41,
        "japan": 49,
        "united_states": 36,
    }


def test_units_placed_in_legal_spaces(
    setup: dict[str, Any], lands: dict[str, dict[str, Any]]
) -> None:
    """Rulebook, Setup Cards: land units in own territories, ships (and carrier fighters) at sea."""
    board_facts.assert_units_in_legal_spaces(setup, lands, LAND_UNITS | AIR_UNITS, SEA_UNITS | {"fighter"})


def test_industrial_complexes(setup: dict[str, Any]) -> None:
    """TripleA reference: starting industrial complexes (the rulebook's cards list them)."""
    factories = {
        (p["space"], p["power"]) for p in setup["place"] if "industrial_complex" in p["units"]
    }
    assert factories == {
        ("karelia_ssr", "soviet_union"),
        ("russia", "soviet_union"),
        ("caucasus", "soviet_union"),
        ("germany", "germany"),
        ("italy", "germany"),
        ("united_kingdom", "united_kingdom"),
        ("india", "united_kingdom"),
        ("japan", "japan"),
        ("eastern_united_states", "united_states"),
        ("western_united_states", "united_states"),
    }
