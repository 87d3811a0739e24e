"""Board, setup, units and switches of Axis & Allies Classic, 3rd Edition (maps/classic-3e).

Seed: 004 = 004_393aeba10bd8625e.txt (the v3.50 compilation of the Classic rules). Its
setup chart (§18), unit table (§16), power order (§19) and map notes (§3) are checked here
as written; the territories, values and adjacency it does not list come from the TripleA
reference (classic_3rd_edition.xml). maps/classic-3e/README.md records every ruling.
"""

from __future__ import annotations

from dataclasses import asdict

import pytest

import maps
from engine.errors import NotationError
from engine.game import new_game
from engine.ids import slug
from maps import load_board_data
from tests.maps import board_facts

RULESET = "classic-3e"
POWERS = ("soviet_union", "germany", "united_kingdom", "japan", "united_states")

# Income value of every land territory by original controller (reference), one power a
# paragraph; "neutral" territories have no controller.
TERRITORY_VALUES = """
soviet_union: caucasus 3, evenki_national_okrug 2, karelia_ssr 3, kazakh_ssr 2, novosibirsk 2,
    russia 8, soviet_far_east 2, yakut_ssr 2
germany: algeria 1, eastern_europe 3, finland_norway 2, germany 10, libya 1, southern_europe 6,
    ukraine_ssr 3, western_europe 6
united_kingdom: anglo_egyptian_sudan 2, australia 2, congo 1, eastern_canada 3,
    french_equatorial_africa 1, french_west_africa 1, gibraltar 0, india 3, italian_east_africa 1,
    kenya_rhodesia 1, madagascar 1, new_zealand 1, persia 1, syria_iraq 1, union_of_south_africa 2,
    united_kingdom 8, western_canada 1
japan: borneo_celebes 1, caroline_islands 0, east_indies 2, french_indo_china_burma 3, japan 8,
    kwangtung 3, manchuria 3, new_guinea 1, okinawa 1, philippine_islands 3, solomon_islands 0,
    wake_island 0
united_states: alaska 2, brazil 3, china 2, cuba 1, eastern_united_states 12, hawaiian_islands 1,
    mexico 2, midway 0, panama 1, sinkiang 2, western_united_states 10
neutral: afghanistan 0, angola 0, argentina_chile 0, colombia 0, eire 0, mongolia 0, mozambique 0,
    peru 0, rio_de_oro 0, saudi_arabia 0, spain 0, sweden 0, switzerland 0, turkey 0
"""
IPC = board_facts.values_by_owner(TERRITORY_VALUES)

# 004 §18, "Setup Chart for default spring 1942 scenario", as written: the chart's
# territory, then its units. Ships listed under a territory are in the sea zone named after
# the arrow (README, ruling 3); "*" marks the fighter on a carrier.
CHART = """
soviet_union
    russia: 4 infantry, 2 tank, 1 fighter, 1 industrial_complex, 1 aaa
    karelia_ssr: 3 infantry, 1 tank, 1 fighter, 1 industrial_complex, 1 aaa; sz_karelia: 1 submarine
    caucasus: 5 infantry
    evenki_national_okrug: 2 infantry
    yakut_ssr: 3 infantry
    soviet_far_east: 2 infantry, 1 tank
germany
    germany: 4 infantry, 2 tank, 1 fighter, 1 bomber, 1 industrial_complex, 1 aaa; sz_baltic: 1 transport, 1 submarine
    western_europe: 2 infantry, 2 tank, 1 fighter, 1 aaa; sz_west_spain: 1 submarine
    eastern_europe: 3 infantry, 1 tank, 1 fighter
    ukraine_ssr: 3 infantry, 2 tank, 1 fighter
    finland_norway: 3 infantry, 1 tank, 1 fighter
    southern_europe: 2 infantry, 1 tank, 1 industrial_complex, 1 aaa; sz_central_mediterranean: 1 battleship, 1 transport
    libya: 1 infantry, 1 tank
    algeria: 1 infantry
united_kingdom
    united_kingdom: 2 infantry, 1 tank, 2 fighter, 1 bomber, 1 industrial_complex, 1 aaa; sz_north: 1 battleship, 1 transport
    eastern_canada: 1 tank; sz_east_canada: 1 transport
    western_canada: 1 infantry
    australia: 2 infantry
    india: 2 infantry, 1 fighter; sz_indian_ocean: 1 transport
    syria_iraq: 1 infantry; sz_west_mediterranean: 1 submarine
    gibraltar: ; sz_west_mediterranean: 1 battleship
    union_of_south_africa: 1 infantry
    anglo_egyptian_sudan: 1 infantry, 1 tank
japan
    japan: 3 infantry, 1 tank, 1 fighter, 1 bomber, 1 industrial_complex, 1 aaa; sz_japan: 1 battleship, 1 transport
    manchuria: 3 infantry, 1 fighter
    kwangtung: 2 infantry
    french_indo_china_burma: 2 infantry, 1 fighter
    okinawa: 1 infantry
    wake_island: 1 infantry
    philippine_islands: 2 infantry, 1 fighter; sz_philippines: 1 transport
    caroline_islands: 1 infantry; sz_caroline_islands: 1 carrier, 1 fighter, 1 battleship
    east_indies: 1 infantry
    borneo_celebes: 1 infantry
    new_guinea: 1 infantry
    solomon_islands: 1 infantry
united_states
    eastern_united_states: 2 infantry, 1 tank, 1 fighter, 1 bomber, 1 industrial_complex, 1 aaa; sz_east_us: 1 transport
    western_united_states: 2 infantry, 1 fighter, 1 industrial_complex, 1 aaa; sz_west_us: 1 battleship, 1 transport
    hawaiian_islands: 1 infantry; sz_hawaii: 1 fighter, 1 carrier, 1 submarine
    midway: 1 infantry
    china: 2 infantry, 1 fighter
    sinkiang: 2 infantry
"""


