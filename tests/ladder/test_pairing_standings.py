"""Swiss and knockout pairings, standings and their tie-breakers, without a database."""

from __future__ import annotations

import pytest

from bot.ladder.pairing import (
    Pairing,
    knockout_first_round,
    knockout_next_round,
    swiss,
)
from bot.ladder.standings import Match, scoring, standings

EIGHT = [f"p{i}" for i in range(1, 9)]


def test_the_first_swiss_round_pairs_in_seed_order() -> None:
    assert swiss(EIGHT, {}, set(), set()) == [
        Pairing(1, "p1", "p2"), Pairing(2, "p3", "p4"), Pairing(3, "p5", "p6"),
        Pairing(4, "p7", "p8")]


def test_swiss_pairs_by_score_and_never_repeats_a_game_while_it_can_avoid_it() -> None:
    scores = {"p1": 1, "p3": 1, "p5": 1, "p7": 1}
    met = {frozenset(p) for p in (("p1", "p2"), ("p3", "p4"), ("p5", "p6"), ("p7", "p8"))}
    tables = swiss(EIGHT, scores, met, set())
    assert [(t.first, t.second) for t in tables] == [
        ("p1", "p3"), ("p5", "p7"), ("p2", "p4"), ("p6", "p8")]
    # p1 has met p3 as well: it takes the next winner, and the rest still pair up.
    met |= {frozenset(("p1", "p3"))}
    tables = swiss(EIGHT, scores, met, set())
    assert [(t.first, t.second) for t in tables][:2] == [("p1", "p5"), ("p3", "p7")]
    assert all(frozenset((t.first, t.second)) not in met for t in tables if t.second)


def test_swiss_backtracks_rather_than_strand_the_last_pair() -> None:
    """Greedy pairing would leave p3 and p4 to meet again; backtracking avoids it."""
    met = {frozenset(("p3", "p4")), frozenset(("p1", "p3"))}
    tables = swiss(["p1", "p2", "p3", "p4"], {}, met, set())
    assert [(t.first, t.second) for t in tables] == [("p1", "p4"), ("p2", "p3")]


def test_an_odd_field_gives_the_lowest_player_without_a_bye_the_bye() -> None:
    five = EIGHT[:5]
    tables = swiss(five, {}, set(), set())
    assert tables[-1] == Pairing(3, "p5", None)
    tables = swiss(five, {}, set(), {"p5"})
    assert tables[-1] == Pairing(3, "p4", None)


def test_knockout_byes_go_to_the_top_seeds_and_winners_meet_in_table_order() -> None:
    six = EIGHT[:6]
    assert knockout_first_round(six) == [
        Pairing(1, "p1", None), Pairing(2, "p4", "p5"), Pairing(3, "p2", None),
        Pairing(4, "p3", "p6")]
    assert knockout_first_round(EIGHT)[0] == Pairing(1, "p1", "p8")
    assert knockout_next_round(["p1", "p4", "p3", "p2"]) == [
        Pairing(1, "p1", "p4"), Pairing(2, "p3", "p2")]


def test_head_to_head_outranks_points_and_seed() -> None:
    """p3 and p4 both have one win; p4 beat p3 (on adjudication), so p4 ranks above p3
    although p3 has the better seed and more points."""
    matches = [Match(1, "p1", "p2", "p1"), Match(1, "p3", "p4", "p4", "adjudication"),
               Match(2, "p1", "p4", "p1"), Match(2, "p3", "p2", "p3")]
    rows = standings(["p1", "p2", "p3", "p4"], matches)
    assert [(r.player, r.score, r.points) for r in rows] == [
        ("p1", 2.0, 6.0), ("p4", 1.0, 2.0), ("p3", 1.0, 4.0), ("p2", 0.0, 0.0)]
    assert (rows[1].head_to_head, rows[2].head_to_head) == (1.0, 0.0)


def test_points_follow_the_ending_as_the_organiser_scores_it() -> None:
    """Two players with one win each, never met: an adjudicated win is worth less."""
    matches = [Match(1, "p1", "p3", "p1", "adjudication"), Match(1, "p2", "p4", "p2")]
    rows = standings(["p1", "p2", "p3", "p4"], matches)
    assert [r.player for r in rows] == ["p2", "p1", "p3", "p4"]
    assert (rows[0].points, rows[1].points, rows[2].points) == (3.0, 2.0, 1.0)
    # The organiser scores a concession as a lesser win.
    points = scoring({"concession": (2.0, 0.5)})
    rows = standings(["p1", "p2"], [Match(1, "p1", "p2", "p2", "concession")], points)
    assert [(r.player, r.points) for r in rows] == [("p2", 2.0), ("p1", 0.5)]
    with pytest.raises(ValueError, match="No ending called 'resign'"):
        scoring({"resign": (1.0, 0.0)})


def test_strength_of_opposition_breaks_what_points_leave_tied() -> None:
    """Four players on one win; b and f each beat one of the others, so head-to-head puts
    them first; points are level everywhere, so the opponents' scores order each pair,
    whatever the seeds."""
    matches = [Match(1, "a", "d", "a"), Match(1, "b", "e", "b"), Match(1, "c", "f", "c"),
               Match(2, "c", "a", "c"), Match(2, "f", "b", "f"), Match(2, "e", "d", "e")]
    rows = standings(["e", "a", "b", "f", "c", "d"], matches)
    assert [r.player for r in rows] == ["c", "f", "b", "a", "e", "d"]
    by = {r.player: r for r in rows}
    assert [by[p].opposition for p in "fbae"] == [3.0, 2.0, 2.0, 1.0]
    assert {by[p].points for p in "fbae"} == {3.0}


def test_a_bye_and_a_draw_count() -> None:
    rows = standings(["p1", "p2", "p3"], [Match(1, "p1", None, None),
                                          Match(1, "p2", "p3", None)])
    by = {r.player: r for r in rows}
    assert (by["p1"].score, by["p1"].wins, by["p1"].points) == (1.0, 1, 2.0)
    assert (by["p2"].score, by["p2"].draws) == (0.5, 1)
