"""Board, setup, units and switches of AARHE on its standard map (maps/aarhe).

Seed: 001 = 001_4ad7942ffba8a1ea.txt (Axis and Allies Revised: Historical Edition), cited
as 001 › section. Its standard map is the Revised board with changes (001 › Introduction),
so the facts it keeps are checked against maps/revised-lhtr and the facts it changes
against 001. maps/aarhe/README.md records every ruling.
"""

from __future__ import annotations

from collections import Counter

import pytest

import maps
from engine.errors import RulesError
from engine.game import new_game
from maps import load_board_data
from tests.maps import board_facts

RULESET = "aarhe"
POWERS = ("soviet_union", "germany", "united_kingdom", "japan", "united_states")

BOARD, SETUP, LANDS, SEAS = board_facts.raw_board(RULESET)
SPACES = {**LANDS, **SEAS}
REVISED = load_board_data("revised-lhtr")
REVISED_SPACES = {**board_facts.lands_and_seas(REVISED["board"])[0], **board_facts.lands_and_seas(REVISED["board"])[1]}
RULES = maps.load_ruleset(RULESET, unplayable=True)


def _edges(spaces: dict[str, board_facts.Space]) -> set[frozenset[str]]:
    return {frozenset((a, b)) for a, s in spaces.items() for b in s["adjacent"]}


# ---- the rule system ------------------------------------------------------------------


def test_names_and_aliases() -> None:
    """Issue 16: the rule system `aarhe`, "Axis and Allies Revised: Historical Edition
    (AARHE)" (001's title), also called by the names players use."""
    assert RULES.name == "Axis and Allies Revised: Historical Edition (AARHE)"
    for name in ("aarhe", "historical edition", "AARHE standard", "revised historical"):
        assert maps.load_ruleset(name, unplayable=True) is RULES


def test_offered_with_a_notice_of_what_is_not_played_yet() -> None:
    """AARHE is offered for games; the notice shown with every game of it names what is not
    played yet (README, ruling 4 and Pending)."""
    assert RULESET in maps.RULESETS
    assert maps.load_ruleset("aarhe").notice == (
        "Not played yet in AARHE: the National Advantages whose rules the referee lacks (they are not drawn); "
        "the exact odds (/odds, retreat_odds) cover AARHE's land battles but for an amphibious assault's first cycle, battles with jets and battles "
        "where a National Advantage in force changes values, and no sea battle.")
    assert maps.load_ruleset("revised-lhtr").notice == ""


def test_phases_in_aarhe_order() -> None:
    """001 › Turn Sequence: "1. Collect Income 2. Purchase Units and Developments 3. Combat
    Move 4. Conduct Combat 5. Non-combat Move 6. Mobilize New Units 7. Develop Weapons
    8. Diplomacy"."""
    assert RULES.phases == ("collect_income", "purchase", "combat_move", "conduct_combat", "noncombat_move",
                            "mobilize", "develop_weapons", "diplomacy")


def test_switches_are_revised_where_aarhe_is_silent() -> None:
    """001 › Introduction: "Game rules not covered are addressed under LHTR": every switch is
    Revised's but those of a lost capital, which 001 › Turn Sequence replaces: "When you lose
    your capital you lose 50% of your income for the next turn, while the enemy only receives
    the territories value in return", judged as the turn begins ("If your capital territory
    is under enemy control at the beginning of your turn"), and those of income lost to attacks (001 › Economic
    Attacks, Production Interruption: "For every cycle of combat the income is reduced by 1
    IPC"), logistics, paths and convoy raids (001 › Phase 1: Collect Income)), and building
    without the capital and a factory's IPC limit (001 › Turn Sequence: "You may still build
    at industrial complexes or victory cities"; 001 › Phase 6: "Total IPC spent per turn on
    an IC cannot exceed 4 times the territory's printed income value"), and neutrals read
    from the track of cooperation (001 › Phase 8, Level of cooperation: "+4 Pro-Allies
    Neutral, Allies units can enter"), offshore bombardment's limit (001 › Offshore
    bombardment: "limited to one roll for every four offloaded land units"), ships repaired in
    port (001 › Phase 1, Naval repair: "Damaged ships are repaired at sea zones adjacent to
    friendly industrial complex or victory city"), air movement (001 › Phase 3, Air Movement:
    "Air units may only use up to half its movement points to reach target territories"; "Air
    units are not subject to Infrastructure Defence fire when overflying hostile territories"),
    and naval movement (001 › Phase 3, Naval Movement: "Naval units may go through sea zones
    consisting of only enemy Submarines and/or Transports")."""
    revised = maps.load_ruleset("revised-lhtr").switches
    assert RULES.switches == revised.but(capital_plunder=False, capital_lost_income="half", bombing="income",
                                         production_interruption=True, logistics_fees=True, income_paths=True,
                                         factory_spending_factor=4, capital_lost_keeps_production=True,
                                         neutrals="cooperation", capital_checked="turn_start",
                                         bombard_land_units_per_ship=4, ship_repair="in_port",
                                         air_half_moves=True, aa_fires_at_overflight=False, forced_passage=True)


