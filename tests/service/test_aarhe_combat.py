"""AARHE's combat typed into the console as a newcomer does (the same ``Console`` on a
SQLite file): a quiet Soviet opening round, then an Axis team turn with a land battle under
air supremacy (Archangel), a dogfight over Karelia, a sea battle against a submarine the
ASW search does not find (Sea Zone 52), and the Allies' Defensive Air Support and
Reinforcement, each Allied player pinged for its window.

Rules (001 = 001_4ad7942ffba8a1ea.txt): 001 › Phase 3, Defensive Air Support (DAS) ("Air
units (except Bombers) may move to adjacent friendly territories or any adjacent sea
zones"); 001 › Phase 4, Land Combat (Sequence, Air Supremacy: "matched 1-to-1 with a
friendly land unit. Excess air units fight at combat value of 1", "Fighter increases
Tank's attack by 1"; Air Units: dogfight values, "air units do not attack land units"; Hit
Allocation: "Land units' hits can only be allocated on land units"; Retreat Decision:
"Retreating land units must retreat to adjacent space which they came from"); 001 ›
Naval Combat (ASW: "Each roll detects one Submarine on its hit value"; Submarine Warfare:
"Undetected Submarines fire in opening-fire and selectively"); 001 › Phase 5,
Reinforcement ("Units that conducted combat this turn may not perform this").
maps/aarhe/README.md, rulings 36, 54 to 60, 65 to 75 and 87 to 91.
"""

from __future__ import annotations

from pathlib import Path

from sqlmodel import select

from bot.store import DiceLog
from tests.service.transcript import play_transcript, refusals_due, refused_answers

