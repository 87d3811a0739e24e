"""AARHE's opening typed into the console as newcomers do after ``./run.sh`` (the same
``Console`` on a SQLite file): the Soviet Union's special opening round, then the Axis team
turn with Germany (ben) and Japan (cy) acting at once, until the Allied team is due.

Rules (001 = 001_4ad7942ffba8a1ea.txt): 001 › Game Sequence › Round Sequence ("Special
opening round: 1. Soviet Union. Normal rounds: 1. Axis 2. Allies"; teammates "perform turn
sequence at their own rate before and after 'Conduct Combat' phase"); 001 › Phase 1 (Collect
Income, Convoy Raid, Production Interruption); 001 › Phase 2 (Variable Infantry Costs,
Purchase Developments); 001 › Phase 6 (Victory City Mobilization); 001 › Phase 7 (research
dice hit on a 2 or less); 001 › Phase 8, Diplomacy Rolls (one die a roll, Germany 2, Japan 1,
Soviet Union 1; hitting on a 1, plus 1 for each adjacent territory taken from the other team;
once per neutral a turn; income to the player that moved the neutral to +3 or -3).
001 › Phase 3, Defensive Air Support (DAS) and › Phase 5, Reinforcement: the Soviet Union,
asked by its standing orders, declares in both windows of the Axis turn.
maps/aarhe/README.md, rulings 3, 23, 26, 31, 36, 39, 40, 41 and 87 to 91.
"""

from __future__ import annotations

from pathlib import Path

from engine.neutrals import starting_cooperation
from tests.service.transcript import play_transcript, refusals_due, refused_answers

TRANSCRIPT = Path(__file__).with_name("transcripts") / "aarhe_opening.txt"
DICE = [
    2,                                # Belorussia: the Soviet fighter, alone in the air, @3 hits
    1, 1, 4,                          # 3 Soviet infantry @1 hit twice
    5, 6,                             # the 2 German infantry left @2 miss
    2, 5,                             # Soviet research: Self-propelled Artillery hits, Atomic Weaponry not
    1,                                # Soviet diplomacy for Turkey @1 hits
    2,                                # Belorussia again: the German fighter @3 hits
    1, 1, 5,                          # 2 German infantry @1 hit, the tank (a fighter's +1) @4 misses
    1, 6,                             # the 2 Soviet infantry left @2: one German infantry lost
    6,                                # Buryatia, a victory city: its implicit ID's search @1 misses
    3,                                # the Japanese fighter, alone in the air, @3 hits
    1, 4,                             # 2 Japanese infantry @1: 1 hit
    5,                                # the Soviet infantry left misses
    4, 5, 6,                          # Germany's 3 research dice on Rockets miss
    2,                                # Japan's free die on Long Range Aircraft hits
    1, 2, 4,                          # diplomacy: Germany's Spain @1 and Japan's Mongolia @2 hit, Sweden not
]
REFUSED = {
    ("@ben /done", 1): "It is Soviet Union's move; you play Germany.",
    ("@zed /done", 1): "You have no seat in game #1 (opening).",
    ('@ana /buy units:"2 infantry" at:Lenigrad', 1): 'There is no space called "Lenigrad". Did you mean Karelia S.S.R.?',
    ('@ana /buy units:"2 infantry" at:Leningrad', 2): (
        "Karelia S.S.R. (Leningrad) builds infantry with its 3 victory city points, 1 each: 2 taken by units "
        "already bought there this turn, 1 left, 2 needed."),
    ('@ana /move units:"3 infantry" from:Karelia to:Belorussia', 1): (
        "/move belongs to Combat Move or Noncombat Move; it is now Purchase Units of Soviet Union."),
    ("@ana /battle territory:Belorussia", 1): "/battle belongs to Conduct Combat; it is now Combat Move of Soviet Union.",
    ('@ben /buy units:"3 infantry" at:Berlin', 1): (
        "Germany (Berlin) builds infantry with its 6 victory city points, 1 each: 4 taken by units already "
        "bought there this turn, 2 left, 3 needed."),
    ("@cy /focus power:Germany", 1): "You do not play Germany; you may act for Japan.",
    ("@ben /battle territory:Belorussia", 1): (
        "Germany has ended Combat Move; its Conduct Combat waits until Japan has ended Combat Move too, and then "
        "for the Allies' Defensive Air Support."),
    ("@cy /battle territory:Buryatia", 1): "Japan waits for the Allies' Defensive Air Support: Soviet Union to act.",
    ('@ana /support units:"1 fighter" from:Karelia to:"Eastern Europe"', 1): (
        "Eastern Europe is held by Germany: units of the passive turn move only to friendly territories."),
    ('@ana /reinforce units:"2 infantry" from:Karelia to:"West Russia"', 1): (
        "/reinforce belongs to Reinforcement (in the other team's turn, once it has ended Noncombat Move); it is "
        "now the Allies' Defensive Air Support, in the turn of Germany and Japan."),
    ("@cy /battle territory:Buryatia", 2): (
        "Japan's Conduct Combat comes after Germany's: teammates fight one after another, so it begins when "
        "Germany has ended Conduct Combat."),
    ('@ben /place units:"4 infantry" territory:Germany', 1): (
        "Germany waits for the Allies' Reinforcement: Soviet Union to act."),
    ('@ana /reinforce units:"1 fighter" from:Karelia to:Archangel', 1): (
        "Soviet Union has 0 fighters in Karelia S.S.R. that can reinforce; you asked for 1. The other 1 cannot: "
        "air units do not reinforce (001 › Phase 5: \"Land or naval units\")."),
    ('@ana /reinforce units:"3 infantry" from:Russia to:"West Russia"', 1): (
        "West Russia is held by Germany: units of the passive turn move only to friendly territories."),
    ("@cy /diplomacy neutral:Mongolai", 1): 'There is no space called "Mongolai". Did you mean Mongolia?',
    ("@ben /diplomacy neutral:Spain", 2): (
        "Germany has rolled for Spain this turn; each player targets a neutral once a turn "
        "(001 › Phase 8, Diplomacy Rolls)."),
    ("@dee /done", 1): ("You play United Kingdom and United States, all due now: say which acts with "
                        "/focus power:United Kingdom (or United States)."),
}
"""The lines refused (the line and which time it is typed) and what their sender is told."""


