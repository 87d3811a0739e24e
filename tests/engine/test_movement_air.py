"""Air movement: range per boundary, flying over hostile spaces but not neutrals, possible
landing in Combat Move, landing in Noncombat Move, carriers, raids.

Rulebook: 000_fc7e3a790a753b06.txt, Unit Profiles "AIR UNITS", "Fighters", "Bombers";
"Phase 2: Combat Move" (Air Units); "Special Combat Movement" (Aircraft Carriers);
"Phase 4: Noncombat Move" (Air Units); "Neutral Territories". More air rules are tested as
data in ``tests/scenarios/aa1942-2e/air-movement.case`` and ``carrier-decks.case``.
"""

from __future__ import annotations

import pytest

from engine import GameState, IllegalCommandError, RuleSet
from engine.movement import end_combat_move, end_noncombat_move
from engine.state import COMBAT_MOVED, RAID
from tests.engine.movement_support import add_unit, at, move, pos, reach, sid

SOVIET_EAST = {"Ukraine S.S.R.": "Soviet Union", "Belorussia": "Soviet Union", "West Russia": "Soviet Union"}


def east(rules: RuleSet, phase: str = "combat_move", **extra: dict[str, dict[str, int]]) -> GameState:
    spaces = {"Germany": {"Germany": {"fighter": 1, "bomber": 1, "industrial_complex": 1}},
              "Poland": {"Germany": {"fighter": 1, "bomber": 1}},
              "West Russia": {"Soviet Union": {"infantry": 2}},
              "Russia": {"Soviet Union": {"infantry": 2, "industrial_complex": 1}}}
    spaces.update(extra)
    return pos(rules, "Germany", phase, spaces, owners=SOVIET_EAST)


def test_range_counts_each_boundary_and_air_flies_over_hostile_land(rules: RuleSet) -> None:
    """AIR UNITS: "each time an air unit crosses a boundary ... it uses one movement point";
    "Air units can move through hostile territories ... as if they were friendly"."""
    state, events = move(east(rules), "1 bomber", "Poland", "Russia")
    path = events[-1].data["path"]
    assert len(path) == 4 and path[0] == "Poland" and path[-1] == "Russia"
    assert path[1] in ("Belorussia", "Ukraine S.S.R.")  # hostile, flown over
    bomber = next(u for u in state.units_at(sid(state, "Russia")) if u.kind == "bomber")
    assert bomber.moved == 3 and bomber.has(COMBAT_MOVED)


def _sea_fight(rules: RuleSet, **extra: dict[str, dict[str, int]]) -> GameState:
    spaces = {"Ukraine S.S.R.": {"Germany": {"fighter": 1}},
              "Norway": {"Germany": {"industrial_complex": 1}},
              "Sea Zone 3": {"United Kingdom": {"destroyer": 1}}}
    spaces.update(extra)
    return pos(rules, "Germany", "combat_move", spaces)


def test_done_rechecks_air_after_a_carrier_moved_into_combat(rules: RuleSet) -> None:
    """AIR UNITS: if the landing "include[s] a noncombat move by a carrier, then the carrier
    cannot move in the Combat Move phase": /done re-checks every attacking air unit (the
    refused carrier move itself: air-movement.case)."""
    state = _sea_fight(rules, **{"Sea Zone 5": {"Germany": {"carrier": 1}},
                                 "Sea Zone 6": {"United Kingdom": {"cruiser": 1}}})
    state, _ = move(state, "1 fighter", "Ukraine", "Sea Zone 3")
    carrier = next(u for u in state.units_at(sid(state, "Sea Zone 5")) if u.kind == "carrier")
    moved = state.with_units([carrier.__class__(carrier.id, carrier.kind, carrier.owner, sid(state, "Sea Zone 6"),
                                                moved=1, path=("sz_05", "sz_06"), flags=frozenset({COMBAT_MOVED}))])
    with pytest.raises(IllegalCommandError) as err:
        end_combat_move(moved)
    assert err.value.reason == "combat_move.air_cannot_land"