TRANSCRIPT = Path(__file__).with_name("transcripts") / "aarhe_combat.txt"
DICE = [
    # Archangel, cycle 1: the implicit ID's search misses; the fighter beyond the two land
    # units @1 and the two matched with them @3 hit twice (the tank, then an infantry);
    # the artillery @2 and the tank @4 (a fighter's +1) miss; the 2 Soviet infantry @2 hit
    # once, on a German land unit of Germany's choice.
    6, 1, 3, 6, 6, 6, 2, 6,
    # Archangel, cycle 2: the search misses; one land unit left, so two fighters @1, one @3:
    # both infantry fall to the air units and Germany takes Archangel.
    6, 1, 6, 2,
    # Karelia: the search misses; the dogfight, the German fighter @2 against two Soviet
    # ones @3: one fighter lost on each side; 3 German infantry @1 hit once, 3 Soviet @2 twice.
    6, 2, 3, 6, 6, 1, 6, 6, 1, 2,
    # Sea Zone 52: the destroyer's ASW search @2 misses; the undetected submarine @2 hits the
    # carrier; anti-air misses; the destroyer hits the US carrier, the Japanese fighter @2 a
    # US fighter in the dogfight; the US fighters @3 shoot the Japanese one down.
    5, 1, 6, 6, 6, 6, 2, 2, 6, 1, 6,
]
PURPOSES = [
    "Archangel r1 defender 1 infrastructure defense search @1 at fighter",
    "Archangel r1 attacker 1 fighter @1",
    "Archangel r1 attacker 2 fighters @3",
    "Archangel r1 attacker 1 artillery @2",
    "Archangel r1 attacker 1 tank @4",
    "Archangel r1 defender 2 infantry @2",
    "Archangel r2 defender 1 infrastructure defense search @1 at fighter",
    "Archangel r2 attacker 2 fighters @1",
    "Archangel r2 attacker 1 fighter @3",
    "Karelia S.S.R. r1 defender 1 infrastructure defense search @1 at fighter",
    "Karelia S.S.R. r1 attacker 1 fighter @2",
    "Karelia S.S.R. r1 defender 2 fighters @3",
    "Karelia S.S.R. r1 attacker 3 infantry @1",
    "Karelia S.S.R. r1 defender 3 infantry @2",
    "Sea Zone 52 r1 attacker 1 destroyer @2 at 1 submarine (ASW search)",
    "Sea Zone 52 r1 defender 1 submarine @2 at aircraft carrier",
    "Sea Zone 52 r1 attacker 1 aircraft carrier, 1 destroyer @1 at 2 fighters (anti-air)",
    "Sea Zone 52 r1 defender 1 aircraft carrier @1 at 1 fighter (anti-air)",
    "Sea Zone 52 r1 attacker 1 aircraft carrier @1",
    "Sea Zone 52 r1 attacker 1 destroyer @2",
    "Sea Zone 52 r1 attacker 1 fighter @2 at 2 fighters (dogfight)",
    "Sea Zone 52 r1 defender 1 aircraft carrier @1",
    "Sea Zone 52 r1 defender 2 fighters @3 at 1 fighter (dogfight)",
]
"""Every roll's purpose, in the order rolled: under air supremacy the fighters matched with
land units at 3, the excess at 1 and the supported tank at 4; in the dogfights the
fighters at their dogfight values (2 attacking, 3 defending) at aircraft only; at sea the
ASW search, then the undetected submarine's selective shot at its target."""
REFUSED = {
    ("@dee /orders passive:ask", 1): "You play United Kingdom, United States: say which with power:.",
    ('@ana /support units:"1 fighter" from:Archangel to:Karelia', 1): (
        "It is Germany and Japan's move; you play Soviet Union. Soviet Union acts in this turn in Defensive Air "
        "Support, once Germany and Japan have ended Combat Move, and in Reinforcement, once they have ended "
        "Noncombat Move."),
    ('@dee /support units:"1 bomber" from:"United Kingdom" to:"Sea Zone 3"', 1): (
        "You play United Kingdom and United States, all due now: say which acts with /focus power:United Kingdom "
        "(or United States)."),
    ('@dee /support units:"1 bomber" from:"United Kingdom" to:"Sea Zone 3"', 2): (
        "United Kingdom has 0 bombers in United Kingdom that can fly Defensive Air Support; you asked for 1. The "
        "other 1 cannot: bombers may not fly Defensive Air Support (001 › Phase 3: \"Air units (except Bombers)\")."),
    ('@ben /casualties units:"1 fighter"', 1): (
        "Those casualties are not allowed: those units cannot take these hits (land units' hits fall on land "
        "units only)."),
    ("@ben /retreat to:Karelia", 1): (
        "No unit of this battle may retreat to Karelia S.S.R.; they may retreat to: Archangel, West Russia."),
    ('@cy /battle territory:"Sea Zone 52"', 1): (
        "Japan's Conduct Combat comes after Germany's: teammates fight one after another, so it begins when "
        "Germany has ended Conduct Combat."),
    ("@ben /done", 4): (
        "Land your air units first: the 3 fighters in Archangel can still reach West Russia (1 space away). Air "
        "units not in a landing space at the end of Noncombat Move are lost."),
    ("@ben /done", 6): (
        "Germany waits for the Allies' Reinforcement: Soviet Union, United Kingdom and United States to act."),
    ('@dee /reinforce units:"1 submarine" from:"Sea Zone 52" to:"Sea Zone 53"', 1): (
        "United States has 0 submarines in Sea Zone 52 that can reinforce; you asked for 1. The other 1 cannot: "
        "they fought this turn (001 › Phase 5: \"Units that conducted combat this turn may not perform this\")."),
    ('@ana /reinforce units:"1 infantry" from:Karelia to:Archangel', 1): (
        "Soviet Union has 0 infantry in Karelia S.S.R. that can reinforce; you asked for 1. The other 2 cannot: "
        "they fought this turn (001 › Phase 5: \"Units that conducted combat this turn may not perform this\")."),
}
"""The lines refused (the line and which time it is typed) and what their sender is told."""