SAID = (
    # 001 › Game Sequence: "You do not collect any IPC during setup": the Soviet Union
    # collects its 24 IPCs as the game starts, in its first Collect Income (ruling 3).
    "Soviet Union collects 24 IPCs (treasury 24).",
    # 001 › Phase 2, Variable Infantry Costs: Moscow (original capital) 2, Leningrad
    # (connected) 3, Berlin 2, Tokyo 3; a research die 5 IPCs (Purchase Developments).
    "Soviet Union buys 3 infantry at Russia for 6 IPCs (18 left).",
    "Soviet Union buys 2 infantry at Karelia S.S.R. for 6 IPCs (12 left).",
    "Soviet Union buys 1 research die (5 IPCs, 7 left)",
    "Germany buys 4 infantry at Germany for 8 IPCs (30 left).",
    "Japan buys 3 infantry at Japan for 9 IPCs (19 left).",
    # 001 › Phase 6, Victory City Mobilization: placed at the city they were bought for.
    "Soviet Union mobilizes 2 infantry in Karelia S.S.R.\n",
    # 001 › Phase 7: the dice roll together once all are assigned, hitting on 2 or less.
    "Soviet Union rolls 1 research die for Self-propelled Artillery: 2: 1 hit, 2 of 3 boxes.",
    "Soviet Union rolls 1 research die for Atomic Weaponry: 5: no hit, 1 of 10 boxes.",
    "Germany rolls 3 research dice for Rockets: 4, 5, 6: no hit, 1 of 3 boxes.",
    # 001 › Phase 8, Diplomacy Rolls: "Hitting on a 1 the neutral moves one position towards
    # your team"; Buryatia, taken from the Allies next to Mongolia, adds 1 for Japan; "Income
    # goes to the player that moved the neutral to +3 or -3".
    "Soviet Union rolls 1 for Turkey (hits on 1): hit; Turkey moves from -1 to 0. "
    "Soviet Union has no diplomacy rolls left: /done ends its Diplomacy.",
    "Germany rolls 1 for Spain (hits on 1): hit; Spain moves from -2 to -3, pro-Axis: its 4 IPCs go to "
    "Germany from Germany's next Collect Income. Germany has 1 diplomacy roll left.",
    "Japan rolls 2 for Mongolia (hits on 2: 1, +1 for Buryatia S.S.R.): hit; Mongolia moves from +1 to 0. "
    "Japan has no diplomacy rolls left: /done ends its Diplomacy.",
    "Germany rolls 4 for Sweden (hits on 1): no hit; Sweden stays at -2. "
    "Germany has no diplomacy rolls left: /done ends its Diplomacy.",
    # /game status after each team's rolls (001 › Phase 8, Level of cooperation).
    "Neutrals on the track of cooperation (-5 Axis to +5 Allies): Afghanistan 0, Argentina 0, Eire +1, "
    "Mongolia +1, Peru +1, Saudi Arabia +1, Spain -2 (with Rio de Oro), Sweden -2, Switzerland -1, Turkey 0, "
    "Venezuela +1.",
    "Neutrals on the track of cooperation (-5 Axis to +5 Allies): Afghanistan 0, Argentina 0, Eire +1, "
    "Mongolia 0, Peru +1, Saudi Arabia +1, Spain -3 (with Rio de Oro), Sweden -2, Switzerland -1, Turkey 0, "
    "Venezuela +1.\nNeutrals paying income (IPCs a turn): Spain 4 to Germany.",
    # 001 › Round Sequence: the Axis team collects at once when its turn begins; Germany
    # without Belorussia (2), Japan losing 1 IPC to each region's Allied submarine on its
    # paths (001 › Phase 1, Convoy Raid).
    "Round 2: Germany and Japan to move.",
    "Germany's research dice this round: 2 free, 0 bought (at most 4), 0 assigned.\n"
    "Japan's research dice this round: 1 free, 0 bought (at most 3), 0 assigned.",
    "Germany collects 38 IPCs (treasury 38).",
    "Japan collects 28 IPCs: 30 from territories, −1 from convoy raids in the North Pacific, "
    "−1 from convoy raids in the South Pacific (treasury 28).",
    # Conduct Combat "cannot be performed until all players on the team has completed
    # 'Combat Move'"; then the Allies' Defensive Air Support, asked of the Soviet Union alone
    # (its standing orders; the others pass), then Germany's battle, then Japan's (rulings
    # 36, 87 and 89).
    "Germany has ended Combat Move; its Conduct Combat waits until Japan has ended Combat Move too, and then "
    "for the Allies' Defensive Air Support.",
    "Defensive Air Support: Soviet Union may act now (it ends with /done; Germany and Japan wait).",
    "Soviet Union to act (Defensive Air Support).",
    "Soviet Union ends its Defensive Air Support; the window closes.",
    "Result: Germany takes Belorussia.",
    "Result: Japan takes Buryatia S.S.R.",
    # 001 › Phase 5, Reinforcement: once both have ended Noncombat Move, before they mobilize
    # (ruling 90); /game status names the window and who is due.
    "Reinforcement: Soviet Union may act now (it ends with /done; Germany and Japan wait).",
    "Soviet Union (Reinforcement): 3 infantry Russia → Archangel.",
    "Soviet Union to act: Reinforcement, the Allies' window in the turn of Germany and Japan, round 2.",
    "Soviet Union ends its Reinforcement; the window closes.",
    # The Soviet Union has lost Belorussia again and Buryatia (1): 24 - 1.
    "Soviet Union collects 23 IPCs (treasury 30).",
)
"""What the players are shown, in order of the turn: prices, research and diplomacy rolls,
income lines, the track of cooperation in /game status."""


