"""A whole first round of Axis & Allies Revised under LHTR 2.0, typed into the console as a
newcomer does after ``./run.sh`` (the same ``Console`` on a SQLite file): research with
dice, a land battle, a strategic bombing raid that takes IPCs from the treasury, a
submarine's opening fire, placement and income, then round 2.

Rules: 003_5fe4f41a8371e910.txt, Turn Sequence (seven phases, Develop Weapons first) and
Phase 1 (research dice cost 5, a development takes effect at Mobilize New Units);
002_4a4a730e156ee196.txt, Phase 4 (submarines' opening fire; battleships repaired at the end
of combat), Strategic Bombing Raids (the defender surrenders IPCs), Phase 6 and Phase 7.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.service import GameService
from bot.store import Database
from tests.service.transcript import play_transcript, refusals

TRANSCRIPT = Path(__file__).with_name("transcripts") / "revised_first_round.txt"
DICE = [
    3,                                # Soviet research die for Jet Fighters (needs 1): no breakthrough
    1, 1, 1, 1, 1, 2, 2, 3, 3, 3,     # West Russia, attacker: 5 infantry @1, infantry+artillery @2, 3 tanks @3
    1, 2, 6, 6, 6,                    # defender: 3 infantry + artillery @2 (2 hits), tank @3
    2, 6,                             # German research dice for Heavy Bombers (needs 6): breakthrough
    4, 5,                             # raid on the United Kingdom: AA gun misses, the bomber rolls 5
    2, 5, 6,                          # Sea Zone 2, round 1: the sub's opening fire hits; both ships miss
    5, 5, 3,                          # round 2: the submarine misses, the battleship sinks it
]
PHASE_IDS = re.compile(r"\b(develop_weapons|purchase_units|combat_move|conduct_combat|noncombat_move|"
                       r"collect_income|industrial_complex|aircraft_carrier)\b")


async def play(tmp_path: Path) -> tuple[GameService, Database, list[list[str]]]:
    """Every line of the transcript through the console; what each line printed."""
    return await play_transcript(tmp_path, TRANSCRIPT, DICE)


async def test_first_round_of_revised_in_the_console(tmp_path: Path) -> None:
    """Each power plays its seven phases; nothing is refused; round 2 begins with the
    Soviet Union's Develop Weapons, and every treasury is what the rules make it."""
    service, db, printed = await play(tmp_path)
    try:
        text = "\n".join(line for block in printed for line in block)
        assert refusals(printed) == []
        state = await service.state("local")
        assert (state.round, state.rules.power_name(state.turn), state.phase) == (2, "Soviet Union", "develop_weapons")
        # Research: 5 IPCs a die, a breakthrough joins the power's developments at Mobilize.
        assert "Soviet Union buys 1 research die for Jet Fighters (5 IPCs, 19 left) and rolls 3" in text
        assert "rolls 2, 6: breakthrough, in effect from Mobilize New Units" in text
        assert "Germany now has Heavy Bombers." in text
        assert {state.rules.power_name(p): sorted(d) for p, d in state.tech.items() if d} == {
            "Germany": ["heavy_bombers"]}
        # The raid takes 5 IPCs from the British treasury; one die, heavy bombers not yet in effect.
        assert " Defender AA fire: 0 hits" in text and " Germany bombs: 5 damage rolled" in text
        assert "United Kingdom surrenders 5 IPCs (5 rolled, cap 8); treasury now 25" in text
        # The submarine fires first; its hit on the battleship is repaired when the battle ends.
        assert " Germany opening fire: 1 hit" in text and "United Kingdom has 1 bb damaged" in text
        assert "Germany loses 1 ss (no choice)" in text and "1 bb repaired." in text
        assert state.count("sz_02") == {"battleship": 1, "transport": 1}
        # Placement and income: West Russia (2) passed from Germany to the Soviets.
        assert "Germany mobilizes 10 infantry in Germany." in text
        assert state.count("germany", "germany")["infantry"] == 13
        assert "Soviet Union collects 26 IPCs" in text and "Germany collects 38 IPCs" in text
        assert {state.rules.power_name(p): n for p, n in state.treasury.items()} == {
            "Soviet Union": 27, "Germany": 38, "United Kingdom": 31, "Japan": 31, "United States": 50}
    finally:
        await db.close()


async def test_players_read_display_names_and_see_maps(tmp_path: Path) -> None:
    """Every message of the round names phases and units as players read them (issue 11:
    "Conduct Combat", not ``conduct_combat``; no 1942 unit), and each finished turn writes
    a map picture of the Revised board."""
    service, db, printed = await play(tmp_path)
    try:
        ids = [(block[0], line) for block in printed for line in block[1:] if PHASE_IDS.search(line)]
        assert ids == []
        text = "\n".join(line for block in printed for line in block[1:])
        for phase in ("Develop Weapons", "Purchase Units", "Combat Move", "Conduct Combat", "Noncombat Move",
                      "Mobilize New Units"):
            assert phase in text, phase
        assert "antiaircraft artillery" not in text.lower() and "cruiser" not in text
        maps_written = sorted(p.name for p in (tmp_path / "images").glob("turn-r1-*.png"))
        assert maps_written == [f"turn-r1-{p}.png" for p in
                                ("germany", "japan", "soviet_union", "united_kingdom", "united_states")]
        assert all(p.read_bytes().startswith(b"\x89PNG") for p in (tmp_path / "images").glob("*.png"))
    finally:
        await db.close()