SAID = (
    # 001 › Phase 3: the window opens once both Axis powers have ended Combat Move.
    "Defensive Air Support: Soviet Union, United Kingdom and United States may act now (each ends with /done; "
    "Germany and Japan wait).",
    "United States (Defensive Air Support): 1 fighter Hawaiian Islands → Sea Zone 52.",
    "Soviet Union (Defensive Air Support): 1 fighter Archangel → Karelia S.S.R.",
    "United States ends its Defensive Air Support; the window closes.",
    # Archangel: the Infrastructure Defense searches, Germany holds the air.
    "Defender  Soviet Union: 3 inf, 1 tnk",
    "Soviet Union anti-air search: 0 hits",
    "Germany loses 1 art (in person)",
    "Result: Germany takes Archangel.",
    # Karelia: the fighter flown in by Defensive Air Support defends with Karelia's own.
    "Defender  Soviet Union: 3 inf, 2 ftr",
    "Soviet Union loses 1 ftr (no choice)",
    "Germany loses 1 ftr (no choice)",
    "Germany retreats 1 inf to Belorussia (in person)",
    "Result: Germany retreats; Soviet Union holds Karelia S.S.R.",
    # Sea Zone 52: the American fighter flown in defends; the search finds nothing, the
    # submarine aims at the carrier by the United States' standing orders.
    "Defender  United States: 2 ftr, 1 cv, 1 ss",
    "Japan ASW search: 0 hits",
    "United States' subs aim at 1 cv (orders: the costliest ships first)",
    "Japan has 1 cv damaged (targets)",
    "Japan retreats 1 cv, 1 dd to Sea Zone 45 (orders: retreat below 3 units: 2 left)",
    "Result: Japan retreats; United States holds Sea Zone 52.",
    # 001 › Phase 5: the window before the Axis mobilize.
    "Reinforcement: Soviet Union, United Kingdom and United States may act now (each ends with /done; Germany "
    "and Japan wait).",
    "United States (Reinforcement): 1 battleship, 1 transport Sea Zone 55 → Sea Zone 52.",
    "Soviet Union (Reinforcement): 3 infantry Caucasus → Russia.",
    "United Kingdom ends its Reinforcement; the window closes.",
    "Round 2: Soviet Union, United Kingdom and United States to move.",
)
"""What the players are shown, in order of the turn: the windows, the battle logs, the
reinforcements."""

WINDOWS = ("Defensive Air Support: Soviet Union, United Kingdom and United States may act now",
           "Reinforcement: Soviet Union, United Kingdom and United States may act now")
"""The lines that open the Allies' two windows of the Axis turn."""


def expected_refusals() -> dict[int, str]:
    """The refusal due for each command line of the transcript, by its place among them."""
    return refusals_due(TRANSCRIPT, REFUSED)


async def test_aarhe_combat_in_the_console(tmp_path: Path) -> None:
    """Every refusal is the one a newcomer's slip deserves, shown to them alone and changing
    nothing; the dice go where AARHE's battle sequences send them; both windows ping the
    Allied players asked; the battles leave the board the rules make."""
    service, db, printed = await play_transcript(tmp_path, TRANSCRIPT, DICE)
    try:
        assert refused_answers(printed) == expected_refusals()
        async with db.read() as session:
            rolls = (await session.exec(select(DiceLog).order_by(DiceLog.pos))).all()
        assert [r.purpose for r in rolls] == PURPOSES
        assert [d for r in rolls for d in r.dice or []] == DICE
        text = "\n".join(line for block in printed for line in block)
        assert [line for line in SAID if line not in text] == []
        for window in WINDOWS:
            [block] = [b for b in printed if any(window in line for line in b)]
            assert "  ping: @ana, @dee" in block, block
        state = await service.state("local")
        name = state.rules.power_name
        assert state.round == 2 and [name(p) for p in state.due] == ["Soviet Union", "United Kingdom",
                                                                      "United States"]
        assert name(state.owner("archangel")) == "Germany" and name(state.owner("karelia_ssr")) == "Soviet Union"
        assert state.count("archangel") == {"tank": 1}
        assert state.count("west_russia", "germany")["fighter"] == 3
        assert state.count("belorussia", "germany") == {"infantry": 1}
        assert state.count("karelia_ssr", "soviet_union") == {"infantry": 2, "fighter": 1}
        assert state.count("russia", "soviet_union")["infantry"] == 3 + 3
        assert state.count("sz_45", "japan") == {"carrier": 1, "destroyer": 1, "submarine": 1}   # its own there
        assert [u.hits for u in state.units_at("sz_45") if u.kind == "carrier"] == [1]
        assert state.count("sz_52", "united_states") == {"fighter": 1, "carrier": 1, "submarine": 1,
                                                         "battleship": 1, "transport": 1}
        maps_written = sorted(p.name for p in (tmp_path / "images").glob("turn-*.png"))
        assert maps_written == ["turn-r1-soviet_union.png", "turn-r2-germany_and_japan.png"]
    finally:
        await db.close()