def expected_refusals() -> dict[int, str]:
    """The refusal due for each command line of the transcript, by its place among them."""
    return refusals_due(TRANSCRIPT, REFUSED)


async def test_the_soviet_opening_and_the_axis_team_turn_in_the_console(tmp_path: Path) -> None:
    """Every refusal is the one a newcomer's slip deserves, shown to them alone and changing
    nothing; the Soviet round and the interleaved Axis turn leave the treasuries, units,
    research boxes, neutrals on the track of cooperation and whose input is due that the rules
    make (001 › Phase 8, Diplomacy Rolls)."""
    service, db, printed = await play_transcript(tmp_path, TRANSCRIPT, DICE)
    try:
        assert refused_answers(printed) == expected_refusals()
        state = await service.state("local")
        name = state.rules.power_name
        # Round 2's Allied team is due, all three at once; dee holding two has focused one.
        assert state.round == 2 and [name(p) for p in state.due] == ["Soviet Union", "United Kingdom",
                                                                      "United States"]
        assert name(state.turn) == "United States"
        text = "\n".join(line for block in printed for line in block)
        assert [line for line in SAID if line not in text] == []
        assert "ping: @ben, @cy" in text and "S.S.R.." not in text
        assert state.progress["soviet_union"]["self_propelled_artillery"] == 2
        assert state.progress["japan"]["long_range_aircraft"] == 1
        start = starting_cooperation(state.board)
        moved = {state.board.name(n): v for n, v in state.cooperation.items() if v != start[n]}
        assert moved == {"Turkey": 0, "Spain": -3, "Mongolia": 0}
        assert {state.board.name(n): name(p) for n, p in state.diplomacy.income.items()} == {"Spain": "Germany"}
        assert {name(p): n for p, n in state.treasury.items()} == {
            "Soviet Union": 30, "Germany": 25, "United Kingdom": 29, "Japan": 19, "United States": 41}
        assert state.count("belorussia") == {"infantry": 1, "tank": 1}
        assert state.count("eastern_europe", "germany") == {"fighter": 1}
        assert state.count("buryatia_ssr") == {"infantry": 2}
        assert state.count("manchuria", "japan") == {"fighter": 1}
        assert state.count("karelia_ssr", "soviet_union") == {"infantry": 2, "fighter": 1}
        assert state.count("archangel", "soviet_union")["infantry"] == 3 + 3    # its own and the reinforcement
        assert state.count("japan", "japan")["infantry"] == 7
        maps_written = sorted(p.name for p in (tmp_path / "images").glob("turn-*.png"))
        assert maps_written == ["turn-r1-soviet_union.png", "turn-r2-germany_and_japan.png"]
    finally:
        await db.close()