def test_fighter_launches_from_carrier_without_counting_its_zone(rules: RuleSet) -> None:
    """AIR UNITS: "When moving a fighter from a carrier, do not count the carrier's sea zone"."""
    state = pos(rules, "Germany", "combat_move", {"Sea Zone 5": {"Germany": {"carrier": 1, "fighter": 2}},
                                                  "Sea Zone 7": {"United Kingdom": {"battleship": 1}}})
    after, _ = move(state, "1 fighter", "Sea Zone 5", "Sea Zone 7")
    fighter = next(u for u in after.units_at(sid(after, "Sea Zone 7")) if u.kind == "fighter")
    assert fighter.moved == 2 and fighter.aboard is None
    assert sum(1 for u in after.units_at(sid(after, "Sea Zone 5")) if u.aboard is not None) == 1


def test_air_units_use_the_rest_of_their_move_in_noncombat(rules: RuleSet) -> None:
    """Phase 4: air units move "up to their move values, less the number spaces they may have
    moved during the Combat Move phase"."""
    state, _ = move(east(rules), "1 fighter", "Poland", "West Russia")
    state = state.evolve(phase="noncombat_move")
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 fighter", "West Russia", "Germany")
    assert err.value.reason == "move.too_far"
    assert "Fighters have 2 spaces of movement left" in str(err.value)
    after, _ = move(state, "1 fighter", "West Russia", "Poland")
    assert at(after, "Poland", "Germany") == {"fighter": 1, "bomber": 1}


def test_fighter_lands_on_carrier_and_carrier_stays(rules: RuleSet) -> None:
    """Phase 4: fighter and carrier must both end their moves in the same zone; Fighters: a
    carrier "can move to a sea zone where one of your fighters has ended its move ... but
    cannot move any farther that turn"."""
    state = pos(rules, "Germany", "noncombat_move", {"Germany": {"Germany": {"fighter": 2}},
                                                     "Sea Zone 5": {"Germany": {"carrier": 1}}})
    landed, _ = move(state, "1 fighter", "Germany", "Sea Zone 5")
    carrier = next(u for u in landed.units_at(sid(landed, "Sea Zone 5")) if u.kind == "carrier")
    assert any(u.aboard == carrier.id for u in landed.units_at(carrier.space))
    with pytest.raises(IllegalCommandError) as err:
        move(landed, "1 carrier", "Sea Zone 5", "Sea Zone 6")
    assert "a fighter landed on them this turn" in str(err.value)
    waiting, _ = move(state, "1 fighter", "Germany", "Sea Zone 6")
    assert all(u.aboard is None for u in waiting.units_at(sid(waiting, "Sea Zone 6")))
    arrived, _ = move(waiting, "1 carrier", "Sea Zone 5", "Sea Zone 6")
    assert sum(1 for u in arrived.units_at(sid(arrived, "Sea Zone 6")) if u.aboard is not None) == 1
    _done, lost = end_noncombat_move(arrived)
    assert lost == []


def test_noncombat_fighter_needs_a_carrier_that_could_come(rules: RuleSet) -> None:
    """Phase 4: "You cannot deliberately move an air unit out of range of a potential safe
    landing space"."""
    state = pos(rules, "Germany", "noncombat_move", {"Germany": {"Germany": {"fighter": 1, "bomber": 1}}})
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 fighter", "Germany", "Sea Zone 6")
    assert err.value.reason == "air.no_carrier"
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 bomber", "Germany", "Sea Zone 5")
    assert err.value.reason == "air.bomber_at_sea"


def test_end_of_noncombat_refuses_while_a_plane_can_still_land(rules: RuleSet) -> None:
    """Phase 4: "during noncombat movement you must provide for safe landing of as many air
    units as remains possible" (AIR UNITS); the message says where it can go."""
    state = pos(rules, "Germany", "noncombat_move", {"Sea Zone 6": {"United Kingdom": {"cruiser": 1}}})
    state, _ = add_unit(state, "fighter", "Germany", "Sea Zone 6", moved=2, path=("sz_05", "sz_06"))
    with pytest.raises(IllegalCommandError) as err:
        end_noncombat_move(state)
    assert err.value.reason == "noncombat.air_can_land"
    assert "can still reach" in str(err.value)