def _chart() -> dict[tuple[str, str], dict[str, int]]:
    """The chart as (space, power) -> units, zones listed twice (Gibraltar's and Syria-Iraq's
    ships share the West Mediterranean) added together."""
    out: dict[tuple[str, str], dict[str, int]] = {}
    power = ""
    for line in CHART.strip().splitlines():
        if not line.startswith(" "):
            power = line.strip()
            continue
        for part in line.split(";"):
            space, _, listing = part.partition(":")
            units = out.setdefault((space.strip(), power), {})
            for entry in filter(None, (e.strip() for e in listing.split(","))):
                count, kind = entry.split()
                units[kind] = units.get(kind, 0) + int(count)
    return {key: units for key, units in out.items() if units}


# 004 §16, "Game Units, Costs and Stats": cost, attack, defense, movement.
PROFILES: dict[str, tuple[int, int, int, int]] = {
    "infantry": (3, 1, 2, 1), "tank": (5, 3, 2, 2), "aaa": (8, 0, 0, 1), "industrial_complex": (15, 0, 0, 0),
    "fighter": (12, 3, 4, 4), "bomber": (15, 4, 1, 5), "battleship": (24, 4, 4, 2), "carrier": (15, 1, 3, 2),
    "transport": (8, 0, 1, 2), "submarine": (8, 2, 2, 2),
}

LAND_UNITS = {"infantry", "tank", "aaa", "industrial_complex"}
SEA_UNITS = {"battleship", "carrier", "submarine", "transport"}
AIR_UNITS = {"fighter", "bomber"}

BOARD, SETUP, LANDS, SEAS = board_facts.raw_board(RULESET)
SPACES = {**LANDS, **SEAS}
RULES = maps.load_ruleset(RULESET, unplayable=True)


def _adjacent(a: str, b: str) -> bool:
    return b in SPACES[a]["adjacent"]


# ---- the board -------------------------------------------------------------------------


def test_space_counts() -> None:
    """Reference summary: 70 land territories and 58 sea zones, 128 spaces."""
    assert (len(LANDS), len(SEAS), len(RULES.board.spaces)) == (70, 58, 128)


def test_ids_are_slugs_of_names() -> None:
    """Project map format: a space's id is the slug of its display name (sea zones: of the
    name without "Sea Zone")."""
    for t in BOARD["territory"]:
        assert t["id"] == slug(t["name"]), t["name"]
    for z in BOARD["sea_zone"]:
        assert z["name"].endswith(" Sea Zone") and z["id"] == "sz_" + slug(z["name"][: -len(" Sea Zone")])


def test_sea_zones_named_and_numbered() -> None:
    """004 names no sea zone by number (§18: "in Western Mediterranean"); the board names them
    all, and this project numbers them 1 to 58 (README, ruling 2)."""
    assert sorted(z["number"] for z in BOARD["sea_zone"]) == list(range(1, 59))
    assert len({z["name"] for z in BOARD["sea_zone"]}) == 58