# ---- the board -------------------------------------------------------------------------


def test_the_revised_board_with_001s_changes() -> None:
    """001 › Introduction: "The map is mostly as the original revised map. Baltic Sea (sea
    zone 5) is no longer connected to Western Europe. Balkans and Turkey is connected."
    The same spaces, owners and values as Revised (the neutrals' incomes are 001's: below);
    the edges differ by exactly those two."""
    board_facts.assert_adjacency_symmetric(SPACES)
    assert set(SPACES) == set(REVISED_SPACES)
    for sid, space in LANDS.items():
        revised = REVISED_SPACES[sid]
        assert (space.get("original"), space["neutral"]) == (revised.get("original"), revised["neutral"]), sid
        if not space["neutral"]:
            assert space["ipc"] == revised["ipc"], sid
    ours, theirs = _edges(SPACES), _edges(REVISED_SPACES)
    assert theirs - ours == {frozenset(("sz_05", "western_europe"))}
    assert ours - theirs == {frozenset(("balkans", "turkey"))}
    assert "western_europe" not in RULES.board.spaces["sz_05"].adjacent
    assert "turkey" in RULES.board.spaces["balkans"].adjacent


def test_powers_as_on_every_board() -> None:
    """001 › Introduction: the standard map has Revised's five powers; Italy, France and
    China are players only on the 1939 and 1942 Italy maps (README, ruling 1)."""
    board_facts.assert_powers_as_on_every_board(BOARD, SETUP, REVISED["board"])


# ---- victory cities ----------------------------------------------------------------------

# 001 › Victory Cities, as written: the original holder (total), then city (points).
VICTORY_CITIES = """
germany 18: Berlin 6, Rome 5, Paris 2, Warsaw 2, Bucharest 2, Kiev 1, Tobruk 0
japan 15: Tokyo 6, Hsinking 2, Singapore 2, Kuching 2, Shanghai 1, Batavia 1, Manila 1
soviet_union 18: Moscow 6, Stalingrad 4, Leningrad 3, Novosibirsk 2, Archangel 1, Astrakhan 1, Vladivostok 1
united_kingdom 12: London 5, Toronto 2, Cairo 1, Calcutta 1, Sydney 1, Tehran 1, Cape Town 1, Dakar 0
united_states 14: Washington 5, Los Angeles 4, Chicago 2, Chungking 1, Ürümchi 1, Rio de Janeiro 1, Honolulu 0
neutral 4: Madrid 2, Ankara 2
"""

# The territory each city stands in (README, ruling 2).
CITY_TERRITORY = {
    "Berlin": "germany", "Rome": "southern_europe", "Paris": "western_europe", "Warsaw": "eastern_europe",
    "Bucharest": "balkans", "Kiev": "ukraine_ssr", "Tobruk": "libya",
    "Tokyo": "japan", "Hsinking": "manchuria", "Singapore": "french_indochina", "Kuching": "borneo",
    "Shanghai": "kwangtung", "Batavia": "east_indies", "Manila": "philippine_islands",
    "Moscow": "russia", "Stalingrad": "caucasus", "Leningrad": "karelia_ssr", "Novosibirsk": "novosibirsk",
    "Archangel": "archangel", "Astrakhan": "caucasus", "Vladivostok": "buryatia_ssr",
    "London": "united_kingdom", "Toronto": "eastern_canada", "Cairo": "anglo_egypt", "Calcutta": "india",
    "Sydney": "australia", "Tehran": "persia", "Cape Town": "union_of_south_africa", "Dakar": "french_west_africa",
    "Washington": "eastern_united_states", "Los Angeles": "western_united_states", "Chicago": "central_united_states",
    "Chungking": "china", "Ürümchi": "sinkiang", "Rio de Janeiro": "brazil", "Honolulu": "hawaiian_islands",
    "Madrid": "spain", "Ankara": "turkey",
}


