"""The command registry at work: every command, whatever its group, refuses an option it
does not take (naming those it does take) and changes nothing; numbers that are not counts
are refused with what is wrong with them; /help lists what can be used now and explains
one command. Through the GameService with the 1942 Second Edition engine on SQLite."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.service import Actor, FixedDiceSource, GameService
from bot.service.commands import ALL_COMMANDS, OTHER_COMMANDS
from bot.store import Database
from engine.registry import is_used_by
from maps import load_ruleset

ANA = Actor("ana")
POWERS = ("Soviet Union", "Germany", "United Kingdom", "Japan", "United States")
RULES = load_ruleset("aa1942-2e")


@pytest.fixture
async def service(db: Database) -> AsyncIterator[GameService]:
    """A started game in channel c1, every seat held by ana."""
    service = GameService(db, FixedDiceSource([3] * 500))
    await service.execute(ANA, "c1", "/game new ruleset:aa1942-2e name:sunday")
    for power in POWERS:
        await service.execute(ANA, "c1", f'/game join power:"{power}"')
    assert (await service.execute(ANA, "c1", "/game start")).ok
    yield service


async def said(service: GameService, line: str) -> tuple[bool, str, str | None]:
    reply = await service.execute(ANA, "c1", line)
    return reply.ok, reply.message, reply.reason


@pytest.mark.parametrize("spec", [c for c in ALL_COMMANDS
                                  if c not in OTHER_COMMANDS and is_used_by(RULES, c)],
                         ids=lambda c: c.name)
async def test_every_command_refuses_an_option_it_does_not_take(service: GameService,
                                                                 spec) -> None:
    before = await service.history("c1", 500)
    ok, message, reason = await said(service, f'/{spec.name} bogus:"garbage"')
    assert not ok and reason == "notation.unknown_option"
    assert message.startswith(f'/{spec.name} has no option "bogus"; ')
    assert spec.takes() in message or (spec.name == "game new" and "ruleset:, name:" in message)
    assert (await service.history("c1", 500)).message == before.message


@pytest.mark.parametrize("spec", [c for c in ALL_COMMANDS if not is_used_by(RULES, c)],
                         ids=lambda c: c.name)
async def test_a_command_of_another_rule_system_is_refused_by_name(service: GameService,
                                                                  spec) -> None:
    """1942 Second Edition has no Develop Weapons phase: /research is not part of it."""
    before = await service.history("c1", 500)
    assert await said(service, f'/{spec.name} bogus:"garbage"') == (
        False, f"/{spec.name} is not part of {RULES.name}.", "command.not_in_ruleset")
    assert (await service.history("c1", 500)).message == before.message


async def test_concede_with_a_stray_option_leaves_the_game_running(service: GameService) -> None:
    """The line that ended a game in the field: now refused, and the game goes on."""
    assert await said(service, '/game concede from:"garbage"') == (
        False, '/game concede has no option "from"; it takes power:.', "notation.unknown_option")
    ok, status, _ = await said(service, "/game status")
    assert ok and ", active." in status


@pytest.mark.parametrize(("line", "expected"), [
    ('/buy units:"-3 infantry"',
     'Count units in whole numbers from 1: "-3" in "-3 infantry" is a negative number.'),
    ('/buy units:"1e9 infantry"', 'Count units in whole numbers from 1: "1e9" in "1e9 infantry" '
     "is not a whole number written out in digits."),
    ('/buy units:"2.5 tank"', 'Count units in whole numbers from 1: "2.5" in "2.5 tank" '
     "is not a whole number written out in digits."),
    ('/buy units:"12345678 infantry"', 'Count units in whole numbers from 1: "12345678" in '
     '"12345678 infantry" is too long a number.'),
    ("/dice log last:-1", 'last: must be a whole number from 1; "-1" is a negative number.'),
    ("/dice log last:0", "last: must be at least 1, not 0."),
    ("/dice log last:500", "last: must be at most 100, not 500."),
    ("/game history last:ten", 'last: must be a whole number from 1; "ten" is not a number.'),
    ("/game vacation days:1.5", 'days: must be a whole number from 0; "1.5" is not a whole '
     "number written out in digits."),
])
async def test_a_count_that_is_not_a_count_says_what_is_wrong(service: GameService, line: str,
                                                              expected: str) -> None:
    ok, message, _ = await said(service, line)
    assert (ok, message) == (False, expected)


async def test_echoed_text_is_cut_to_a_sensible_length(service: GameService) -> None:
    ok, message, _ = await said(service, f'/buy units:"{"x" * 2000}"')
    assert not ok and len(message) < 120
    assert message.startswith('There is no unit type called "xxxx') and "…" in message


async def test_help_lists_what_the_power_due_can_do_now(service: GameService) -> None:
    ok, purchase, _ = await said(service, "/help")
    assert ok and 'Now Soviet Union (Purchase Units) can use:\n  /buy units:"3 infantry' in purchase
    assert "/move" not in purchase and "/place" not in purchase
    await said(service, "/done")
    ok, combat_move, _ = await said(service, "/help")
    assert "Now Soviet Union (Combat Move) can use:" in combat_move
    for word in ("/move units:", "/done", "/undo", "/game status", "/dice log", "/help move"):
        assert word in combat_move
    assert "/buy" not in combat_move


async def test_help_explains_one_command(service: GameService) -> None:
    ok, move, _ = await said(service, "/help move")
    assert ok and move.splitlines()[0] == ("/move units:<units> from:<space> to:<space> "
                                           "[path:<path>] [mission:<mission>]")
    assert move.splitlines()[1] == ("Move a group of units from one space to another. Taken "
                                    "in: Combat Move, Noncombat Move.")
    assert 'Example: /move units:"2 infantry, 1 tank"' in move
    assert "Taken at any time." in (await said(service, "/help orders"))[1]
    assert (await said(service, "/help /game join"))[1].startswith("/game join power:<power>")
    assert (await said(service, "/help purchase"))[1].startswith("/buy units:<units>")
    assert await said(service, "/help frobnicate") == (
        False, 'There is no command "/frobnicate"; /help lists them.', "help.unknown_command")


async def test_help_leaves_out_a_command_the_rule_system_does_not_use(
        service: GameService) -> None:
    """/research and /rocket are not part of 1942: it has no Develop Weapons phase and lists
    no optional /rocket for Combat Move (003, Phase 1, Weapons Developments, "2. Rockets",
    is Revised's), so help neither lists nor explains them as usable."""
    ok, listing, _ = await said(service, "/help")
    assert ok and "Now Soviet Union (Purchase Units) can use:" in listing
    assert "/research" not in listing and "/rocket" not in listing and "/buy" in listing
    assert f"Not part of {RULES.name}." in (await said(service, "/help rocket"))[1]
    assert f"Not part of {RULES.name}." in (await said(service, "/help research"))[1]


async def test_help_gives_research_as_the_game_s_rule_system_plays_it(db: Database) -> None:
    """004 §4 item 01 and §17: Classic's research buys dice and the die-face table picks the
    development, so its /help shows /research without tech:; Revised's names one (003,
    Phase 1)."""
    service = GameService(db, FixedDiceSource([3] * 50))
    for channel, ruleset in (("classic", "classic"), ("revised", "revised-lhtr")):
        await service.execute(ANA, channel, f"/game new ruleset:{ruleset} name:{channel}")
        for power in POWERS:
            await service.execute(ANA, channel, f'/game join power:"{power}"')
        assert (await service.execute(ANA, channel, "/game start")).ok
    classic = (await service.execute(ANA, "classic", "/help")).message
    assert "  /research dice:2 — " in classic and "tech:" not in classic
    assert "Example: /research dice:2" in (await service.execute(ANA, "classic", "/help research")).message
    revised = (await service.execute(ANA, "revised", "/help")).message
    assert '  /research tech:"Jet Fighters" dice:3 — ' in revised


async def test_examples_in_a_classic_game_are_in_classic_s_words(db: Database) -> None:
    """004 §16 calls the tank "Armor" and Classic's board names Ukraine "Ukraine S.S.R.":
    /help's examples and /odds' usage show them so, not 1942's words kept in the bot."""
    service = GameService(db, FixedDiceSource([3] * 50))
    await service.execute(ANA, "classic", "/game new ruleset:classic name:classic")
    for power in POWERS:
        await service.execute(ANA, "classic", f'/game join power:"{power}"')
    assert (await service.execute(ANA, "classic", "/game start")).ok
    listing = (await service.execute(ANA, "classic", "/help")).message
    assert '  /odds territory:"Ukraine S.S.R." attack:"3 infantry, 1 armor" — ' in listing
    assert "tank" not in listing
    move = (await service.execute(ANA, "classic", "/help move")).message
    assert 'Example: /move units:"2 infantry, 1 armor" from:Caucasus to:"Ukraine S.S.R."' in move
    odds = await service.execute(ANA, "classic", "/odds territory:Russia")
    assert not odds.ok and odds.message.endswith(
        'as in: /odds territory:"Ukraine S.S.R." attack:"3 infantry, 1 armor"')


async def test_status_shows_whose_input_is_due_money_cities_and_a_pause(
        service: GameService) -> None:
    ok, status, _ = await said(service, "/game status")
    lines = status.splitlines()
    assert ok and lines[:2] == [
        "game #1 (sunday), Axis & Allies 1942 Second Edition, active.",
        "Soviet Union to act: Purchase Units of Soviet Union's turn, round 1."]
    assert lines[2].startswith("Treasury (production) in IPCs: Soviet Union 24 (+24), ")
    assert lines[3].startswith("Victory cities held by the Allies: 6 (")
    assert lines[5].startswith("Seats: Soviet Union: @ana;")
    await said(service, "/game pause reason:lunch")
    ok, paused, _ = await said(service, "/game status")
    assert paused.splitlines()[:2] == [
        "game #1 (sunday), Axis & Allies 1942 Second Edition, paused.",
        "Soviet Union to act: Purchase Units of Soviet Union's turn, round 1. Paused: players "
        "wait until a referee uses /game resume."]


async def test_status_of_one_territory_lists_its_units(service: GameService) -> None:
    assert await said(service, '/game status territory:"w russia"') == (
        True, "West Russia (held by Germany, 2 IPCs): Germany: 3 infantry, 1 artillery, 1 tank.",
        None)
    assert await said(service, "/game status territory:Narnia") == (
        False, 'There is no space called "Narnia".', "name.unknown_space")


async def test_help_offers_the_game_commands_of_the_game_s_stage(service: GameService) -> None:
    ok, started, _ = await said(service, "/help")
    assert "/game concede" in started and "/game pause" in started
    assert "/game join" not in started and "/game new" not in started
    empty = (await service.execute(ANA, "elsewhere", "/help")).message
    assert "/game new ruleset:" in empty and "/game status" not in empty
    await said(service, "/game pause")
    assert "/game resume" in (await said(service, "/help"))[1]
