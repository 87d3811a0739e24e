"""What the channel sees after a command: battle logs, the turn's map changes, pick lists.

Real 1942 Second Edition rules on a SQLite file. Rulebook 000_fc7e3a790a753b06.txt,
"Phase 3: Conduct Combat" (rounds until one side is gone; the attacker takes the territory
with a land unit left) and "Turn Sequence".
"""

from __future__ import annotations

from pathlib import Path

from bot.service import Actor, FixedDiceSource, GameService, Reply
from bot.service.turns import turn_changes, turn_events
from bot.store import Database

POWERS = ("Soviet Union", "Germany", "United Kingdom", "Japan", "United States")
ANA = Actor("ana")
SETUP = ["/game new ruleset:aa1942-2e name:sunday"] + [
    f'/game join power:"{p}"' for p in POWERS
] + ["/game start"]
SOVIET_TURN = [
    '/buy units:"3 infantry"',
    "/done",
    '/move units:"4 infantry, 1 artillery" from:Karelia to:"West Russia"',
    "/done",
    '/battle territory:"West Russia"',
    "/done",
    "/done",
    '/place units:"3 infantry" territory:Russia',
    "/done",
]
GERMAN_TURN = [
    '/buy units:"1 infantry"',
    "/done",
    '/move units:"1 infantry" from:Belorussia to:"West Russia"',
    "/undo",
    "/done",
    "/done",
    '/place units:"1 infantry" territory:Germany',
    "/done",
]
FIVE_ROUNDS = [d for r in range(5) for d in [1] + [6] * 4 + [6] * (5 - r)]
"""West Russia (3 inf, 1 art, 1 tank): each round one attacking die of five hits (a 1 at
@1), every defending die misses, so the defenders fall one a round: five rounds."""


async def play(service: GameService, lines: list[str]) -> list[Reply]:
    replies = []
    for line in lines:
        reply = await service.execute(ANA, "c1", line)
        assert reply.ok, (line, reply.message)
        replies.append(reply)
    return replies


async def test_battle_log_and_the_turns_changes(db: Database) -> None:
    """The battle is one log with every round; the turn's moves, battle and capture are listed."""
    service = GameService(db, FixedDiceSource(FIVE_ROUNDS))
    await play(service, SETUP)
    assert await service.turn_map("c1") is None
    replies = await play(service, SOVIET_TURN)
    battle = replies[4]
    [log] = [p for p in battle.posts if p.startswith("**⚔ West Russia")]
    assert log.count("```") == 2 and "Round 5" in log
    assert "Result: Soviet Union takes West Russia." in log
    assert not any(p.startswith("Soviet Union rolls") for p in battle.posts)
    assert {e["type"] for e in battle.events} >= {"battle_start", "roll", "battle_end"}
    assert battle.board == "aa1942-2e" and battle.turn_end is None
    end = replies[-1]
    assert end.turn_end is not None and "Round 1: Germany to move." in end.posts
    turn = await service.turn_map(battle.game_id or 0, end.turn_end)
    assert turn.changes == [
        {"kind": "move", "power": "Soviet Union", "from": "Karelia S.S.R.", "to": "West Russia",
         "units": {"infantry": 4, "artillery": 1}},
        {"kind": "capture", "space": "West Russia", "power": "Soviet Union"},
        {"kind": "battle", "space": "West Russia", "result": "Soviet Union won, captured"},
    ]
    assert turn.state["spaces"]["West Russia"]["owner"] == "Soviet Union"
    assert (turn.power, turn.round, turn.board) == ("Soviet Union", 1, "aa1942-2e")
    assert await service.turn_map("c1") == turn               # the newest finished turn
    german = await play(service, GERMAN_TURN)
    turn = await service.turn_map(battle.game_id or 0, german[-1].turn_end or 0)
    assert turn.changes == [] and turn.power == "Germany"   # the one move was taken back


def test_undo_takes_back_the_entry_before_it() -> None:
    """Only the events between turn events count; an undo drops the standing entry before it."""
    move = {"type": "move", "power": "Japan", "origin": "Japan", "destination": "Sea Zone 6",
            "path": ["Japan", "Sea Zone 6"], "units": {"transport": 1}}
    again = dict(move, units={"transport": 2})
    entries = [
        [{"type": "income"}, {"type": "turn", "round": 2, "power": "Japan"}, {"type": "phase"}],
        [move], [again], [{"type": "undo"}], [move],
        [{"type": "income"}, {"type": "turn", "round": 2, "power": "United States"}, move],
    ]
    events = turn_events(entries)
    assert events == [{"type": "phase"}, move, move, {"type": "income"}]
    assert turn_changes(events) == [{"kind": "move", "power": "Japan", "from": "Japan",
                                     "to": "Sea Zone 6", "units": {"transport": 2}}]