def _cities() -> dict[str, tuple[str, int, dict[str, int]]]:
    """The seed's table as holder -> (stated total, {city: points})."""
    out = {}
    for line in VICTORY_CITIES.strip().splitlines():
        head, _, listing = line.partition(":")
        holder, total = head.split()
        cities = {entry.rsplit(" ", 1)[0].strip(): int(entry.rsplit(" ", 1)[1]) for entry in listing.split(",")}
        out[holder] = (total, cities)
    return {h: (t, c) for h, (t, c) in out.items()}


def test_victory_city_points_per_territory() -> None:
    """001 › Victory Cities: each city's points, on the territory that holds it; a territory
    with two cities (the Caucasus: Stalingrad and Astrakhan) counts both. Every other
    territory has none."""
    expected: Counter[str] = Counter()
    for _, cities in _cities().values():
        for city, points in cities.items():
            expected[CITY_TERRITORY[city]] += points
    cities_at = {t: s.victory_points for t, s in RULES.board.spaces.items() if s.victory_city}
    assert cities_at == dict(expected) | {t: 0 for t in set(CITY_TERRITORY.values()) - set(expected)}
    assert set(cities_at) == set(CITY_TERRITORY.values())
    for city, territory in CITY_TERRITORY.items():
        assert city in (RULES.board.spaces[territory].victory_city or ""), city


def test_victory_city_totals_as_the_seed_states() -> None:
    """001 › Victory Cities: "GERMANY (18)", "JAPAN (15)", "SOVIET UNION (18)", "UNITED
    KINGDOM (12)", "UNITED STATES (14)", "NEUTRAL (4)": the points of each holder's
    territories add up to its stated total (81 in all: Axis 33, Allies 44)."""
    for holder, (total, _) in _cities().items():
        owner = None if holder == "neutral" else holder
        held = sum(s.victory_points for s in RULES.board.spaces.values() if s.original == owner and s.is_land)
        assert held == int(total), holder


def test_victory_by_points() -> None:
    """001 › Victory Conditions: "Axis wins if they control 45 VCP ... Allies win if they
    control 55 VCP": at the start neither does (Axis 33, Allies 44); the Axis holding
    Moscow, Stalingrad and Astrakhan, and Leningrad (14 more) reach 47, a win once held
    "for one full game round" ([victory] hold_rounds)."""
    state = new_game(RULES)
    assert RULES.hooks.victory(state) is None
    owners = dict(state.owners)
    owners.update(russia="germany", caucasus="germany", karelia_ssr="germany")
    won = RULES.hooks.victory(state.evolve(owners=owners))
    assert won is not None and won.side == "Axis" and won.data == {"points": 47, "needed": 45}
    assert won.hold_rounds == 1


# ---- setup and units ---------------------------------------------------------------------


def test_setup_is_revised_with_infrastructure_defense() -> None:
    """001 › Introduction: "Income and unit setup remains the same"; 001 › Appendix: Units:
    "Infrastructure Defense replaces the Anti-aircraft unit": Revised's units in every
    space, each AA gun an Infrastructure Defense."""
    revised = {(p["space"], p["power"]): p["units"] for p in REVISED["setup"]["place"]}
    ours = {(p["space"], p["power"]): p["units"] for p in SETUP["place"]}
    renamed = {key: {("infrastructure_defense" if k == "aaa" else k): n for k, n in units.items()}
               for key, units in revised.items()}
    assert ours == renamed
    assert sum(u.get("infrastructure_defense", 0) for u in ours.values()) == sum(
        u.get("aaa", 0) for u in revised.values()) > 0
    assert tuple(SETUP["turn_order"]) == POWERS


