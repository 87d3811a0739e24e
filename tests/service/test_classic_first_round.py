"""A whole first round of Axis & Allies Classic, 3rd Edition, typed into the console as a
newcomer does after ``./run.sh`` (the same ``Console`` on a SQLite file): research by the
die-face table that improves the submarines already at sea, a sub battle with the
attacker's first strike and one sub withdrawing, armor blitzing past a lone AA gun,
placement and income, then round 2.

Rules: 004_393aeba10bd8625e.txt §4 (research dice, in effect at once for every unit of the
type), §17 (the die-face table), §14 (subs' first strike every round; armor blitzes
through a territory holding only an AA gun and a complex), §6 (submarine withdrawing), §13
(income), §19 (the order of play); maps/classic-3e/README.md, rulings 7, 15, 30.
"""

from __future__ import annotations

from pathlib import Path

from tests.service.test_revised_first_round import PHASE_IDS
from tests.service.transcript import play_transcript, refusals

TRANSCRIPT = Path(__file__).with_name("transcripts") / "classic_first_round.txt"
DICE = [
    6, 3,                             # German research, 2 dice: one 6, a breakthrough
    2,                                # the development table: 2 is Super Subs
    3, 5,                             # North Sea, round 1: the two subs strike first @3, one hit
    6,                                # the battleship misses
    2,                                # round 2: the sub that stayed sinks the battleship
]


async def test_first_round_of_classic_in_the_console(tmp_path: Path) -> None:
    """Each power plays its seven phases; nothing is refused; round 2 begins with the
    Soviet Union's Develop Weapons, and every treasury is what the rules make it."""
    service, db, printed = await play_transcript(tmp_path, TRANSCRIPT, DICE)
    try:
        assert refusals(printed) == []
        state = await service.state("local")
        assert state.options["optional_rules"] == "submerging_submarines"
        assert (state.round, state.rules.power_name(state.turn), state.phase) == (2, "Soviet Union", "develop_weapons")
        text = "\n".join(line for block in printed for line in block)
        # Research (§4 item 01, §17): a 6, then the table; the subs already at sea attack at 3
        # in the same turn (§4 items 02 and 06).
        assert "Germany buys 2 research dice (10 IPCs, 22 left) and rolls 6, 3: breakthrough, in effect at once." in text
        assert "Germany's breakthrough 1: 2 on the development table is Super Subs." in text
        assert " Germany opening fire: 1 hit\n  @3 ss×2  3 5  → 1\n  United Kingdom loses 1 trn" in text
        # The first strike's victim does not fire back; after round 1 one sub withdraws to a
        # zone the attack came from and the other sinks the one-hit battleship (§6, §14, §15).
        assert " United Kingdom fires: 0 hits\n  @4 bb    6    → 0" in text
        assert "Germany withdraws 1 ss to Baltic Sea Zone (in person)" in text
        assert "United Kingdom loses 1 bb (no choice)" in text and "Result: Germany wins." in text
        assert state.count("sz_north") == {"submarine": 1}
        assert state.count("sz_baltic", "germany") == {"submarine": 1, "transport": 1}
        # The armor blitzes through Karelia, held by its AA gun and complex alone (§14), and
        # takes both.
        assert "Germany moves 1 armor: Eastern Europe → Karelia S.S.R. → Finland-Norway (blitz through Karelia S.S.R.)" in text
        assert state.rules.power_name(state.owners["karelia_ssr"]) == "Germany"
        assert state.count("karelia_ssr", "germany") == {"aaa": 1, "industrial_complex": 1}
        # Placement and income (§13): Karelia's 3 IPCs go to Germany.
        assert {state.rules.power_name(p): n for p, n in state.treasury.items()} == {
            "Soviet Union": 24, "Germany": 36, "United Kingdom": 38, "Japan": 26, "United States": 39}
        assert "Soviet Union collects 24 IPCs" in text and "Germany collects 35 IPCs (treasury 36)." in text
        assert "Germany mobilizes 7 infantry in Germany." in text
        assert "United States mobilizes 6 infantry, 3 armor in Eastern United States." in text
    finally:
        await db.close()


async def test_players_read_classic_names_and_see_maps(tmp_path: Path) -> None:
    """Every message of the round names phases and units as Classic's players read them
    (§16: Armor, not tanks; no unit of the later games), and each finished turn writes a map
    picture of the Classic board."""
    _, db, printed = await play_transcript(tmp_path, TRANSCRIPT, DICE)
    try:
        assert [(block[0], line) for block in printed for line in block[1:] if PHASE_IDS.search(line)] == []
        text = "\n".join(line for block in printed for line in block[1:])
        assert "tank" not in text.lower()
        assert "Germany buys 7 infantry" in text and "United Kingdom buys 4 infantry, 2 armor" in text
        for absent in ("artillery", "destroyer", "cruiser"):
            assert absent not in text.lower(), absent
        maps_written = sorted(p.name for p in (tmp_path / "images").glob("turn-r1-*.png"))
        assert maps_written == [f"turn-r1-{p}.png" for p in
                                ("germany", "japan", "soviet_union", "united_kingdom", "united_states")]
    finally:
        await db.close()
