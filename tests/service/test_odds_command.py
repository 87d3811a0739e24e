"""/odds in a game: the exact odds of a pending battle or of an attack a player considers,
answered to the asker alone (issue: battle odds, item 2)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image

from bot.console.console import Console
from engine.odds import battle_at, calculate, from_battle
from tests.service.console_game import console_game, said


@pytest.fixture
async def game(tmp_path: Path) -> AsyncIterator[tuple[Console, list[str]]]:
    async with console_game(tmp_path, [3] * 200, "odds") as played:
        yield played


async def test_odds_of_a_pending_battle_match_the_engine(game) -> None:
    """The Soviet attack on West Russia of the first round: the table's figures are the
    engine's exact odds of that battle (000, Phase 3), and nothing is posted or stored."""
    shell, out = game
    await shell.handle("@ana /done")
    await shell.handle('@ana /move units:"3 infantry, 1 artillery" from:Karelia to:"West Russia"')
    await shell.handle("@ana /done")
    state = await shell.service.state("local")
    reply = await said(shell, out, '@ben /odds territory:"West Russia"')
    found = battle_at(state, state.board.find_space("West Russia"))
    assert found is not None
    odds = calculate(state.rules, from_battle(state, *found))
    assert reply.startswith("The battle in West Russia: 3 infantry, 1 artillery against")
    shown = {line.rsplit(None, 1)[0].strip(): line.rsplit(None, 1)[1] for line in reply.splitlines()
             if line.endswith("%")}
    assert shown["attacker wins"] == f"{100 * odds.attacker_wins:.1f}%"
    assert shown["defender holds"] == f"{100 * odds.defender_holds:.1f}%"
    assert (await shell.service.state("local")) == state


async def test_odds_of_a_planned_attack(game) -> None:
    """Before moving: the units named against the enemies standing in the territory."""
    shell, out = game
    reply = await said(shell, out, '@ana /odds territory:"West Russia" attack:"3 infantry, 1 tank, 1 fighter"')
    assert reply.startswith("Soviet Union attacking West Russia: 3 infantry, 1 tank, 1 fighter against")
    assert "attacker wins" in reply and "IPC lost" in reply


async def test_picture_is_written_for_the_asker(game) -> None:
    """``picture:yes``: the histogram of the IPC value lost is written as a PNG (Discord
    attaches it to the private answer); the table still comes first."""
    shell, out = game
    reply = await said(shell, out, '@ana /odds territory:"West Russia" attack:"3 infantry, 1 tank" picture:yes')
    assert "attacker wins" in reply
    written = [line for line in out if "Odds histogram written to" in line]
    assert len(written) == 1
    path = Path(written[0].rsplit(" ", 1)[1])
    with Image.open(path) as picture:
        assert picture.format == "PNG" and picture.size[0] >= 800
    assert path.name == "odds-soviet-union-attacking-west-russia.png"


@pytest.mark.parametrize("line, message", [
    ("/odds", "/odds needs territory: as in: /odds territory:Ukraine"),
    ('/odds territory:"West Russia"', "No battle is pending in West Russia"),
    ('/odds territory:"West Rusia"', "West Russia"),
    ('/odds territory:"West Russia" attack:"2 battleships"', "Battleships do not fight in a territory"),
    ('/odds territory:"Sea Zone 5" attack:"2 tanks"', "Tanks do not fight in a sea zone"),
    ('/odds territory:"West Russia" attack:"2 tanks" picture:maybe', "picture: is yes or no, not 'maybe'"),
])
async def test_bad_questions_are_refused_with_the_reason(game, line: str, message: str) -> None:
    shell, out = game
    reply = await said(shell, out, f"@ana {line}")
    assert message in reply and "Traceback" not in reply