def test_no_money_at_setup() -> None:
    """001 › Game Sequence: "You do not collect any IPC during setup": every power starts at
    0 and collects in Phase 1 (rulesets.md 6.4 #24; README, ruling 3): the Soviet Union, first
    to play, opens its turn with its income and the others still have nothing."""
    assert dict(RULES.treasury) == {p: 0 for p in POWERS}
    state = new_game(RULES)
    assert (state.turn, state.phase) == ("soviet_union", "purchase")
    assert dict(state.treasury) == {p: 0 for p in POWERS} | {"soviet_union": 24}


# 001 › Appendix: Units, Standard units: cost, move, attack, defense (infantry "2-4" and the
# complex's 5/10/15 are variable: README, ruling 5).
PROFILES: dict[str, tuple[int, int, int, int]] = {
    "infrastructure_defense": (3, 1, 0, 0), "infantry": (3, 1, 1, 2), "artillery": (4, 1, 2, 2),
    "tank": (5, 2, 3, 3), "fighter": (10, 4, 3, 4), "bomber": (14, 6, 4, 1), "battleship": (20, 2, 4, 4),
    "carrier": (15, 3, 1, 1), "destroyer": (10, 2, 2, 2), "submarine": (8, 2, 2, 2), "transport": (8, 2, 0, 0),
    "industrial_complex": (15, 0, 0, 0),
}


def test_standard_units() -> None:
    """001 › Appendix: Units, "Standard units": the table as written; "Aircraft Carrier now
    takes 2 hits"; "Destroyer now may perform shore bombardment"; Infrastructure Defense
    "can not move in "Combat Move"". No AA gun: the ID replaces it."""
    assert {k: (s.cost, s.move, s.attack, s.defense) for k, s in RULES.units.items() if k in PROFILES} == PROFILES
    assert RULES.spec("carrier").hits == 2 and RULES.spec("battleship").hits == 2
    assert RULES.spec("destroyer").bombard == RULES.spec("destroyer").attack
    assert RULES.spec("infrastructure_defense").noncombat_move_only


# 001 › Appendix: Units, "Optional units": cost, move, attack, defense.
OPTIONAL_PROFILES: dict[str, tuple[int, int, int, int]] = {
    "mechanized_infantry": (4, 2, 2, 2), "airborne_infantry": (5, 1, 2, 2), "self_propelled_artillery": (5, 2, 3, 2),
    "heavy_tank": (8, 2, 4, 4), "naval_fighter": (8, 2, 3, 2), "fighter_bomber": (8, 4, 3, 2),
    "transport_plane": (8, 6, 0, 1), "cruiser": (15, 3, 3, 3),
}
OPTIONAL = maps.load_ruleset(RULESET, unplayable=True).for_options({"optional_rules": "optional_units"})


def test_optional_units_in_the_table() -> None:
    """001 › Appendix: Units, "Optional units": the table as written, and its notes:
    "Mechanized Infantry may blitz like Tank", "Self-propelled Artillery increases Infantry's
    attack by 1", "Heavy Tank may blitz like Tank and can only be built at the rate of one per
    turn", "Cruisers take 2 hits". Heavy Tank and Self-propelled Artillery are built by the
    power with the development (001 › Phase 7); the others only in a game with the option."""
    assert {k: (s.cost, s.move, s.attack, s.defense) for k, s in RULES.units.items()
            if k in OPTIONAL_PROFILES} == OPTIONAL_PROFILES
    spec = RULES.spec
    assert spec("mechanized_infantry").blitz and spec("heavy_tank").blitz
    assert spec("self_propelled_artillery").supports == "infantry"
    assert spec("heavy_tank").per_turn == 1 and spec("heavy_tank").requires_development == ("heavy_tank",)
    assert spec("self_propelled_artillery").requires_development == ("self_propelled_artillery",)
    assert spec("cruiser").hits == 2 and spec("cruiser").bombard == 3
    plain = {k for k, s in RULES.units.items() if not s.buyable and not s.advantage}
    assert plain == set(OPTIONAL_PROFILES) - {"heavy_tank", "self_propelled_artillery"}
    assert all(OPTIONAL.spec(k).buyable for k in OPTIONAL_PROFILES)


def test_naval_fighters_alone_on_carriers_with_the_option() -> None:
    """001 › Phase 3, Air Movement: "If optional unit Naval Fighter is taken, only it can land
    on aircraft carriers"."""
    assert RULES.spec("fighter").carrier_based
    assert not OPTIONAL.spec("fighter").carrier_based and OPTIONAL.spec("naval_fighter").carrier_based