def test_adjacency_and_values_match_the_reference() -> None:
    """Reference: 308 edges (92 land-land, 91 land-sea, 125 sea-sea), each mutual between
    known spaces, and the value and original controller of every land territory."""
    board_facts.assert_adjacency_symmetric(SPACES)
    assert board_facts.edge_kinds(SPACES) == {0: 92, 1: 91, 2: 125}
    board_facts.assert_values_and_originals(LANDS, IPC)


def test_map_notes() -> None:
    """004 §3: "the large Hudson Bay sea zone ... is NOT adjacent to the Western Canada land
    territory"; "The two Gulf of Mexico sea zones ... are adjacent to ... the Texas sea zone";
    "The Japanese Kwangtung land territory is NOT adjacent to the sea zone surrounding Japan
    and Manchuria"."""
    assert not _adjacent("western_canada", "sz_east_canada")
    assert not any(SEAS[z]["name"] == "Hudson Bay" for z in SEAS)
    assert _adjacent("sz_gulf_of_mexico", "sz_east_us") and _adjacent("sz_gulf_of_mexico", "sz_caribbean")
    assert _adjacent("sz_gulf_of_mexico", "mexico")
    assert _adjacent("sz_japan", "japan") and _adjacent("sz_japan", "manchuria")
    assert not _adjacent("kwangtung", "sz_japan")


def test_canals() -> None:
    """004 §3: "the water surrounding Panama is two sea zones, it takes 1 movement to pass
    through the canal": the Caribbean and West Panama zones, adjacent, held through Panama.
    §8: "The Suez Canal rule, which allows sea unit to move freely through the canal only if
    friendly": East Mediterranean to Red Sea, held through Anglo-Egyptian Sudan and
    Syria-Iraq, both on both zones (README, ruling 1)."""
    canals = {c["id"]: (sorted(c["sea_zones"]), sorted(c["controlled_by"])) for c in BOARD["canal"]}
    assert canals == {
        "panama": (["sz_caribbean", "sz_west_panama"], ["panama"]),
        "suez": (["sz_east_mediterranean", "sz_red"], ["anglo_egyptian_sudan", "syria_iraq"]),
    }
    assert _adjacent("sz_caribbean", "sz_west_panama") and _adjacent("sz_east_mediterranean", "sz_red")
    for zone in ("sz_caribbean", "sz_west_panama"):
        assert _adjacent("panama", zone)
    for zone in ("sz_east_mediterranean", "sz_red"):
        assert _adjacent("anglo_egyptian_sudan", zone) and _adjacent("syria_iraq", zone)


def test_turn_order_sides_and_names() -> None:
    """004 §19: "1° U.S.S.R – 2° Germany – 3° U.K – 4° Japan – 5° U.S.A"; the display names and
    ids are the other systems' so records compare."""
    board_facts.assert_powers_as_on_every_board(BOARD, SETUP, load_board_data("aa1942-2e")["board"])


def test_capitals() -> None:
    """004 §13 speaks of each power's capital; §18 puts a complex in each: Russia, Germany,
    United Kingdom, Japan and Eastern United States, held by their power at the start."""
    assert {p["id"]: p["capital"] for p in BOARD["power"]} == {
        "soviet_union": "russia", "germany": "germany", "united_kingdom": "united_kingdom", "japan": "japan",
        "united_states": "eastern_united_states",
    }
    assert all(LANDS[p["capital"]]["original"] == p["id"] for p in BOARD["power"])


def test_no_victory_cities() -> None:
    """004 has no victory cities: no territory is marked as one."""
    assert not any("victory_city" in t for t in LANDS.values())


def test_neutrals() -> None:
    """The reference's fourteen neutrals, without owner or income; none is impassable on the
    board, so the switch decides (004 §14 speaks of capturing them; README, ruling 11)."""
    board_facts.assert_neutrals(LANDS, set(IPC[None]))


def test_islands() -> None:
    """004 does not define islands; the board marks the territories inside one sea zone, as
    the Revised rules define them (README, ruling 2)."""
    for tid, t in LANDS.items():
        assert t["island"] == (len(t["adjacent"]) == 1 and t["adjacent"][0] in SEAS), tid
    assert LANDS["wake_island"]["island"] and not LANDS["australia"]["island"]