async def test_an_ambiguous_name_carries_its_candidates(db: Database) -> None:
    """'Ka' fits two territories: the refusal names both, for a pick list."""
    service = GameService(db, FixedDiceSource([]))
    await play(service, SETUP + ['/buy units:"1 infantry"', "/done"])
    reply = await service.execute(ANA, "c1", '/move units:"1 infantry" from:Ka to:"West Russia"')
    assert not reply.ok and reply.reason == "name.ambiguous_space"
    assert reply.candidates == ("Karelia S.S.R.", "Kazakh S.S.R.") and reply.ambiguous == "Ka"
    assert Reply.from_json(reply.to_json()) == reply


async def test_console_prints_the_battle_log_and_writes_pictures(db: Database,
                                                                 tmp_path: Path) -> None:
    """The console shows the same posts and writes the battle table and the turn's map."""
    from bot.console.console import Console

    service = GameService(db, FixedDiceSource(FIVE_ROUNDS))
    out: list[str] = []
    console = Console(service, "ana", images=tmp_path / "images", write=out.append)
    for line in SETUP + SOVIET_TURN:
        await console.handle(line)
    text = "\n".join(out)
    assert "  #local> **⚔ West Russia — Soviet Union attacks Germany**" in text
    battle = tmp_path / "images" / "battle-west-russia.png"
    turn_map = tmp_path / "images" / "turn-r1-soviet_union.png"
    assert f"Battle table written to {battle}" in out
    assert f"Map of the turn written to {turn_map}" in out
    assert battle.read_bytes().startswith(b"\x89PNG") and turn_map.stat().st_size > 100_000
    await console.handle("/map changes:last_turn")
    again = turn_map.with_name("turn-r1-soviet_union-2.png")
    assert out[-1] == f"Map of the turn written to {again}"
    await console.handle("/dice verify")
    assert out[-1].endswith("plays with fixed dice (a transcript): there is nothing to verify.")
    await console.handle("/dice log last:1")
    assert out[-1] == "West Russia r5 defender 1 tank @3: 6"
    await console.handle('/move units:"1 infantry" from:Ka to:"West Russia"')
    assert out[-2:] == [
        '  did you mean: /move units:"1 infantry" from:"Karelia S.S.R." to:"West Russia"',
        '  did you mean: /move units:"1 infantry" from:"Kazakh S.S.R." to:"West Russia"',
    ]


def test_a_picked_name_replaces_the_ambiguous_text() -> None:
    """The whole value when it was the name, else its first occurrence (paths, unit lists)."""
    from bot.service.ambiguity import substitute

    line = '/move units:"1 infantry" from:Ka to:"West Russia"'
    assert substitute(line, "Ka", "Karelia S.S.R.") == \
        '/move units:"1 infantry" from:"Karelia S.S.R." to:"West Russia"'
    path = '/move units:tank from:Germany to:Ukraine path:"Germany > Pol > Ukraine"'
    assert substitute(path, "Pol", "Poland") == \
        '/move units:tank from:Germany to:Ukraine path:"Germany > Poland > Ukraine"'
    assert substitute("/done", "Ka", "Karelia S.S.R.") == "/done"


def test_a_raid_on_the_map_says_what_it_took() -> None:
    """A raid marks the map with damage to the factory (000, Strategic Bombing Raids) or,
    where bombing takes IPCs, with the IPCs surrendered (002, Strategic Bombing Raids)."""
    start = {"type": "battle_start", "space": "United Kingdom", "attacker": "Germany"}
    end = {"type": "battle_end", "space": "United Kingdom", "outcome": "raid"}
    damage = {"type": "bombing", "space": "United Kingdom", "applied": 3, "damage": 3}
    ipcs = {"type": "bombing", "space": "United Kingdom", "applied": 5, "treasury": 25}
    results = [turn_changes([start, bombing, end])[0]["result"] for bombing in (damage, ipcs)]
    assert results == ["raid: 3 damage", "raid: 5 IPCs"]