def _totals(placements: object) -> Counter[tuple[str, str]]:
    out: Counter[tuple[str, str]] = Counter()
    for p in placements:  # type: ignore[attr-defined]
        for kind, n in p.units.items():
            out[(p.power, kind)] += n
    return out


def test_optional_units_setup() -> None:
    """001 › Optional units setup: "Mechanized Infantry: replace Infantry", "Naval Fighter:
    replace Fighter", the others new placements; each nation's line (no Italy on the standard
    map: README, ruling 1). Japan's three carrier fighters become its three naval fighters
    (README, ruling 6)."""
    change = {k: n for k, n in (_totals(OPTIONAL.placements) - _totals(RULES.placements)).items()}
    gone = {k: n for k, n in (_totals(RULES.placements) - _totals(OPTIONAL.placements)).items()}
    assert change == {
        ("germany", "cruiser"): 1, ("germany", "fighter_bomber"): 1, ("germany", "mechanized_infantry"): 2,
        ("germany", "airborne_infantry"): 1, ("germany", "transport_plane"): 2,
        ("japan", "cruiser"): 1, ("japan", "naval_fighter"): 3, ("japan", "airborne_infantry"): 1,
        ("japan", "transport_plane"): 1,
        ("soviet_union", "mechanized_infantry"): 2, ("soviet_union", "fighter_bomber"): 1,
        ("soviet_union", "airborne_infantry"): 1, ("soviet_union", "transport_plane"): 1,
        ("united_kingdom", "cruiser"): 2, ("united_kingdom", "naval_fighter"): 1,
        ("united_kingdom", "transport_plane"): 1,
        ("united_states", "cruiser"): 1, ("united_states", "naval_fighter"): 1,
        ("united_states", "mechanized_infantry"): 1, ("united_states", "airborne_infantry"): 1,
        ("united_states", "transport_plane"): 1,
    }
    assert gone == {("germany", "infantry"): 2, ("soviet_union", "infantry"): 2, ("united_states", "infantry"): 1,
                    ("japan", "fighter"): 3, ("united_kingdom", "fighter"): 1, ("united_states", "fighter"): 1}
    at_sea = [p for p in OPTIONAL.placements if OPTIONAL.board.spaces[p.space].is_sea]
    assert not any(p.units.get("fighter") for p in at_sea)


# ---- canals and straits -------------------------------------------------------------------


def test_canals_and_waterways() -> None:
    """001 › Canals and Waterways: "Anglo-Egypt and Trans-Jordan 15 34 / Panama 19 20 /
    Germany 5 6 / Turkey 15 16": a side moves between the two zones only while it holds
    every listed territory since the start of its turn."""
    canals = {(c.sea_zones, c.controlled_by) for c in RULES.board.canals}
    assert canals == {
        (("sz_15", "sz_34"), ("anglo_egypt", "trans_jordan")),
        (("sz_19", "sz_20"), ("panama",)),
        (("sz_05", "sz_06"), ("germany",)),
        (("sz_15", "sz_16"), ("turkey",)),
    }
    assert {c.name for c in RULES.board.canals} >= {"Kiel Canal", "Turkish Straits"}


def test_straits_and_their_hit_values() -> None:
    """001 › Strait Interdiction: "Gibraltar 12 13 2 / United Kingdom 6 7 1 / Western Europe
    6 7 1": who holds each territory fires at hostile ships passing between its two zones,
    hitting on its value (README, ruling 8)."""
    straits = {s.sea_zones: dict(s.guarded_by) for s in RULES.board.straits}
    assert straits == {("sz_12", "sz_13"): {"gibraltar": 2},
                       ("sz_06", "sz_07"): {"united_kingdom": 1, "western_europe": 1}}
    assert RULES.board.strait_between("sz_07", "sz_06") is RULES.board.straits[1]
    assert RULES.board.strait_between("sz_05", "sz_06") is None


# ---- neutrals -------------------------------------------------------------------------------