def test_space_names_and_aliases_unambiguous() -> None:
    """Project notation: no alias names two spaces, and a space alias matches a power only if
    the space bears its name."""
    board_facts.assert_aliases_unambiguous(BOARD)


def test_players_spellings_resolve() -> None:
    """Project notation: the names players type find the space, the seed's spellings ("Keraila
    SSR", "Lybia", "Philippines Islands", §18) and the reference's misspellings included."""
    for text, sid in [
        ("North Sea", "sz_north"), ("Caribbean", "sz_caribbean"), ("Carribean Sea Zone", "sz_caribbean"),
        ("West Med", "sz_west_mediterranean"), ("West Mediteranean Sea Zone", "sz_west_mediterranean"),
        ("Antartic Sea Zone", "sz_antarctic"), ("Baltic", "sz_baltic"), ("Texas", "sz_gulf_of_mexico"),
        ("Keraila SSR", "karelia_ssr"), ("Lybia", "libya"), ("Philippines Islands", "philippine_islands"),
        ("Evenki Natl. Okrug", "evenki_national_okrug"), ("Hawaii", "hawaiian_islands"),
        ("Syria Jordan", "syria_iraq"), ("Anglo Sudan Egypt", "anglo_egyptian_sudan"), ("FIC", "french_indo_china_burma"),
        ("Columbia", "colombia"), ("E US", "eastern_united_states"),
    ]:
        assert RULES.board.find_space(text) == sid, text
    assert RULES.board.find_space(f"sz {SEAS['sz_north']['number']}") == "sz_north"


# ---- the setup -------------------------------------------------------------------------


def test_setup_is_the_seed_chart() -> None:
    """004 §18, every territory and unit of the chart, and nothing else (the reference's
    Soviet transport, Japanese sub at the Solomons and US infantry in Alaska are not on the
    chart, and its UK sub is in the West Mediterranean as the chart says; README, ruling 3)."""
    got = {(p["space"], p["power"]): p["units"] for p in SETUP["place"]}
    assert got == _chart()


def test_chart_totals() -> None:
    """The chart's totals per power (rulesets.md 5.4, counted from 004 §18)."""
    totals = board_facts.unit_totals(SETUP, POWERS)
    assert {p: sum(units.values()) for p, units in totals.items()} == {
        "soviet_union": 30, "germany": 45, "united_kingdom": 25, "japan": 33, "united_states": 25,
    }
    assert [totals[p]["infantry"] for p in POWERS] == [19, 19, 10, 19, 10]


def test_treasury_is_the_starting_income() -> None:
    """004 gives no starting IPCs; each power starts with its income, the sum of its
    territories' values (README, ruling 4): 24 / 32 / 30 / 25 / 36."""
    treasury = {"soviet_union": 24, "germany": 32, "united_kingdom": 30, "japan": 25, "united_states": 36}
    assert SETUP["treasury"] == treasury
    assert board_facts.income_by_power(LANDS, POWERS) == treasury
    assert new_game(RULES).to_json()["treasury"] == {
        "Soviet Union": 24, "Germany": 32, "United Kingdom": 30, "Japan": 25, "United States": 36}


def test_one_place_per_space_and_power() -> None:
    """Project setup format: one [[place]] per (space, power), on known spaces."""
    board_facts.assert_places_valid(SETUP, SPACES, POWERS)


def test_units_placed_in_legal_spaces() -> None:
    """004 §18: land and air units in the power's territories; ships, and the fighters the
    chart marks "*" ("Denotes Fighter on Aircraft Carrier"), at sea."""
    board_facts.assert_units_in_legal_spaces(SETUP, LANDS, LAND_UNITS | AIR_UNITS, SEA_UNITS | {"fighter"})


def test_ships_beside_the_territory_they_are_listed_under() -> None:
    """004 §18 lists ships under a territory: each zone used touches that territory, but for
    the one the chart places itself, Syria-Iraq's "1 Submarine (in Western Mediterranean)"."""
    pairs = {(parts[0].split(":")[0].strip(), part.split(":")[0].strip())
             for parts in (line.split(";") for line in CHART.splitlines() if ";" in line) for part in parts[1:]}
    assert ("syria_iraq", "sz_west_mediterranean") in pairs and not _adjacent("syria_iraq", "sz_west_mediterranean")
    for territory, zone in pairs - {("syria_iraq", "sz_west_mediterranean")}:
        assert territory in LANDS and zone in SEAS and _adjacent(territory, zone), (territory, zone)


# ---- units and switches ----------------------------------------------------------------