def test_end_of_noncombat_destroys_planes_that_cannot_land(rules: RuleSet) -> None:
    """Phase 4: "Air units that cannot move to an eligible landing space by the end of the
    Noncombat Move phase are destroyed"."""
    state = pos(rules, "Germany", "noncombat_move", {"Sea Zone 7": {"United Kingdom": {"cruiser": 1}}})
    state, fid = add_unit(state, "fighter", "Germany", "Sea Zone 7", moved=4)
    after, events = end_noncombat_move(state)
    assert fid not in after.units
    assert [e.type for e in events] == ["lost"]
    assert "fighter in Sea Zone 7 cannot land and is lost" in events[0].text


def test_fighter_waits_for_a_carrier_bought_this_turn(rules: RuleSet) -> None:
    """Fighters: "an eligible landing space can include a sea zone in which a new carrier will
    be placed in the Mobilize New Units phase"."""
    state = pos(rules, "Germany", "noncombat_move", {"Germany": {"Germany": {"industrial_complex": 1}}})
    state, fid = add_unit(state, "fighter", "Germany", "Sea Zone 5", moved=4)
    after, events = end_noncombat_move(state.evolve(purchased={"carrier": 1}))
    assert fid in after.units and events == []


def test_strategic_bombing_raid_marks_bombers(rules: RuleSet) -> None:
    """Phase 3, Strategic Bombing Raids / Bombers: bombers may attack an enemy industrial complex."""
    state, events = move(east(rules), "1 bomber", "Poland", "Russia", mission="raid")
    bomber = next(u for u in state.units_at(sid(state, "Russia")) if u.kind == "bomber")
    assert bomber.has(RAID) and bomber.target == "russia"
    assert events[-1].data["mission"] == "raid"
    with pytest.raises(IllegalCommandError) as err:
        move(east(rules), "1 bomber", "Poland", "West Russia", mission="raid")
    assert err.value.reason == "raid.no_factory"
    with pytest.raises(IllegalCommandError) as err:
        move(east(rules), "1 fighter", "Poland", "Russia", mission="raid")
    assert err.value.reason == "raid.not_bomber"


def test_reachable_for_fighters_keeps_landing_in_reach(rules: RuleSet) -> None:
    state = east(rules)
    assert "West Russia" in reach(state, "1 fighter", "Poland")
    assert "West Russia" not in reach(state, "1 fighter", "Germany")
    assert "Russia" in reach(state, "1 bomber", "Poland")
    assert "Russia" not in reach(state, "1 bomber", "Germany")


def test_fighters_escort_raids_only_under_the_optional_rule(rules: RuleSet) -> None:
    """Phase 3, Strategic Bombing Raids, optional rule: "Escort fighters ... can originate from any
    territory or sea zone, range permitting"."""
    state = east(rules, **{"West Russia": {"Soviet Union": {"infantry": 2, "industrial_complex": 1}}})
    with pytest.raises(IllegalCommandError) as err:
        move(state, "1 bomber, 1 fighter", "Poland", "West Russia", mission="raid")
    assert err.value.reason == "raid.not_bomber"
    state = state.evolve(options={**state.options, "escorts_and_interceptors": True})
    after, _ = move(state, "1 bomber, 1 fighter", "Poland", "West Russia", mission="raid")
    raiders = [u for u in after.units_at(sid(after, "West Russia")) if u.owner == "germany"]
    assert sorted(u.kind for u in raiders) == ["bomber", "fighter"]
    assert all(u.has(RAID) and u.target == "west_russia" for u in raiders)


def test_search_flies_around_antiaircraft_artillery(rules: RuleSet) -> None:
    """Among the shortest ways the referee takes the one past the fewest dangers (AAA fires only
    at attackers in 1942, Unit Profiles, AAA, but a safe route is never worse)."""
    for guarded, expected in (("Belorussia", "Ukraine S.S.R."), ("Ukraine S.S.R.", "Belorussia")):
        state = east(rules, **{guarded: {"Soviet Union": {"aaa": 1}}})
        _, events = move(state, "1 bomber", "Poland", "Russia")
        assert events[-1].data["path"][1] == expected