# 001 › Appendix: Neutrals, as written: income, military, initial position ("-" none).
NEUTRALS = """
afghanistan | 1 | 1 infantry | 0
argentina | 2 | 2 infantry | 0
eire | - | 1 infantry | +1
mongolia | 1 | 2 infantry | +1
peru | 1 | 1 infantry | +1
rio_de_oro | - | 1 infantry |
saudi_arabia | 2 | - | +1
spain | 4 | 4 infantry, 1 artillery, 1 tank, 1 fighter, 1 destroyer, 1 transport | -2
sweden | 2 | 3 infantry, 1 artillery | -2
switzerland | 1 | 1 infantry | -1
turkey | 3 | 4 infantry, 1 artillery, 1 tank, 1 fighter, 1 destroyer | -1
venezuela | 1 | 1 infantry | +1
"""


def _neutrals() -> dict[str, tuple[int, dict[str, int], int | None]]:
    out = {}
    for line in NEUTRALS.strip().splitlines():
        tid, income, military, position = (part.strip() for part in line.split("|"))
        troops = {} if military == "-" else {e.split()[1]: int(e.split()[0]) for e in military.split(",")}
        out[tid] = (0 if income == "-" else int(income), troops, int(position) if position else None)
    return out


def test_neutrals_income_troops_and_track() -> None:
    """001 › Appendix: Neutrals: each neutral's income, the forces that defend it and where it
    starts on the track of cooperation (-5 Axis to +5 Allies; 001 › Level of cooperation).
    Rio de Oro's position is blank: "Rio De Ore is under the control of Spain" (README,
    ruling 10)."""
    spaces = RULES.board.spaces
    listed = {tid: (spaces[tid].ipc, dict(spaces[tid].troops), spaces[tid].diplomacy) for tid in _neutrals()}
    assert listed == _neutrals()
    assert spaces["rio_de_oro"].held_by == "spain"
    assert all(spaces[tid].neutral for tid in listed)


def test_neutrals_the_appendix_leaves_out() -> None:
    """Revised's other neutrals (Angola, Himalaya, Mozambique, Sahara) are not in 001's
    appendix: no income, no troops, no place on the track (README, ruling 10)."""
    others = {t for t, s in RULES.board.spaces.items() if s.neutral} - set(_neutrals())
    assert others == {"angola", "himalaya", "mozambique", "sahara"}
    for tid in others:
        space = RULES.board.spaces[tid]
        assert (space.ipc, space.troops, space.diplomacy, space.held_by) == (0, (), None, None), tid


def test_neutral_troops_are_not_setup_units() -> None:
    """Neutral forces belong to no power: they are the neutral's, on the board data, and no
    unit stands in a neutral at the start (README, ruling 9)."""
    state = new_game(RULES)
    assert not [u for u in state.units.values() if RULES.board.spaces[u.space].neutral]


# ---- terrain, convoy regions ----------------------------------------------------------------


def test_terrain_and_small_territories() -> None:
    """001 › Terrain: "Small territories such as Gibraltar"; Sahara is desert (001, National
    Advantages, Italy 3, Desert Tracks: "Italian armor may blitz through Sahara"). The seed
    gives no other territory's terrain (README, ruling 11)."""
    spaces = RULES.board.spaces
    assert {t for t, s in spaces.items() if s.small} == {"gibraltar"}
    assert {t: s.terrain for t, s in spaces.items() if s.terrain} == {"sahara": "desert"}


# 001 › Convoy Raid, "Region / Sea Zone(s)", as written.
CONVOY_REGIONS = {
    "Baltic Sea": "5", "North Atlantic": "1 - 12, 19", "Mediterranean": "13 - 16",
    "South Atlantic": "17, 18, 22 - 27", "Indian Ocean": "28 - 35", "South Pacific": "20, 21, 37 - 48, 50",
    "North Pacific": "36, 49 - 64",
}


def _zones(listing: str) -> set[int]:
    out: set[int] = set()
    for part in listing.split(","):
        first, _, last = part.partition("-")
        out.update(range(int(first), int(last or first) + 1))
    return out


def test_convoy_regions() -> None:
    """001 › Convoy Raid: every sea zone is in the region the table gives it; a zone named
    alone (5, 50) is in that region, not in the range that also covers it (README, ruling
    12)."""
    regions = {s.number: s.convoy_region for s in RULES.board.spaces.values() if s.is_sea}
    alone = {5: "Baltic Sea", 50: "South Pacific"}
    for region, listing in CONVOY_REGIONS.items():
        for number in _zones(listing):
            assert regions[number] == alone.get(number, region), number
    assert set(regions) == set(range(1, 65))