def test_unit_profiles() -> None:
    """004 §16: cost, attack, defense and movement; no artillery, destroyer or cruiser; the
    AA gun hits aircraft on 1 (its "1", note 1: "one dice for each attacking air unit");
    battleships take one hit (§15, Two Hit Battleships, is optional)."""
    got = {k: (s.cost, s.attack, s.defense, s.move) for k, s in RULES.units.items()}
    assert got == PROFILES
    assert RULES.spec("battleship").hits == 1
    assert (RULES.spec("aaa").antiaircraft_shots, RULES.spec("aaa").antiaircraft_hits_on) == (1, 1)
    assert (RULES.spec("submarine").surprise_attack_hits_on, RULES.spec("submarine").surprise_defense_hits_on) == (2, 2)
    assert not any(s.anti_submarine or s.supports for s in RULES.units.values())


def test_classic_unit_names() -> None:
    """004 §16 calls them Armor and Anti-Aircraft Gun; the words players type find them."""
    assert (RULES.spec("tank").name, RULES.spec("aaa").name) == ("Armor", "Anti-Aircraft Gun")
    for text, kind in [("armor", "tank"), ("arm", "tank"), ("tanks", "tank"), ("AA gun", "aaa"), ("aa", "aaa"),
                       ("sub", "submarine"), ("bb", "battleship"), ("ic", "industrial_complex")]:
        assert RULES.find_unit(text) == kind, text


def test_switches() -> None:
    """Every switch with its Classic value (each cited in ruleset.toml), told as Revised's
    but for seven: units that cannot be placed are refunded (ruling 8); AA guns fire at
    overflights only by option (§7, §15); armor blitzes past a lone AA gun or factory
    (§14); subs may end noncombat where enemy ships are and none stays submerged (ruling
    12, §15); transports do not attack alone (§9); every battleship in an assault has its
    one shot (§10). As in Revised, raids and rockets take
    IPCs (§17), capitals are plundered (§13), neutrals are closed (ruling 11)."""
    revised = maps.load_ruleset("revised-lhtr", unplayable=True)
    assert asdict(RULES.switches) == {
        **asdict(revised.switches),
        "overproduction": "refund",
        "aa_fires_at_overflight": False,
        "blitz_blocked_by_structures": False,
        "submarines_end_noncombat_in_hostile": True,
        "ship_repair": "after_battle",
        "submerged_until_noncombat_end": False,
        "transports_attack_alone": False,
        "bombard_limit_per_land_unit": False,
    }
    assert (RULES.switches.bombing, RULES.switches.capital_plunder, RULES.switches.neutrals) == (
        "treasury", True, "impassable")


def test_research_table() -> None:
    """004 §17, the die-face table, and §4 item 03: a research die costs 5 IPCs."""
    assert RULES.technology.die_cost == 5
    assert [(d.roll, d.name) for d in RULES.technology.developments] == [
        (1, "Jet Power"), (2, "Super Subs"), (3, "Industrial Technology"), (4, "Rockets"),
        (5, "Long Range Aircraft"), (6, "Heavy Bombers")]


def test_names_and_aliases() -> None:
    """Issue 15: the rule system is `classic-3e`, also called `classic` and `classic 3rd`."""
    for name in ("classic-3e", "classic", "classic 3rd", "Classic"):
        assert maps.load_ruleset(name, unplayable=True) is RULES
    assert RULES.phases == ("develop_weapons", "purchase", "combat_move", "conduct_combat", "noncombat_move",
                            "mobilize", "collect_income")


def test_offered_for_new_games() -> None:
    """Issue 15: the engine plays Classic, so it is among the rule systems players choose
    from and loads by any of its names without ``unplayable``."""
    assert "classic-3e" in maps.RULESETS
    assert maps.load_ruleset("classic") is RULES


def test_an_optional_rule_typed_as_an_option_names_the_list_it_belongs_to() -> None:
    """004 §15's on/off rules are the choices of ``optional_rules`` (README, "Optional
    rules"): ``paratroops:on`` is refused, saying how to ask for it."""
    with pytest.raises(NotationError) as refused:
        RULES.resolve_options({"paratroops": True})
    assert '"paratroops" is a choice of optional_rules: optional_rules:paratroops.' in str(refused.value)
    assert RULES.resolve_options({"optional_rules": "two_hit_battleships,paratroops"})["optional_rules"] == \
        "paratroops,two_hit_battleships"

